import torch
m = torch.arange(12.).reshape(3, 4)
c = torch.arange(24).reshape(2, 3, 4)
print(m.transpose(0, 1).stride(), m.transpose(1, 0).shape, m.transpose(-1, -2).is_contiguous(), c.transpose(0, 2).stride())
print(torch.transpose(m, 0, 1).shape, m.swapaxes(0, 1).shape, m.transpose(0, 1)._base is m)
print(c.permute(2, 0, 1).stride(), c.permute((2, 0, 1)).shape, c.permute([1, 0, 2]).shape, c.permute(dims=(0, 2, 1)).stride())
print(torch.permute(c, (1, 2, 0)).shape, c.permute(-1, 0, 1).shape)
print(m.t().stride(), torch.t(m).shape, torch.arange(3).t().shape, torch.tensor(3.0).t())
print(m.T.stride(), torch.arange(3).T.shape, c.mT.shape, c.mT.stride(), m.mT.shape)
print(c.T.shape, c.T.stride())
print(c.flatten().shape, c.flatten(1).shape, c.flatten(0, 1).shape, c.flatten(start_dim=1).stride())
print(c.flatten(1, 2)._base is c, c.transpose(1, 2).flatten(1)._base is None, torch.flatten(c).shape, torch.tensor(5).flatten())
x = torch.arange(12)
print(x.unflatten(0, (3, 4)).shape, x.unflatten(0, (-1, 2)).stride(), c.unflatten(2, (2, 2)).shape, c.unflatten(-1, (2, 2)).shape)
print(torch.unflatten(x, 0, (2, 6)).shape, c.movedim(0, 2).shape, c.moveaxis(0, 1).shape)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: c.transpose(0, 3))
attempt(lambda: m.transpose(0))
attempt(lambda: m.transpose('a', 0))
attempt(lambda: c.permute(0, 1))
attempt(lambda: c.permute(0, 1, 1))
attempt(lambda: c.permute(0, 1, 3))
attempt(lambda: m.permute())
attempt(lambda: c.t())
attempt(lambda: torch.arange(3).mT)
attempt(lambda: c.flatten(2, 1))
attempt(lambda: c.flatten(0, 5))
attempt(lambda: x.unflatten(0, (5, 2)))
attempt(lambda: x.unflatten(0, (-1, -1)))
attempt(lambda: x.unflatten(0, (3, -2)))
