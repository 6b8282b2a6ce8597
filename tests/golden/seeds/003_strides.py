import torch

x = torch.arange(12).reshape(4, 3)
print(x)
print(x.stride(), x.is_contiguous(), x.storage_offset())
print(x.storage().tolist())
# element (i, j) lives at offset + i * stride[0] + j * stride[1]
i, j = 2, 1
print(x[i, j].item(), x.storage()[x.storage_offset() + i * x.stride(0) + j * x.stride(1)])
