import torch

for d in [torch.float32, torch.float64]:
    f = torch.finfo(d)
    print(f)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype, type(f.dtype), type(f.eps))
print(torch.finfo())
print(torch.finfo(type=torch.double).eps)
for d in [torch.int64, torch.int32, torch.long, torch.int]:
    i = torch.iinfo(d)
    print(i, i.bits, i.max, i.min, i.dtype, type(i.max))
print(type(torch.finfo(torch.float32)), torch.finfo, torch.iinfo)
print(torch.finfo(torch.float32) == torch.finfo(torch.float), torch.finfo(torch.float32) == torch.finfo(torch.float64))
print(torch.iinfo(torch.int32) != torch.iinfo(torch.int32), torch.finfo(torch.float32) == 3)
# the usual uses: clamping to the largest value, a tolerance, a mask filled with the lowest value
x = torch.tensor([1e39, -1.0, 0.5], dtype=torch.float64)
print(x.clamp(max=torch.finfo(torch.float32).max))
print(abs(0.1 + 0.2 - 0.3) < torch.finfo(torch.float64).eps)
scores = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
mask = torch.tensor([[False, True], [False, False]])
print(scores.masked_fill(mask, torch.finfo(scores.dtype).min))
print(torch.iinfo(torch.int64).max + 1)
for bad in [lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.float32), lambda: torch.iinfo(torch.bool),
            lambda: torch.finfo(3), lambda: torch.iinfo(), lambda: torch.finfo(torch.bool)]:
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)
torch.finfo(torch.float32).epsilon
