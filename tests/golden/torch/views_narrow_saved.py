# narrow is a slice: SliceBackward0 keeps the dim as given and the start wrapped.
import torch
x = torch.arange(12.).reshape(3, 4).requires_grad_()
for args in [(-1, 1, 2), (1, -3, 2), (0, 0, 1), (-2, -1, 1), (0, 1, 0)]:
    y = x.narrow(*args)
    g = y.grad_fn
    print(args, y.shape, g.name(), g._saved_dim, g._saved_start, g._saved_end, g._saved_step, g._saved_self_sym_sizes)
y = torch.narrow(x, -1, 2, 2)
print(y, y._base is x, y.storage_offset(), y.stride())
y.sum().backward()
print(x.grad)
