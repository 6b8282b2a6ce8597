import torch

c = torch.tensor([4, 5, 6])
p = c.data_ptr()
print(c._version)
c.add_(1)
print(c._version, c.data_ptr() == p, c)
c += 1
print(c._version, c.data_ptr() == p, c)
c = c + 1
print(c._version, c.data_ptr() == p, c)
