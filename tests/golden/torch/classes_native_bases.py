# User classes with several bases, one of them native (nn.Module, autograd.Function).
import torch
import torch.nn as nn


class Describe:
    def describe(self):
        n = sum(p.numel() for p in self.parameters())
        return f"{type(self).__name__} with {n} parameters"


class Scaled(Describe, nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.lin = nn.Linear(2, 1)

    def forward(self, x):
        return self.lin(x) * self.k


class Deeper(Scaled):
    def forward(self, x):
        return super().forward(x) + 1


torch.manual_seed(0)
m = Deeper(2.0)
print(m.describe())
print([c.__name__ for c in Deeper.__mro__])
print(Deeper.__bases__, Scaled.__bases__, Scaled.__base__)
print(isinstance(m, nn.Module), isinstance(m, Describe), issubclass(Deeper, (nn.Linear, Describe)))
print(m)
print(m(torch.ones(1, 2)))


class LayerBase(nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        return super().__call__(*args)


class Twice(LayerBase):
    def forward(self, x):
        return 2 * x


t = Twice()
print(t(torch.tensor([1.0, 2.0])), t.calls, [k.__name__ for k in type(t).__mro__])


class ClampedExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * y


class LoggedExp(ClampedExp):
    @staticmethod
    def backward(ctx, g):
        print("LoggedExp.backward")
        return ClampedExp.backward(ctx, g)


x = torch.tensor([0.0, 1.0], requires_grad=True)
y = LoggedExp.apply(x)
y.sum().backward()
print(y, x.grad)
print([k.__name__ for k in LoggedExp.__mro__][:2], issubclass(LoggedExp, torch.autograd.Function))
