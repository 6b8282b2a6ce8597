# DataLoader(sampler=): a sampler object or any iterable of indices; the samplers of torch.utils.data.
import torch
from torch.utils.data import (DataLoader, TensorDataset, Sampler, SequentialSampler, RandomSampler,
                              SubsetRandomSampler)

X = torch.arange(20.).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)

for xb, yb in DataLoader(ds, batch_size=4, sampler=[9, 0, 3, 3, 5]):
    print(xb.tolist(), yb)
print(len(DataLoader(ds, batch_size=2, sampler=range(5))), len(DataLoader(ds, batch_size=2, sampler=range(5), drop_last=True)))

class EvenSampler(Sampler):
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return iter(range(0, self.n, 2))
    def __len__(self):
        return (self.n + 1) // 2

loader = DataLoader(ds, batch_size=3, sampler=EvenSampler(len(ds)))
print(len(loader), [yb.tolist() for _, yb in loader], type(loader.sampler).__name__)

s = SequentialSampler(ds)
print(list(s), len(s))
torch.manual_seed(0)
print(list(RandomSampler(ds)), len(RandomSampler(ds)))
print(list(RandomSampler(range(6), generator=torch.Generator().manual_seed(3))))
torch.manual_seed(0)
train_idx, valid_idx = list(range(0, 8)), [8, 9]
train_loader = DataLoader(ds, batch_size=3, sampler=SubsetRandomSampler(train_idx))
valid_loader = DataLoader(ds, batch_size=3, sampler=SubsetRandomSampler(valid_idx))
for epoch in range(2):
    print(epoch, [yb.tolist() for _, yb in train_loader], [yb.tolist() for _, yb in valid_loader])
print(len(train_loader), len(SubsetRandomSampler(train_idx)))
g = torch.Generator().manual_seed(7)
print(list(SubsetRandomSampler([10, 20, 30, 40], generator=g)))
print(torch.rand(1))
try:
    DataLoader(ds, sampler=range(3), shuffle=True)
except ValueError as e:
    print("ValueError:", e)
print(next(iter(DataLoader(ds, batch_size=None, sampler=[4, 1]))))
