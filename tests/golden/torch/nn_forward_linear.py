import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
y = lin(x)
print(y)
print(y.shape, y.requires_grad)
print(lin(torch.ones(3)))
