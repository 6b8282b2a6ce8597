import torch
x = torch.ones(2, 3)
tests = [
    lambda: x.view(2, 2),
    lambda: x.t().view(6),
    lambda: x.sum(dim='a'),
    lambda: x.permute(0),
    lambda: x.expand(3),
    lambda: x.to('a'),
    lambda: x.squeeze(5),
    lambda: torch.cat([x, torch.ones(3, 3)], dim=1),
    lambda: torch.stack([x, torch.ones(3)]),
    lambda: x.reshape(4, -1),
    lambda: x.mm(x),
    lambda: torch.arange(0, 10, 0),
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(type(e).__name__, e)
