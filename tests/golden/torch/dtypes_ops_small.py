import torch

i8 = torch.tensor([100, -100, 7, -7], dtype=torch.int8)
print(i8 + i8, i8 * 2, -i8, i8 - 50, abs(i8))
print(i8 // 2, i8 % 3, i8 / 2, i8 // -3, i8 % -3)
print(i8 & 3, i8 | 1, i8 ^ 5, ~i8)
print(i8 > 0, i8 == 7, i8.sum(), i8.sum().dtype, i8.prod(), i8.max(), i8.argmin(), i8.cumsum(0))
u8 = torch.tensor([250, 5, 0, 128], dtype=torch.uint8)
print(u8 + 10, u8 - 10, u8 * 3, -u8, u8 // 3, u8 % 7, ~u8)
print(u8.sum(), u8.sum().dtype, u8.max(), u8.min(), u8.float().mean(), u8.sort())
try:
    u8.mean()
except RuntimeError as e:
    print("RuntimeError:", e)
s = torch.tensor([[30000, -2], [3, 4]], dtype=torch.int16)
print(s + s, s * s, s.sum(0), s.sum(), s.t().contiguous(), s.flatten(), s[0], s[:, 1], s.T @ s)
try:
    torch.tensor([1, 0], dtype=torch.int8) // torch.tensor([0, 0], dtype=torch.int8)
except RuntimeError as e:
    print("RuntimeError:", e)

h = torch.tensor([1.5, -2.0, 0.1, 1000.0], dtype=torch.half)
print(h + h, h * h, h / 3, h - 0.1, -h, abs(h), h ** 2, h.sign())
print(h.sum(), h.mean(), h.max(), h.argmax(), h.std(), h.norm(), h.min(dim=0))
print(h > 0, h == 0.1, torch.maximum(h, h.flip(0)), h // 2, h % 2, h.reciprocal(), h.frac())
print(h.isnan(), torch.where(h > 0, h, torch.zeros(4, dtype=torch.half)), torch.cat([h, h]).shape, h.sort())
print(h.masked_fill(h < 0, 0), h[h > 0], h.reshape(2, 2).t(), h.view(torch.int16))
b = torch.tensor([1.5, -2.0, 0.1, 1000.0], dtype=torch.bfloat16)
print(b + b, b * b, b / 3, b.exp(), b.sqrt(), b.log(), b.tanh(), b.sigmoid(), b.relu())
print(b.sum(), b.mean(), b.softmax(0), b.cumsum(0), b.clamp(0, 2), b.round(), b.floor())
print(b.reshape(2, 2) @ b.reshape(2, 2), b.topk(2))
print(torch.tensor([65504.0], dtype=torch.half) * 2, torch.tensor([3.0e38], dtype=torch.bfloat16) * 2)
