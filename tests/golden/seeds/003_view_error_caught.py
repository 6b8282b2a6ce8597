import torch

x = torch.arange(12).reshape(4, 3)
y = x.t()
try:
    y.view(12)
except RuntimeError as e:
    print(type(e).__name__, e)
print(y.view(3, 4).shape if y.is_contiguous() else "not contiguous")
print(y.reshape(2, 6))
print(y.contiguous().view(12))
