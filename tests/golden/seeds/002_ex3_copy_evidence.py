import torch

base_tensor = torch.arange(24).reshape(2, 3, 4)
indexed_tensor = base_tensor[:, torch.tensor([0, 2]), :]
print(indexed_tensor._base is None, indexed_tensor.is_contiguous(), indexed_tensor.stride())
print(indexed_tensor.data_ptr() == base_tensor.data_ptr())
sliced = base_tensor[:, 0:3:2, :]
print(sliced._base is base_tensor, sliced.stride(), sliced.storage_offset())
sliced[0, 0, 0] = 200
print(base_tensor[0, 0, 0].item())
