import torch
# The version counter: every in-place write bumps it once, on the tensor and everything that shares
# its counter (views and detach()); .data, clone() and conversions get counters of their own.
x = torch.zeros(4)
v = x[1:3]
d = x.detach()


def ver():
    return (x._version, v._version, d._version)


print(ver(), x.add_(1).mul_(2) is x, ver())
print(torch.add(x, 1, out=x) is x, ver(), x.copy_(torch.ones(4)) is x, ver())
print(v.zero_() is v, ver(), d.fill_(2) is d, ver())
print(x.index_put_((torch.tensor([0]),), torch.tensor(5.)) is x, ver(), x.masked_fill_(x > 1, 0) is x, ver())
print(x.clamp_(0, 1) is x, ver(), x.relu_() is x, ver(), x.normal_() is x, ver(), x.uniform_() is x, ver())
print(x.requires_grad_() is x, ver(), x.requires_grad_(False) is x, ver(), x.detach_() is x, ver())
print(x.data.add_(1) is not None, ver())
x[0] = 1
print(ver())
x[[0, 1]] = torch.tensor([2., 3.])
print(ver())
x[x > 2] = 0
print(ver())
x[...] = 1
print(ver())
x += 1
v -= 1
x *= torch.ones(4)
x /= 2
print(ver())
print(x.exp_().log_().sqrt_().sin_().cos_().neg_().abs_().pow_(2) is x, ver())
print(x.contiguous() is x, ver(), x.view(2, 2).add_(1).shape, ver())
print(x.clone().add_(1).shape, x.to(torch.float64).add_(1).shape, ver(), x.float().add_(1) is x, ver())
print(torch.relu_(x) is x, ver(), x.sub_(v.sum()) is x, ver())
y = torch.zeros(2, 3)
r = y[0]
r.add_(1)
print(y._version, r._version)
y.t()[0].add_(1)
print(y._version, r._version)
z = y.view(6)
z[::2] = 5
print(y._version, z._version, y)
