import torch

scores = torch.tensor([[0.5, 1.0, 2.0],
                       [1.5, 0.2, 0.3],
                       [0.1, 0.4, 1.2]])
mask = torch.triu(torch.ones(3, 3), diagonal=1).bool()
print(mask.stride(), mask.dtype)
scores.masked_fill_(mask, float("-inf"))
print(scores, scores._version)
weights = torch.softmax(scores, dim=1)
print(weights.sum(dim=1))
