import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin)
print(lin.weight)
print(lin.bias)
print(lin.weight.shape, lin.bias.shape, lin.in_features, lin.out_features)
print(nn.Linear(4, 1, bias=False))
