import torch
x = torch.arange(12)
v = x.view(3, 4)
print(v, v.stride(), v.data_ptr() == x.data_ptr(), v._base is x)
print(x.view(-1, 6).shape, x.view(2, 2, 3).stride())
r = v.reshape(4, 3)
print(r.stride(), r._base is x)
print(v.view_as(torch.zeros(6, 2)).shape)
