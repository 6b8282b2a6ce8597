import torch
a = torch.tensor([5.0, -7.0, 9.5], requires_grad=True)
b = torch.tensor([2.0, 2.0, -3.0], requires_grad=True)
for r in (a.div(2), torch.div(a, 2), a.div(2, rounding_mode=None), a.div(b), a.div(b, rounding_mode=None), torch.div(a, b, rounding_mode='floor'), a / b, a / 2, 2 / a, torch.divide(a, b, rounding_mode='trunc'), a.divide(2, rounding_mode='floor'), torch.true_divide(a, b), torch.floor_divide(a, b), a // 2):
    print(r.grad_fn.name(), r)
r = torch.div(a, b, rounding_mode='floor')
print([(f.name() if f is not None else None, i) for f, i in r.grad_fn.next_functions])
r.sum().backward()
print(a.grad, b.grad)
r = a.div(2, rounding_mode='trunc')
print([(f.name() if f is not None else None, i) for f, i in r.grad_fn.next_functions])
x = torch.tensor([7, -7, 8])
print(torch.div(x, 2, rounding_mode='trunc'), torch.div(x, 2, rounding_mode='floor'), torch.div(x, 2))
print(x.div(torch.tensor(2), rounding_mode='floor'))
c = a.detach().clone()
c.div_(2, rounding_mode='floor')
print(c)
c.div_(torch.tensor(-2.0), rounding_mode='trunc')
print(c)
h = a * 1
h.div_(b, rounding_mode='floor')
print(h.grad_fn.name(), h)
# the saved tensors are checked even when the gradient is zero
p = torch.tensor([3.0, 4.0], requires_grad=True)
q = p * 1
r = torch.div(p, q, rounding_mode='floor')
q.mul_(2)
try:
    r.sum().backward()
except RuntimeError as e:
    print(e)
# gradients broadcast back to the inputs' shapes
m = torch.ones(2, 3, requires_grad=True)
v = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)
torch.div(m, v, rounding_mode=None).sum().backward()
print(m.grad, v.grad)
m.grad = None
v.grad = None
torch.div(m, v, rounding_mode='trunc').sum().backward()
print(m.grad, v.grad)
try:
    torch.div(m, v, rounding_mode='round')
except RuntimeError as e:
    print(e)
