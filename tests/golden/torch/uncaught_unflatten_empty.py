import torch
x = torch.arange(6).view(2, 3)
x.unflatten(1, ())
