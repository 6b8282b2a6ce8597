import torch

original_tensor = torch.arange(12).reshape(3, 4)
print("Original Tensor:", original_tensor)
print("Original Tensor ID:", id(original_tensor.data))

view_tensor = original_tensor[1:3, 1:3]
print("View Tensor:", view_tensor)
print("View Tensor ID:", id(view_tensor.data))

print("Are IDs the same?:", id(original_tensor.data) == id(view_tensor.data))


view_tensor[0,0] = 99
print("Original Tensor After View Modification:", original_tensor)
print("View Tensor After Modification:", view_tensor)
