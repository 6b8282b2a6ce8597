import torch
a = torch.arange(3).reshape(3, 1)
b = torch.arange(4)
print(a + b, (a * b).shape)
print(torch.ones(2, 1, 3) + torch.ones(4, 1), torch.broadcast_shapes((2, 1), (3,)))
try:
    torch.ones(2, 3) + torch.ones(4)
except RuntimeError as e:
    print(e)
