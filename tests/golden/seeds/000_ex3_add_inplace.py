import torch

# Initial tensor
c = torch.tensor([4, 5, 6])
print("Original Tensor Memory Location:", c.data_ptr())

# In-place addition
c.add_(1)
print("Added 1 In-Place, Same Memory Location:", c.data_ptr())

# Further addition using original operator (creates a new tensor)
c = c + 1
print("Added 1, New Memory Location:", c.data_ptr())
