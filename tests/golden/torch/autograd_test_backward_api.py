import torch

# test_backward / torch.autograd.backward with several tensors and gradients.
v = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x = torch.tensor([[0.5, 0.5], [1.0, -1.0]], requires_grad=True)
y = torch.tensor([[2.0, 1.0], [0.0, 1.0]], requires_grad=True)
grad_output = torch.tensor([[1.0, 0.5], [0.25, 2.0]])

z = v * x
torch.autograd.backward(z, grad_output)
print(v.grad)
print(x.grad)

a = x + (y * 2)
b = x * y
c = x.sum() * 3
torch.autograd.backward([a, b, c], [torch.ones(2, 2), torch.ones(2, 2) * 2, None])
print(x.grad)
print(y.grad)

# backward on a scalar with gradient=None, then retain_graph and accumulation
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (w * w).mean()
loss.backward(retain_graph=True)
print(w.grad)
loss.backward(gradient=torch.tensor(2.0), retain_graph=True)
print(w.grad)
w.grad = None
torch.autograd.backward(loss * 3)
print(w.grad)

# keyword forms
m = torch.tensor([1.0, -2.0], requires_grad=True)
n = (m ** 2).sum()
n.backward(gradient=None, retain_graph=True, create_graph=False)
print(m.grad, m.grad.requires_grad)
n.backward(None, True, True)
print(m.grad, m.grad.requires_grad, m.grad.grad_fn.name())
