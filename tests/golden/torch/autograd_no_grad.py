import torch
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y.requires_grad, y.grad_fn)
z = x * 2
print(z.requires_grad)
with torch.no_grad():
    x += 1
print(x, x.requires_grad, x.is_leaf, x._version)
