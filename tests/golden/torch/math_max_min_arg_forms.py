import torch
a = torch.tensor([[1., -2., 3.], [4., 5., -6.]])
b = torch.tensor([1., 2., 3.])
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(a.max(), a.max(0), a.max(dim=1), a.max(1, keepdim=True))
print(a.max(dim=1).values, a.max(dim=1).indices, a.max(1)[0])
vals, idx = a.max(1)
print(vals, idx, type(a.max(0)), len(a.max(0)), type(a.max(0)).__name__)
print(torch.max(a, b), torch.max(a, 1), torch.max(a), a.max(b), i.max())
print(a.min(), a.min(0), a.min(dim=0).indices, torch.min(a, dim=1, keepdim=True), torch.min(a, torch.zeros(3)))
print(a.argmax(), a.argmax(1), a.argmax(dim=0, keepdim=True), torch.argmax(a), torch.argmax(a, dim=1), i.argmax())
print(a.argmin(), a.argmin(dim=1), torch.tensor([1., 3., 3.]).argmax(), torch.argmin(b))
values, indices = torch.max(a, dim=0)
print(values + 1, indices.dtype)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: a.max(dim=2))
attempt(lambda: torch.tensor([]).max())
attempt(lambda: a.max(1, 2))
attempt(lambda: a.max(dim=1.0))
attempt(lambda: a.max('a'))
attempt(lambda: torch.max(a, torch.ones(4)))
