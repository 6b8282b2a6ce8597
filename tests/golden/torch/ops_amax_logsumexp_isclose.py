# amax / amin (dim tuples, keepdim, ties share the gradient), logsumexp, isclose.
import torch

x = torch.tensor([[1., 5., 5.], [7., 2., 0.]])
i = torch.tensor([[3, -1], [2, 8]])
print(torch.amax(x), torch.amin(x), x.amax(0), x.amin(1))
print(torch.amax(x, dim=(0, 1)), torch.amax(x, (1,), keepdim=True), torch.amin(x, dim=-1, keepdim=True))
print(torch.amax(i, 0), i.amin(), torch.amax(torch.tensor([True, False])))
print(torch.amax(torch.tensor([1.0, float('nan'), 3.0])), torch.amin(torch.tensor([[1.0, float('nan')], [0.0, 2.0]]), 1))
for bad in [lambda: torch.amax(torch.zeros(0, 3)), lambda: torch.amax(torch.zeros(0, 3), 0), lambda: x.amax((0, 0)),
            lambda: x.amax(2)]:
    try:
        print(bad())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)
print(torch.amax(torch.zeros(0, 3), 1))

a = torch.tensor([[1., 5., 5.], [7., 2., 0.]], requires_grad=True)
r = a.amax(1)
r.sum().backward()
print(r, r.grad_fn.name(), a.grad)
a.grad = None
r = torch.amin(a)
r.backward()
print(r.grad_fn.name(), a.grad)
a.grad = None
r = torch.amax(a, dim=(0, 1), keepdim=True)
r.sum().backward()
print(r, a.grad)

# logsumexp
print(torch.logsumexp(x, 1), torch.logsumexp(x, dim=(0, 1)), x.logsumexp(0, keepdim=True))
print(torch.logsumexp(i, 1), torch.logsumexp(x.double(), 1))
print(torch.logsumexp(torch.tensor([[-float('inf'), -float('inf')], [float('inf'), 1.0]]), 1))
print(torch.logsumexp(torch.tensor([1000., 1000.]), 0), torch.logsumexp(torch.zeros(0, 2), 0))
try:
    torch.logsumexp(x)
except TypeError as e:
    print("TypeError:", e)
r = torch.logsumexp(a, 1)
r.sum().backward()
print(r.grad_fn.name(), a.grad)

# isclose
p = torch.tensor([1.0, 1.0001, float('nan'), float('inf'), -float('inf'), 0.0])
q = torch.tensor([1.0, 1.0, float('nan'), float('inf'), float('inf'), 1e-9])
print(torch.isclose(p, q), p.isclose(q, equal_nan=True))
print(torch.isclose(p, q, rtol=1e-3), torch.isclose(p, q, rtol=0, atol=0))
print(torch.isclose(torch.tensor([1, 2, 3]), torch.tensor([1, 3, 3])), torch.isclose(torch.tensor([1, 2]), torch.tensor(2), atol=1))
print(torch.isclose(torch.tensor([True, False]), torch.tensor([True, True])))
print(torch.isclose(x, x[0]), torch.isclose(a, a).requires_grad)
try:
    torch.isclose(i, x[:, :2])
except RuntimeError as e:
    print(e)
try:
    torch.isclose(x, x, rtol=-1)
except RuntimeError as e:
    print(e)
