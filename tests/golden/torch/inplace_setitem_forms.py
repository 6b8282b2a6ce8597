import torch
y = torch.zeros(2, 3)
y[0] = 1
print(y, y._version)
y[:, 1] = torch.tensor([5.0, 6.0])
print(y)
y[y > 4] = -1
print(y)
y[[0, 1], [2, 2]] = torch.tensor([7.0, 8.0])
print(y)
y[...] = 0.5
y[0, 0] = True
y[1] = 2
print(y, y._version)
y[:, 0] = torch.tensor(9)
y[1, 1:] = torch.arange(2)
print(y, y.dtype)
tensor = torch.ones(4, 4)
tensor[:, 1] = 0
print(tensor)
i = torch.zeros(3, dtype=torch.int64)
i[0] = 2.7
i[1:] = torch.tensor([1.5, -1.5])
print(i)
v = y[1]
v[0] = 42
print(y, y._version, v._version)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: y.__setitem__(1, [1, 2, 3]))
attempt(lambda: y.__setitem__(1, (1, 2, 3)))
attempt(lambda: y.__setitem__(0, torch.ones(4)))
attempt(lambda: y.__setitem__(5, 1))
attempt(lambda: y.__setitem__("a", 1))
attempt(lambda: y.__setitem__(0, "a"))
attempt(lambda: y.__setitem__(y > 100, torch.ones(2)))
print(y._version)
