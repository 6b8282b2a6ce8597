import torch
a = torch.arange(3)
b = torch.arange(3)
print(id(a) == id(b), a is b)
print(id(a.t()) == id(b.t()))
x = a[0]
y = a[0]
print(x is y, x.data_ptr() == y.data_ptr())
print(a.contiguous() is a, a.to(torch.int64) is a, a.long() is a)
