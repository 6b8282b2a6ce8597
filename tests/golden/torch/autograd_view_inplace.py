import torch
x = torch.ones(4, requires_grad=True)
y = x * 1
v = y[1:3]
v.mul_(5)
print(y, y.grad_fn.name(), v.grad_fn.name())
y.sum().backward()
print(x.grad)
