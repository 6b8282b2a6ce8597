import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def node(t):
    fn = t.grad_fn
    print(fn.name(), [(f.name() if f else None) for f, _ in fn.next_functions])


M = torch.arange(6.0).reshape(2, 3)
a = torch.arange(8.0).reshape(2, 4)
b = torch.arange(12.0).reshape(4, 3) / 4
print(torch.addmm(M, a, b))
print(torch.addmm(M, a, b, beta=2, alpha=0.5))
print(M.addmm(a, b, alpha=-1))
print(torch.addmm(torch.ones(3), a, b, beta=0))
c = M.clone()
v0 = c._version
print(c.addmm_(a, b, beta=0.5), c._version - v0)

B = torch.arange(24.0).reshape(2, 3, 4)
b1 = torch.arange(30.0).reshape(2, 3, 5) % 7 - 3
b2 = torch.arange(40.0).reshape(2, 5, 4) % 5 - 2
print(torch.baddbmm(B, b1, b2))
print(torch.baddbmm(torch.ones(4), b1, b2, beta=2, alpha=3))
print(B.baddbmm(b1, b2, beta=0))
d = B.clone()
print(d.baddbmm_(b1, b2, alpha=2))
print(torch.bmm(b1, b2).shape, b1.bmm(b2).stride())

v = torch.tensor([1.0, 2.0, 3.0])
mat = torch.arange(6.0).reshape(2, 3)
print(torch.addmv(torch.tensor([10.0, 20.0]), mat, v))
print(torch.addmv(torch.tensor([10.0, 20.0]), mat, v, beta=0.5, alpha=2))
print(torch.tensor([1.0, 1.0]).addmv(mat, v))
print(torch.mv(mat, v), mat.mv(v))
e = torch.zeros(2)
e.addmv_(mat, v, alpha=-1)
print(e)

# autograd
M = M.requires_grad_()
a = a.requires_grad_()
b = b.clone().requires_grad_()
y = torch.addmm(M, a, b, beta=2, alpha=0.5)
node(y)
print(y.grad_fn._saved_alpha, y.grad_fn._saved_beta, y.grad_fn._saved_mat1_sym_sizes)
y.sum().backward()
print(M.grad, a.grad, b.grad, sep="\n")

B = B.requires_grad_()
b1 = b1.requires_grad_()
b2 = b2.requires_grad_()
y = torch.baddbmm(B, b1, b2, beta=0.5, alpha=2)
node(y)
print(y.grad_fn._saved_alpha, y.grad_fn._saved_beta, y.grad_fn._saved_batch1.shape)
(y * y).sum().backward()
print(B.grad[0], b1.grad[1], b2.grad[0], sep="\n")

s = torch.ones(4, requires_grad=True)
torch.baddbmm(s, b1, b2).sum().backward()
print(s.grad)

sv = torch.tensor([1.0, -1.0], requires_grad=True)
mat = mat.requires_grad_()
v = v.requires_grad_()
y = torch.addmv(sv, mat, v, alpha=3)
node(y)
print(y.grad_fn._saved_alpha, y.grad_fn._saved_beta)
y.pow(2).sum().backward()
print(sv.grad, mat.grad, v.grad, sep="\n")

# errors
attempt(lambda: torch.addmm(torch.zeros(2, 3), torch.zeros(2, 4), torch.zeros(3, 3)))
attempt(lambda: torch.baddbmm(torch.zeros(2, 3, 4), torch.zeros(2, 3, 5), torch.zeros(3, 5, 4)))
attempt(lambda: torch.baddbmm(torch.zeros(2, 3, 4), torch.zeros(3, 5), torch.zeros(2, 5, 4)))
attempt(lambda: torch.addmv(torch.zeros(2), torch.zeros(2, 3), torch.zeros(4)))
attempt(lambda: torch.addmm(torch.zeros(2, 3), torch.zeros(2, 4), torch.zeros(4, 3, dtype=torch.float64)))
attempt(lambda: torch.addmm(torch.zeros(2, 3), torch.zeros(2, 4), torch.zeros(4, 3), gamma=1))
attempt(lambda: torch.zeros(3).addmv_(torch.zeros(2, 3), torch.zeros(3)))
