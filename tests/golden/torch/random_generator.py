import torch

# generator= draws from that generator's stream and leaves the default one where it was.
g = torch.Generator().manual_seed(2147483647)
torch.manual_seed(0)
print(torch.randn((2, 3), generator=g))
print(torch.randn(3, generator=g))
print(torch.rand(3, generator=g))
print(torch.rand(2, 2, dtype=torch.float64, generator=g))
print(torch.randint(0, 61, (8,), generator=g))
print(torch.randint(10, (2, 3), generator=g))
print(torch.normal(0.0, 1.0, (3,), generator=g))
print(torch.normal(torch.zeros(3), torch.ones(3), generator=g))
print(torch.normal(torch.arange(3.), 2.0, generator=g))
print(torch.rand(3))
torch.manual_seed(0)
print(torch.rand(3))

w = torch.empty(2, 3)
print(w.normal_(0, 0.02, generator=g) is w, w)
print(w.uniform_(-1, 1, generator=g))
print(torch.bernoulli(torch.full((2, 4), 0.5), generator=g))
print(torch.bernoulli(torch.ones(3), 0.3, generator=g))
print(torch.empty(5).bernoulli_(0.5, generator=g))
print(torch.empty(5).bernoulli_(torch.full((5,), 0.7), generator=g))
print(g.initial_seed())

# The same seed gives the same numbers; generator=None is the default generator.
g1 = torch.Generator().manual_seed(42)
g2 = torch.Generator().manual_seed(42)
print(torch.equal(torch.randn(4, generator=g1), torch.randn(4, generator=g2)))
torch.manual_seed(7)
a = torch.randn(3, generator=None)
torch.manual_seed(7)
print(torch.equal(a, torch.randn(3)))
print(torch.randn(2, generator=torch.default_generator) is not None)
try:
    torch.randn(2, generator=3)
except TypeError as e:
    print(e)
