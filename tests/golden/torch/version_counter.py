import torch
x = torch.zeros(3)
v = x.view(3)
print(x._version, v._version)
x.add_(1)
print(x._version, v._version)
v[0] = 5
print(x._version, v._version)
c = x.clone()
print(c._version)
d = x.data
d.add_(1)
print(x._version, d._version)
