import torch

q = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], requires_grad=True)
scores = q @ q.t()
mask = torch.ones(3, 3).triu(1).bool()
masked = scores.masked_fill(mask, float("-inf"))
weights = masked.softmax(dim=-1)
out = weights @ q
out.sum().backward()
print(weights)
print(q.grad)
