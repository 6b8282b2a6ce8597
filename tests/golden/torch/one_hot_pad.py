import torch
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def node(t):
    fn = t.grad_fn
    print(fn.name(), [(f.name() if f else None) for f, _ in fn.next_functions])


labels = torch.tensor([0, 2, 1, 2])
print(F.one_hot(labels), F.one_hot(labels, num_classes=5).shape, F.one_hot(labels, 3).dtype)
print(F.one_hot(torch.tensor([[0, 1], [3, 2]])))
print(F.one_hot(torch.tensor(2), 4), F.one_hot(torch.zeros(0, dtype=torch.long), 3).shape)

x = torch.arange(6.0).reshape(1, 2, 3)
print(F.pad(x, (1, 2)))
print(F.pad(x, (1, 1, 2, 0), value=-1.0))
print(F.pad(x, [0, 0, 0, 0, 1, 1]).shape)
print(F.pad(x, (-1, 1)), F.pad(x, (-1, 0, 0, -1)))
print(F.pad(x, (1, 2), mode="reflect"))
print(F.pad(x, (1, 2), mode="replicate"))
print(F.pad(x, (1, 1, 1, 0), mode="reflect"))
print(F.pad(x, (2, 1, 0, 2), mode="replicate"))
img = torch.arange(8.0).reshape(1, 1, 2, 2, 2)
print(F.pad(img, (1, 0, 0, 1, 1, 0), mode="replicate"))
print(F.pad(img, (1, 1, 1, 1, 1, 1), mode="reflect").shape)
print(F.pad(x, (-1, 1), mode="replicate"))
print(F.pad(torch.arange(4).reshape(2, 2), (1, 1), value=7))
p = F.pad(x, (1, 1))
print(p.is_contiguous(), p.data_ptr() != x.data_ptr(), F.pad(x, (0, 0)).data_ptr() != x.data_ptr())

# autograd
w = torch.arange(6.0).reshape(1, 2, 3).requires_grad_()
r = F.pad(w, (1, 2, 0, 1))
node(r)
print(r.grad_fn._saved_pad)
(r * torch.arange(18.0).reshape(1, 3, 6)).sum().backward()
print(w.grad)
for mode in ["reflect", "replicate"]:
    w.grad = None
    r = F.pad(w, (2, 1), mode=mode)
    node(r)
    print(r.grad_fn._saved_padding, r.grad_fn._saved_self is w)
    (r * torch.arange(12.0).reshape(1, 2, 6)).sum().backward()
    print(w.grad)
    w.grad = None
    r = F.pad(w, (1, 1, 1, 0), mode=mode)
    node(r)
    (r * r).sum().backward()
    print(w.grad)

# errors
attempt(lambda: F.one_hot(torch.tensor([0.0, 1.0])))
attempt(lambda: F.one_hot(torch.tensor([0, 3]), 3))
attempt(lambda: F.one_hot(torch.tensor([0, -1])))
attempt(lambda: F.one_hot(torch.zeros(0, dtype=torch.long)))
attempt(lambda: F.pad(x, (1,)))
attempt(lambda: F.pad(x, (1, 1, 1, 1, 1, 1, 1, 1)))
attempt(lambda: F.pad(x, (-2, -2)))
attempt(lambda: F.pad(x, (3, 0), mode="reflect"))
attempt(lambda: F.pad(x, (1, 1), mode="reflect", value=2.0))
attempt(lambda: F.pad(x, (1, 1), mode="wrap"))
attempt(lambda: F.pad(x, (1, 1, 1, 1, 1, 1), mode="replicate"))
attempt(lambda: F.pad(x, (-2, -2), mode="replicate"))
