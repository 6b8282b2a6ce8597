import torch
x = torch.tensor([3.0, 5.0, 7.0], requires_grad=True)
y = torch.tensor([2.0, 2.0, 4.0], requires_grad=True)
for name, r in [("x % 2", x % 2), ("x % y", x % y), ("2 % x", 2 % x), ("x // 2", x // 2), ("x // y", x // y),
                ("torch.remainder(x, 2)", torch.remainder(x, 2)), ("torch.floor_divide(x, y)", torch.floor_divide(x, y))]:
    fn = r.grad_fn
    print(name, r, fn.name(), [(f.name() if f else None, i) for f, i in fn.next_functions])
    try:
        r.sum().backward()
        print("  grads", x.grad, y.grad)
    except RuntimeError as e:
        print("  RuntimeError", e)
    x.grad = None
    y.grad = None
print(torch.tensor([7, -7]) % 3, torch.tensor([7, -7]) // 3, 7 % torch.tensor([3, -3]))
