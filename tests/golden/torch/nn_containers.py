import torch, torch.nn as nn
torch.manual_seed(0)
ml = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
print(ml)
ml.append(nn.ReLU())
ml.extend([nn.Tanh(), nn.Tanh()])
print(ml, len(ml), ml[0], ml[-1])
print(ml[1:3])
for m in ml: print(type(m).__name__)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.ReLU()])
        self.heads = nn.ModuleDict({'a': nn.Linear(3, 1), 'b': nn.Linear(3, 2)})
    def forward(self, x):
        for l in self.layers: x = l(x)
        return self.heads['a'](x), self.heads['b'](x)
n = Net()
print(n)
print([k for k, _ in n.named_parameters()])
print(n(torch.randn(2, 3)))
md = n.heads
print(len(md), list(md.keys()), 'a' in md, md['b'])
for k in md: print(k)
for k, v in md.items(): print(k, v)
print(list(md.values()))
md['c'] = nn.ReLU()
del md['a']
print(md)
print(nn.ModuleList(), nn.ModuleDict())
try: ml[10]
except Exception as e: print(type(e).__name__, e)
try: md['zz']
except Exception as e: print(type(e).__name__, e)
ml.insert(1, nn.Sigmoid())
print(ml)
del ml[0]
print(ml)
ml[0] = nn.GELU()
print(ml[0])
print(md.pop('b'), md)
md.update({'d': nn.Linear(1, 1)})
md.update([('e', nn.Tanh())])
print(md, [k for k, _ in md.named_parameters()])
del ml[1:3]
print(len(ml), [type(m).__name__ for m in ml])
print(len(list(nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 3)]).parameters())))
try:
    nn.ModuleList([1])
except Exception as e:
    print(type(e).__name__, e)
md.clear()
print(md, len(md))
