import torch
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = self
m = M()
print(m)
