# nn.init.trunc_normal_, eye_, dirac_ and sparse_: PyTorch's numbers after manual_seed, in place.
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(3, 5)
r = nn.init.trunc_normal_(w)
print(r is w, w._version)
print(w)
torch.manual_seed(0)
print(nn.init.trunc_normal_(torch.empty(2, 4), mean=0.5, std=0.02, a=0.45, b=0.55))
torch.set_printoptions(precision=8)
torch.manual_seed(3)
print(nn.init.trunc_normal_(torch.empty(8), std=2.0, a=-1.0, b=3.0))
print(nn.init.trunc_normal_(torch.empty(4, dtype=torch.float64), mean=1.0))
torch.set_printoptions(profile="default")
print(nn.init.trunc_normal_(torch.empty(3), mean=10.0, a=-1.0, b=1.0))
p = nn.Parameter(torch.empty(2, 3))
nn.init.trunc_normal_(p, std=0.02)
print(p.requires_grad, p.grad_fn, p._version, p.abs().max() <= 0.04)

lin = nn.Linear(3, 4)
nn.init.eye_(lin.weight)
print(lin.weight, lin.weight._version)
print(nn.init.eye_(torch.empty(3, 2)))
try:
    nn.init.eye_(torch.empty(3))
except ValueError as e:
    print("ValueError:", e)

w = torch.empty(2, 2, 3)
print(nn.init.dirac_(w), w._version)
print(nn.init.dirac_(torch.empty(4, 2, 3, 3), groups=2)[:, :, 1])
for bad in [(torch.empty(2, 2), 1), (torch.empty(3, 2, 3), 2)]:
    try:
        nn.init.dirac_(*bad)
    except ValueError as e:
        print("ValueError:", e)

torch.manual_seed(0)
s = torch.empty(4, 3)
print(nn.init.sparse_(s, sparsity=0.5), s._version)
torch.manual_seed(0)
print(nn.init.sparse_(torch.empty(5, 2), 0.1, std=1.0))
try:
    nn.init.sparse_(torch.empty(2, 2, 2), 0.5)
except ValueError as e:
    print("ValueError:", e)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 3)
        self.fc2 = nn.Linear(3, 2)
    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.trunc_normal_(m.weight, std=0.02)
        nn.init.zeros_(m.bias)

torch.manual_seed(42)
net = Net()
net.apply(init_weights)
print(net.fc1.weight, net.fc2.bias)
print(net(torch.ones(1, 4)))
