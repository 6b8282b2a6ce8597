import torch
x = torch.zeros(3, 4)
row = x[1]
col = x[:, 2]
row.fill_(1)
col.add_(5)
print(x)
print(x._version, row._version, col._version)
t = x.t()
t[0, 0] = -1
print(x[0, 0].item())
