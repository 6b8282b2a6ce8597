# state_dict()._metadata: the version of every module, under its prefix, as load_state_dict reads it.
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.BatchNorm1d(3), nn.Sequential(nn.Linear(3, 1)))
sd = net.state_dict()
print(type(sd._metadata).__name__, sd._metadata)
print(sd._metadata["2"], sd._metadata["3.0"]["version"])
print(net.state_dict(prefix="model.")._metadata)
print(nn.Linear(2, 2).state_dict()._metadata)
print(nn.Module._version, nn.BatchNorm1d._version, nn.Linear(1, 1)._version)


class Block(nn.Module):
    _version = 3

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(1, 1)
        self.register_buffer("scale", torch.ones(1))


print(Block().state_dict()._metadata)

# A destination of one's own gets no _metadata; copies and plain dicts have none either.
d = OrderedDict()
print(net.state_dict(destination=d) is d, hasattr(d, "_metadata"))
print(hasattr(sd.copy(), "_metadata"), hasattr(dict(sd), "_metadata"))

# load_state_dict takes the metadata along: every key still matches.
net2 = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.BatchNorm1d(3), nn.Sequential(nn.Linear(3, 1)))
print(net2.load_state_dict(sd))
print(torch.equal(net2[0].weight, net[0].weight), net2[0].weight._version)
sd._metadata[""]["version"] = 7
print(net2.load_state_dict(sd))

# BatchNorm: a state dict of version 1 (or without metadata) may lack num_batches_tracked.
old = net.state_dict()
del old["2.num_batches_tracked"]
old._metadata["2"]["version"] = 1
net2[2].num_batches_tracked.fill_(5)
print(net2.load_state_dict(old), net2[2].num_batches_tracked)
plain = dict(old)
print(net2.load_state_dict(plain))
new = net.state_dict()
del new["2.num_batches_tracked"]
print(net2.load_state_dict(new, strict=False))
try:
    net2.load_state_dict(new)
except RuntimeError as e:
    print(e)
del new._metadata
print(hasattr(new, "_metadata"), net2.load_state_dict(new))
