import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([-2.0, -0.5, 0.5, 2.0])
print(x.clamp(-1, 1), x.clamp_(min=-1), x, torch.relu(x), F.relu(x, inplace=True), x)
