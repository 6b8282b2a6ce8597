import torch
x = torch.ones(3)
y = torch.zeros('three')
