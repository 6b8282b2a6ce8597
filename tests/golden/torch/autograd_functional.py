import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp


def f(x):
    return x.exp() * x.sum()


x = torch.tensor([0.5, -1.0, 2.0])
print(jacobian(f, x))


def g(a, b):
    return a * b.sum(), (a ** 2).mean()


a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
b = torch.tensor([0.5, 1.5, -1.0])
J = jacobian(g, (a, b))
print(type(J), len(J), type(J[0]), len(J[0]))
print(J[0][0].shape, J[0][1].shape, J[1][0].shape, J[1][1].shape)
print(J[1][0])
print(jacobian(lambda t: (t.sin(), t.cos()), x))
print(jacobian(lambda u, v: u * 2, (x, x.clone())))


def pow_reducer(x):
    return x.pow(3).sum()


print(hessian(pow_reducer, torch.tensor([1.0, 2.0, -0.5])))
print(hessian(lambda u, v: (u * v).sum() + (u ** 2).prod(), (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))

out, vj = vjp(lambda t: t ** 2, x, torch.ones(3))
print(out, vj)
print(vjp(lambda t: (t ** 2).sum(), x))
print(vjp(g, (a, b), (torch.ones(2, 2), torch.tensor(2.0))))
print(jvp(lambda t: t ** 2, x, torch.tensor([1.0, 0.0, 1.0])))
print(jvp(lambda u, v: u * v, (x, x), (torch.ones(3), torch.ones(3))))
print(jvp(lambda t: t.exp(), torch.tensor(1.0)))
J = jacobian(f, x, create_graph=True)
print(J.requires_grad, jacobian(f, x).requires_grad)
print(vjp(f, x, torch.ones(2)))
