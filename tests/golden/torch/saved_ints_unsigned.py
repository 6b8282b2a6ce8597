# A node's saved ints reach Python unsigned, as PyTorch hands them over: a saved dim of -1 reads
# 18446744073709551615. And torch.tensor refuses a number its integer dtype cannot hold.
import torch
import torch.nn.functional as F

x = torch.ones(2, 1, 3, requires_grad=True)
print(x.squeeze(1).grad_fn._saved_dim, x.squeeze(-2).grad_fn._saved_dim)
r = x.roll(-1, 2)
print(r.grad_fn.name(), r.grad_fn._saved_shifts, r.grad_fn._saved_dims)
r = x.roll((1, -2), (0, 2))
print(r.grad_fn._saved_shifts, r.grad_fn._saved_dims)
w = torch.ones(4, 2, requires_grad=True)
print(F.embedding(torch.tensor([1, 2]), w).grad_fn._saved_padding_idx)
print(F.embedding(torch.tensor([1, 2]), w, padding_idx=-1).grad_fn._saved_padding_idx)
y = torch.ones(2, 3, requires_grad=True)
print(y.cumsum(-1).grad_fn._saved_dim, y.sum(-1).grad_fn._saved_dim)
print(y.unsqueeze(-1).grad_fn._saved_dim, y.softmax(-1).grad_fn._saved_dim)
print(F.nll_loss(y, torch.tensor([0, 1])).grad_fn._saved_ignore_index)
print(y.transpose(-1, 0).grad_fn._saved_dim0)
print(y.select(-1, -1).grad_fn._saved_dim, y.select(-1, -1).grad_fn._saved_index)
print(y[:, -2:].grad_fn._saved_start, y[:, -2:].grad_fn._saved_dim)
print(y.max(-1)[0].grad_fn._saved_dim, y.max(1)[0].grad_fn._saved_dim)

for v, d in [(torch.inf, torch.int64), (-torch.inf, torch.int32), (float('nan'), torch.int32), (1e10, torch.int32),
             (2 ** 31 + 0.0, torch.int32), (2 ** 40, torch.int32), (-2 ** 31, torch.int32), (3.7, torch.int64),
             (-2.5, torch.int64), (1e300, torch.float32), (torch.inf, torch.float64), (2.5, torch.bool)]:
    try:
        print(torch.tensor(v, dtype=d))
    except RuntimeError as ex:
        print("RuntimeError:", ex)
try:
    torch.tensor([[1, 2.5], [float('inf'), 0]], dtype=torch.long)
except RuntimeError as ex:
    print("RuntimeError:", ex)
torch.tensor([1.0, torch.nan], dtype=torch.int64)
