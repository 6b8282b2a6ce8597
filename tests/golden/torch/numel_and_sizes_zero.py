import torch
x = torch.zeros(0, 3)
print(x, x.shape, x.numel(), x.sum(0), x.stride())
print(torch.ones(2, 0).sum(1), torch.empty(0).tolist())
