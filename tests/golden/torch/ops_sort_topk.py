# sort, argsort and topk: torch.return_types printing, ties in PyTorch's CPU order (short rows
# and long ones, where std::sort is not stable), NaN, stable=True, gradients, errors.
import torch

x = torch.tensor([[3., 1., 2.], [0., -1., 5.]])
r = torch.sort(x)
print(r)
print(type(r).__name__, r.values, r.indices, r[0] is r.values, len(r))
v, idx = x.sort(dim=0, descending=True)
print(v, idx)
print(torch.sort(x, 1, True))
print(torch.argsort(x), x.argsort(dim=0), torch.argsort(x, descending=True))
print(torch.sort(torch.tensor([2, 1, 2, 1, 0]), stable=True))
print(torch.sort(torch.tensor([True, False, True])))
print(torch.sort(torch.tensor(5.)))

# ties
t = torch.tensor([1, 0, 1, 0, 1, 0, 2, 2, 1, 0])
print(torch.sort(t).indices, torch.sort(t, descending=True).indices)
g = torch.manual_seed(0)
long = torch.randint(0, 4, (40,))
print(long)
print(torch.sort(long).indices)
print(torch.sort(long, descending=True).indices)
print(torch.sort(long, stable=True).indices)
print(torch.argsort(long))
n = torch.tensor([1.0, float('nan'), -1.0, float('nan'), 0.0])
print(torch.sort(n), torch.sort(n, descending=True).indices)

# topk
y = torch.tensor([1., 7., 3., 7., 5., 0.])
print(torch.topk(y, 3))
print(y.topk(2, largest=False))
print(torch.topk(x, 2, dim=1), torch.topk(x, 1, dim=0).indices)
print(torch.topk(n, 2).values, torch.topk(n, 2, largest=False).values)
big = torch.randint(0, 5, (200,))
print(torch.topk(big, 3).indices, torch.topk(big, 3, largest=False).indices)
print(torch.topk(big, 10).indices)
print(torch.topk(big, 10, sorted=False).values.sort().values)
print(torch.topk(y, 0))
vals, ids = torch.topk(torch.tensor([[4, 9], [8, 1]]), 1)
print(vals, ids)

# gradients go back to the positions the indices name
a = torch.tensor([[3., 1., 2.], [0., -1., 5.]], requires_grad=True)
s = a.sort(1, descending=True)
print(s.values.grad_fn.name(), s.indices.requires_grad)
(s.values * torch.tensor([1., 10., 100.])).sum().backward()
print(a.grad)
a.grad = None
k = torch.topk(a, 2, dim=1)
(k.values * torch.tensor([1., 10.])).sum().backward()
print(k.values.grad_fn.name(), a.grad)

for bad in [lambda: torch.topk(y, 7), lambda: torch.topk(y, -1), lambda: x.sort(2)]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)
try:
    x.topk()
except TypeError as e:
    print("TypeError:", e)
