import torch
x = torch.ones(2, requires_grad=True)
y = (x * x).sum()
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print(e)
z = (x * 2).sum()
z.backward(retain_graph=True)
z.backward()
print(x.grad)
