import torch.nn as nn
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
print(model[0], model[-1], len(model))
model[2]
