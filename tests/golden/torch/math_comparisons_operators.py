import torch
a = torch.tensor([[1., -2., 3.], [4., 5., -6.]])
b = torch.tensor([1., 2., 3.])
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
t = torch.tensor([True, False, True])
print(a.eq(b), a.eq(1), torch.eq(a, b), a.ne(b), a.lt(2), a.le(b), torch.gt(a, 0), a.ge(torch.tensor(3)))
print(a == b, a != 1, a < b, b <= 2, a > 0, a >= b, 1 < a, 2 == b)
print((a > 0) & (a < 4), (a > 0) | (a < -4), ~(a > 0), ~t, ~i)
print(t & torch.tensor([True, True, False]), t | False, t & 1, i & 3, i | 8, i ^ 5, t ^ True, 3 & i)
print(t.all(), t.any(), (a > 0).all(1), (a > 0).any(dim=0), (a > 0).all(dim=1, keepdim=True), torch.all(t), torch.any(a))
print(a.all(), i.any(0), torch.tensor([]).all(), torch.tensor([]).any())
print(torch.allclose(b, b + 1e-6), torch.allclose(b, b + 1e-3), b.allclose(b + 0.01, atol=0.1), torch.allclose(b, b * 1.001, rtol=0.01))
print(torch.allclose(torch.tensor([float('nan')]), torch.tensor([float('nan')])))
print(torch.allclose(torch.tensor([float('nan')]), torch.tensor([float('nan')]), equal_nan=True))
print(torch.equal(b, b.clone()), torch.equal(b, b[:2]), b.equal(torch.tensor([1, 2, 3])), torch.equal(b, torch.tensor([1., 2., 4.])))
print(a + b, a - 1, 2 - a, a * b, a / b, 1 / b, a // 2, a % 3, -a % 3, a ** 2, 2 ** b, -a, +a, abs(a))
print(i / 2, i // 2, i % -4, -i // 4, a + torch.ones(2, 1), torch.ones(2, 1, 3) + torch.ones(4, 1))
print((torch.ones(5, 1, 4) * torch.ones(3, 1)).shape, a == None, a == 'x', b in a, 5 in a, 7 in b, a is a)
print([1, 2, 3] + b, (a > 0).sum(), (a > 0).float().mean())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: ~a)
attempt(lambda: a & 1)
attempt(lambda: a + torch.ones(4))
attempt(lambda: a + 'x')
attempt(lambda: a + None)
attempt(lambda: a < 'x')
attempt(lambda: [1, 2] + b)
attempt(lambda: 'x' in a)
attempt(lambda: torch.allclose(b, i[0]))
attempt(lambda: torch.allclose(b, torch.ones(2)))
attempt(lambda: bool(a > 0))
