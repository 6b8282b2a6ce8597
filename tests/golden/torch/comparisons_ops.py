import torch
a = torch.tensor([1, 2, 3])
b = torch.tensor([3, 2, 1])
print(a == b, a != b, a < b, a <= 2, a > b, a >= 2, 2 < a, 3 == a)
print((a > 1) & (b > 1), (a > 2) | (b > 2), ~(a > 1), (a > 1) ^ (b > 1))
print(a == None, a == 'x')
