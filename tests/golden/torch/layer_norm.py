import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
ln = nn.LayerNorm(5)
print(ln, ln.weight, ln.bias, ln.weight._version, ln.normalized_shape, ln.eps)
print(nn.LayerNorm((2, 3), eps=1e-6, elementwise_affine=False), nn.LayerNorm([4]))
x = torch.randn(3, 5, requires_grad=True)
y = ln(x)
print(y)
g = y.grad_fn
print(g.name(), g._saved_normalized_shape, g._saved_input is x, g._saved_weight is ln.weight, g._saved_bias is ln.bias)
print(g._saved_result1, g._saved_result2)
print([f[0].name() for f in g.next_functions])
(y * torch.arange(5.)).sum().backward()
print(x.grad)
print(ln.weight.grad, ln.bias.grad)
z = torch.randn(2, 2, 3, requires_grad=True)
r = F.layer_norm(z, (2, 3))
print(r, r.grad_fn._saved_weight, r.grad_fn._saved_result1.shape)
(r * torch.arange(6.).reshape(2, 3)).sum().backward()
print(z.grad)
w = torch.randn(3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
r = F.layer_norm(z, [3], w, b, eps=0.1)
print(r)
r.sum().backward()
print(w.grad, b.grad)
t = torch.randn(4, 8, 16)
print(F.layer_norm(t, (16,))[1, 2], F.layer_norm(t.double(), (8, 16))[3, 7])

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.layer_norm(torch.randn(2, 3), (4,)))
err(lambda: F.layer_norm(torch.randn(2, 3), (3,), torch.ones(2)))
