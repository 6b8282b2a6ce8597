import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
def hook(g):
    print("grad seen:", g)
    return g * 10
h = x.register_hook(hook)
(x * x).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x * x).sum().backward()
print(x.grad)
