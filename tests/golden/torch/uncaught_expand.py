import torch
x = torch.ones(2, 3)
y = x.expand(4, 3)
