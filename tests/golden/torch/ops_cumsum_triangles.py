# cumsum and cumprod (dims, dtype=, integer and bool inputs), tril and triu (diagonal=, batches,
# in place), diag (both directions), trace, outer: values, dtypes, gradients, errors.
import torch

i = torch.tensor([[1, 2, 3], [4, 5, 6]])
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
print(torch.cumsum(i, dim=1), torch.cumsum(i, 0))
print(torch.cumsum(i.int(), 1).dtype, torch.cumsum(torch.tensor([True, False, True]), 0))
print(torch.cumprod(i, 1), i.cumprod(dim=-2))
print(torch.cumsum(i, 1, dtype=torch.float64))
print(x.cumsum(1, dtype=torch.int32))
print(torch.cumsum(x.t(), 0), torch.cumsum(x.t(), 0).is_contiguous())
print(torch.cumsum(torch.tensor(3.5), 0), torch.cumprod(torch.tensor(2), -1))
print(torch.cumsum(torch.tensor([0.1] * 12), 0))
print(torch.cumprod(torch.tensor([2 ** 40, 2 ** 30]), 0))
for bad in [lambda: torch.cumsum(x, 2), lambda: torch.cumsum(x), lambda: x.cumprod()]:
    try:
        bad()
    except (IndexError, TypeError) as e:
        print(type(e).__name__ + ":", e)

a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
r = a.cumsum(1)
r.backward(torch.tensor([[1., 0., 1.], [0., 1., 0.]]))
print(r.grad_fn.name(), a.grad)
c = torch.tensor([2., 3., 4.], requires_grad=True)
r = c.cumprod(0)
r.sum().backward()
print(r, r.grad_fn.name(), c.grad)
z = torch.tensor([2., 0., 4., 5.], requires_grad=True)
torch.cumprod(z, 0).sum().backward()
print(z.grad)
z2 = torch.tensor([0., 3., 0., 2.], requires_grad=True)
torch.cumprod(z2, 0).sum().backward()
print(z2.grad)

# in place
k = torch.tensor([[1, 2], [3, 4]])
k.cumsum_(0)
print(k, k._version)
k.cumprod_(dim=1)
print(k, k._version)
h = a * 1
h.cumsum_(1)
print(h.grad_fn.name(), h._version)
h = c * 1
h.cumprod_(0)
h.sum().backward()
print(h.grad_fn.name(), c.grad)
for bad in [lambda: torch.tensor([True, False]).cumsum_(0), lambda: torch.cumprod(k, 0, dtype=torch.bool),
            lambda: k.cumsum_(0, dtype=torch.float32), lambda: a.cumsum_(0)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)

# tril / triu
m = torch.arange(1, 13).reshape(3, 4)
print(torch.tril(m), m.triu())
print(torch.tril(m, diagonal=1), torch.triu(m, -1), m.tril(-5), m.triu(10))
print(torch.tril(torch.ones(2, 2, 3, dtype=torch.bool)))
print(torch.triu(m.t()).is_contiguous(), torch.tril(m.t()))
w = torch.ones(3, 3)
p = w.data_ptr()
w.tril_()
print(w, w._version, w.data_ptr() == p)
w.triu_(1)
print(w, w._version)
try:
    torch.tril(torch.tensor([1, 2]))
except IndexError as e:
    print("IndexError:", e)
b = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
r = b.tril()
r.sum().backward()
print(r.grad_fn.name(), b.grad)
b.grad = None
r = torch.triu(b, 1)
(r * 3).sum().backward()
print(r.grad_fn.name(), b.grad)

# diag, trace
print(torch.diag(torch.tensor([1, 2, 3])))
print(torch.diag(torch.tensor([1., 2.]), 1), torch.diag(torch.tensor([1., 2.]), diagonal=-1))
print(torch.diag(m), m.diag(1), m.diag(-2), m.diag(4))
try:
    torch.diag(torch.zeros(2, 2, 2))
except RuntimeError as e:
    print(e)
v = torch.tensor([1., 2.], requires_grad=True)
r = torch.diag(v, 1)
r.sum().backward()
print(r.grad_fn.name(), v.grad)
q = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
r = q.diag()
r.sum().backward()
print(r, q.grad)
print(torch.trace(m), torch.trace(x), torch.trace(m.int()).dtype, torch.trace(x.double()))
try:
    torch.trace(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
q.grad = None
t = q.trace()
t.backward()
print(t, t.grad_fn.name(), q.grad)

# outer
u = torch.tensor([1., 2.], requires_grad=True)
o = torch.outer(u, torch.tensor([1., 2., 3.]))
print(o, o.grad_fn.name(), [n[0].name() if n[0] is not None else None for n in o.grad_fn.next_functions])
o.sum().backward()
print(u.grad)
print(torch.outer(torch.tensor([1, 2]), torch.tensor([3, 4])), torch.tensor([1, 2]).outer(torch.tensor([0.5])))
try:
    torch.outer(x, u)
except RuntimeError as e:
    print(e)
