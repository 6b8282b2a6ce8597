import torch
x = torch.arange(8.0)
a, b = x.split(4)
b.zero_()
print(x, a._base is x, b.storage_offset())
c = x.chunk(2)[0]
c += 100
print(x)
