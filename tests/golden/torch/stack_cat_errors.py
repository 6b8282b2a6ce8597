import torch
for f in [lambda: torch.stack([]), lambda: torch.cat([]), lambda: torch.stack([torch.ones(2), torch.ones(3)]), lambda: torch.cat([torch.ones(2, 2), torch.ones(2)])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
