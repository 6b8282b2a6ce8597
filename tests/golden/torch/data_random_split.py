import torch
from torch.utils.data import TensorDataset, random_split, Subset

ds = TensorDataset(torch.arange(10.0), torch.arange(10) % 3)
train, test = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(42))
print(len(train), len(test), train.indices, test.indices, type(train))
print(train[0], test[2])
print(train.dataset is ds)
a, b, c = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(1))
print(list(a), list(b), list(c))
torch.manual_seed(3)
x, y = random_split(range(7), [0.5, 0.5])
print(list(x), list(y))
print(torch.randperm(10), torch.randperm(5, generator=torch.Generator().manual_seed(3)))
s = Subset(ds, [1, 3])
print(len(s), s[1])
g = torch.Generator()
print(g.initial_seed())
print(torch.randperm(100, generator=g)[:10])
print(g.manual_seed(5) is g, g.initial_seed())
try:
    random_split(range(4), [1.5, -0.5])
except ValueError as e:
    print(e)
random_split(ds, [5, 6])
