import torch
# Cases from PyTorch's test/test_indexing.py (test_single_int, test_multiple_int, test_none,
# test_step, test_step_assignment, test_bool_indices, test_byte_mask, test_int_indices,
# test_index_put_accumulate...), printed instead of asserted.
v = torch.randn(5, 7, 3)
print(v[4].shape, v[4, :, 1].shape, v[None].shape, v[:, None].shape, v[:, None, None].shape, v[..., None].shape)
v = torch.arange(10)
print(v[::1], v[::2], v[::3], v[::11], v[1:6:2], v[::1].data_ptr() == v.data_ptr())
v = torch.zeros(4, 4)
v[0, 1::2] = torch.tensor([3., 4.])
print(v[0].tolist(), v[1:].sum().item())
v = torch.randn(5, 7, 3)
boolIndices = torch.tensor([True, False, True, True, False], dtype=torch.bool)
print(v[boolIndices].shape, v[torch.tensor([0, 2, 3])].shape, torch.equal(v[boolIndices], v[torch.tensor([0, 2, 3])]))
v = torch.tensor([1, 2, 3, 4])
print(v[v > 2], v[[True, False, True, False]], v[torch.tensor([[0, 1], [2, 3]])])
x = torch.arange(0, 12).view(4, 3)
print(x[[0, 1, 2]], x[[0, 2], [1, 2]], x[[[0, 1], [2, 3]], [[0, 1], [2, 0]]])
v = torch.zeros(5)
indices = torch.tensor([0, 1, 1, 4])
v.index_put_((indices,), torch.tensor([1., 2., 3., 4.]), accumulate=True)
print(v)
x = torch.arange(1, 6, dtype=torch.float32)
x[x > 2] = 0
print(x)
x = torch.zeros(3, 4)
x[[0, 2]] = torch.tensor([1., 2., 3., 4.])
x[1, [0, 3]] = 5
print(x)
x = torch.arange(12).view(3, 4)
print(x[:, [0, -1]], x[[-1, 0]], x[1:, 1:][[0, 1], [1, 0]], x[torch.tensor([True, False, True])][:, 1])
try:
    x[torch.tensor([True, False])]
except IndexError as e:
    print(e)
try:
    x[[0, 1], [0]]
except IndexError as e:
    print(e)
try:
    x[torch.tensor([0.5])]
except IndexError as e:
    print(e)
