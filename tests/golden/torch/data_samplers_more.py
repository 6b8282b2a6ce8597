# RandomSampler with replacement and num_samples, WeightedRandomSampler, BatchSampler, and
# DataLoader(sampler=..., batch_sampler=...), drawing PyTorch's numbers.
import torch
from torch.utils.data import (BatchSampler, DataLoader, RandomSampler, SequentialSampler, TensorDataset,
                              WeightedRandomSampler)

torch.manual_seed(0)
print(list(RandomSampler(range(10), replacement=True)))
print(list(RandomSampler(range(10), replacement=True, num_samples=5)))
print(list(RandomSampler(range(10), num_samples=15)))
print(list(RandomSampler(range(4), num_samples=10)))
g = torch.Generator().manual_seed(1)
print(list(RandomSampler(range(100), replacement=True, num_samples=40, generator=g)))
s = RandomSampler(range(10), replacement=True, num_samples=5)
print(len(s), s.num_samples, s.replacement, len(RandomSampler(range(7))))

print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=True)))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=False)))
w = WeightedRandomSampler(torch.tensor([1.0, 2.0, 3.0]), num_samples=4, generator=torch.Generator().manual_seed(2))
print(list(w), len(w), w.weights, w.num_samples, w.replacement)

print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
print(len(BatchSampler(range(10), 3, False)), len(BatchSampler(range(10), 3, True)))
print(list(BatchSampler(RandomSampler(range(7), generator=torch.Generator().manual_seed(5)), 2, False)))

ds = TensorDataset(torch.arange(10.0), torch.arange(10))
bs = BatchSampler(RandomSampler(ds, generator=torch.Generator().manual_seed(3)), 4, False)
dl = DataLoader(ds, batch_sampler=bs)
for xb, yb in dl:
    print(xb, yb)
print(len(dl), dl.batch_size, dl.drop_last, dl.batch_sampler is bs)
weighted = WeightedRandomSampler([1.0] * 10, 6, generator=torch.Generator().manual_seed(4))
for xb, yb in DataLoader(ds, batch_size=3, sampler=weighted):
    print(yb)
dl = DataLoader(ds, batch_sampler=[[0, 1], [5, 3, 2]], collate_fn=lambda b: [y.item() for _, y in b])
print(list(dl), len(dl))

for kw in [dict(batch_size=2), dict(shuffle=True), dict(sampler=[1]), dict(drop_last=True), dict(batch_size=None)]:
    try:
        DataLoader(ds, batch_sampler=[[0]], **kw)
    except ValueError as e:
        print(kw, e)
tries = [
    ('RandomSampler(range(3), num_samples=0)', lambda: RandomSampler(range(3), num_samples=0)),
    ('RandomSampler(range(3), replacement=1)', lambda: RandomSampler(range(3), replacement=1)),
    ('RandomSampler(range(3), num_samples=2.5)', lambda: RandomSampler(range(3), num_samples=2.5)),
    ('WeightedRandomSampler([1.0, 2.0], 0)', lambda: WeightedRandomSampler([1.0, 2.0], 0)),
    ('WeightedRandomSampler([1.0, 2.0], True)', lambda: WeightedRandomSampler([1.0, 2.0], True)),
    ('WeightedRandomSampler([1.0, 2.0], 2, replacement=2)', lambda: WeightedRandomSampler([1.0, 2.0], 2, replacement=2)),
    ('WeightedRandomSampler([[1.0], [2.0]], 3)', lambda: WeightedRandomSampler([[1.0], [2.0]], 3)),
    ('BatchSampler(range(3), 0, False)', lambda: BatchSampler(range(3), 0, False)),
    ('BatchSampler(range(3), True, False)', lambda: BatchSampler(range(3), True, False)),
    ('BatchSampler(range(3), 2, 1)', lambda: BatchSampler(range(3), 2, 1)),
    ('list(WeightedRandomSampler([1.0, 2.0], 3, replacement=False))', lambda: list(WeightedRandomSampler([1.0, 2.0], 3, replacement=False))),
    ('list(WeightedRandomSampler([1.0, -2.0], 3))', lambda: list(WeightedRandomSampler([1.0, -2.0], 3))),
    ('->', lambda: ->),
]
for t, run in tries:
    try:
        print(run())
    except (ValueError, TypeError, RuntimeError) as e:
        print(t, "->", type(e).__name__, e)
BatchSampler(range(3), 2, drop_last=None)
