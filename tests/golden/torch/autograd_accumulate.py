import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).sum().backward()
print(x.grad)
(x * 3).sum().backward()
print(x.grad)
x.grad.zero_()
(x ** 2).sum().backward()
print(x.grad)
