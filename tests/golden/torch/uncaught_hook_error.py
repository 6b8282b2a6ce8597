import torch
x = torch.ones(3, requires_grad=True)
def hook(g):
    print("hook saw", g)
    return g.view(2)
x.register_hook(hook)
(x * 2).sum().backward()
