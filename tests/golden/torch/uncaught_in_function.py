import torch
def f(t):
    return t.view(5)

x = torch.arange(6)
f(x)
