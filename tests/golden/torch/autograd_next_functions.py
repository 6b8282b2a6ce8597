import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
c = a * b
d = c.sum()
print(d.grad_fn.name(), [(f.name() if f is not None else None, i) for f, i in d.grad_fn.next_functions])
print([(f.name() if f is not None else None, i) for f, i in c.grad_fn.next_functions])
print(c.grad_fn.next_functions[0][0].variable is a)
