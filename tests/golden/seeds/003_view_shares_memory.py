import torch

x = torch.arange(12).reshape(4, 3)
v = x.view(3, 4)
x[0, 0] = 100
print(v)
print(v.data_ptr() == x.data_ptr(), v._base is x._base)
