import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def chain(t, depth=4):
    names = []
    fn = t.grad_fn
    while fn is not None and depth > 0:
        names.append(fn.name())
        nxt = [f for f, _ in fn.next_functions if f is not None]
        fn = nxt[0] if nxt else None
        depth -= 1
    print(" <- ".join(names))


a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4) - 5
v = torch.tensor([1.0, 2.0, 3.0])
sq = torch.arange(9.0).reshape(3, 3)
print(torch.einsum("ij,jk->ik", a, b))
print(torch.einsum("ij,jk", a, b))
print(torch.einsum("ij->ji", a))
print(torch.einsum("ij->j", a), torch.einsum("ij->", a))
print(torch.einsum("ii", sq), torch.einsum("ii->i", sq))
print(torch.einsum("i,i->", v, v), torch.einsum("i,j->ij", v, v))
print(torch.einsum("ij,j->i", a, v))
print(torch.einsum("ij,ij->ij", a, a))
x = torch.arange(24.0).reshape(2, 3, 4)
y = torch.arange(40.0).reshape(2, 4, 5) % 7
print(torch.einsum("bij,bjk->bik", x, y))
print(torch.einsum("...ij,...jk->...ik", x, y))
print(torch.einsum("b i j, b j k -> b k i", x, y).shape)
print(torch.einsum("...j->...", x))
print(torch.einsum("i...->...", x).shape)
print(torch.einsum("ij,jk,kl->il", a, b, torch.ones(4, 2)))
print(torch.einsum("ij,jk", [a, b]))
print(torch.einsum("bhqd,bhkd->bhqk", torch.ones(1, 2, 3, 4), torch.ones(1, 2, 5, 4)).shape)
print(torch.einsum("Ab,bC->AC", a, b))
print(torch.einsum("ij->ij", a) is a, torch.einsum("ij->ji", a).is_contiguous())
print(torch.einsum("ii->i", sq)._base is sq)

# autograd: the nodes einsum is made of
a.requires_grad_()
b.requires_grad_()
r = torch.einsum("ij,jk->ik", a, b)
chain(r, 6)
r.sum().backward()
print(a.grad, b.grad, sep="\n")
s = sq.clone().requires_grad_()
chain(torch.einsum("ii", s))
chain(torch.einsum("ii->i", s))
chain(torch.einsum("ij->j", s))
chain(torch.einsum("ij->ji", s))
t = torch.einsum("ii", s)
t.backward()
print(s.grad)
xg = x.clone().requires_grad_()
r = torch.einsum("bij,bjk->bik", xg, y)
chain(r, 6)
(r * r).sum().backward()
print(xg.grad[1])

# errors
attempt(lambda: torch.einsum("ij,jk", a, torch.ones(2, 3)))
attempt(lambda: torch.einsum("ij,jk", a))
attempt(lambda: torch.einsum("ij", a, b))
attempt(lambda: torch.einsum("ijk", a))
attempt(lambda: torch.einsum("i1", a))
attempt(lambda: torch.einsum("ij->k", a))
attempt(lambda: torch.einsum("ij->ii", a))
attempt(lambda: torch.einsum("ii", a))
attempt(lambda: torch.einsum("i.j", a))
attempt(lambda: torch.einsum("ij"))
attempt(lambda: torch.einsum("...ij", v))
