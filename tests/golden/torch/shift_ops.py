# Shifts on integer tensors: operators, in-place forms, torch functions and methods, promotion.
import torch

a = torch.tensor([1, 2, 3, -4])
b = torch.tensor([1, 2, 0, 1])
print(a << b, a >> b)
print(a << 2, a >> 1, 2 << b, 64 >> b)
print(torch.bitwise_left_shift(a, b), torch.bitwise_right_shift(a, 1))
print(torch.bitwise_left_shift(3, b), torch.bitwise_right_shift(input=a, other=b))
print(a.bitwise_left_shift(b), a.bitwise_right_shift(2))

# In place: the same tensor, one version bump each.
c = a.clone()
d = c
c <<= 1
print(c, c is d, c._version)
c >>= b
print(c, c._version)
print(c.bitwise_left_shift_(b) is c, c, c._version)
c.bitwise_right_shift_(1)
print(c, c._version)

# Promotion: a Python int keeps the tensor's dtype, a tensor with dims promotes.
i8 = torch.tensor([1, 64, -128], dtype=torch.int8)
print(i8 << 1, (i8 << torch.tensor([1, 1, 1])).dtype, (i8 << torch.tensor(3)).dtype)
u8 = torch.tensor([1, 128, 255], dtype=torch.uint8)
print(u8 << 1, u8 >> 1)
i32 = torch.tensor([1, -2], dtype=torch.int32)
print(i32 << torch.tensor([1, 2]), i32 >> 1)
print(torch.tensor([True, False]) << 1)
print(torch.tensor(5) >> 1)
e = i8.clone()
e <<= torch.tensor([1, 1, 1])
print(e)

# Counts past the width, as PyTorch's kernels compute them.
big = torch.tensor([3, -3])
print(big << 62, big >> 63, big << 64, big >> 65)
print(i8 << 9, torch.tensor([3], dtype=torch.int16) << 17)

# Float operands.
f = torch.tensor([1.0, 2.0])
cases = [
    ('f << 1', lambda: f << 1),
    ('f >> 1', lambda: f >> 1),
    ('a << 1.5', lambda: a << 1.5),
    ('a >> f', lambda: a >> f),
    ('a[:2] >> f', lambda: a[:2] >> f),
    ('torch.bitwise_left_shift(f, a)', lambda: torch.bitwise_left_shift(f, a)),
    ('a.bitwise_right_shift(torch.tensor(2.0))', lambda: a.bitwise_right_shift(torch.tensor(2.0))),
    ('a.bitwise_left_shift_(1.5)', lambda: a.bitwise_left_shift_(1.5)),
    ('torch.tensor([True]) << torch.tensor([True])', lambda: torch.tensor([True]) << torch.tensor([True])),
    ('f.half() >> 1', lambda: f.half() >> 1),
    ('a << torch.tensor([1, 2])', lambda: a << torch.tensor([1, 2])),
    ("torch.bitwise_left_shift(a, 'x')", lambda: torch.bitwise_left_shift(a, 'x')),
    ("a.bitwise_right_shift_('x')", lambda: a.bitwise_right_shift_('x')),
    ("a << 'x'", lambda: a << 'x'),
    ('a.__lshift__(None)', lambda: a.__lshift__(None)),
]
for expr, run in cases:
    try:
        print(expr, "->", run())
    except (RuntimeError, TypeError) as err:
        print(expr, "->", type(err).__name__, err)
g = torch.tensor([4, 8])
try:
    g <<= 1.5
except RuntimeError as err:
    print("g <<= 1.5:", err, g, g._version)
try:
    f >>= 1
except RuntimeError as err:
    print("f >>= 1:", err)
print(1 << f)
