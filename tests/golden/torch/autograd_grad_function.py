import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 2).sum()
g, = torch.autograd.grad(y, x)
print(g, x.grad)
y2 = (x ** 3).sum()
g2 = torch.autograd.grad(y2, [x], create_graph=True)[0]
print(g2)
gg = torch.autograd.grad(g2.sum(), x)[0]
print(gg)
