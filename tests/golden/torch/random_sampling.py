import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


for seed in [0, 1, 42]:
    torch.manual_seed(seed)
    print(torch.bernoulli(torch.full((2, 8), 0.5)))
    print(torch.zeros(10).bernoulli_(0.3))
    print(torch.bernoulli(torch.linspace(0, 1, 7)))
    print(torch.zeros(3, 4).bernoulli_(torch.tensor([0.1, 0.5, 0.9, 1.0])))
    print(torch.bernoulli(torch.zeros(6), 0.7), torch.bernoulli(torch.full((5,), 0.25, dtype=torch.float64)))
    print(torch.zeros(4, dtype=torch.long).bernoulli_(0.5), torch.rand(2))

torch.manual_seed(3)
x = torch.ones(4, 5)
print(torch.dropout(x, 0.4, True), torch.dropout(x, 0.4, False))
print(torch.ones(2, 3).bernoulli_())

p = torch.full((3,), 0.5, requires_grad=True)
y = torch.bernoulli(p)
print(y.grad_fn.name(), [f.name() for f, _ in y.grad_fn.next_functions])
y.sum().backward()
print(p.grad)
print(torch.bernoulli(p, 0.3).grad_fn)
z = p.clone()
z.bernoulli_(0.5)
print(z.grad_fn.name())
z = p.clone()
v0 = z._version
z.bernoulli_(torch.full((3,), 0.2))
print(z.grad_fn.name(), z._version - v0)

attempt(lambda: torch.bernoulli(torch.tensor([1.5])))
attempt(lambda: torch.bernoulli(torch.tensor([1, 0])))
attempt(lambda: torch.zeros(2).bernoulli_(1.5))
attempt(lambda: torch.zeros(2).bernoulli_(torch.tensor([0.1, 0.2, 0.3])))
