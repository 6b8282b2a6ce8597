import torch
x = torch.ones(3)
print(x.sum().item())
v = x.item()
