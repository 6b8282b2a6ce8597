import torch
x = torch.arange(6.)
parts = torch.split(x, [2, 2])
