import torch
x = torch.zeros(3, requires_grad=True)
with torch.no_grad():
    x[1] = 2.0
print(x, x._version, x.is_leaf)
y = x.clone()
y[0] = 1.0
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
