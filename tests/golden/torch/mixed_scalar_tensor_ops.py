import torch
s = torch.tensor(2)
v = torch.tensor([1.5, 2.5])
print(s * v, (s * v).dtype, s + 1, (s + 1.0).dtype, v.sum() / 2, v.mean().item())
print(torch.tensor(3) > 2, torch.tensor([1, 2]).float() @ torch.tensor([1.0, 1.0]))
