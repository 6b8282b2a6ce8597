import torch
x = torch.ones(2, 3)
print(x.norm(p='fro'), x.norm(p=1, dim=1))
x.norm(p='max', dim=1)
