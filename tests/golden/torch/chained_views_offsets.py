import torch
x = torch.arange(60).reshape(3, 4, 5)
y = x[1:, ::2, 1::2]
print(y.shape, y.stride(), y.storage_offset(), y.is_contiguous())
z = y.transpose(0, 2)[1]
print(z, z.stride(), z.storage_offset(), z._base is x)
