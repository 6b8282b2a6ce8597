# A module that contains itself: train() and eval() go round the cycle until RecursionError, as
# PyTorch's do; the modules met before the cycle are set.
import torch
from torch import nn

m = nn.Module()
m.a = nn.Linear(2, 2)
m.m = m
m.b = nn.ReLU()
m.a.eval()
m.b.eval()
try:
    m.train()
except RecursionError:
    print("RecursionError")
print(m.training, m.a.training, m.b.training)
try:
    m.eval()
except RecursionError:
    print("RecursionError")
print(m.training, m.a.training, m.b.training)
print(len(list(m.modules())), len(list(m.children())), len(list(m.named_modules())))
s = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
s.again = s[0]
s.eval()
print(s.training, s[0].training, s.again.training)
