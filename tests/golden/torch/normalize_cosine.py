import torch
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def tree(fn, depth=0):
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + fn.name())
    for f, _ in fn.next_functions:
        tree(f, depth + 1)


x = torch.tensor([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]])
print(F.normalize(x))
print(F.normalize(x, dim=0), F.normalize(x, p=1, dim=1))
print(F.normalize(torch.tensor([3.0, 4.0]), dim=0))
a = torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
b = torch.tensor([[1.0, 1.0], [2.0, 2.0], [1.0, 0.0]])
print(F.cosine_similarity(a, b), torch.cosine_similarity(a, b, dim=0))
print(F.cosine_similarity(a, torch.tensor([1.0, 0.0])), F.cosine_similarity(a, b, 1, 1e-3))
print(F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([2.0, 4.0]), dim=0))

# autograd
w = x.clone().requires_grad_()
r = F.normalize(w)
tree(r.grad_fn)
(r * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum().backward()
print(w.grad)
u = a.clone().requires_grad_()
v = b.clone().requires_grad_()
r = F.cosine_similarity(u, v)
tree(r.grad_fn)
r.sum().backward()
print(u.grad, v.grad, sep="\n")
u.grad = None
r = F.cosine_similarity(u, torch.tensor([1.0, 0.0]))
tree(r.grad_fn)
r.sum().backward()
print(u.grad)

# errors
attempt(lambda: F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([2, 4]), dim=0))
attempt(lambda: F.cosine_similarity(a, torch.ones(3)))
attempt(lambda: F.cosine_similarity(a, b, dim=2))
