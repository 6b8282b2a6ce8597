import torch
x = torch.arange(6).reshape(2, 3)
c = x.clone()
print(c.data_ptr() == x.data_ptr(), c._base, c.stride())
t = x.t()
print(t.clone().stride(), t.contiguous().stride(), t.reshape_as(torch.zeros(6)).stride())
print(x.contiguous() is x, t.contiguous() is t)
