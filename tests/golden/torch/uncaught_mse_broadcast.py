import torch
import torch.nn as nn
crit = nn.MSELoss()
pred = torch.zeros(4, 2)
target = torch.zeros(4, 3)
crit(pred, target)
