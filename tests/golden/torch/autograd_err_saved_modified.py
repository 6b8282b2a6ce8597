import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
c = b.exp()
d = b.sin()
b.mul_(2)
c.sum().backward(retain_graph=True)
print(a.grad)
d.sum().backward()
