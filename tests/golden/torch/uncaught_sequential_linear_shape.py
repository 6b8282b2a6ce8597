import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
print(model(torch.ones(1, 4)).shape)
batch = torch.ones(5, 3)
out = model(batch)
