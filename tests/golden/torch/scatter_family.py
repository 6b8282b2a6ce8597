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
idx = torch.tensor([[0, 1, 2, 0], [1, 2, 0, 1]])
src = torch.arange(1.0, 9.0).reshape(2, 4)
print(torch.scatter(x, 0, idx, src))
print(x.scatter(1, torch.tensor([[3], [0], [1]]), 7.5))
print(x.scatter(0, idx, src, reduce="add"))
print(torch.ones(3, 4).scatter(0, idx, 2.0, reduce="multiply"))
print(torch.scatter_add(x, 0, idx, src), x.scatter_add(1, idx, src))
print(torch.zeros(5).scatter_(0, torch.tensor([1, 1, 3]), torch.tensor([1.0, 2, 3]), reduce="add"))
print(torch.ones(5, dtype=torch.long).scatter(0, torch.tensor([1, 1, 3]), 2.5))
print(torch.zeros(2, 5).scatter(-1, torch.tensor([[4], [0]]), 1.0))
print(x.scatter(0, torch.zeros(0, 4, dtype=torch.long), src))

# in place: same storage, one version bump
y = torch.zeros(3, 4)
v0 = y._version
r = y.scatter_(0, idx, src)
print(r is y, y._version - v0)
y.scatter_add_(0, idx, src)
print(y, y._version - v0)
z = torch.zeros(3, 4)
out = x.scatter(0, idx, src)
print(out.data_ptr() != x.data_ptr(), x.sum())

# one-hot by scatter_
labels = torch.tensor([2, 0, 1, 2])
print(torch.zeros(4, 3).scatter_(1, labels.unsqueeze(1), 1.0))

# take_along_dim
t = torch.tensor([[10.0, 30.0, 20.0], [60.0, 40.0, 50.0]])
order = t.argsort(dim=1)
print(torch.take_along_dim(t, order, dim=1))
print(t.take_along_dim(t.argmax(dim=1, keepdim=True), 1))
print(torch.take_along_dim(t, torch.tensor([5, 0])))
print(torch.take_along_dim(t, torch.tensor([[0], [1]]), 0))

# autograd
a = (torch.arange(12.0).reshape(3, 4) / 2 - 2).requires_grad_()
s = torch.arange(8.0).reshape(2, 4).requires_grad_()
r = torch.scatter(a, 0, idx, s)
node(r)
print(r.grad_fn._saved_dim, r.grad_fn._saved_index)
(r * torch.arange(12.0).reshape(3, 4)).sum().backward()
print(a.grad, s.grad, sep="\n")
r = a.scatter(1, torch.tensor([[0], [1], [2]]), 5.0)
node(r)
r = torch.scatter_add(a, 0, idx, s)
node(r)
a.grad = None
s.grad = None
(r * r).sum().backward()
print(s.grad)
r = a.scatter(0, idx, s, reduce="add")
print(r.grad_fn.name(), len(r.grad_fn.next_functions))
attempt(lambda: r.sum().backward())
c = a.clone()
c.scatter_(0, idx, s)
node(c)
c = a.clone()
c.scatter_add_(0, idx, s)
node(c)
c.sum().backward()
print(s.grad)
r = torch.take_along_dim(a, torch.tensor([[1], [0], [2]]), 1)
node(r)
r.sum().backward()
print(a.grad)
node(torch.take_along_dim(a, torch.tensor([0, 11])))
attempt(lambda: a.scatter_(0, idx, s))

# errors
attempt(lambda: x.scatter(0, idx.int(), src))
attempt(lambda: x.scatter(0, idx, src.double()))
attempt(lambda: x.scatter(0, idx, torch.ones(2)))
attempt(lambda: x.scatter(0, torch.tensor([[5]]), src))
attempt(lambda: x.scatter(0, torch.tensor([[-1]]), src))
attempt(lambda: x.scatter(0, torch.zeros(3, 5, dtype=torch.long), src))
attempt(lambda: x.scatter(0, torch.zeros(3, 5, dtype=torch.long), 1.0))
attempt(lambda: x.scatter(0, torch.zeros(3, dtype=torch.long), 1.0))
attempt(lambda: x.scatter(0, idx, src, reduce="mean"))
attempt(lambda: x.scatter(2, idx, src))
attempt(lambda: x.scatter_add(0, idx, src.double()))
attempt(lambda: x.scatter_add(0, idx.int(), src))
attempt(lambda: torch.ones(5).scatter(0, torch.tensor([1, 1, 3]), torch.tensor(2.0)))
attempt(lambda: torch.take_along_dim(x, idx.int(), 0))
attempt(lambda: torch.take_along_dim(x, idx, 2))
attempt(lambda: torch.take_along_dim(x, torch.tensor([1, 2]), 0))
attempt(lambda: torch.take_along_dim(x, torch.tensor([20])))
attempt(lambda: x.scatter(0, idx))
