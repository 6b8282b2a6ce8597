# nn.LazyLinear: UninitializedParameters until the first call, then a Linear (d2l 2nd edition).
import torch
from torch import nn

net = nn.LazyLinear(3)
print(net)
print(net.weight, net.bias)
print(type(net.weight), isinstance(net.weight, nn.Parameter), type(net).__name__)
print(isinstance(net, nn.Linear), isinstance(net, nn.LazyLinear), net.in_features, net.out_features)
print(net.has_uninitialized_params(), net.weight.size(), net.weight.data, net.weight.requires_grad)
print(net.state_dict())
print([name for name, _ in net.named_parameters()])
for probe in [lambda: net.weight.shape, lambda: net.weight.numel(), lambda: net.weight.sum()]:
    try:
        probe()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
# an optimizer made before the first call keeps the same Parameter objects
w_before = net.weight
opt = torch.optim.SGD(net.parameters(), lr=0.1)
net.weight.data.normal_(0, 0.01)  # an empty tensor: draws nothing
torch.manual_seed(0)
x = torch.ones(2, 4)
y = net(x)
print(y)
print(net)
print(type(net).__name__, isinstance(net, nn.LazyLinear), net.in_features, net.weight is w_before)
print(type(net.weight).__name__, net.weight.shape, net.weight._version, net.bias._version)
print(net.weight, net.bias)
y.sum().backward()
opt.step()
print(net.weight.grad)
print(net.bias)
print(net.has_uninitialized_params() if hasattr(net, 'has_uninitialized_params') else 'no method')

nb = nn.LazyLinear(2, bias=False)
print(nb, nb.bias, list(nb.state_dict().keys()))
try:
    nb.forward(torch.ones(1, 3))
except ValueError as e:
    print("ValueError:", e)
print(nb(torch.ones(5, 3)).shape, nb)

seq = nn.Sequential(nn.Flatten(), nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(2))
print(seq)
torch.manual_seed(1)
out = seq(torch.rand(3, 1, 2, 2))
print(seq)
print(out)
print([p.shape for p in seq.parameters()], sum(p.numel() for p in seq.parameters()))

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.LazyLinear(4)
        self.output = nn.LazyLinear(1)
    def forward(self, x):
        return self.output(torch.relu(self.hidden(x)))

torch.manual_seed(2)
mlp = MLP().double()
print(mlp.hidden.weight.dtype, mlp(torch.ones(2, 3, dtype=torch.float64)))
print(mlp)
v1 = nn.LazyLinear(1)
try:
    v1(torch.tensor(1.0))
except IndexError as e:
    print("IndexError:", e)
print(v1)
