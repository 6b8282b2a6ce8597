import torch
w = torch.randn(3, requires_grad=True)
scaled = w * 0.1
optimizer = torch.optim.SGD([scaled], lr=0.01)
