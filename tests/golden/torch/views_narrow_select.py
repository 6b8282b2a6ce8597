import torch
x = torch.arange(12).reshape(3, 4)
print(x.narrow(0, 1, 2), x.narrow(1, 0, 2).stride())
print(x.select(0, 1), x.select(1, -1), x.select(1, 2).storage_offset())
print(x.diagonal(), x.diagonal(1), x.diagonal().stride())
