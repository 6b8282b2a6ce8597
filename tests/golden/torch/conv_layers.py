import torch
import torch.nn as nn
torch.manual_seed(0)
c = nn.Conv2d(1, 8, 3)
print(c)
print(c.weight[0], c.bias)
print(nn.Conv2d(3, 6, (3, 5), stride=2, padding=(1, 2), dilation=2, groups=3, bias=False, padding_mode='zeros'))
print(nn.Conv2d(3, 6, 3, padding='same'))
print(nn.Conv1d(3, 6, 3, stride=2))
print(nn.MaxPool2d(2))
print(nn.MaxPool2d(3, stride=2, padding=1, dilation=1, ceil_mode=True, return_indices=True))
print(nn.AvgPool2d(2))
print(nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False, divisor_override=2))
print(nn.AdaptiveAvgPool2d((5, 7)))
print(nn.AdaptiveAvgPool2d(1))
print(nn.MaxPool1d(2))

c = nn.Conv2d(2, 4, 3, padding=1, bias=False)
print([n for n, _ in c.named_parameters()], c.bias, c.kernel_size, c.stride, c.padding, c.groups, c.padding_mode)
print(c(torch.randn(1, 2, 4, 4)).shape, c(torch.randn(2, 4, 4)).shape)
c1 = nn.Conv1d(2, 3, 2)
print(c1.weight.shape, c1.weight.version if hasattr(c1.weight, "version") else c1.weight._version, c1(torch.randn(1, 2, 5)).grad_fn.name())
m = nn.MaxPool2d(2, return_indices=True)
v, i = m(torch.randn(1, 1, 4, 4))
print(i)
print(nn.AvgPool2d(2)(torch.ones(1, 4, 4)), nn.AdaptiveAvgPool2d((1, 2))(torch.ones(1, 2, 4)))
print(nn.MaxPool1d(2)(torch.arange(6.).reshape(1, 6)))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: nn.Conv2d(3, 4, 3, groups=2))
err(lambda: nn.Conv2d(4, 3, 3, groups=2))
err(lambda: nn.Conv2d(3, 3, 3, padding='foo'))
err(lambda: nn.Conv2d(3, 3, 3, padding='same', stride=2))
nn.Conv2d(1, 8, 3)(torch.randn(2, 3, 5, 5))
