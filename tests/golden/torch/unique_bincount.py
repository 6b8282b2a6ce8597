import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


t = torch.tensor([3, 1, 2, 3, 1, 7, 5])
print(torch.unique(t), t.unique())
print(torch.unique(t, return_inverse=True, return_counts=True))
print(torch.unique(t, return_counts=True))
v, inv = torch.unique(torch.tensor([[3, 1], [2, 3]]), return_inverse=True)
print(v, inv, v[inv])
x = torch.tensor([[1, 2], [1, 2], [0, 5]])
print(torch.unique(x, dim=0, return_inverse=True, return_counts=True), x.unique(dim=1))
print(torch.unique(torch.tensor([[1, 2], [1, 2]]), dim=-1, return_inverse=True))
print(torch.unique(torch.tensor([2.5, -1.0, 2.5, 0.0])), torch.unique(torch.tensor([True, False, True])))
print(torch.unique(torch.tensor(5)), torch.unique(torch.zeros(0, 2), dim=0, return_counts=True))

print(torch.bincount(torch.tensor([0, 1, 1, 3])), torch.tensor([1, 1]).bincount(minlength=4))
print(torch.bincount(torch.tensor([0, 1, 1, 3]), weights=torch.tensor([0.5, 1.0, 2.0, 3.0])))
print(torch.bincount(torch.tensor([0, 1]), weights=torch.tensor([1, 2])))
print(torch.bincount(torch.tensor([0, 1]), torch.tensor([1.0, 2.0], dtype=torch.float64), 3))
print(torch.bincount(torch.tensor([], dtype=torch.long)), torch.bincount(torch.tensor([0, 1]).int()))
labels = torch.tensor([2, 0, 2, 1, 2])
print(labels.bincount() / len(labels))

y = torch.tensor([1.0, 2.0, 2.0], requires_grad=True)
u = torch.unique(y)
print(u, u.grad_fn.name())
attempt(lambda: u.sum().backward())
u = torch.unique(torch.tensor([[1.0, 2.0], [1.0, 2.0]], requires_grad=True), dim=0)
print(u)
attempt(lambda: u.sum().backward())

attempt(lambda: torch.bincount(torch.tensor([-1, 1])))
attempt(lambda: torch.bincount(torch.tensor([1.0, 1])))
attempt(lambda: torch.bincount(torch.tensor([[1, 1]])))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), minlength=-1))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), weights=torch.tensor([1.0])))
attempt(lambda: torch.unique(torch.tensor([1, 2]), dim=3))
