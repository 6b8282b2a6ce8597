import torch
x = torch.arange(6).reshape(3, 2)
for row in x:
    print(row, row.storage_offset())
for i, v in enumerate(torch.tensor([10, 20])):
    print(i, v.item())
print(list(torch.tensor([1, 2])), len(x), [r.sum().item() for r in x])
try:
    for v in torch.tensor(5):
        pass
except TypeError as e:
    print(e)
