import torch
m = torch.arange(12.).reshape(3, 4)
print(m.shape, m.size(), m.shape[0], m.shape[-1], m.shape[0:1], m.shape[::-1])
print(type(m.shape[:1]), type(m.shape[0]), len(m.shape), m.shape.numel(), torch.Size([]).numel())
print(m.shape == torch.Size([3, 4]), m.shape == (3, 4), m.shape == [3, 4], m.shape != (3, 4))
print(tuple(m.shape), list(m.shape), isinstance(m.shape, tuple), 3 in m.shape, max(m.shape), sum(m.shape))
r, cc = m.shape
print(r, cc, m.shape + (5,), m.shape * 2, 2 * m.shape)
print(torch.Size([2, 3]), torch.Size((2, 3)), torch.Size(), str(m.shape), repr(m.shape), f"{m.shape}")
print([s for s in m.shape], m.size() == m.shape, m.size()[1])
print(torch.zeros(m.shape).shape, torch.zeros(*m.shape).shape, m.view(m.shape[0], -1).shape)
print(m.view(torch.Size([4, 3])).shape, torch.ones(torch.Size([2, 2])))
try:
    print(m.shape[5])
except IndexError as e:
    print(e)
try:
    print(torch.Size([2.0]))
except TypeError as e:
    print(e)
