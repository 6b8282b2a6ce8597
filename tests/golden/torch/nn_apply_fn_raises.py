import torch
from torch import nn
m = nn.Sequential(nn.Linear(1,1))
def bad(mod):
    raise ValueError('no')
m.apply(bad)
