import torch
a = torch.tensor([[1., -2., 3.], [4., 5., -6.]])
b = torch.tensor([1., 2., 3.])
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(a.add(b), a.add(b, alpha=2), torch.add(a, 1), torch.add(a, b, alpha=-1), a.add(1, alpha=2))
print(a.add(torch.ones(2, 1)), a.add(other=b), torch.add(input=a, other=b))
print(a.sub(b), a.sub(1, alpha=2), torch.sub(b, a), torch.sub(1, b), a.mul(b), a.mul(2), torch.mul(a, a), torch.mul(2, a))
print(a.multiply(b), torch.multiply(a, 3), a.div(b), a.div(2), torch.div(a, b), torch.div(a, 2, rounding_mode='floor'))
print(i.div(2, rounding_mode='trunc'), i.div(4), i.div(-4, rounding_mode='floor'), torch.div(i, 0))
print(i.pow(2), a.pow(b), torch.pow(a, 2), torch.pow(2, b), torch.pow(b, torch.tensor(2)), b.pow(0.5), i.pow(0.5), torch.pow(2.5, i))
print(a.neg(), torch.neg(i), a.exp(), torch.exp(i), a.log(), torch.log(b), a.sqrt(), torch.sqrt(i))
print(a.abs(), torch.abs(i), a.sin(), torch.cos(b), a.cos(), a.tanh(), torch.tanh(i), a.sigmoid(), torch.sigmoid(b))
print(a.relu(), torch.relu(i), a.square(), i.logical_not(), torch.logical_and(i > 1, i < 5))
print(a.clamp(-1, 1), a.clamp(min=0), a.clamp(max=0), torch.clamp(a, min=-1.5, max=2.5), i.clamp(2, 4), i.clamp(2.5))
print(a.clamp(torch.tensor([0., 0., 0.]), torch.tensor([1., 2., 2.])), a.clamp(min=torch.tensor(0.)), torch.clamp(a, max=b))
print(a.clamp(1, -1))
y3 = torch.zeros(2, 3)
print(torch.add(a, 1, out=y3) is y3, y3, torch.exp(torch.zeros(2), out=torch.zeros(2)))


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: a.add(torch.ones(3, 1)))
attempt(lambda: a.add('x'))
attempt(lambda: a.add())
attempt(lambda: a.add(1, 2, 3))
attempt(lambda: a.add(a, alpha='a'))
attempt(lambda: a.mul())
attempt(lambda: a.mul(a, a))
attempt(lambda: i // 0)
attempt(lambda: i.pow(-1))
attempt(lambda: a.clamp())
attempt(lambda: a.clamp('a'))
attempt(lambda: torch.arange(3).exp_())
attempt(lambda: torch.tensor([True]).neg())
attempt(lambda: torch.tensor([True]) - torch.tensor([True]))
attempt(lambda: torch.add(a, 1, out=torch.zeros(2, 3, dtype=torch.int64)))
attempt(lambda: torch.add(torch.ones(2, requires_grad=True), 1, out=torch.zeros(2)))
attempt(lambda: torch.mul(a, a, out=torch.zeros(3)))
