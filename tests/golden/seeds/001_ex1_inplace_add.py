import torch

# Create an initial tensor
tensor_a = torch.tensor([1, 2, 3])
print("Initial Tensor:", tensor_a) # Output: Initial Tensor: tensor([1, 2, 3])
print("Tensor Address:", id(tensor_a)) # Shows the memory location of the tensor

# In-place addition using add_()
tensor_a.add_(5)
print("Modified Tensor:", tensor_a) # Output: Modified Tensor: tensor([6, 7, 8])
print("Tensor Address:", id(tensor_a)) # Shows the same memory location, tensor was modified in place

# Try regular addition
tensor_b = tensor_a.add(2)
print("Tensor B:", tensor_b) # Output: Tensor B: tensor([8, 9, 10])
print("Tensor B Address:", id(tensor_b)) # Shows a different memory location, a new tensor was created
print("Tensor A:", tensor_a) # Output: Tensor A: tensor([6, 7, 8]) , tensor A unchanged by the operation
