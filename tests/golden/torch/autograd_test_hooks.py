import torch

# test_hooks (adapted): hooks on leaves and non-leaves, changing the gradient, removal.
x = torch.ones(5, 5, requires_grad=True)
y = torch.ones(5, 5) * 4
y.requires_grad_(True)

counter = [0]

def bw_hook(inc, grad):
    print(type(grad).__name__, grad.shape)
    counter[0] += inc

z = x ** 2 + x * 2 + x * y + y
x.register_hook(lambda *args: bw_hook(0, *args))
test = z.register_hook(lambda *args: bw_hook(1, *args))
z.backward(torch.ones(5, 5), retain_graph=True)
print(counter[0])

test2 = z.register_hook(lambda *args: bw_hook(2, *args))
z.backward(torch.ones(5, 5), retain_graph=True)
print(counter[0])

test2.remove()
z.backward(torch.ones(5, 5), retain_graph=True)
print(counter[0])

def bw_hook_modify(grad):
    return grad.mul(2)

test.remove()
z.register_hook(bw_hook_modify)
with torch.no_grad():
    y.grad.zero_()
z.backward(torch.ones(5, 5), retain_graph=True)
print(y.grad[0])

with torch.no_grad():
    y.grad.zero_()
z.backward(torch.ones(5, 5))
print(torch.equal(y.grad, (x + 1) * 4))

# A hook that returns None leaves the gradient as it is; several hooks run in order.
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
b.register_hook(lambda g: print("first", g))
b.register_hook(lambda g: g + 1)
b.register_hook(lambda g: print("third", g))
b.sum().backward()
print(a.grad)

# Hooks on a tensor that does not require grad
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)

# The hook sees the summed gradient of a tensor used twice
c = torch.tensor([1.0, -1.0], requires_grad=True)
seen = []
c.register_hook(lambda g: seen.append(g.tolist()))
(c * c + c * 3).sum().backward()
print(seen, c.grad)
