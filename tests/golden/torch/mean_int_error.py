import torch
x = torch.tensor([1, 2, 3])
try:
    x.mean()
except RuntimeError as e:
    print(e)
print(x.float().mean(), x.mean(dtype=torch.float32))
