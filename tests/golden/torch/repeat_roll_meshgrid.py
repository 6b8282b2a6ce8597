import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def node(t):
    fn = t.grad_fn if isinstance(t, torch.Tensor) else t
    print(fn.name(), [(f.name() if f else None) for f, _ in fn.next_functions])


x = torch.arange(6.0).reshape(2, 3)
print(torch.repeat_interleave(x, 2))
print(x.repeat_interleave(2, dim=0), x.repeat_interleave(3, 1))
print(x.repeat_interleave(torch.tensor([1, 2]), dim=0))
print(torch.repeat_interleave(x, torch.tensor([0, 2, 1]), dim=-1))
print(torch.repeat_interleave(x, torch.tensor(2), dim=1))
print(torch.repeat_interleave(torch.tensor([2, 1, 3])), torch.repeat_interleave(torch.tensor([1, 0, 2], dtype=torch.int32)))
print(torch.tensor([1, 2, 3]).repeat_interleave(2), torch.tensor(5).repeat_interleave(3))
print(torch.repeat_interleave(x, 2, dim=0, output_size=4))

print(torch.roll(x, 1), x.roll(-1, 1), torch.roll(x, (1, 2), (0, 1)))
print(torch.roll(x, shifts=4, dims=1), torch.roll(torch.arange(5), 7), torch.roll(torch.zeros(0), 1))
r = torch.roll(x, 1, 0)
print(r.is_contiguous(), r.data_ptr() != x.data_ptr())

gi, gj = torch.meshgrid(torch.arange(3), torch.arange(2), indexing="ij")
print(gi, gj, sep="\n")
print(gi.stride(), gj.stride(), gi._base is not None)
gx, gy = torch.meshgrid(torch.arange(3), torch.arange(2), indexing="xy")
print(gx, gy, sep="\n")
print([g.shape for g in torch.meshgrid([torch.ones(2), torch.ones(3), torch.ones(4)], indexing="ij")])
print(torch.meshgrid(torch.tensor(1.0), torch.ones(3), indexing="xy"))
a, b = torch.meshgrid(torch.arange(2), torch.arange(3))
print(a, b)
a, b = torch.meshgrid(torch.arange(1), torch.arange(2))
print(a.shape)

# autograd
w = torch.arange(6.0).reshape(2, 3).requires_grad_()
r = torch.repeat_interleave(w, 2)
node(r)
(r * torch.arange(12.0)).sum().backward()
print(w.grad)
w.grad = None
r = w.repeat_interleave(torch.tensor([1, 3]), dim=0)
node(r)
r.sum().backward()
print(w.grad)
w.grad = None
r = torch.roll(w, (1, -1), (0, 1))
node(r)
print(r.grad_fn._saved_dims)
(r * torch.arange(6.0).reshape(2, 3)).sum().backward()
print(w.grad)
w.grad = None
r = torch.roll(w, 2)
print(r.grad_fn._saved_shifts, r.grad_fn._saved_dims)
(r * torch.arange(6.0).reshape(2, 3)).sum().backward()
print(w.grad)
p = torch.arange(3.0, requires_grad=True)
q = torch.arange(2.0, requires_grad=True)
gp, gq = torch.meshgrid(p, q, indexing="ij")
node(gp)
node(gp.grad_fn.next_functions[0][0])
(gp * gq).sum().backward()
print(p.grad, q.grad)

# errors
attempt(lambda: torch.roll(x, (1, 2), 0))
attempt(lambda: torch.roll(x, ()))
attempt(lambda: torch.roll(x, 1, 2))
attempt(lambda: torch.roll(x, (1, 1)))
attempt(lambda: torch.repeat_interleave(x, torch.tensor([1, 2, 3]), dim=0))
attempt(lambda: torch.repeat_interleave(x, torch.tensor([[1, 2]])))
attempt(lambda: torch.repeat_interleave(torch.tensor([1.0, 2])))
attempt(lambda: torch.repeat_interleave(torch.tensor([1, -2])))
attempt(lambda: torch.repeat_interleave(x, -1))
attempt(lambda: torch.repeat_interleave(x, 2, dim=2))
attempt(lambda: torch.repeat_interleave(torch.tensor([[1, 2]])))
attempt(lambda: torch.meshgrid(indexing="ij"))
attempt(lambda: torch.meshgrid(torch.zeros(2), torch.zeros(2, dtype=torch.long), indexing="ij"))
attempt(lambda: torch.meshgrid(torch.zeros(2), indexing="ab"))
torch.meshgrid(torch.zeros(2), indexing="ab")
