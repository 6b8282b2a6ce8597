import torch
x = torch.ones(2, 3)
tries = [
 lambda: torch.zeros(x.shape, 5),
 lambda: x.view(x.shape, 2),
 lambda: torch.ones(2, dtype=5),
 lambda: x.to(device=3),
 lambda: x.sum(dim=torch.float32),
 lambda: x.shape + [1],
 lambda: x.shape[1.5],
 lambda: torch.Size([1, 2]) * 1.5,
 lambda: list(reversed([1, 2])),
 lambda: reversed([1, 2]),
 lambda: (1, 2) * x,
 lambda: torch.tensor(2**63),
 lambda: x.reshape("a"),
 lambda: torch.ones("a"),
 lambda: x.permute(1, 1),
 lambda: x.transpose(0, 5),
 lambda: x[0, 0, 0],
 lambda: x.masked_fill(x, 1.0),
 lambda: x.float(3),
 lambda: x.item(),
 lambda: int(x),
 lambda: len(torch.tensor(3.)),
 lambda: iter(torch.tensor(3.)),
 lambda: x.dtype(),
 lambda: torch.float32(3),
 lambda: x.shape(),
 lambda: x.size(5),
 lambda: x.stride(-3),
 lambda: x.unsqueeze(3),
 lambda: x.expand(2),
 lambda: torch.stack([x, torch.ones(3, 2)]),
 lambda: torch.arange(0, 5, 0),
 lambda: torch.randint(5, (2,), dtype=torch.float32).dtype,
 lambda: torch.linspace(0, 1),
 lambda: x.new_tensor("a"),
]
for i, t in enumerate(tries):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, type(e).__name__, e)
