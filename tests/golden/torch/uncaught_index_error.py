import torch
x = torch.arange(4)
print(x[3])
print(x[4])
