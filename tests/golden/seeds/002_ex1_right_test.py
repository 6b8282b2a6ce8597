import torch

original_tensor = torch.arange(12).reshape(3, 4)
view_tensor = original_tensor[1:3, 1:3]
other = torch.arange(12).reshape(3, 4)
# Each .data is a fresh temporary object, freed at once: the ids coincide even for unrelated tensors.
print(id(original_tensor.data) == id(other.data))
print(original_tensor.data is original_tensor.data)
# The right tests: storage addresses and _base.
print(view_tensor.storage_offset(), view_tensor.stride(), view_tensor.shape)
print(view_tensor.data_ptr() - original_tensor.data_ptr())
print(view_tensor._base is original_tensor, other._base)
print(original_tensor.storage().data_ptr() == view_tensor.storage().data_ptr())
print(original_tensor.storage().data_ptr() == other.storage().data_ptr())
