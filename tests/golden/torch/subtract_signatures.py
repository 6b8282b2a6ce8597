# torch.subtract / Tensor.subtract: sub with alpha=, and a (Scalar other, Scalar alpha) overload of its own.
import torch
t = torch.tensor([1.0, 4.0], requires_grad=True)
print(t.subtract(2), t.subtract(2).grad_fn.name())
r = t.subtract(2, 3)
print(r, r.grad_fn.name(), r.grad_fn.next_functions[0][0].__class__.__name__)
r.sum().backward()
print(t.grad)
print(torch.subtract(t, 2, 3), torch.subtract(t, torch.tensor([1.0, 1.0]), alpha=2))
print(torch.subtract(torch.tensor([5, 6]), 2, 3))
print(torch.subtract(torch.tensor([5, 6]), torch.tensor([1, 1]), alpha=3))
x = torch.tensor([5, 6])
print(x.subtract_(torch.tensor([1, 2]), alpha=2), x._version)
for f in [lambda: torch.tensor([1.]).subtract("a"), lambda: torch.subtract(torch.tensor([1.]), "a"),
          lambda: torch.tensor([1.]).subtract_("a"), lambda: torch.tensor([1.]).sub("a")]:
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
for f in [lambda: torch.tensor([True]).subtract(True, 2), lambda: torch.tensor([1.5]).subtract(True, 2)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
