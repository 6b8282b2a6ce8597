import torch
# view and reshape in the argument forms test_view_ops.py uses.
x = torch.arange(12)
m = torch.arange(12.).reshape(3, 4)
c = torch.arange(24).reshape(2, 3, 4)
print(x.view(3, 4), x.view((3, 4)).stride(), x.view([2, 6]).shape, x.view(-1).shape)
print(x.view(-1, 2).shape, x.view(2, -1, 3).stride(), x.view(torch.Size([4, 3])).shape, x.view(size=(4, 3)).shape)
print(x.view(0, -1) if x.numel() == 0 else x.view(4, -1).shape, m[:, :2].view(3, 2).stride())
print(c.view(6, 4).stride(), c.transpose(0, 1).reshape(3, 8).stride(), m.view_as(torch.zeros(2, 6)).shape)
print(m.view_as(m.t())._base is m, m.reshape(2, 6)._base is m, m.t().reshape(12)._base is None)
print(m.t().reshape(12).is_contiguous(), m.reshape(-1), m.reshape(-1).stride(), m.reshape(4, -1).shape)
print(m.reshape((2, 2, 3)).stride(), m.reshape([12]).shape, m.reshape(shape=(6, 2)).shape)
print(torch.reshape(m, (2, 6)).shape, torch.reshape(m, (-1,)).shape, m.t().reshape(2, 6))
print(m.t().reshape(4, 3)._base is m, m[:, 1].reshape(3, 1)._base is m, m[:, 1].reshape(3, 1).storage_offset())
print(m.reshape(3, 4) is m, m.view(3, 4) is m, m.reshape(3, 4)._base is m)
v = x.view(3, 4)
v[0, 0] = 100
print(x[0], v.data_ptr() == x.data_ptr())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: m.t().view(12))
attempt(lambda: m.t().view(4, 3).stride())
attempt(lambda: m[:, :2].view(6))
attempt(lambda: c.transpose(1, 2).view(2, 12))
attempt(lambda: x.view(-1, -1))
attempt(lambda: x.view(5, -1))
attempt(lambda: x.view(5))
attempt(lambda: x.view('a'))
attempt(lambda: x.view(2.0, 6))
attempt(lambda: x.view(2, 6.0))
attempt(lambda: x.view())
attempt(lambda: m.view_as(torch.zeros(5)))
attempt(lambda: m.reshape(5, -1))
attempt(lambda: x.reshape('a'))
attempt(lambda: x.reshape())
