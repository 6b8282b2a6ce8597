import torch

# Initial tensor
b = torch.arange(6).reshape(2, 3)
print("Original Tensor Memory Location:", b.data_ptr())

# Repeated reshaping
for _ in range(2):
    b = b.reshape(3, 2)
    print("Reshaped, New Memory Location:", b.data_ptr())
