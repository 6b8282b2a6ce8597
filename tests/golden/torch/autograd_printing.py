import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x * 2)
print((x * 2).sum())
print(x.mean())
print(torch.nn.Parameter(torch.tensor([0.5, 1.5])))
print(x[0])
print(x.detach())
