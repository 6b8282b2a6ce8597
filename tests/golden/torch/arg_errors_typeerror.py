import torch
x = torch.ones(2, 3)
tests = [
    lambda: torch.zeros('a'),
    lambda: torch.ones(2, 'a'),
    lambda: torch.zeros(2, dtype=3),
    lambda: x.view('a'),
    lambda: x.transpose(0),
    lambda: x.sum(dim=0, foo=1),
    lambda: torch.tensor(),
    lambda: x.add(x, x, x),
    lambda: torch.arange('a'),
    lambda: x.reshape(2, 'a'),
    lambda: x.mul(x, 3),
    lambda: torch.sum(x, 1.5),
    lambda: torch.cat(x),
    lambda: x.add('a'),
    lambda: torch.add(x, 'a'),
]
for t in tests:
    try:
        t()
    except TypeError as e:
        print(e)
