import torch
x = torch.ones(2, 3)
s = x.shape
tries = [
 lambda: s + 1, lambda: s - s, lambda: s(), lambda: s.foo, lambda: torch.float32.foo, lambda: x.device.foo,
 lambda: torch.float32 + 1, lambda: len(torch.float32), lambda: torch.float32[0], lambda: x.max(0) + 1, lambda: x.max(0).foo,
 lambda: x.max(0)(), lambda: int(s), lambda: float(torch.float32), lambda: {s: 1}, lambda: {x.device: 1}, lambda: hash(torch.float32) == hash(torch.float32),
 lambda: x.grad_fn.foo, lambda: (x*1).grad_fn, lambda: x.requires_grad_().mul(2).grad_fn.foo, lambda: x.foo,
 lambda: torch.nn.Linear(1,1).foo, lambda: torch.optim.SGD([x], lr=1).foo, lambda: iter(s).foo,
 lambda: torch.no_grad().foo, lambda: torch.float32 < torch.int64, lambda: max(s), lambda: sorted([torch.float32, torch.int64]),
 lambda: s.index(3), lambda: s.count(3), lambda: s.numel(), lambda: torch.Size([2.5]), lambda: torch.Size(3),
]
for i, t in enumerate(tries):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, type(e).__name__, e)
