import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
print(nn.GELU(), nn.GELU(approximate='tanh'), nn.SiLU(), nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True))
print(nn.ELU(), nn.ELU(alpha=0.5, inplace=True), nn.Softplus(), nn.Softplus(beta=2, threshold=10), nn.Tanh(), nn.Sigmoid(), nn.Identity())
x = torch.randn(2, 5, requires_grad=True)
names = {'GeluBackward0': ['approximate'], 'LeakyReluBackward0': ['negative_slope'], 'EluBackward0': ['alpha', 'input_scale', 'scale'], 'SoftplusBackward0': ['beta', 'threshold']}
for name, f in [("gelu", F.gelu), ("gelu tanh", lambda t: F.gelu(t, approximate='tanh')), ("silu", F.silu),
                ("leaky_relu", F.leaky_relu), ("leaky_relu 0.2", lambda t: F.leaky_relu(t, 0.2)),
                ("elu", F.elu), ("elu 0.5", lambda t: F.elu(t, alpha=0.5)), ("softplus", F.softplus),
                ("softplus beta", lambda t: F.softplus(t, beta=2, threshold=1)), ("tanh", torch.tanh), ("sigmoid", torch.sigmoid)]:
    y = f(x)
    g = y.grad_fn
    attrs = [(n, getattr(g, '_saved_' + n)) for n in names.get(g.name(), [])]
    print(name, g.name(), attrs, g._saved_self is x if hasattr(g, '_saved_self') else g._saved_result.shape)
    x.grad = None
    y.sum().backward()
    print(y)
    print(x.grad)
for m in [nn.GELU(), nn.GELU('tanh'), nn.SiLU(), nn.LeakyReLU(0.1), nn.ELU(), nn.Softplus(), nn.Tanh(), nn.Sigmoid(), nn.Identity()]:
    print(m, m(x[0]))
print(F.gelu(torch.tensor([-1.0, 0.0, 1.0], dtype=torch.float64)))
print(F.softplus(torch.tensor([-30.0, 0.0, 30.0])), F.elu(torch.tensor([-1.0, 2.0])))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.gelu(x, approximate='foo'))
err(lambda: F.gelu(torch.arange(3)))
err(lambda: F.silu(torch.arange(3)))
err(lambda: F.leaky_relu(torch.arange(3)))
err(lambda: F.elu(torch.arange(3)))
err(lambda: F.softplus(torch.arange(3)))
