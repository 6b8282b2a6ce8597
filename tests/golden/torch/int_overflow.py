import torch
x = torch.ones(2)
tries = [lambda: torch.tensor(2**63), lambda: torch.tensor([1, 2**64]), lambda: x + 2**63, lambda: x * 2**70, lambda: torch.full((2,), 2**63),
 lambda: x.view(2**63), lambda: torch.zeros(2**63), lambda: x[2**63], lambda: torch.tensor(-2**63), lambda: torch.tensor([-2**63]), lambda: x.fill_(2**64),
 lambda: torch.arange(2**63), lambda: x.sum(2**63), lambda: torch.tensor(2**63, dtype=torch.float32), lambda: x.add(1, alpha=2**63),lambda: torch.tensor(10**30*1.0)]
for i, t in enumerate(tries):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, type(e).__name__, e)
