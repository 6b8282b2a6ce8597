import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x.flatten().shape, x.flatten(1).shape, x.flatten(0, 1).shape)
print(x.flatten(1).data_ptr() == x.data_ptr())
print(torch.flatten(x, start_dim=1).shape)
y = torch.arange(12)
print(y.unflatten(0, (3, 4)).shape, y.unflatten(0, (2, -1)).stride())
