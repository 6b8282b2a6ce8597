# reciprocal, rsqrt, log1p, expm1, log2, log10, tan: integer inputs give float32, in place on an
# integer tensor is an error; gradients and node names; isnan, isinf, isfinite; nan_to_num.
import torch

f = torch.tensor([0.5, 1.0, 2.0, 3.0])
d = torch.tensor([0.25, 8.0], dtype=torch.float64)
i = torch.tensor([1, 2, 10])
b = torch.tensor([True, False])
names = ["reciprocal", "rsqrt", "log1p", "expm1", "log2", "log10", "tan"]
for name in names:
    print(name, getattr(torch, name)(f))
    print(name, getattr(d, name)())
    r = getattr(i, name)()
    print(name, r, r.dtype, getattr(torch, name)(b).dtype, getattr(i.int(), name)().dtype)
    try:
        getattr(i.clone(), name + "_")()
    except RuntimeError as e:
        print(name + "_:", e)
print(i.reciprocal(), torch.reciprocal(b), f.rsqrt(), torch.log1p(d))
print(torch.rsqrt(torch.tensor([0.0, -1.0, float('inf')])))
print(torch.log2(torch.tensor([0.0, 1024.0])), torch.log10(torch.tensor([1000.0, -1.0])))
print(torch.log1p(torch.tensor([-1.0, -2.0])), torch.expm1(torch.tensor([0.0, -float('inf')])))
print(torch.reciprocal(torch.tensor([0.0, -0.0])))

x = torch.tensor([0.5, 1.0, 2.0])
for name in names:
    y = x.clone()
    r = getattr(y, name + "_")()
    print(name + "_", y, r is y, y._version)

a = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
for name in names:
    r = getattr(a, name)()
    (g,) = torch.autograd.grad(r.sum(), a)
    print(name, r.grad_fn.name(), g)
h = a * 1
h.tan_()
h.sum().backward()
print(h.grad_fn.name(), a.grad)

# isnan, isinf, isfinite
v = torch.tensor([1.0, float('nan'), float('inf'), -float('inf'), 0.0])
print(torch.isnan(v), v.isinf(), v.isfinite())
print(torch.isnan(i), torch.isinf(i), i.isfinite(), torch.isfinite(b))
print(torch.isnan(d).dtype, torch.isnan(a).requires_grad)
try:
    v.isnan_()
except AttributeError as e:
    print("AttributeError:", e)

# nan_to_num
print(torch.nan_to_num(v))
print(torch.nan_to_num(v, nan=0.5, posinf=10, neginf=-10.0))
print(v.nan_to_num(posinf=1.0))
print(torch.nan_to_num(v.double()))
print(torch.nan_to_num(i), torch.nan_to_num(b))
w = v.clone()
w.nan_to_num_(nan=-1.0)
print(w, w._version)
n = torch.tensor([float('nan'), 2.0, float('inf')], requires_grad=True)
r = torch.nan_to_num(n)
r.sum().backward()
print(r.grad_fn.name(), n.grad)
try:
    v.nan_to_num("x")
except TypeError as e:
    print("TypeError:", e)
