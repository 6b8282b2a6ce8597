import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 5, requires_grad=True)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)
y = F.conv2d(x, w, b, padding=1)
print(y[0, :2])
g = y.grad_fn
print(g.name(), g._saved_stride, g._saved_padding, g._saved_dilation, g._saved_groups, g._saved_transposed, g._saved_output_padding, g._saved_bias_sym_sizes_opt)
print(g._saved_input.shape, g._saved_weight.shape, g._saved_input is x)
print([f[0].name() if f[0] else None for f in g.next_functions])
y.sum().backward()
print(x.grad[0, 0])
print(w.grad[0, 0])
print(b.grad)
y2 = torch.conv2d(x, w, stride=2, dilation=2, padding=(2, 1))
print(y2)
y3 = F.conv2d(x, torch.randn(6, 1, 3, 3), groups=3, padding='same')
print(y3.shape, y3[1, 5])
y4 = F.conv1d(x[:, :, 0], w[:, :, 0], b, stride=2)
print(y4, y4.grad_fn._saved_stride)
y5 = F.conv2d(x[0], w)
print(y5.grad_fn.name(), y5.grad_fn.next_functions[0][0].name())

# values of a larger case: 8 images 1x28x28 through 8 3x3 filters
torch.manual_seed(1)
imgs = torch.randn(8, 1, 28, 28)
k = torch.randn(8, 1, 3, 3)
out = F.conv2d(imgs, k, torch.randn(8))
print(out.shape, out.sum(), out[3, 5, 10])
print(F.conv2d(imgs.double(), k.double())[7, 7, 20])
print(F.conv2d(torch.arange(16).reshape(1, 1, 4, 4), torch.ones(1, 1, 2, 2, dtype=torch.long)))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

x = torch.randn(2, 3, 5, 5)
w = torch.randn(4, 3, 3, 3)
err(lambda: F.conv2d(x, torch.randn(4, 3, 7, 7)))
err(lambda: F.conv2d(x[0, 0], w))
err(lambda: F.conv2d(x.double(), w))
err(lambda: F.conv2d(x, w, torch.randn(3)))
err(lambda: F.conv2d(x, w, groups=2))
err(lambda: F.conv2d(x, w[:, :1], groups=3))
err(lambda: F.conv2d(x, w, stride=0))
err(lambda: F.conv2d(x, w, padding=-1))
err(lambda: F.conv2d(x, w, padding='same', stride=2))
err(lambda: F.conv2d(x, w, padding='foo'))
err(lambda: F.conv1d(x, w))
err(lambda: torch.conv1d(x[0], w))
F.conv2d(x, torch.randn(4, 3, 7, 7))
