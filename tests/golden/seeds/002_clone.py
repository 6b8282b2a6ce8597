import torch

a = torch.arange(6).reshape(2, 3)
b = a.clone()
b[0, 0] = 100
print(a)
print(b)
print(a.data_ptr() == b.data_ptr(), b._base, b.is_contiguous())
t = a.t().clone()
print(t.stride(), t.is_contiguous())
