import torch
x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(x.sum(), x.sum(0), x.sum(dim=1, keepdim=True), x.sum((0, 1)), torch.sum(x, -1))
print(x.mean(), x.mean(0), x.prod(1), x.std(), x.var(0), x.std(1, unbiased=False))
print(x.norm(), x.norm(dim=1), x.max(), x.min(), x.argmax(), x.argmax(dim=1), x.argmin(0))
print(x.max(dim=0))
v, i = x.min(1, keepdim=True)
print(v, i)
print(torch.arange(5).sum().dtype, torch.tensor([True, True]).sum(), x.sum(dtype=torch.float64).dtype)
