import torch
from torch import nn

# A chain of modules 400 deep: PyTorch's repr recurses through repr() of each child, three levels
# of the recursion limit a module, so it stops past about 333 of them.
class Box(nn.Module):
    def __init__(self, inner=None):
        super().__init__()
        if inner is not None:
            self.inner = inner


m = Box()
for i in range(300):
    m = Box(m)
print(len(repr(m).splitlines()))
for i in range(100):
    m = Box(m)
try:
    repr(m)
except RecursionError as e:
    print("RecursionError:", e)
