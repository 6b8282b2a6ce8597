import torch
import torch.nn as nn
from collections import OrderedDict

torch.manual_seed(0)
plist = nn.ParameterList([nn.Parameter(torch.randn(2, 3)) for i in range(3)])
print(plist)
print(len(plist), plist[0].shape, plist[-1] is plist[2])
t = torch.ones(4)
plist.append(t)
print(type(plist[3]).__name__, plist[3].requires_grad, t.requires_grad, plist[3].data_ptr() == t.data_ptr())
plist.extend([nn.Parameter(torch.zeros(1))])
plist += [torch.zeros(2, 2, dtype=torch.float64)]
print(plist)
print([n for n, _ in plist.named_parameters()])
sub = plist[1:3]
print(type(sub).__name__, len(sub), sub[0] is plist[1])
plist[0] = torch.full((2,), 5.0)
print(plist[0])
for p in plist:
    print(p.shape)
class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterList([nn.Parameter(torch.randn(3, 3)) for i in range(2)])
        self.bias = nn.ParameterDict({'b': nn.Parameter(torch.zeros(3)), 'a': nn.Parameter(torch.ones(3))})
    def forward(self, x):
        for i, p in enumerate(self.params):
            x = self.params[i // 2].mm(x) + p.mm(x)
        return x + self.bias['a'].unsqueeze(1)
m = MyModule()
print(m)
print(m(torch.ones(3, 1)))
print([n for n, _ in m.named_parameters()])
print(list(m.state_dict().keys()))
print(sum(p.numel() for p in m.parameters()))
one = nn.ParameterList([nn.Parameter(torch.ones(2))])
print(one)
print(nn.ParameterList())

pd = nn.ParameterDict({'left': nn.Parameter(torch.randn(5, 10)), 'right': nn.Parameter(torch.randn(5, 10))})
print(pd)
pd['mid'] = torch.zeros(2)
print(len(pd), 'mid' in pd, 'x' in pd, list(pd), list(pd.keys()))
for k, v in pd.items():
    print(k, v.shape, type(v).__name__)
print([v.shape for v in pd.values()])
od = nn.ParameterDict(OrderedDict([('z', nn.Parameter(torch.ones(1))), ('a', nn.Parameter(torch.ones(2)))]))
print(od)
od.update([('q', torch.ones(3))])
print(list(od))
del od['z']
print(list(od), [n for n, _ in od.named_parameters()])
print(od.pop('a').shape, list(od))
print(od.get('q').shape, od.get('nope'), od.get('nope', 3))
od.clear()
print(len(od), od)
for f in [lambda: plist[10], lambda: plist.extend(5), lambda: plist.extend(torch.ones(2)), lambda: pd[3],
          lambda: pd['nope'], lambda: od.update([('a', 1, 2)]), lambda: od.update(5)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
