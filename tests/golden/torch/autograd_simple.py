import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x * x + 2 * x
print(y, y.grad_fn, y.requires_grad, y.is_leaf)
s = y.sum()
s.backward()
print(x.grad)
