import torch
x = torch.ones(2, requires_grad=True)
print(x.requires_gard)
