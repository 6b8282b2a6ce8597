import torch
x = torch.ones(2)
print(f"shape {x.shape} sum {x.sum() +}")
