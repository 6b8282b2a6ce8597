import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
e = nn.Embedding(10, 3)
print(e, e.weight.shape, e.weight._version, e.padding_idx)
print(e.weight)
ids = torch.tensor([[1, 2, 4], [4, 3, 9]])
out = e(ids)
print(out, out.shape)
g = out.grad_fn
print(g.name(), g._saved_indices is ids, g._saved_weight is e.weight, g._saved_scale_grad_by_freq, g._saved_sparse)
print([f[0].name() for f in g.next_functions])
out.sum().backward()
print(e.weight.grad)
p = nn.Embedding(4, 2, padding_idx=1)
print(p, p.weight, p.weight._version, p.padding_idx)
o = p(torch.tensor([1, 1, 0, 3]))
(o * 2).sum().backward()
print(o, p.weight.grad)
print(nn.Embedding(5, 2, padding_idx=-1).padding_idx)
w = torch.randn(6, 2, requires_grad=True)
r = F.embedding(torch.tensor([5, 0, 5]), w, padding_idx=0)
r.sum().backward()
print(r, w.grad)
print(F.embedding(torch.tensor(2), w), F.embedding(torch.tensor([2], dtype=torch.int32), w))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.embedding(torch.tensor([1.0]), w))
err(lambda: F.embedding(torch.tensor([6]), w))
err(lambda: F.embedding(torch.tensor([-1]), w))
err(lambda: nn.Embedding(3, 2, padding_idx=5))
err(lambda: F.embedding(torch.tensor([1]), w, padding_idx=7))
