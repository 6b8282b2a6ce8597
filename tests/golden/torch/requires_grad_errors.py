import torch
x = torch.ones(2, dtype=torch.int64)
try:
    x.requires_grad_()
except RuntimeError as e:
    print(e)
y = torch.ones(2, requires_grad=True) * 2
try:
    y.requires_grad_(False)
except RuntimeError as e:
    print(e)
