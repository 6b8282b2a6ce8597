import torch
from torch.utils.data import Dataset, TensorDataset, DataLoader, random_split, Subset

torch.manual_seed(0)
X = torch.arange(20.0).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)
print(len(ds), ds[3])
loader = DataLoader(ds, batch_size=4, shuffle=True)
print(len(loader))
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, yb, xb.shape)
print(torch.randn(2))
g = torch.Generator().manual_seed(42)
loader = DataLoader(ds, batch_size=3, shuffle=True, generator=g, drop_last=True)
print(len(loader))
for epoch in range(3):
    print([b[1].tolist() for b in loader])
print(torch.randn(2))
for batch in DataLoader(ds, batch_size=5):
    print(type(batch), batch[1])


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {"x": float(i), "sq": i * i, "t": torch.tensor([i, -i]), "pair": (i, str(i))}


for b in DataLoader(Squares(5), batch_size=2):
    print(b)
train, test = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(42))
print(len(train), len(test), train.indices, test.indices, type(train))
print(train[0])
a, b, c = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(1))
print(list(a), list(b), list(c))
print(torch.randperm(10), torch.randperm(5, generator=torch.Generator().manual_seed(3)))
s = Subset(ds, [1, 3])
print(next(iter(DataLoader(ds, batch_size=None))))
print(ds.tensors[1])
it = iter(DataLoader(ds, batch_size=4))
print(next(it)[1], next(it)[1], next(it)[1])
try:
    next(it)
except StopIteration:
    print("done")
try:
    Dataset()[0]
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
print(DataLoader(ds, batch_size=4, collate_fn=lambda b: len(b)).__iter__().__next__())
TensorDataset(torch.zeros(3), torch.zeros(4))
