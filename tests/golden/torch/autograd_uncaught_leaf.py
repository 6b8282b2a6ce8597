import torch
w = torch.randn(3, requires_grad=True)
w -= 0.1
