import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
try:
    y.backward()
except RuntimeError as e:
    print(e)
try:
    torch.ones(2).sum().backward()
except RuntimeError as e:
    print(e)
