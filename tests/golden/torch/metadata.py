import torch
x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
print(x.shape, x.size(), x.size(1), x.size(-1), x.stride(), x.stride(0))
print(x.dim(), x.ndim, x.numel(), x.element_size(), x.dtype, x.device, x.is_contiguous())
print(x.storage_offset(), x[1].storage_offset(), x.data_ptr() + 48 == x[1].data_ptr())
print(x.shape[0], x.shape[1:], len(x), x.shape == (2, 3, 4), list(x.shape))
print(torch.Size([2, 3]), torch.Size([2, 3]).numel(), type(x.shape).__name__)
print(x.is_floating_point(), x.long().is_floating_point(), torch.numel(x))
