import torch
dtypes = [torch.bool, torch.int32, torch.int64, torch.float32, torch.float64]
for a in dtypes:
    print(str(a).ljust(14), [torch.can_cast(a, b) for b in dtypes], [torch.promote_types(a, b) for b in dtypes])
print(torch.can_cast(float, int), torch.can_cast(int, float), torch.can_cast(bool, torch.int32))
try:
    torch.can_cast(torch.float32, 5)
except TypeError as e:
    print(e)
