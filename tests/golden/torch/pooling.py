import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 5, requires_grad=True)
p = F.max_pool2d(x, 2)
g = p.grad_fn
print(p[0, 0], g.name(), g._saved_kernel_size, g._saved_stride, g._saved_padding, g._saved_dilation, g._saved_ceil_mode, g._saved_result1)
p, i = F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, return_indices=True)
print(p[1, 2], i[1, 2])
p.sum().backward()
print(x.grad[1, 2])
a = F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)
print(a[0, 0], a.grad_fn.name(), a.grad_fn._saved_divisor_override, a.grad_fn._saved_count_include_pad)
a = F.adaptive_avg_pool2d(x, (2, 3))
print(a[0, 0], a.grad_fn.name())
print(F.adaptive_avg_pool2d(x, 1).grad_fn.name(), F.adaptive_avg_pool2d(x, (None, 2)).shape)
m = F.max_pool1d(x[:, :, 0], 2)
print(m, m.grad_fn.name(), m.grad_fn.next_functions[0][0].name(), m.grad_fn.next_functions[0][0]._saved_kernel_size)
print(torch.max_pool2d(x, 2).shape)

print(F.max_pool2d(torch.tensor([[[1., float('nan'), 3.], [4., 5., 6.]]]), 2, stride=1))
print(F.max_pool2d(x, (2, 3), stride=(1, 2), dilation=(2, 1)).shape)
print(F.avg_pool2d(x, 2, ceil_mode=True)[0, 0], F.avg_pool2d(x, 3, padding=1, divisor_override=2)[1, 1])
r = F.avg_pool2d(x, 2)
r.backward(torch.ones_like(r))
print(x.grad[0, 0])
x.grad = None
F.adaptive_avg_pool2d(x, (3, 2)).sum().backward()
print(x.grad[1, 1])

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

y = torch.randn(2, 3, 5, 5)
err(lambda: F.max_pool2d(y, 2, padding=2))
err(lambda: F.max_pool2d(y, 7))
err(lambda: F.max_pool2d(y[0, 0], 2))
err(lambda: F.max_pool2d(y.long(), 2))
err(lambda: F.avg_pool2d(y, 2, padding=2))
err(lambda: F.avg_pool2d(y[0, 0, 0], 2))
err(lambda: F.adaptive_avg_pool2d(y[0, 0, 0], 2))
err(lambda: F.max_pool1d(y[0, 0, 0, 0], 2))
err(lambda: torch.max_pool2d(y[0, 0], 2))
nn.MaxPool2d(2)(torch.randn(5))
