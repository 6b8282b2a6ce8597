import torch
w = torch.ones(3, 4)
x = torch.ones(2, 3)
out = w @ x
