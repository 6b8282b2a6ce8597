import torch

# Without replacement: one exponential per weight, then the largest weight / draw.
torch.manual_seed(0)
p = torch.tensor([0.1, 0.5, 0.4])
print(torch.multinomial(p, 1))
print(torch.multinomial(p, 3))
print(torch.multinomial(p, 2, replacement=False))

# With replacement (one sample too): the cumulative distribution and a binary search.
torch.manual_seed(0)
print(torch.multinomial(p, 1, replacement=True))
print(torch.multinomial(p, 10, replacement=True))
w = torch.tensor([[0.0, 3.0, 1.0], [2.0, 0.0, 2.0]], dtype=torch.float64)
print(torch.multinomial(w, 4, True))
print(w.multinomial(2))
print(w.multinomial(num_samples=1))
print(torch.multinomial(torch.ones(3).expand(2, 3), 1))
print(torch.multinomial(torch.ones(0, 3), 2))

# generator=: its own stream; the default one does not move.
g = torch.Generator().manual_seed(2147483647)
torch.manual_seed(1)
print(torch.multinomial(p, 5, replacement=True, generator=g))
print(torch.multinomial(p, 2, generator=g))
print(torch.rand(2))
torch.manual_seed(1)
print(torch.rand(2))

out = torch.empty(0, dtype=torch.long)
r = torch.multinomial(p, 4, True, out=out)
print(r is out, out)

probs = torch.softmax(torch.randn(5, requires_grad=True), dim=0)
s = torch.multinomial(probs, 2)
print(s.dtype, s.requires_grad, s.grad_fn)

# exponential_ draws the same numbers the no-replacement path uses.
torch.manual_seed(3)
q = torch.empty(4, dtype=torch.float64)
v = q._version
print(q.exponential_() is q, q, q._version - v)
torch.manual_seed(3)
print(torch.empty(2, 2).exponential_(lambd=2.0))
print(torch.empty(3).exponential_(generator=torch.Generator().manual_seed(5)))
x = torch.zeros(3, requires_grad=True).clone()
x.exponential_()
print(x.grad_fn.name())

for f in [lambda: torch.multinomial(torch.tensor([1, 2]), 1),
          lambda: torch.multinomial(torch.ones(2, 2, 2), 1),
          lambda: torch.multinomial(torch.tensor(1.), 1),
          lambda: torch.multinomial(torch.ones(3), 0),
          lambda: torch.multinomial(torch.ones(3), 4),
          lambda: torch.multinomial(torch.tensor([-1., 2]), 1),
          lambda: torch.multinomial(torch.tensor([-1., 2]), 2, True),
          lambda: torch.multinomial(torch.tensor([0., 0]), 1),
          lambda: torch.multinomial(torch.tensor([0., 0]), 2, True),
          lambda: torch.multinomial(torch.tensor([[0., 0], [1, 1]]), 1),
          lambda: torch.multinomial(torch.tensor([float("inf"), 0]), 2, True),
          lambda: torch.multinomial(torch.tensor([float("nan"), 0]), 1),
          lambda: torch.multinomial(torch.ones(3, dtype=torch.half), 1),
          lambda: torch.multinomial(torch.ones(3, 0), 2),
          lambda: torch.empty(2).exponential_(-1.0),
          lambda: torch.zeros(2, dtype=torch.long).exponential_(),
          lambda: torch.multinomial(p, 2, generator=5)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
