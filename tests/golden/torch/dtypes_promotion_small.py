import torch

ds = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16,
      torch.float32, torch.float64]
for a in ds:
    print(a, [str(torch.promote_types(a, b)).replace("torch.", "") for b in ds])

i8 = torch.tensor([1, -2], dtype=torch.int8)
u8 = torch.tensor([200, 3], dtype=torch.uint8)
h = torch.tensor([1.5, 2.0], dtype=torch.half)
b = torch.tensor([1.5, 2.0], dtype=torch.bfloat16)
s = torch.tensor([1000, 2], dtype=torch.int16)
print(i8 + u8, u8 + i8)
print(h + b)
print(torch.tensor([1, 2]) + h, h + torch.tensor([1, 2], dtype=torch.int32))
print(h + 1, h + 1.5, h * True, b + 2.5)
print(i8 + 1, i8 + 1.5, u8 * 2, u8 + True, s + i8)
print(i8 + torch.tensor(1000), u8 + torch.tensor(2.5), h + torch.tensor(2.5, dtype=torch.float64))
print(torch.tensor([True, False]) + u8, torch.tensor([True, False]) + h)
print(torch.result_type(i8, 1.0), torch.result_type(u8, i8), torch.result_type(h, b), torch.result_type(h, 5))
print(torch.can_cast(torch.float16, torch.int8), torch.can_cast(torch.uint8, torch.float16))
print(h + torch.ones(2), b * torch.ones(2, dtype=torch.float64), i8 / 2, u8 / u8)
try:
    i8 += 1.5
except RuntimeError as e:
    print("RuntimeError:", e)
u8 += 100
print(u8)
