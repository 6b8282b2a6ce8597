# register_buffer, buffers(), named_buffers(), state_dict() and load_state_dict(), as a course
# saves and restores a model (a causal mask kept as a buffer, as in a GPT block).
import torch
import torch.nn as nn
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer("mask", torch.ones(2))
        self.register_buffer("scratch", torch.zeros(1), persistent=False)
        self.register_buffer("empty", None)

    def forward(self, x):
        return self.fc(x) * self.mask


class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer('tril', torch.tril(torch.ones(n, n)))

    def forward(self, wei):
        return wei.masked_fill(self.tril == 0, float('-inf')).softmax(dim=-1)


net = Net()
print(net)
print(list(net.buffers()))
print([n for n, b in net.named_buffers()])
print(net.buffers())
print(list(net.named_buffers(prefix="net")))
print(list(nn.Sequential(net).buffers(recurse=False)))
print(net.empty, net.scratch)
print(net(torch.ones(1, 2)))

sd = net.state_dict()
print(type(sd))
print(sd)
print(list(sd.keys()))
print(sd["fc.weight"].requires_grad, sd["fc.weight"].data_ptr() == net.fc.weight.data_ptr())
print(sd["fc.weight"] is net.fc.weight, sd["fc.weight"]._version)
print(net.state_dict(keep_vars=True)["fc.weight"] is net.fc.weight)
print(list(net.state_dict(prefix="m.").keys()))
dest = {}
print(net.state_dict(destination=dest) is dest, list(dest))

net.mask = torch.tensor([2., 3.])
print(net.mask, net.state_dict()["mask"])
try:
    net.mask = 5
except TypeError as e:
    print("TypeError:", e)
try:
    net.register_buffer("fc", torch.zeros(1))
except KeyError as e:
    print("KeyError:", e)
try:
    net.register_buffer("a.b", torch.zeros(1))
except KeyError as e:
    print("KeyError:", e)
try:
    net.register_buffer("", torch.zeros(1))
except KeyError as e:
    print("KeyError:", e)
try:
    net.register_buffer("q", 3)
except TypeError as e:
    print("TypeError:", e)
try:
    net.register_buffer(3, None)
except TypeError as e:
    print("TypeError:", e)

net2 = Net()
print(net2.fc.weight)
v = net2.fc.weight._version
r = net2.load_state_dict(sd)
print(r)
print(type(r).__name__, r.missing_keys, r.unexpected_keys)
print(net2.fc.weight, net2.fc.weight._version - v)
print(net2.fc.weight.data_ptr() == net.fc.weight.data_ptr())
print(net2.mask)
r = net2.load_state_dict({"fc.weight": torch.zeros(2, 2), "extra": torch.ones(1)}, strict=False)
print(r)
print(r.missing_keys, r.unexpected_keys)
print(net2.fc.weight)

del net.mask
print([n for n, b in net.named_buffers()])
print(list(net.state_dict().keys()))
net.mask = torch.ones(2)
print([n for n, b in net.named_buffers()])
print(nn.Sequential(nn.Linear(1, 1), nn.ReLU()).state_dict())
print(nn.Linear(2, 1).state_dict(prefix="x"))

print(nn.CrossEntropyLoss(weight=torch.ones(3)).state_dict(), nn.CrossEntropyLoss().state_dict())
print(list(nn.NLLLoss(weight=torch.ones(2)).buffers()))
print(nn.BCEWithLogitsLoss(weight=torch.ones(2), pos_weight=torch.ones(2) * 2).state_dict())
print(nn.BCELoss(weight=torch.ones(2)).state_dict(), list(nn.BCELoss().buffers()))

b = Block(3)
print(b.state_dict())
print(b(torch.zeros(3, 3)))

lin = nn.Linear(2, 3)
try:
    lin.load_state_dict({"weight": torch.zeros(3, 3), "bias": torch.zeros(3)})
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    lin.load_state_dict({"weight": 1, "bias": torch.zeros(3)})
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    lin.load_state_dict([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    lin.load_state_dict({"weight": torch.zeros(3, 2), "bias": torch.zeros(3), "w2": torch.ones(1)})
except RuntimeError as e:
    print("RuntimeError:", e)
print(lin.weight)
lin.load_state_dict({"weight": torch.zeros(3, 2)})
