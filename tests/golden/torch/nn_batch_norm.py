# nn.BatchNorm1d / nn.BatchNorm2d and F.batch_norm: training with batch statistics and running
# averages, evaluation with the running ones, the buffers, the node and what it saves.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

bn = nn.BatchNorm1d(3)
print(bn)
print(nn.BatchNorm2d(4, eps=1e-3, momentum=None, affine=False, track_running_stats=False))
print(bn.weight, bn.bias)
print(bn.weight._version, bn.running_mean._version, bn.num_batches_tracked, bn.num_batches_tracked._version)
print([n for n, _ in bn.named_buffers()], list(bn.state_dict().keys()))
print(bn.num_features, bn.eps, bn.momentum, bn.affine, bn.track_running_stats)

x = torch.randn(4, 3, requires_grad=True)
y = bn(x)
print(y)
g = y.grad_fn
print(g.name(), g._saved_running_var is bn.running_var)
print(g._saved_training, g._saved_eps, g._saved_result1, g._saved_result2)
print(g._saved_running_mean is bn.running_mean, g._saved_weight is bn.weight, g._saved_input is x)
print([type(f[0]).__name__ if f[0] is not None else None for f in g.next_functions])
print(bn.running_mean, bn.running_var)
print(bn.num_batches_tracked, bn.running_mean._version, bn.num_batches_tracked._version)
(y * torch.arange(12.).view(4, 3)).sum().backward()
print(x.grad)
print(bn.weight.grad, bn.bias.grad)

bn.eval()
y2 = bn(x)
print(y2)
print(y2.grad_fn._saved_result1, y2.grad_fn._saved_result2, y2.grad_fn._saved_training)
x.grad = None
y2.sum().backward()
print(x.grad, bn.num_batches_tracked)

# 2-d images, momentum=None (a cumulative average), no affine parameters.
torch.manual_seed(1)
bn2 = nn.BatchNorm2d(2, momentum=None, affine=False)
print(bn2.weight, list(bn2.parameters()))
imgs = torch.randn(3, 2, 2, 2)
for _ in range(2):
    out = bn2(imgs * 2 + 1)
print(out[0])
print(bn2.running_mean, bn2.running_var, bn2.num_batches_tracked)
print(out.mean(dim=(0, 2, 3)).abs().max() < 1e-6, (out.var(dim=(0, 2, 3), unbiased=False) - 1).abs().max() < 1e-4)

# No running statistics: batch statistics in eval mode too.
bn3 = nn.BatchNorm1d(2, track_running_stats=False).eval()
print(bn3.running_mean, bn3(torch.tensor([[1., 2.], [3., 5.]])))
print(nn.BatchNorm1d(2)(torch.arange(12.).view(2, 2, 3)))

# The functional form.
rm, rv = torch.zeros(3), torch.ones(3)
t = torch.randn(5, 3)
print(F.batch_norm(t, rm, rv, training=True, momentum=0.5), rm, rv)
print(F.batch_norm(t, rm, rv, weight=torch.full((3,), 2.), bias=torch.ones(3)))
print(F.batch_norm(t, None, None, training=True).grad_fn)

model = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU())
print(model)
print(model(torch.randn(6, 4)).shape, list(model.state_dict().keys()))

for bad in [lambda: nn.BatchNorm1d(3)(torch.randn(2, 3, 4, 5)),
            lambda: nn.BatchNorm2d(3)(torch.randn(2, 3)),
            lambda: nn.BatchNorm1d(4)(torch.randn(2, 3)),
            lambda: F.batch_norm(torch.randn(2, 3), None, None)]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__ + ":", e)
nn.BatchNorm1d(3)(torch.randn(1, 3))
