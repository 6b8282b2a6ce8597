import torch
x = torch.tensor([1, 2, 3])
xid = id(x)
x += 1
x -= 2
x *= 3
print(x, id(x) == xid, x._version)
f = torch.tensor([1.0, 2.0])
f /= 2
print(f)
m = torch.eye(2)
mid = id(m)
m @= torch.ones(2, 2)
print(m, id(m) == mid)
try:
    x /= 2
except RuntimeError as e:
    print(e)
