import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
torch.autograd.backward(y, torch.tensor([1.0, 0.5]))
print(x.grad)
z = x * x
z.backward(torch.ones(2))
print(x.grad)
