import torch
x = torch.arange(6).reshape(2, 3)
y = x.t()
print(y.is_contiguous())
z = y.view(6)
