import torch
m = torch.nn.Linear(2, 2)
print(hasattr(m, "weight"), hasattr(m, "foo"), getattr(m, "foo", 5))
class N(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 3
n = N()
print(n.k, n.training)
try:
    n.zz
except AttributeError as e:
    print(e)
m.foo
