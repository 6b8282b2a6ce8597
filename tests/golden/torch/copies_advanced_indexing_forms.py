import torch
# Advanced indexing, as test_indexing.py exercises it (int tensors, lists, bool masks), printed.
m = torch.arange(12).reshape(3, 4)
c = torch.arange(24).reshape(2, 3, 4)
print(m[[0, 2]], m[[0, 2]]._base is None, m[torch.tensor([0, 2])], m[torch.tensor([[0, 1], [2, 2]])].shape)
print(m[[0, 1], [1, 2]], m[:, [0, 3]], m[m > 5], m[torch.tensor([True, False, True])], m[[True, False, True]])
print(m[1:, [0, 2]], m[[0, 1]][:, 0], m[..., [1]], m[[-1]], m[m % 2 == 0], m[m > 100], m[[True, False, True]].shape)
print(m[torch.tensor([[0, 1]])].shape, m[[0, 2], 1:], m[[[0], [2]], [1, 3]], m[torch.arange(3), torch.tensor([0, 1, 2])])
print(m[:, torch.tensor([True, False, True, False])], c[:, [0, 1], [1, 2]], c[[0, 1], :, [1, 2]].shape)
print(c[0, [0, 1], None].shape, c[[0], ..., [1]].shape)
picked = m[[0, 2]]
picked[0, 0] = 99
print(m[0, 0], picked.data_ptr() == m.data_ptr())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: m[[3]])
attempt(lambda: m[[0, 1, 5]])
attempt(lambda: m[torch.tensor([1.0])])
attempt(lambda: m[torch.tensor([0.0])])
attempt(lambda: m[torch.tensor([True, False])])
attempt(lambda: m[[0, 1], [1, 2, 3]])
attempt(lambda: m[[0, 'a']])
