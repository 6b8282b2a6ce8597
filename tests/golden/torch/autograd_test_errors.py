import torch

# The errors of autograd, word for word (test_autograd.py style, caught and printed).
x = torch.ones(3, requires_grad=True)

# backward through the graph a second time
y = (x * x).sum()
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print("1:", e)

# non-scalar output without a gradient
try:
    (x * 2).backward()
except RuntimeError as e:
    print("2:", e)

# output that does not require grad
try:
    torch.ones(3).sum().backward()
except RuntimeError as e:
    print("3:", e)

# in-place on a leaf that requires grad
try:
    x.add_(1)
except RuntimeError as e:
    print("4:", e)
try:
    x += 1
except RuntimeError as e:
    print("5:", e)

# in-place on a view of such a leaf
try:
    x[0] = 5.0
except RuntimeError as e:
    print("6:", e)
try:
    x.view(3).mul_(2)
except RuntimeError as e:
    print("7:", e)

# a saved tensor modified in place: the version numbers
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
c = b ** 2
b.add_(1)
try:
    c.sum().backward()
except RuntimeError as e:
    print("8:", e)

d = a.exp()
e2 = d * 3
d.mul_(2)
d.mul_(2)
try:
    d.sum().backward()
except RuntimeError as e:
    print("9:", e)

m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
n = m.sigmoid()
n.zero_()
try:
    n.sum().backward()
except RuntimeError as e:
    print("10:", e)

# the gradient's shape and dtype
p = torch.ones(2, 2, requires_grad=True)
q = p * 2
try:
    q.backward(torch.ones(3))
except RuntimeError as e:
    print("11:", e)
try:
    q.backward(torch.ones(2, 2, dtype=torch.long), retain_graph=True)
    print("12:", p.grad)
except RuntimeError as e:
    print("12:", e)

# requires_grad on an integer tensor
try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as e:
    print("13:", e)
try:
    torch.zeros(2, dtype=torch.long, requires_grad=True)
except RuntimeError as e:
    print("14:", e)

# requires_grad_(False) on a non-leaf
try:
    q.requires_grad_(False)
except RuntimeError as e:
    print("15:", e)

# view on incompatible strides
try:
    p.t().view(4)
except RuntimeError as e:
    print("16:", e)

# item() of a tensor with more than one element
try:
    q.item()
except ValueError as e:
    print("17:", e)

# grad of a tensor that is not part of the graph
u = torch.tensor(1.0, requires_grad=True)
try:
    torch.autograd.grad((x * 2).sum(), u)
except RuntimeError as e:
    print("18:", e)
