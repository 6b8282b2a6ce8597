import torch
# Each in-place op of docs/language.md: same storage, the version counter +1, shared with views.
x = torch.arange(6.)
v = x[1:4]
ptr = x.data_ptr()
print(x._version, v._version)
x.add_(1)
print((x._version, v._version), x)
print(x.add_(torch.ones(6), alpha=2), x.add_(2, alpha=3), x._version)
print(x.sub_(1), x.sub_(torch.ones(6), alpha=0.5), x.mul_(2), x.mul_(torch.arange(6.)), x.multiply_(0.5))
print(x.div_(2), x.div_(torch.full((6,), 2.0)), x.div_(3, rounding_mode='floor'), x.div_(2, rounding_mode='trunc'), x._version)
print(x.fill_(4), x.pow_(2), x.pow_(torch.full((6,), 0.5)), x.exp_(), x.log_(), x.sqrt_())
print(x.sin_(), x.cos_(), x.neg_(), x.abs_(), x.zero_(), x.fill_(3), x.fill_(torch.tensor(2.5)), x.fill_(True))
print(x.copy_(torch.arange(6)), x.copy_(torch.tensor(7)), x.clamp_(0, 3), x.clamp_(min=1), x.clamp_(max=2))
print(x.copy_(torch.arange(-3., 3.)).relu_(), torch.relu_(x), x.clamp_(torch.tensor(0.5), torch.tensor(1.5)))
print(x.masked_fill_(x > 1, 0), x.masked_fill_(torch.tensor([True, False, True, False, True, False]), -1.5))
print(x.masked_fill_(x > 0, torch.tensor(9.0)), x.index_put_((torch.tensor([0, 2]),), torch.tensor(5.0)))
print(x.index_put_((torch.tensor([0, 0]),), torch.tensor([1.0, 2.0]), accumulate=True), x.index_put_([torch.tensor([1])], torch.tensor([3.0])))
print(x.index_put_((torch.tensor([True, False, True, False, True, False]),), torch.tensor(0.)))
torch.manual_seed(0)
print(x.normal_()._version, x.uniform_()._version, x)
print((x._version, v._version, v._base is x, x.data_ptr() == ptr))
c = x.clone()
print(c._version)
d = x.data
d.add_(1)
print(x._version, d._version)
i = torch.arange(4)
print(i.div_(2, rounding_mode='floor'), i.mul_(3), i.pow_(2), i.neg_(), i.abs_(), i.fill_(2.7), i.clamp_(0, 1), i._version)
print(i.copy_(torch.tensor([1.9, 2.9, -1.9, 0.1])), i.bitwise_not_(), (i > 0).logical_not_())
w = torch.ones(2)
print(w.requires_grad_(), w.requires_grad, w.requires_grad_(False).requires_grad, w._version)
print(w.requires_grad_(True).detach_().requires_grad, w._version, w.is_leaf)
z = torch.ones(3)
zid = id(z)
z += 1
z -= 0.5
z *= 2
z /= 4
print(z, z._version, id(z) == zid)
