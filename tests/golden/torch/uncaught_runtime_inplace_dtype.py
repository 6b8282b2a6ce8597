import torch
x = torch.tensor([1, 2, 3])
x.add_(0.5)
