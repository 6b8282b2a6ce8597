import torch
from torch import nn
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.weight, lr=0.01)
