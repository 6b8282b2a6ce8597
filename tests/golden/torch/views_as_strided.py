import torch
x = torch.arange(9)
a = x.as_strided((3, 3), (3, 1))
print(a)
b = torch.as_strided(x, (2, 2), (1, 2), 1)
print(b, b.storage_offset())
w = x.as_strided((3, 3), (1, 1))
print(w)
