import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()
z = (y ** 2).sum()
z.backward()
print(y.grad, x.grad, y.retains_grad)
