import torch

tensor_a = torch.tensor([1, 2, 3])
obj = id(tensor_a)
ptr = tensor_a.data_ptr()
tensor_a.add_(5)
print(id(tensor_a) == obj, tensor_a.data_ptr() == ptr, tensor_a._version)
tensor_b = tensor_a.add(2)
print(id(tensor_b) == obj, tensor_b.data_ptr() == ptr)
print(id(tensor_a) == id(tensor_a.data), tensor_a.data.data_ptr() == ptr)
