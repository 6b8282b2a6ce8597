import torch
x = torch.tensor([0.5, 1.0, 2.0, 4.0])
print(x.exp(), x.log(), x.sqrt(), x.sin(), x.cos(), x.tanh(), x.sigmoid())
print(torch.exp(x), torch.abs(-x), torch.neg(x), (-x).relu(), torch.relu(x - 1.5))
print(torch.square(x), x.pow(2), torch.pow(x, 0.5), torch.pow(2, torch.tensor([1, 2, 3])))
print(x.clamp(1, 3), x.clamp(min=1.5), torch.clamp(x, max=1.0))
