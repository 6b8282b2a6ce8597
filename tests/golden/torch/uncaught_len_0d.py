import torch
v = torch.tensor([1, 2, 3])
print(len(v), [int(t) for t in v])
s = v.sum()
print(s, s.dim())
for item in s:
    print(item)
