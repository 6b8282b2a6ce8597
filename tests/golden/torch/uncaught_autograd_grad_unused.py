import torch
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * x
print(torch.autograd.grad(z, x, retain_graph=True))
print(torch.autograd.grad(z, [x, y], allow_unused=True))
torch.autograd.grad(z, [x, y])
