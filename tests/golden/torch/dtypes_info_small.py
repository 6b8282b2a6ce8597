import torch

for dt in [torch.float16, torch.bfloat16]:
    f = torch.finfo(dt)
    print(f)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.resolution, f.dtype)
for dt in [torch.int8, torch.int16, torch.uint8]:
    i = torch.iinfo(dt)
    print(i)
    print(i.bits, i.min, i.max, i.dtype)
print(torch.finfo(torch.half) == torch.finfo(torch.float16))
try:
    torch.finfo(torch.uint8)
except TypeError as e:
    print("TypeError:", e)
try:
    torch.iinfo(torch.bfloat16)
except TypeError as e:
    print("TypeError:", e)
