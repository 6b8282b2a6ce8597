import torch
a = torch.tensor([7, -7, 9])
print(a // 2, a // torch.tensor([2, 2, 4]), 7 // torch.tensor([2, 3, 4]))
print(a / 0)
a // 0
