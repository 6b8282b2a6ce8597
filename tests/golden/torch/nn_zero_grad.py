import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
lin = nn.Linear(2, 1)
out = lin(torch.ones(4, 2)).sum()
out.backward()
print(lin.weight.grad, lin.bias.grad)
lin.zero_grad()
print(lin.weight.grad, lin.bias.grad)
