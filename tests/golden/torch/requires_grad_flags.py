import torch
x = torch.ones(2, requires_grad=True)
print(x, x.requires_grad, x.is_leaf, x.grad, x.grad_fn)
y = torch.zeros(2)
print(y.requires_grad, y.requires_grad_(), y.requires_grad)
y.requires_grad = False
print(y.requires_grad)
try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print(e)
p = torch.nn.Parameter(torch.zeros(2))
print(p, p.requires_grad, p.is_leaf)
print(torch.nn.Parameter(torch.ones(1), requires_grad=False))
