import torch
x = torch.tensor([[3.0, 4.0], [6.0, 8.0]])
print(x.norm(), x.norm(dim=1), torch.norm(x, dim=0))
x.norm(dim=2)
