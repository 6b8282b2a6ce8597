import torch

# Create a tensor
tensor_c = torch.tensor([10, 20, 30, 40, 50])
print("Initial Tensor:", tensor_c)
print("Tensor Address:", id(tensor_c))

# Create a boolean mask
mask = torch.tensor([True, False, True, False, True])

# Assign new values using the mask
tensor_c[mask] = torch.tensor([100, 200, 300])
print("Modified Tensor:", tensor_c) # Output: Modified Tensor: tensor([100,  20, 200,  40, 300])
print("Tensor Address:", id(tensor_c)) # Shows the same memory location, tensor was modified in place
