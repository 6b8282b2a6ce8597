import math

import torch

print(torch.inf, torch.nan, torch.pi, torch.e)
print(type(torch.inf), type(torch.pi))
print(torch.inf == math.inf, -torch.inf < 0, torch.nan != torch.nan, torch.pi == math.pi, torch.e == math.e)
print(math.isnan(torch.nan), math.isinf(-torch.inf))
x = torch.tensor([1.0, torch.inf, -torch.inf, torch.nan])
print(x)
print(torch.isinf(x), torch.isnan(x))
print(torch.sin(torch.tensor([0.0, torch.pi / 2])))
print(torch.full((2,), torch.e))
# the causal mask of attention: -inf above the diagonal, then softmax
scores = torch.ones(3, 3)
mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
print(torch.softmax(scores.masked_fill(mask, -torch.inf), dim=-1))
torch.pi(2)
