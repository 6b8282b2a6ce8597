# torch.addbmm: beta * input + alpha * the sum of the batch's matrix products, AddbmmBackward0.
import torch
torch.manual_seed(0)
M = torch.randn(3, 5, requires_grad=True)
b1 = torch.randn(4, 3, 2, requires_grad=True)
b2 = torch.randn(4, 2, 5, requires_grad=True)
r = torch.addbmm(M, b1, b2)
print(r)
print(torch.allclose(r, M + (b1 @ b2).sum(0)))
r2 = torch.addbmm(M, b1, b2, beta=0.5, alpha=2)
g = r2.grad_fn
print(g.name())
print(g._saved_alpha, g._saved_beta, g._saved_batch1_argsize_0, g._saved_batch1_argsize_1, g._saved_batch2_argsize_2,
      g._saved_batch1 is b1, g.next_functions)
r2.sum().backward()
print(M.grad, b1.grad[0], b2.grad[1], sep="\n")
v = torch.ones(5)
print(v.addbmm(torch.ones(2, 3, 4), torch.ones(2, 4, 5)))
print(torch.addbmm(torch.zeros(2, 2), torch.ones(3, 2, 1), torch.ones(3, 1, 2), beta=0))
x = torch.zeros(2, 3)
y = x.addbmm_(torch.ones(2, 2, 1), torch.ones(2, 1, 3), alpha=3)
print(y is x, x, x._version)
out = torch.empty(2, 2)
print(torch.addbmm(torch.ones(2, 2), torch.ones(1, 2, 2), torch.ones(1, 2, 2), out=out) is out, out)
for f in [lambda: torch.addbmm(M, b1, b2[:3]), lambda: torch.addbmm(M, b1[0], b2),
          lambda: torch.addbmm(M, b1, b2.transpose(1, 2)), lambda: torch.addbmm(torch.randn(2, 2), b1, b2),
          lambda: torch.addbmm(M, b1.double(), b2)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
