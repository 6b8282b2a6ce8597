import torch

# Initial tensor
a = torch.tensor([1, 2, 3])
print("Original Tensor Memory Location:", a.data_ptr())

# Repeated addition
for _ in range(3):
    a = a + 1
    print("Added 1, New Memory Location:", a.data_ptr())
