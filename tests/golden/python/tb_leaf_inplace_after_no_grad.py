import torch
w = torch.randn(3, 3, requires_grad=True)
with torch.no_grad():
    w += 1
w.add_(1)
