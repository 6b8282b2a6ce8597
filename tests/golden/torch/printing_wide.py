import torch
torch.manual_seed(0)
print(torch.randn(3, 12))
print(torch.randn(20) * 1000)
