import torch

x = torch.arange(12).reshape(4, 3)
y = x.t()
r = y.reshape(12)
print(r, r.data_ptr() == x.data_ptr())
v = y.view(12)
print(v)
