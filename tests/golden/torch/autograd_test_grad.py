import torch

# test_grad (adapted): torch.autograd.grad with grad_outputs and create_graph, second derivatives.
x = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
y = torch.tensor([[1.5, 0.5], [-0.5, 3.0]], requires_grad=True)
z = x ** 2 + y * x + y ** 2
z.backward(torch.ones(2, 2), create_graph=True)

x_grad = 2 * x + y
y_grad = x + 2 * y
print(torch.allclose(x.grad, x_grad), torch.allclose(y.grad, y_grad))

grad_sum = 2 * x.grad + y.grad
x_hv = torch.autograd.grad(
    outputs=[grad_sum], grad_outputs=[torch.ones(2, 2)],
    inputs=[x], create_graph=True)
expected_x_hv = torch.ones(2, 2) * 5
expected_y_hv = torch.ones(2, 2) * 4
print(x_hv[0], torch.allclose(x_hv[0], expected_x_hv))
print(torch.allclose(x.grad, x_grad))
print(torch.allclose(y.grad, y_grad))

# Second and third derivatives of a scalar function
t = torch.tensor(1.5, requires_grad=True)
f = t ** 4 - 3 * t ** 2
d1, = torch.autograd.grad(f, t, create_graph=True)
d2, = torch.autograd.grad(d1, t, create_graph=True)
d3, = torch.autograd.grad(d2, t)
print(d1, d2, d3)
print(d1.requires_grad, d3.requires_grad, d1.grad_fn.name())

# grad of sin: cos, -sin
s = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
out = torch.sin(s).sum()
g1, = torch.autograd.grad(out, s, create_graph=True)
g2, = torch.autograd.grad(g1.sum(), s)
print(torch.allclose(g1, torch.cos(s)), torch.allclose(g2, -torch.sin(s)))

# grad_outputs for a non-scalar output; grads do not accumulate into .grad
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = w * w
gw, = torch.autograd.grad(v, w, grad_outputs=torch.tensor([1.0, 0.1, 0.01]))
print(gw, w.grad)

# several inputs at once, retain_graph to reuse the graph
p = torch.tensor(3.0, requires_grad=True)
q = torch.tensor(4.0, requires_grad=True)
r = p * q + q
print(torch.autograd.grad(r, [p, q], retain_graph=True))
print(torch.autograd.grad(r, (q,)))

# errors
try:
    torch.autograd.grad(v, w)
except RuntimeError as e:
    print(e)
try:
    torch.autograd.grad(torch.ones(2).sum(), w)
except RuntimeError as e:
    print(e)
