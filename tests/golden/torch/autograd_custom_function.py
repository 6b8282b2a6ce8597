import torch


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


class MulConstant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable()
        return x.clone(), x * 2

    @staticmethod
    def backward(ctx, g1, g2):
        print("backward got", g1, g2)
        return g1 + 2 * g2


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = MyExp.apply(x)
print(y)
print(type(y.grad_fn).__name__, y.grad_fn.name())
print(y.grad_fn.needs_input_grad)
y.sum().backward()
print(x.grad)

x.grad = None
z = MulConstant.apply(x, 3.0)
print(z)
z.backward(torch.ones(3))
print(x.grad)

with torch.no_grad():
    w = MyExp.apply(x)
print(w.requires_grad, w.grad_fn)

a, b = Split.apply(x)
print(a.grad_fn.name(), b.grad_fn is a.grad_fn)
(a.sum() + b.sum()).backward()
print(x.grad)

u = MyExp.apply(torch.tensor([1.0, 2.0]))
print(u, u.requires_grad)

v = torch.tensor([1.0], requires_grad=True)
r = MyExp.apply(v)
with torch.no_grad():
    r.mul_(2)
try:
    r.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split("\n")[0][:80])


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g, g


try:
    Bad.apply(v).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
