import torch
x = torch.tensor([1.0, 2.0])
for f in [lambda: float(x), lambda: int(x), lambda: bool(x), lambda: bool(torch.tensor([])), lambda: len(torch.tensor(1.0)), lambda: x.item()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
