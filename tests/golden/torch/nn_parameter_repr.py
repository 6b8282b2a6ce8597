import torch
import torch.nn as nn

torch.manual_seed(0)
p = nn.Parameter(torch.randn(2, 3))
print(p)
print(repr(p))
print(str(p))
print(p.requires_grad, p.is_leaf, p.grad, p.grad_fn, type(p).__name__)
q = nn.Parameter(torch.zeros(3), requires_grad=False)
print(q)
print(q.requires_grad)
s = nn.Parameter(torch.tensor(1.5))
print(s)
print(s * 2)
print(p.data)
print(type(p.data).__name__, p.data.requires_grad)
print(p.sum())
print(p[0])
print(p.detach())
print(f"{p}")
print([p.shape, p.size(), p.dim()])
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))
        self.register_parameter('b', nn.Parameter(torch.zeros(1)))
m = M()
print(m)
print(list(m.named_parameters()))
print(m.w)
m.w = nn.Parameter(torch.full((2,), 3.0))
print(list(m.parameters()))
try:
    m.w = torch.ones(2)
except TypeError as e:
    print(e)
