import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def node(t):
    fn = t.grad_fn
    print(fn.name(), [(f.name() if f else None) for f, _ in fn.next_functions])


x = torch.zeros(3, 4)
i = torch.tensor([0, 2])
src = torch.arange(1.0, 9.0).reshape(2, 4)
print(torch.index_add(x, 0, i, src))
print(x.index_add(0, torch.tensor([1, 1]), src, alpha=2))
print(x.index_add(1, torch.tensor([3, 0, 3]), torch.ones(3, 3)))
print(x.index_add(0, torch.tensor([0, 1]).int(), torch.ones(2, 4)))
print(torch.index_copy(x, 0, i, src), x.index_copy(1, torch.tensor([2]), torch.ones(3, 1)))
print(torch.index_fill(x, 1, i, -1.5), x.index_fill(0, torch.tensor([-1, 1]), 2))
print(x.index_fill(1, torch.tensor(3), torch.tensor(4.0)))
print(torch.arange(5).index_fill(0, torch.tensor([1, 3]), 9))
print(torch.zeros(5, dtype=torch.long).index_add(0, torch.tensor([0, 0, 4]), torch.tensor([1, 2, 3])))
print(torch.tensor(3.0).index_fill(0, torch.tensor([0]), 1.0))

y = torch.zeros(3, 4)
v0 = y._version
print(y.index_add_(0, i, src) is y, y._version - v0)
y.index_copy_(1, torch.tensor([0]), torch.full((3, 1), -1.0))
y.index_fill_(0, torch.tensor([1]), 7)
print(y, y._version - v0)

# autograd
a = (torch.arange(12.0).reshape(3, 4) - 4).requires_grad_()
s = torch.arange(8.0).reshape(2, 4).requires_grad_()
r = torch.index_add(a, 0, i, s, alpha=3)
node(r)
print(r.grad_fn._saved_alpha, r.grad_fn._saved_dim, r.grad_fn._saved_index, r.grad_fn._saved_source_dim)
(r * r).sum().backward()
print(a.grad, s.grad, sep="\n")
a.grad = None
s.grad = None
r = a.index_copy(0, i, s)
node(r)
print(r.grad_fn._saved_dim, r.grad_fn._saved_source_dim)
(r * torch.arange(12.0).reshape(3, 4)).sum().backward()
print(a.grad, s.grad, sep="\n")
a.grad = None
r = a.index_fill(1, i, 0.5)
node(r)
print(r.grad_fn._saved_dim, r.grad_fn._saved_index)
r.sum().backward()
print(a.grad)
a.grad = None
val = torch.tensor(2.0, requires_grad=True)
r = a.index_fill(1, torch.tensor([0, 2, 2]), val)
node(r)
(r * 3).sum().backward()
print(a.grad, val.grad)
c = a.clone()
c.index_add_(0, i, s)
node(c)
c = a.clone()
c.index_copy_(0, i, s)
node(c)
c = a.clone()
c.index_fill_(0, i, -1)
node(c)
c = a.clone()
c.index_fill_(0, i, val)
node(c)
attempt(lambda: a.index_fill_(0, i, 1.0))

# errors
attempt(lambda: x.index_add(0, torch.tensor([0, 5]), src))
attempt(lambda: x.index_add(0, torch.tensor([-1, 1]), src))
attempt(lambda: x.index_add(0, torch.tensor([0, 1]), torch.ones(2, 3)))
attempt(lambda: x.index_add(0, torch.tensor([0, 1.0]), torch.ones(2, 4)))
attempt(lambda: x.index_add(0, torch.tensor([0, 1]), torch.ones(2, 4).double()))
attempt(lambda: x.index_add(0, torch.tensor([[0, 1]]), torch.ones(2, 4)))
attempt(lambda: x.index_add(0, torch.tensor([0, 1, 2]), torch.ones(2, 4)))
attempt(lambda: x.index_add(2, torch.tensor([0, 1]), torch.ones(2, 4)))
attempt(lambda: x.index_copy(0, torch.tensor([0, 5]), src))
attempt(lambda: x.index_copy(0, torch.tensor([-1, 1]), src))
attempt(lambda: x.index_copy(0, torch.tensor([0, 1]), torch.ones(2, 3)))
attempt(lambda: x.index_copy(0, torch.tensor([0, 1]).int(), src))
attempt(lambda: x.index_copy(0, torch.tensor([0, 1]), src.double()))
attempt(lambda: x.index_copy(0, torch.tensor([0, 1, 2]), src))
attempt(lambda: x.index_fill(0, torch.tensor([0, 5]), 1))
attempt(lambda: x.index_fill(0, torch.tensor([0, 1]).int(), 1))
attempt(lambda: x.index_fill(0, torch.tensor([[0, 1]]), 1))
attempt(lambda: x.index_fill(0, torch.tensor([0, 1]), torch.ones(2)))
attempt(lambda: x.index_fill(3, torch.tensor([0, 1]), 1))
