import torch
m = torch.arange(12.).reshape(3, 4)
v = m[1:, 1:3]
print(m.shape, m.size(), m.size(0), m.size(-1), m.size(dim=1), m.stride(), m.stride(1), m.stride(-2), m.stride(dim=0))
print(v.stride(), v.storage_offset(), m.storage_offset(), v.data_ptr() - m.data_ptr(), v.data_ptr() == m.data_ptr() + 5 * 4)
print(m.element_size(), torch.zeros(2, dtype=torch.int32).element_size(), torch.zeros(2, dtype=torch.bool).element_size())
print(torch.zeros(2, dtype=torch.float64).element_size(), torch.zeros(2, dtype=torch.int64).element_size())
print(m.numel(), v.numel(), torch.numel(m), m.dim(), torch.tensor(1.).dim(), m.ndim, m.ndimension(), m.nelement())
print(m.dtype, m.device, str(m.device), m.device.type, torch.device('cpu'), repr(torch.device('cpu')))
print(m.requires_grad, m.grad, m.grad_fn, m.is_leaf, m._version, m._base, v._base is m, v._base._base)
print(m.is_floating_point(), torch.is_floating_point(m.long()), torch.is_tensor(m), torch.is_tensor(3))


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: m.size(2))
attempt(lambda: m.stride(3))
attempt(lambda: m.size('a'))
attempt(lambda: m.nbytes_typo)
