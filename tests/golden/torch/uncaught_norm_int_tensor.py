import torch
counts = torch.tensor([3, 4])
length = torch.norm(counts, p=2, dim=0)
