import torch
# x.view(dtype): the same bytes read as another element type (test_view_ops.py's view_dtype tests).
# In PyTorch 1.13 the result shares the storage and the version counter but has no _base.
def attempt(f):
    try:
        r = f()
        print(r, r.shape, r.stride(), r.storage_offset(), r._base is not None, r.dtype)
    except RuntimeError as e:
        print(e)


x = torch.arange(6, dtype=torch.float32)
d = torch.arange(6, dtype=torch.float64).reshape(2, 3)
attempt(lambda: x.view(torch.int32))
attempt(lambda: x.view(torch.float32))
attempt(lambda: x.view(torch.float64))
attempt(lambda: x.view(torch.int64))
attempt(lambda: d.view(torch.float32))
attempt(lambda: d.view(torch.int64))
attempt(lambda: d[:, 1:].view(torch.float32))
attempt(lambda: torch.tensor(1.0).view(torch.int32))
attempt(lambda: torch.tensor([1, 2], dtype=torch.int32).view(torch.float32))
attempt(lambda: x.view(dtype=torch.int32))
attempt(lambda: d.t().view(torch.float32))
attempt(lambda: x[1:].view(torch.float64))
attempt(lambda: torch.tensor(1.0).view(torch.float64))
attempt(lambda: torch.arange(8.).view(4, 2).t().view(torch.float64))
attempt(lambda: torch.arange(18.).view(3, 6)[:, 1:3].view(torch.float64))
attempt(lambda: torch.arange(18.).view(6, 3)[:, :2].view(torch.float64))
r = torch.ones(3, requires_grad=True)
print(r.view(torch.int32), r.view(torch.float32).requires_grad)
v = x.view(torch.int32)
v[0] = 1065353216
print(x, x._version, v._version, v.data_ptr() == x.data_ptr(), v.storage().dtype)
