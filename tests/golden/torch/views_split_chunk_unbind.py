import torch
x = torch.arange(10)
print(x.split(3))
print(x.split([2, 8]))
print(x.chunk(3))
m = torch.arange(6).reshape(2, 3)
print(m.unbind(), m.unbind(1))
print([t.storage_offset() for t in x.split(4)])
print(torch.split(m, 1, dim=1))
