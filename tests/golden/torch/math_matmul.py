import torch
a = torch.arange(6, dtype=torch.float32).reshape(2, 3)
b = torch.arange(12, dtype=torch.float32).reshape(3, 4)
v = torch.tensor([1.0, 2.0, 3.0])
print(a @ b, a.matmul(b), torch.mm(a, b), a.mm(b).shape)
print(a @ v, v @ v, torch.dot(v, v), v.dot(v))
print(torch.matmul(torch.ones(2, 2, 3), b).shape, (torch.ones(5, 2, 3) @ torch.ones(3, 1)).shape)
try:
    a @ a
except RuntimeError as e:
    print(e)
