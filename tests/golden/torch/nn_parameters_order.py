import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        super(M, self).__init__()
        self.b = nn.Parameter(torch.zeros(2))
        self.a = nn.Parameter(torch.ones(3))
        self.sub = nn.Linear(2, 2)
        self.plain = torch.ones(1)

    def forward(self, x):
        return x

m = M()
for name, p in m.named_parameters():
    print(name, p.shape, p.requires_grad)
print(len(list(m.parameters())))
print(m)
