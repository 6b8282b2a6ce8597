# A tutorial-shaped program: a small classifier's logits turned into predictions and metrics with
# the names tutorials reach for (topk, sort, argsort, cumsum, logsumexp, amax, isclose, clip, round,
# triu masks, hstack / vstack), with a backward pass through several of them.
import torch

torch.manual_seed(1)
logits = torch.randn(4, 5)
labels = torch.tensor([1, 0, 4, 2])
print(logits.round(decimals=2))

# log-softmax by hand, checked against the library
lse = torch.logsumexp(logits, dim=1, keepdim=True)
log_probs = logits - lse
print(torch.isclose(log_probs, torch.log_softmax(logits, dim=1), atol=1e-6).all())
print(torch.allclose(log_probs.exp().sum(1), torch.ones(4)))

# top-2 accuracy
top2 = logits.topk(2, dim=1)
print(top2.indices)
hit = (top2.indices == labels[:, None]).any(dim=1)
print(hit, hit.float().mean())

# ranking: positions of each score from the largest
order = logits.argsort(dim=1, descending=True)
ranks = order.argsort(dim=1)
print(order, ranks)
print(torch.sort(logits[0]).values.round(decimals=3))

# running totals and a causal mask
steps = torch.tensor([0.5, 1.5, -0.25, 2.0])
print(torch.cumsum(steps, 0), torch.cumprod(steps + 1, dim=0))
mask = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
scores = torch.randn(4, 4).masked_fill(mask, float('-inf'))
print(torch.softmax(scores, dim=-1).round(decimals=3))
print(torch.tril(torch.ones(3, 3)).sum(), torch.trace(torch.eye(3)), torch.diag(torch.tensor([1., 2., 3.])))

# normalising features, clipping gradients by value
w = torch.randn(5, requires_grad=True)
x = torch.hstack([torch.ones(4, 1), torch.randn(4, 4)])
pred = (x @ w).clip(-1, 1)
loss = torch.logsumexp(pred, 0) - pred.amax()
loss.backward()
print(loss.grad_fn.name(), w.grad.round(decimals=4))
w.grad.clamp_(-0.1, 0.1)
print(w.grad.abs().amax() <= 0.1)
rows = torch.vstack([w.detach().floor(), w.detach().ceil(), w.detach().sign()])
print(rows)
print(torch.isfinite(scores).sum(), torch.nan_to_num(scores, neginf=-1e9).amin() == -1e9)
print(torch.outer(torch.arange(3.), torch.arange(1., 3.)))
