import torch
x = torch.arange(6).reshape(2, 3)
for f in [lambda: x[2], lambda: x[0, 5], lambda: x[0, 0, 0], lambda: x[1.5], lambda: x[torch.tensor([5])]]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
