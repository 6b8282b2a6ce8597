import torch
x = torch.zeros(3, 4)
x[0] = 1
x[1, 1:3] = torch.tensor([5.0, 6.0])
x[:, 3] = torch.tensor([7, 8, 9])
x[x == 0] = -1
x[[2, 2], [0, 1]] = 4
print(x, x._version)
y = torch.arange(5)
y[1:4] = 2.7
print(y)
