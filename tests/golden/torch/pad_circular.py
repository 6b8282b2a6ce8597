# F.pad(mode='circular'): the padded cells wrap around, built as PyTorch builds it (copies into
# slices of a new tensor), so the graph is a chain of CopySlices.
import torch
import torch.nn.functional as F

x = torch.arange(6.).view(1, 2, 3).requires_grad_()
y = F.pad(x, (2, 1), mode='circular')
print(y)
print(y.grad_fn.name(), [type(f).__name__ for f, _ in y.grad_fn.next_functions])
y.sum().backward()
print(x.grad)
print(F.pad(x, (-1, 2), mode='circular'))
img = torch.arange(8.).view(1, 1, 2, 4)
print(F.pad(img, (1, 1, 1, 0), mode='circular'))
print(F.pad(img, (0, 2, 2, 2), mode='circular').shape)
w = torch.arange(24.).view(1, 1, 2, 3, 4).requires_grad_()
v = F.pad(w, (1, 1, 1, 1, 1, 1), mode='circular')
print(v.shape, v[0, 0, 0])
(v * v).sum().backward()
print(w.grad[0, 0, 1])
for args in [(torch.arange(6.).view(2, 3), (1, 1)), (torch.arange(6.).view(1, 2, 3), (4, 0)),
             (torch.arange(8.).view(1, 1, 2, 4), (1, 2))]:
    try:
        F.pad(args[0], args[1], mode='circular')
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
