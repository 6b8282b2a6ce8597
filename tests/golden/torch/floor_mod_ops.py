import torch
x = torch.tensor([-7, -3, 3, 7])
print(x // 2, x % 3, x.float() // 2, x.float() % 3, torch.floor_divide(x, 2), torch.remainder(x, 3))
print(x.abs(), -x, abs(x))
