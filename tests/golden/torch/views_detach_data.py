import torch
x = torch.ones(3, requires_grad=True)
d = x.detach()
print(d.requires_grad, d.data_ptr() == x.data_ptr(), d._version)
d.add_(1)
print(x, x._version, d._version)
dd = x.data
print(dd.requires_grad, dd._version)
dd.mul_(2)
print(x._version, dd._version)
print(x.data is x.data, id(x.data) == id(x.data))
