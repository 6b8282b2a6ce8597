import torch
x = torch.ones(2, 3)
y = torch.ones(4, 5)
z = x @ y
