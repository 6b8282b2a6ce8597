import torch
x = torch.tensor([1.0, 2.0, 4.0])
print(2 + x, 2 - x, 2 * x, 2 / x, 2 // x, 2 % x, 2 ** x, 1 - x)
i = torch.tensor([1, 2, 3])
print(10 - i, 10 // i, 10 % i, 1.5 * i, True + i)
