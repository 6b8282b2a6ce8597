# The nodes PyTorch records for in-place fused products and subtract_, and their gradients.
import torch

x = torch.tensor([[0.5, 0.25], [0.75, 0.125]], requires_grad=True)
b = x.unsqueeze(0)

y = x * 1
print(y.addmm_(x, x).grad_fn.name(), y._version)
y = b * 1
r = y.baddbmm_(b, b, beta=0.5, alpha=2)
print(r is y, r.grad_fn.name(), r.grad_fn._saved_alpha, r.grad_fn._saved_beta, y._version)
y = x * 1
print(y.addbmm_(b, b).grad_fn.name())
y = x[0] * 1
print(y.addmv_(x, x[0]).grad_fn.name())
y = x * 1
y.subtract_(x, alpha=2)
print(y.grad_fn.name(), y.grad_fn._saved_alpha)
y = x * 1
y.subtract_(1)
print(y.grad_fn.name())
y = x * 1
y.subtract_(3, 2)
print(y.grad_fn.name(), y._version)
print(torch.subtract(x, 3, 2).grad_fn.name())

# On a view, the base's history goes through CopySlices.
y = x * 1
v = y.unsqueeze(0)
v.baddbmm_(b, b)
print(v.grad_fn.name(), y.grad_fn.name(), y.grad_fn.next_functions[1][0].name())
y = x * 1
v = y[0]
v.addmv_(x, x[0])
print(v.grad_fn.name(), y.grad_fn.name())

# The gradients flow through the in-place nodes.
y = x * 1
y.addmm_(x, x, beta=2)
y.sum().backward()
print(x.grad)
x.grad = None
y = b * 1
y.baddbmm_(b, b)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.subtract_(3, 2)
(y * y).sum().backward()
print(x.grad)
with torch.no_grad():
    z = x * 1
    z.addmm_(x, x)
print(z.grad_fn, z._version)
try:
    x.addmm_(x, x)
except RuntimeError as e:
    print(e)
