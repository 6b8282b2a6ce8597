import torch
from torch import nn
class Adder(nn.Module):
    def __init__(self, host):
        super().__init__()
        self.host = [host]
    def forward(self, x):
        self.host[0].add_module("extra" + str(len(self.host[0])), nn.ReLU())
        return x + 1
s = nn.Sequential()
s.add_module("a", Adder(s))
print(s(torch.zeros(2)))
print(len(s))
m = nn.Sequential(nn.Linear(1, 1))
def grow(mod):
    if isinstance(mod, nn.Linear):
        m.add_module("x%d" % len(m), nn.ReLU())
m.apply(grow)
print(m)
m = nn.Module()
m.m = m
m.l = nn.Linear(1, 1)
print(len(list(m.modules())), len(list(m.named_modules())), len(list(m.parameters())))
print([n for n, _ in m.named_parameters()])
s = nn.Sequential()
s.add_module("a", Adder(s))
s.add_module("b", nn.ReLU())
s(torch.zeros(2))
