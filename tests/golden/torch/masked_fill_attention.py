import torch
scores = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
mask = torch.tensor([[True, True, False], [True, False, False]])
masked = scores.masked_fill(~mask, float('-inf'))
print(masked)
print(torch.softmax(masked, dim=-1))
