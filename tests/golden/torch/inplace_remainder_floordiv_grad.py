import torch
# x %= y and x //= y on a tensor with history record their nodes in place, as PyTorch does:
# RemainderBackward0/1, and for floor division a node without a derivative.
x = torch.tensor([1.5, 2.5, 3.5], requires_grad=True)
y = x * 2
y %= 2
print(y, y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
a = x * 1
a %= torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(a.grad_fn.name(), a.grad_fn.next_functions[0][0].name())
w = x * 3
w //= 2
print(w, w.grad_fn.name(), w._version)
try:
    w.sum().backward()
except RuntimeError as e:
    print(e)
i = torch.tensor([5, 6, 7])
i %= 4
i //= 2
i &= 1
i |= 2
i ^= 1
print(i, i._version)
b = torch.tensor([True, False])
b &= torch.tensor([True, True])
b |= torch.tensor([False, True])
print(b, b._version, (~b).logical_not_(), b.bitwise_not_(), b._version)
try:
    i &= x
except RuntimeError as e:
    print(e)
