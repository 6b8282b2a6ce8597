import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch import nn as nn2
import math
import time
import math as m2, time as t2
from math import sqrt, exp, log, pi
from torch import tensor
print(nn is nn2, F.relu is torch.nn.functional.relu, optim.SGD is torch.optim.SGD, type(math).__name__, m2 is math, t2 is time)
print(sqrt(2.0), exp(0), log(1), pi, math.log(8, 2), math.exp(-1), math.sqrt(0), math.log(2.718281828459045))
print(math, type(nn).__name__)
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled(), y.requires_grad)
with torch.enable_grad():
    print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    z = x + 1
    print(torch.is_grad_enabled(), z.requires_grad)
with torch.set_grad_enabled(True):
    print(torch.is_grad_enabled())
with torch.no_grad():
    with torch.enable_grad():
        w = x * 3
    print(w.requires_grad, torch.is_grad_enabled())
print(torch.is_grad_enabled())
@torch.no_grad()
def infer(v):
    return v * 2, torch.is_grad_enabled()
r, g = infer(x)
print(r.requires_grad, g, torch.is_grad_enabled(), infer.__name__)
for row in torch.arange(6).reshape(3, 2):
    print(row, row.shape, row.sum().item())
for a, b in torch.tensor([[1, 2], [3, 4]]):
    print(a, b)
for i, v in enumerate(torch.tensor([1.5, 2.5])):
    print(i, v, v.item())
try:
    with torch.no_grad():
        raise ValueError("inside no_grad")
except ValueError as e:
    print(e, torch.is_grad_enabled())
def train_step():
    with torch.no_grad():
        return torch.is_grad_enabled()
print(train_step(), torch.is_grad_enabled())
prev = torch.is_grad_enabled()
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(prev)
print(torch.is_grad_enabled())
