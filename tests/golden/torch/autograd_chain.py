import torch
x = torch.tensor(3.0, requires_grad=True)
y = x ** 3
z = y.sin() * 2
z.backward()
print(x.grad)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = (w.exp() / w.exp().sum()).log()[0]
out.backward()
print(w.grad)
