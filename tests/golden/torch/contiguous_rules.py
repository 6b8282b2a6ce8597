import torch
print(torch.ones(3, 1).t().is_contiguous(), torch.ones(1, 3).t().is_contiguous())
print(torch.ones(2, 3)[:, :1].is_contiguous(), torch.ones(2, 3)[:1].is_contiguous())
print(torch.ones(4)[::2].is_contiguous(), torch.ones(2, 2).expand(3, 2, 2).is_contiguous())
