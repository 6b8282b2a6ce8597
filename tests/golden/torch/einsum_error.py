import torch

q = torch.ones(2, 3)
print(torch.einsum("ij,jk->ik", q, q.t()))
torch.einsum("ij,jk->ik", q, q)
