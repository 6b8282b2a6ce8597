import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
print(nn.ReLU()(x), F.relu(x), nn.Flatten()(torch.ones(2, 3, 4)).shape, nn.Flatten(0)(torch.ones(2, 3)).shape)
print(nn.Softmax(dim=1)(x), F.softmax(x, dim=0), F.log_softmax(x, dim=1))
print(nn.ReLU(inplace=True), nn.Softmax(dim=-1), nn.Flatten())
