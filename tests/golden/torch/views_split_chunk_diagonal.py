import torch
x = torch.arange(12)
m = torch.arange(12.).reshape(3, 4)
c = torch.arange(24).reshape(2, 3, 4)
print(m.unbind(), m.unbind(1), torch.unbind(m, dim=1)[0].stride())
print(x.split(5), x.split([3, 9]), x.split((2, 4, 6)), m.split(3, dim=1), m.split(split_size=2))
print(torch.split(m, 2), torch.split(m, [1, 2]), torch.split(m, [1, 3], dim=1), torch.split(m, [1, 3], 1)[1].stride())
print(x.split(5)[2].storage_offset(), [p._base is x for p in x.split(5)])
print(x.chunk(3), x.chunk(5), x.chunk(13), m.chunk(2, dim=1), m.chunk(2, 1)[1].storage_offset(), torch.chunk(x, 4))
print(m.diagonal(), m.diagonal(1), m.diagonal(-1), m.diagonal(offset=2).storage_offset(), m.diagonal().stride())
print(c.diagonal(0, 1, 2), c.diagonal(dim1=0, dim2=2).shape, torch.diagonal(m, 0), m.diagonal(5))
print(c.movedim(0, 2).shape, c.movedim(0, 2).stride(), c.movedim((0, 1), (2, 0)).shape, c.movedim(-1, 0).stride())
print(torch.movedim(c, 1, 0).shape)
print(x.unfold(0, 3, 3), x.unfold(0, 4, 2).stride(), x.unfold(0, 5, 3), m.unfold(1, 2, 2).shape, m.unfold(1, 2, 2).stride())
print(torch.arange(4).unfold(0, 2, 1), x.unfold(0, 3, 3)._base is x)
print(x.as_strided((2, 2), (1, 2)), x.as_strided((2, 2), (1, 2), 3), x.as_strided((3,), (4,), 1).storage_offset())
print(x.as_strided(size=(2,), stride=(0,)), torch.as_strided(x, (2, 3), (3, 1), 6), x[2:].as_strided((2,), (1,)))
print(x[2:].as_strided((2,), (1,)).storage_offset(), x.as_strided((2, 2), (1, 2))._base is x)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: m.unbind(2))
attempt(lambda: x.split([3, 3]))
attempt(lambda: x.split(0))
attempt(lambda: x.split(-1))
attempt(lambda: x.chunk(0))
attempt(lambda: torch.arange(4).split(2, 1))
attempt(lambda: torch.arange(3).diagonal())
attempt(lambda: c.movedim(3, 0))
attempt(lambda: c.movedim((0, 0), (1, 2)))
attempt(lambda: x.unfold(0, 13, 1))
attempt(lambda: x.unfold(0, 2, 0))
attempt(lambda: x.as_strided((5,), (3,)))
attempt(lambda: x.as_strided((2,), (1,), -1))
