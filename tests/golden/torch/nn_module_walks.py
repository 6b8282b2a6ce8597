# nn.Module: named_modules(), apply(fn), requires_grad_(), float() / double().
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.head = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
        self.shared = self.block.fc

    def forward(self, x):
        return self.head(self.block(x))


net = Net()
for name, m in net.named_modules():
    print(repr(name), type(m).__name__)
print([n for n, _ in net.named_modules(prefix="net")])
print(len(list(net.named_modules(remove_duplicate=False))))
print(type(net.named_modules()).__name__)

seen = []


def init(m):
    seen.append(type(m).__name__)
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            m.weight.fill_(0.5)
            m.bias.zero_()


r = net.apply(init)
print(r is net, seen)
print(net.head[0].weight, net(torch.ones(1, 2)))

p = net.block.fc.weight
print(net.requires_grad_(False) is net, p.requires_grad, [q.requires_grad for q in net.parameters()][:3])
net.head.requires_grad_()
print([q.requires_grad for q in net.parameters()])
out = net(torch.ones(1, 2))
print(out.requires_grad, out.grad_fn.name())

net.requires_grad_(True)
net(torch.ones(1, 2)).sum().backward()
print(p.grad)
r = net.double()
print(r is net, p.dtype, p is net.block.fc.weight, p.grad.dtype, type(p).__name__, p.requires_grad)
print(net(torch.ones(1, 2, dtype=torch.float64)))
net.float()
print(p.dtype, p.grad.dtype, net.head[2].bias)
