import torch
# Type promotion as test_type_promotion.py checks it, printed instead of asserted.
print(torch.tensor([1, 2]) / torch.tensor([2, 4]), (torch.tensor([1, 2]) / torch.tensor([2, 4])).dtype)
print(torch.tensor([1, 2], dtype=torch.int32) + torch.tensor([1, 2]), torch.tensor([1, 2], dtype=torch.int32) + 2)
print(torch.tensor([1, 2], dtype=torch.int32) + 2.5, torch.tensor([True]) + True, torch.tensor([True]) * 2.5)
print(torch.tensor([1.0], dtype=torch.float64) + torch.tensor(1.0), torch.tensor(1) + torch.tensor([1.0]))
print(torch.tensor(1.0, dtype=torch.float64) + torch.tensor([1], dtype=torch.int32))
print(torch.tensor([3, 4]) // 2.0, torch.tensor([3, 4]) % 2.5, torch.tensor([3, 4]) ** 2.0)
print(torch.tensor([3, 4], dtype=torch.int32) ** torch.tensor([2]), torch.tensor([True, False]) == 1)
print(torch.tensor([True, False]).sum(), torch.tensor([True, False]).sum().dtype)
print(torch.tensor([1, 2], dtype=torch.int32).sum().dtype, torch.tensor([1, 2], dtype=torch.int32).prod().dtype)
print(torch.tensor([True, True]).prod(), torch.tensor([1, 2]) + torch.tensor([1, 2], dtype=torch.bool))
print(torch.result_type(torch.tensor([1]), 2.0), torch.promote_types(torch.int32, torch.float64))
print(torch.promote_types(torch.bool, torch.int32), torch.result_type(torch.tensor([1], dtype=torch.int32), torch.tensor(1)))
try:
    print(torch.tensor([3, 4]) ** -1)
except RuntimeError as e:
    print(e)
try:
    print(torch.arange(3).mean())
except RuntimeError as e:
    print(e)
zi = torch.ones(3, dtype=torch.int64)
try:
    zi += 1.5
except RuntimeError as e:
    print(e)
zi *= torch.tensor([1, 2, 3])
print(zi, zi.dtype, zi._version)
try:
    zi /= 2
except RuntimeError as e:
    print(e)
f = torch.ones(3)
f += torch.tensor([1, 2, 3])
print(f, f.dtype)
