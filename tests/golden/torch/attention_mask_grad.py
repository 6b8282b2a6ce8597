import torch

scores = torch.tensor([[0.5, 1.0, 2.0],
                       [1.5, 0.2, 0.3],
                       [0.1, 0.4, 1.2]], requires_grad=True)
mask = torch.ones(3, 3, dtype=torch.bool).triu(diagonal=1)
print(mask)
masked = scores.masked_fill(mask, float("-inf"))
print(masked)
weights = masked.softmax(dim=-1)
print(weights)
weights[:, 0].sum().backward()
print(scores.grad)
