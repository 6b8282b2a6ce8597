import torch
x = torch.arange(6.)
print(x.split(4))
x.split('a')
