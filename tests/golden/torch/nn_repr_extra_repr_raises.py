import torch
from torch import nn
class Bad(nn.Module):
    def extra_repr(self):
        return 1 / 0
class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Bad()
try:
    print(Outer())
except ZeroDivisionError as e:
    print("caught", e)
print(Outer())
