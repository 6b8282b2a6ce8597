import torch
x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
y.backward(create_graph=True)
print(x.grad, x.grad.requires_grad)
g = x.grad
x.grad = None
g.backward()
print(x.grad)
