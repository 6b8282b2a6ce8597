import torch
x = torch.arange(6).reshape(2, 3)
print(torch.split(x, 2, dim=1))
print(x.split([1, 1]))
torch.split(x, 2, dim=2)
