# nn.BatchNorm3d: a 5-D input's channels normalised, running statistics and PyTorch's errors.
import torch
from torch import nn
torch.manual_seed(0)
bn = nn.BatchNorm3d(2)
print(bn)
x = torch.randn(2, 2, 2, 3, 2)
y = bn(x)
print(y[0, :, 0])
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
print(y.grad_fn.name(), y.mean(dim=(0, 2, 3, 4)).abs().max() < 1e-6, y.var(dim=(0, 2, 3, 4), unbiased=False))
y.pow(2).sum().backward()
print(bn.weight.grad.round(decimals=2), bn.bias.grad.abs().max() < 1e-5)
bn.eval()
print(bn(x)[1, 1, 1])
print(nn.BatchNorm3d(3, affine=False, momentum=None, track_running_stats=False))
print(list(bn.state_dict().keys()))
try:
    bn(torch.randn(2, 2, 3, 3))
except ValueError as e:
    print("ValueError:", e)
