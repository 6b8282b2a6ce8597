import torch
import torch.nn as nn
layer = nn.Linear(2, 1)
layer.weight = nn.Parameter(torch.ones(1, 2))
print(layer.weight)
layer.weight = torch.zeros(1, 2)
