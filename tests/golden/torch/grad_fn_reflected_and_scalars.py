import torch
x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
for name, y in [("x ** 2", x ** 2), ("2 ** x", 2 ** x), ("x ** x", x ** x), ("torch.pow(2, x)", torch.pow(2, x)),
                ("1 - x", 1 - x), ("2 / x", 2 / x), ("x / 2", x / 2), ("2 * x", 2 * x), ("2 + x", 2 + x),
                ("x - 2", x - 2), ("torch.sub(2, x)", torch.sub(2, x)), ("x.square()", x.square()),
                ("x.clamp(0, 3)", x.clamp(0, 3)), ("torch.where(x > 1, x, 0.)", torch.where(x > 1, x, 0.)),
                ("x.masked_fill(x > 1, 0)", x.masked_fill(x > 1, 0)), ("x.ravel()", x.ravel()),
                ("x.double()", x.double()), ("x.float()", x.float()), ("x.contiguous()", x.contiguous())]:
    fn = y.grad_fn
    nexts = [(f.name() if f is not None else None, i) for f, i in fn.next_functions] if fn is not None else None
    print(name, fn.name() if fn is not None else None, nexts)
    if fn is not None:
        y.sum().backward()
        print("  grad", x.grad)
        x.grad = None
