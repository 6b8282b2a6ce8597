import torch

x = torch.tensor([1.5, -2.0, 3.0], dtype=torch.half, requires_grad=True)
y = (x * x + 2 * x).sum()
y.backward()
print(y, x.grad, x.grad.dtype)
b = torch.tensor([1.5, -2.0, 3.0], dtype=torch.bfloat16, requires_grad=True)
z = (b * 3).exp().sum()
z.backward()
print(z, b.grad)
w = torch.ones(3, requires_grad=True)
out = (w * x.detach()).sum()
out.backward()
print(out, w.grad)
for dt in [torch.int8, torch.int16, torch.uint8]:
    try:
        torch.tensor([1, 2], dtype=dt, requires_grad=True)
    except RuntimeError as e:
        print(dt, "RuntimeError:", e)
    try:
        torch.zeros(2, dtype=dt).requires_grad_()
    except RuntimeError as e:
        print(dt, "RuntimeError:", e)
h = torch.zeros(2, dtype=torch.float16).requires_grad_()
print(h, h.requires_grad, h.half() is h, h.float().grad_fn)
torch.tensor([1, 2], dtype=torch.uint8, requires_grad=True)
