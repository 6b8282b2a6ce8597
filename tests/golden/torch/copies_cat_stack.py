import torch
a = torch.arange(4).reshape(2, 2)
b = torch.arange(4, 8).reshape(2, 2)
print(torch.cat([a, b]), torch.cat((a, b), dim=1), torch.cat([a, b], -1).shape)
print(torch.stack([a, b]), torch.stack([a, b], dim=2).shape)
print(torch.cat([torch.tensor([1, 2]), torch.tensor([1.5])]))
