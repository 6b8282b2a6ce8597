import torch
# Basic indexing (test_indexing.py's single int, multiple int, none, step, ellipsis), printed.
m = torch.arange(12).reshape(3, 4)
c = torch.arange(24).reshape(2, 3, 4)
x = torch.arange(6)
print(m[0], m[-1], m[0, 1], m[0][1], m[1:], m[:, 1], m[:, 1].stride(), m[:, 1].storage_offset())
print(m[::2], m[::2].stride(), m[:, ::3], m[:, 1::2].storage_offset(), m[1:3, 1:3])
print(m[None].shape, m[:, None].shape, m[None, :, None].stride(), m[...].shape, m[..., 0], c[..., 1:3].shape)
print(c[0, ..., 0], c[:, None, ..., None].shape, m[5:].shape, m[-10:].shape, m[:100].shape, m[2:1].shape)
print(m[True].shape, m[False].shape, m[None, None].shape, m[torch.tensor(1)], m[torch.tensor(1)]._base is m)
print(m[0]._base is m, x[0].data_ptr() == x.data_ptr(), m[1].data_ptr() - m.data_ptr(), m[:, 1:3][1])
print(m[1][1:3].storage_offset(), m[(0, 1)], m[(slice(0, 2), 1)], m[slice(1, None)].shape, m[:, -1], m[-1, -1].item())
print(c[1, 2, 3], c[1][2][3], c[:, :, 0].stride(), c[:, 1].shape, c[1, :, ::2].stride(), c[-1, -1])
row = m[1]
row[0] = -1
print(m, m._version, row._version)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: m[3])
attempt(lambda: m[-4])
attempt(lambda: m[0, 4])
attempt(lambda: m[0, 0, 0])
attempt(lambda: m[..., ...])
attempt(lambda: m[::-1])
attempt(lambda: m[::0])
attempt(lambda: m[1.5])
attempt(lambda: m['a'])
attempt(lambda: m[{}])
attempt(lambda: torch.tensor(5)[0])
