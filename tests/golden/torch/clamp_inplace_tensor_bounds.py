# clamp_ and clip_ with tensor bounds: in place, ClampBackward0, gradients to self and the bounds.
import torch
x = torch.tensor([0.1, 0.5, 0.9], requires_grad=True)
lo = torch.tensor([0.2, 0.2, 0.3])
hi = torch.tensor([0.4, 0.6, 0.8], requires_grad=True)
y = x * 1
r = y.clamp_(lo, hi)
print(r is y, y, y._version, y.grad_fn.name())
y.sum().backward()
print(x.grad, hi.grad)
z = torch.tensor([1.0, 5.0, 9.0])
z.clip_(min=torch.tensor(2.0))
print(z, z._version)
z.clamp_(max=torch.tensor([3.0, 4.0, 5.0]))
print(z, z._version)
try:
    torch.zeros(2).clamp_(torch.zeros(2, 2))
except RuntimeError as e:
    print(e)
try:
    x.clamp_(lo)
except RuntimeError as e:
    print(e)
