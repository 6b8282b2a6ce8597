import torch
x = torch.tensor([1.5, 2.5])
print(x.to(int), x.to(float).dtype, x.to(bool), torch.zeros(2, dtype=float), torch.ones(2, dtype=int), torch.tensor([0, 1], dtype=bool))
