import torch

t = torch.arange(6).reshape(2, 3)
m = torch.tensor([[1, 0, 1], [0, 1, 0]], dtype=torch.uint8)
print(t[m])
print(t[torch.tensor([1, 0], dtype=torch.uint8)])
for k in range(2):
    print(t[m].sum())
t[m] = 0
print(t)
t[m] = torch.tensor([7, 8, 9])
print(t)
print(t[m.bool()], t[:, torch.tensor([0, 1, 1], dtype=torch.uint8)])
