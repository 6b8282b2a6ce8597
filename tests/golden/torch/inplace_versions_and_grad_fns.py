import torch
base = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = base * 1
ops = [
    ("add_", lambda t: t.add_(1)), ("sub_", lambda t: t.sub_(1, alpha=2)), ("mul_", lambda t: t.mul_(2)),
    ("multiply_", lambda t: t.multiply_(torch.tensor(0.5))), ("div_", lambda t: t.div_(2)), ("pow_", lambda t: t.pow_(2)),
    ("exp_", lambda t: t.exp_()), ("log_", lambda t: t.log_()), ("sqrt_", lambda t: t.sqrt_()), ("sin_", lambda t: t.sin_()),
    ("cos_", lambda t: t.cos_()), ("neg_", lambda t: t.neg_()), ("abs_", lambda t: t.abs_()), ("clamp_", lambda t: t.clamp_(0, 1)),
    ("relu_", lambda t: t.relu_()), ("masked_fill_", lambda t: t.masked_fill_(t > 0.5, 0.25)),
    ("index_put_", lambda t: t.index_put_((torch.tensor([0]),), torch.tensor(9.))), ("fill_", lambda t: t.fill_(2)),
    ("fill_ tensor", lambda t: t.fill_(torch.tensor(3.))), ("zero_", lambda t: t.zero_()), ("copy_", lambda t: t.copy_(base)),
    ("setitem", lambda t: t.__setitem__(1, 5.)), ("setitem slice", lambda t: t.__setitem__(slice(0, 2), torch.tensor([7., 8.]))),
    ("+=", None), ("*=", None), ("-=", None), ("/=", None),
]
for name, op in ops:
    before = y._version
    if op is None:
        if name == "+=": y += 1
        if name == "*=": y *= 3
        if name == "-=": y -= 1
        if name == "/=": y /= 4
    else:
        op(y)
    print(name, y._version - before, y.grad_fn.name(), y)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
print(base.grad)
z = base * 1
z.add_(1).mul_(2)
z[0] = 0.
z.sum().backward()
print(base.grad, z._version)
with torch.no_grad():
    w = torch.ones(3)
    w.normal_()
    w.uniform_()
    print(w._version)
p = torch.zeros(3, requires_grad=True)
p.requires_grad_(False)
print(p._version, p.requires_grad)
q = (base * 2).detach_()
print(q._version, q.requires_grad, q.grad_fn)
