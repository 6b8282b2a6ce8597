import torch

x = torch.arange(12).reshape(4, 3)
# Swapping the strides (3, 1) -> (1, 3) reads the same memory as the transpose.
y = torch.as_strided(x, (3, 4), (1, 3))
print(y)
print(y.stride(), y.is_contiguous(), y.data_ptr() == x.data_ptr())
t = x.t()
print(t.stride(), torch.equal(t, y))
