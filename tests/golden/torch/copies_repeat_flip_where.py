import torch
x = torch.tensor([[1, 2], [3, 4]])
print(x.repeat(2, 3), x.repeat(1, 1, 2).shape)
print(x.flip(0), x.flip([0, 1]), torch.flip(x, (1,)))
print(torch.where(x > 2, x, torch.zeros_like(x)), torch.where(x > 2, x, -1), torch.where(x > 1, 1.0, 0.0))
