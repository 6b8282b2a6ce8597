import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x.movedim(0, 2).shape, x.movedim(0, 2).stride())
print(torch.movedim(x, (0, 1), (2, 0)).shape)
y = torch.arange(7)
u = y.unfold(0, 3, 2)
print(u, u.stride())
