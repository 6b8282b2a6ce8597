# clip (clamp's alias), clamp_min and clamp_max: forms, dtypes, in place, gradients.
import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0, float('nan')])
print(torch.clip(x, -1, 1))
print(x.clip(min=0))
print(x.clip(max=0.25))
print(torch.clip(x, torch.tensor(-1.0), torch.tensor(1.0)))
print(torch.clamp_min(x, 0), torch.clamp_max(x, 0))
print(x.clamp_min(-1.0), x.clamp_max(1))
print(torch.clamp_min(x, torch.tensor([0.0, 0.0, 1.0, 1.0, 3.0, 0.0])))
i = torch.tensor([1, 2, 3])
print(torch.clamp_min(i, 2), torch.clamp_min(i, 1.5), torch.clamp_max(i, 2.5).dtype)
try:
    torch.clip(x)
except RuntimeError as e:
    print(e)
try:
    x.clamp_min()
except TypeError as e:
    print("TypeError:", e)

y = x.clone()
y.clip_(-1, 1)
print(y, y._version)
y = x.clone()
y.clamp_min_(0)
y.clamp_max_(1.5)
print(y, y._version)
k = torch.tensor([1, 5, 9])
try:
    k.clamp_min_(2.5)
except RuntimeError as e:
    print(e)

a = torch.tensor([-1.0, 0.0, 1.0, 2.0], requires_grad=True)
for r in [a.clip(0, 1), a.clamp_min(0), a.clamp_max(1), torch.clamp_min(a, torch.tensor(0.5))]:
    (g,) = torch.autograd.grad(r.sum(), a)
    print(r.grad_fn.name(), g)
m = torch.tensor([0.5, 0.5, 0.5, 0.5], requires_grad=True)
r = torch.clamp_max(a, m)
r.sum().backward()
print(r.grad_fn.name(), a.grad, m.grad)
h = a * 1
h.clamp_min_(0.5)
print(h.grad_fn.name(), h)
a.grad = None
h = a * 1
h.clamp_max_(torch.tensor([0.0, 0.5, 0.5, 3.0]))
h.sum().backward()
print(h.grad_fn.name(), h, a.grad)
