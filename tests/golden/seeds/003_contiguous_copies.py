import torch

x = torch.arange(12).reshape(4, 3)
y = x.t()
print(y.is_contiguous())
z = y.contiguous()
print(z.is_contiguous(), z.stride(), z.data_ptr() == x.data_ptr())
print(z.storage().tolist())
print(x.contiguous() is x)
