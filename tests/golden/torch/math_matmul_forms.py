import torch
a = torch.tensor([[1., -2., 3.], [4., 5., -6.]])
b = torch.tensor([1., 2., 3.])
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(a @ a.T, a.matmul(b), torch.matmul(b, b), torch.matmul(a, a.T), a.T @ a, b @ a.T)
print(torch.ones(2, 3, 4) @ torch.ones(4, 2), (torch.ones(2, 3, 4) @ torch.ones(2, 4, 5)).shape, (torch.ones(3) @ torch.ones(2, 3, 4)).shape)
print(a @ b.unsqueeze(1), i @ i.T, a.mm(a.T), torch.mm(a, a.t()), b.dot(b), torch.dot(b, b), i[0].dot(i[1]))
out = torch.zeros(2, 2)
print(torch.matmul(a, a.T, out=out) is out, out, torch.mm(a, a.T, out=torch.zeros(0)).shape)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: a @ a)
attempt(lambda: i @ a.T)
attempt(lambda: torch.tensor(2.) @ b)
attempt(lambda: a @ 2)
attempt(lambda: a.mm(b))
attempt(lambda: b.dot(i[0]))
attempt(lambda: a.dot(a))
attempt(lambda: b.dot(torch.ones(2)))
attempt(lambda: torch.ones(3, dtype=torch.int64) @ torch.ones(3))
attempt(lambda: torch.matmul(a, a.T, out=torch.zeros(2, 2, dtype=torch.float64)))
