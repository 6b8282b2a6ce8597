import torch
x = torch.ones(3, requires_grad=True)
try:
    x.add_(1)
except RuntimeError as e:
    print(e)
try:
    x[0] = 5
except RuntimeError as e:
    print(e)
v = x[:2]
try:
    v.mul_(2)
except RuntimeError as e:
    print(e)
