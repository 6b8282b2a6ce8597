import torch
w = torch.zeros(2, requires_grad=True)
try:
    torch.optim.SGD([w], lr=0.1, momentum=-0.5)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.SGD([], lr=0.1)
except ValueError as e:
    print("ValueError:", e)
opt = torch.optim.SGD([w], lr=-0.01)
