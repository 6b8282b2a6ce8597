# floor, ceil, round (and round(decimals=)), trunc, frac, sign: values for every dtype, the
# integer and bool rules, in-place forms and their version bumps, grad_fn names and gradients.
import torch

f = torch.tensor([1.5, -2.5, 0.5, 2.5, -0.0, 3.7, -3.7])
d = torch.tensor([0.125, -1.875, 2.5], dtype=torch.float64)
i = torch.tensor([-3, 0, 4])
i32 = torch.tensor([7, -8], dtype=torch.int32)
b = torch.tensor([True, False])

for name in ["floor", "ceil", "round", "trunc", "frac", "sign"]:
    print(name, getattr(torch, name)(f))
    print(name, getattr(d, name)())
for name in ["floor", "ceil", "round", "trunc", "sign"]:
    r = getattr(torch, name)(i)
    print(name, r, r.dtype, getattr(i32, name)().dtype)
print(torch.floor(f), f.ceil(), torch.trunc(f), d.frac(), torch.sign(i32))
print(torch.sign(b), torch.sign(b).dtype)
print(torch.sign(torch.tensor([float('nan'), float('inf'), -float('inf')])))
print(torch.frac(torch.tensor([float('inf'), float('nan'), -5.25])))

# round half to even, and with decimals (negative decimals round to tens, hundreds ...)
print(torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5])))
print(torch.round(torch.tensor([1.2345, -2.3456, 1234.5678]), decimals=2))
print(torch.round(torch.tensor([1234.5678, -55.0]), decimals=-2))
print(d.round(decimals=1))
print(torch.round(torch.tensor([2.675]), decimals=2))

# errors
for name in ["floor", "ceil", "round", "trunc", "frac"]:
    try:
        getattr(torch, name)(b)
    except RuntimeError as e:
        print(name, "bool:", e)
for t in [i, i32]:
    try:
        torch.frac(t)
    except RuntimeError as e:
        print("frac:", e)
try:
    torch.round(i, decimals=1)
except RuntimeError as e:
    print("round decimals:", e)
try:
    torch.round(f, 1)
except TypeError as e:
    print("TypeError:", e)

# in place: same storage, one version bump each
x = torch.tensor([1.25, -1.75, 2.5])
p = x.data_ptr()
for name in ["floor_", "ceil_", "round_", "trunc_", "frac_", "sign_"]:
    y = x.clone()
    v = y._version
    r = getattr(y, name)()
    print(name, y, r is y, y._version - v)
y = x.clone()
y.round_(decimals=1)
print(y, y._version)
k = torch.tensor([5, -5])
k.floor_()
print(k, k._version)

# autograd
a = torch.tensor([1.5, -2.25, 0.75], requires_grad=True)
for name in ["floor", "ceil", "round", "trunc", "frac", "sign"]:
    r = getattr(a, name)()
    print(name, r.grad_fn.name(), r)
    (g,) = torch.autograd.grad(r.sum(), a)
    print(g)
r = torch.round(a, decimals=1)
print(r, r.grad_fn.name())
r.sum().backward()
print(a.grad)
try:
    a.floor_()
except RuntimeError as e:
    print(e)
h = a * 2
h.frac_()
print(h.grad_fn.name(), h._version)
h.sum().backward()
print(a.grad)
