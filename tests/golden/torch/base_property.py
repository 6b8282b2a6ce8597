import torch
x = torch.arange(6)
v = x.view(2, 3)
vv = v[0]
print(x._base, v._base is x, vv._base is x)
print(v.t()._base is x, x.clone()._base, x.reshape(3, 2)._base is x)
print(x.detach()._base)
