import torch
# Summarisation with `...` past 1000 elements, in each dtype and rank.
print(torch.arange(1001))
print(torch.arange(1000))
print(torch.arange(1001.))
print(torch.arange(2000).reshape(2, 1000))
print(torch.arange(3000).reshape(3, 1000))
print(torch.arange(3000).reshape(3, 10, 100))
print(torch.arange(1100).reshape(1100, 1))
print(torch.arange(10000).reshape(100, 100).float() / 7)
print(torch.arange(1200).reshape(12, 100).bool())
print(torch.linspace(0, 1, 2000))
print(torch.arange(1001, dtype=torch.float64) * 1e-6)
print(torch.arange(1200, dtype=torch.int32).reshape(40, 30))
