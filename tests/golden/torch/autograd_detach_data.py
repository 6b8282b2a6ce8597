import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
d = y.detach()
print(d.requires_grad, d.grad_fn, d._base is None)
y.data.mul_(10)
print(y)
x.detach_() if False else None
print(x.grad_fn, x.is_leaf)
