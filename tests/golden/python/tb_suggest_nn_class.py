import torch.nn as nn
nn.Linaer(2, 3)
