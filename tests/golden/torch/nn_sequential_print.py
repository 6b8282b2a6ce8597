import torch
import torch.nn as nn
import torch.nn.functional as F
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
print(model)
print(nn.Sequential(nn.Flatten(), nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2), nn.Softmax(dim=1)))
print(len(model), model[0], model[1])
