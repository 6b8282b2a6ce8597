import torch
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
c = b.sum()
c.backward()
print(a.grad)
for i in range(3):
    print(i, b.grad)
def peek(t):
    return t.grad
print(peek(b), peek(b))
d = a + 1
d.retain_grad()
(d * d).sum().backward()
print(d.grad, d.is_leaf, b.is_leaf)
print(b.grad is None)
