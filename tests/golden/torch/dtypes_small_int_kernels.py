import torch

# int8, int16 and uint8 through every elementwise and reduction family, at the edges of their
# ranges: wrapping, division and remainder signs, the most negative value, bounds out of range.
i8 = torch.tensor([-128, 127, -1, 0, 1, 100, -100, -7], dtype=torch.int8)
j8 = torch.tensor([-1, 2, -3, 5, -128, 3, -7, 127], dtype=torch.int8)
print(i8 + j8, i8 - j8, i8 * j8, i8 + 300, i8 * -3, 1000 - i8)
print(torch.add(i8, j8, alpha=3), torch.sub(i8, j8, alpha=-2))
print(-i8, abs(i8), i8.neg(), i8.sign(), i8.relu(), ~i8)
print(i8 // j8, i8 % j8, i8 // -1, i8 % -1, i8 // 7, i8 % 7, i8 // -7, i8 % -7)
print(i8 & j8, i8 | j8, i8 ^ j8, i8 & -1, i8 | 0x40, i8 ^ 127)
print(i8 == j8, i8 != j8, i8 < j8, i8 <= j8, i8 > j8, i8 >= j8, i8 > -100, 5 > i8)
print(torch.maximum(i8, j8), torch.minimum(i8, j8), torch.logical_and(i8, j8), torch.logical_or(i8, 0 * j8))
print(torch.logical_not(i8), i8.isnan(), i8.isinf(), i8.isfinite())
print(i8 ** 2, i8 ** 3, j8.abs() ** j8.abs(), torch.tensor([2, -2, 3], dtype=torch.int8) ** 7)
print(torch.tensor([1, -1, 2, 0], dtype=torch.int8) ** torch.tensor([-3, -3, -1, 2], dtype=torch.int8))
print(i8.clamp(-5, 5), i8.clamp(min=0), i8.clamp(max=-2), i8.clamp(-128, 127))
print(i8.floor(), i8.ceil(), i8.round(), i8.trunc(), torch.nan_to_num(i8))
print(i8.sum(), i8.sum(dtype=torch.int8), i8.prod(), j8.prod(), i8.cumsum(0), i8.cumsum(0, dtype=torch.int8))
print(i8.cumprod(0), j8.cumprod(0, dtype=torch.int8), i8.max(), i8.min(), i8.argmax(), i8.argmin())
print(i8.amax(), i8.amin(), i8.all(), i8.any(), (i8 * 0).any(), i8.reshape(2, 4).trace())
m8 = i8.reshape(2, 4)
print(m8.max(0), m8.min(1), m8.amax(1), m8.amin(0), m8.sum(1), m8.all(1), m8.any(0), m8.argmax(1))
print(m8.t() + j8.reshape(4, 2), m8[:, ::2] * 3, m8.t().abs(), m8 + j8[:4], m8.t().cumsum(1))

u8 = torch.tensor([0, 1, 255, 128, 200, 5, 254, 17], dtype=torch.uint8)
v8 = torch.tensor([3, 255, 2, 128, 100, 0, 255, 4], dtype=torch.uint8)
print(u8 + v8, u8 - v8, u8 * v8, u8 + 300, u8 - 1, -u8, abs(u8), u8.sign(), ~u8, u8.relu())
print(u8 // torch.tensor([3, 255, 2, 128, 100, 1, 255, 4], dtype=torch.uint8), u8 % 7, u8 // 16)
print(u8 & v8, u8 | v8, u8 ^ v8, u8 > v8, u8 == v8, u8 <= 128, torch.maximum(u8, v8), torch.minimum(u8, v8))
print(u8 ** 2, v8 ** torch.tensor([0, 1, 2, 3, 4, 5, 6, 7], dtype=torch.uint8), u8.clamp(10, 250))
print(u8.sum(), u8.prod(), u8.cumsum(0), u8.max(), u8.min(), u8.argmax(), u8.amin(), u8.all(), u8.any())
print(u8.cumsum(0, dtype=torch.uint8), u8.sum(dtype=torch.uint8), u8.reshape(2, 4).max(1), u8.reshape(4, 2).trace())
print(u8 + i8, u8 * i8, u8 - i8, (u8 + i8).dtype, u8 > i8, torch.maximum(u8, i8), u8 // 3 + i8 % 5)

s = torch.tensor([-32768, 32767, 30000, -2, 3, 0, -1, 1000], dtype=torch.int16)
t = torch.tensor([-1, 2, 3, -3, 7, 5, -32768, -7], dtype=torch.int16)
print(s + t, s - t, s * t, s * s, -s, abs(s), ~s, s.sign(), s // t, s % t, s // -1, s % -1)
print(s & t, s | t, s ^ t, s < t, s >= t, torch.maximum(s, t), torch.minimum(s, t), s ** 2, t ** 3)
print(s.clamp(-1000, 1000), s.clamp(min=32767), s.sum(), s.prod(), s.cumsum(0), s.cumprod(0, dtype=torch.int16))
print(s.max(), s.min(), s.argmax(), s.argmin(), s.amax(), s.all(), s.any(), s.reshape(2, 4).min(0))
print(s + i8, (s + i8).dtype, s + u8, (s * u8).dtype, s.sum(dtype=torch.int16), s.reshape(4, 2).trace())

# In place: computed in int32, stored back into the small tensor.
a = i8.clone()
a += j8
a *= 3
a -= 200
print(a)
a.neg_()
a.abs_()
a.clamp_(-50, 90)
print(a)
a.bitwise_not_()
a //= 3
a %= 5
print(a, a.dtype)
b = u8.clone()
b.add_(v8, alpha=2)
b.mul_(b)
b.clamp_(max=100)
b.bitwise_xor_(v8)
print(b)
c = s.clone()
c.sub_(t, alpha=3)
c.pow_(2)
c.floor_divide_(t)
c.relu_()
print(c)
d = m8.t()
d += 1
print(d, m8)
try:
    i8 % torch.zeros(8, dtype=torch.int8)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    u8 // torch.zeros(8, dtype=torch.uint8)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    i8 ** -1
except RuntimeError as e:
    print("RuntimeError:", e)
