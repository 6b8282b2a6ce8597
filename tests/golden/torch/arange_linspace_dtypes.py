import torch
print(torch.arange(3).dtype, torch.arange(3.0).dtype, torch.arange(0, 1, 0.5).dtype, torch.arange(3, dtype=torch.float64))
print(torch.linspace(0, 10, 5).dtype, torch.arange(10, 0, -3), torch.arange(-2, 2))
