import torch
from torch import nn
torch.manual_seed(0)
w = torch.randn(4, requires_grad=True)
drop = nn.Dropout(p=0.5, inplace=True)
print(drop)
print(drop(w * 1))
out = drop(w)
