import torch
a = torch.ones(2, 3)
b = torch.ones(2, 4)
c = torch.cat([a, b])
