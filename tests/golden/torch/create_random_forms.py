import torch
torch.manual_seed(0)
print(torch.rand(3), torch.rand(2, 2), torch.rand((2, 3), dtype=torch.float64), torch.rand(2, requires_grad=True))
print(torch.randn(4), torch.randn(2, 3, dtype=torch.float64), torch.randn((3,)), torch.randn(size=(2,)))
print(torch.randint(10, (5,)), torch.randint(3, 10, (2, 3)), torch.randint(0, 2, size=(4,)))
print(torch.randint(low=1, high=5, size=(3,)), torch.randint(5, (3,), dtype=torch.int32), torch.randint(5, (3,), dtype=torch.float32))
print(torch.randint(-5, 5, (6,)), torch.randint(10, (2, 2), dtype=torch.bool))
print(torch.randperm(5), torch.randperm(10), torch.randperm(0), torch.randperm(3, dtype=torch.float32), torch.randperm(30))
print(torch.normal(0, 1, size=(3,)), torch.normal(2.0, 3.0, (2, 2)), torch.normal(0.0, 1.0, (4,), dtype=torch.float64))
print(torch.normal(torch.zeros(3), torch.ones(3)), torch.normal(torch.arange(4.0), 0.5), torch.normal(1.0, torch.ones(2)))
print(torch.normal(mean=torch.zeros(2), std=2.0), torch.normal(0, 1, (2,), requires_grad=True))
print(torch.zeros(5).normal_(), torch.zeros(5).normal_(1, 0.5), torch.zeros(5).normal_(mean=2, std=0.1))
print(torch.zeros(5).uniform_(), torch.zeros(5).uniform_(-1, 1), torch.zeros(5, dtype=torch.float64).uniform_(0, 10))
print(torch.rand_like(torch.zeros(2, 2)), torch.randn_like(torch.zeros(3), dtype=torch.float64))
print(torch.randint_like(torch.zeros(3), 10), torch.randint_like(torch.zeros(3), 2, 10))
print(torch.randn(120))
print(torch.rand(0), torch.randn(2, 0), torch.randn(3, 5)[1:].T)
torch.manual_seed(42)
print(torch.randn(2), torch.rand(1000).max(), torch.randn(1000).mean())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: torch.randint(5, 3, (2,)))
attempt(lambda: torch.randint(5, 5))
attempt(lambda: torch.normal(0, -1, (2,)))
attempt(lambda: torch.normal(0, 1))
attempt(lambda: torch.zeros(5).uniform_(1, 0))
attempt(lambda: torch.zeros(5).normal_(0, -1))
attempt(lambda: torch.zeros(3, dtype=torch.int64).normal_())
attempt(lambda: torch.rand_like(torch.zeros(3, dtype=torch.int64)))
attempt(lambda: torch.rand(-1))
