# torch.logaddexp and Tensor.logaddexp: values (equal infinities, NaN, broadcasting, dtype
# promotion), LogaddexpBackward0 with its saved tensors and gradients, out=, and the errors.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, -1.0, 4.0], requires_grad=True)
r = torch.logaddexp(a, b)
print(r)
print(r.grad_fn.name(), type(r.grad_fn).__name__)
print(r.grad_fn._saved_self, r.grad_fn._saved_other)
print(r.grad_fn._saved_self is a, r.grad_fn._saved_other is b)
print(r.grad_fn.next_functions)
print(a.logaddexp(b))
r.sum().backward()
print(a.grad, b.grad)

# Only one input requires grad: the node still saves both.
c = torch.tensor([[0.0], [10.0]])
s = torch.logaddexp(c, a)
print(s)
print(s.grad_fn._saved_other is a)
s.backward(torch.ones(2, 3))
print(a.grad)

# Special values: equal infinities come back as they are.
inf = float("inf")
nan = float("nan")
x = torch.tensor([inf, -inf, nan, inf, -inf, 0.0, -100.0])
y = torch.tensor([inf, -inf, 1.0, -inf, 5.0, 0.0, -100.0])
print(torch.logaddexp(x, y))
print(torch.logaddexp(torch.tensor([1, 2]), torch.tensor([3.0, 4.0])))
print(torch.logaddexp(torch.tensor([1.0, 2.0]), torch.tensor([2.0], dtype=torch.float64)))
print(torch.logaddexp(torch.tensor([1.0, 2.0]), torch.tensor(2, dtype=torch.float64)))
print(torch.logaddexp(torch.zeros(2, 1, dtype=torch.float64), torch.arange(3.0)))

out = torch.empty(3)
print(torch.logaddexp(a.detach(), b.detach(), out=out) is out, out)

# Gradients through the gradient.
p = torch.tensor([0.25, -2.0], requires_grad=True)
q = torch.tensor([1.0, 1.0], requires_grad=True)
(g,) = torch.autograd.grad(torch.logaddexp(p, q).sum(), p, create_graph=True)
print(g)
g.sum().backward()
print(p.grad, q.grad)

# In place on a saved input.
u = torch.tensor([1.0, 2.0], requires_grad=True)
v = u * 1
w = torch.logaddexp(v, u)
v.add_(1)
for f in [lambda: w.sum().backward(),
          lambda: torch.logaddexp(torch.tensor([1, 2]), torch.tensor([3, 4])),
          lambda: torch.logaddexp(torch.tensor([1.0]), 2),
          lambda: torch.logaddexp(torch.ones(2), torch.ones(3)),
          lambda: torch.logaddexp(a, b, out=torch.empty(3)),
          lambda: a.logaddexp_(b)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
