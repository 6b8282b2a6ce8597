import torch
x = torch.ones(2, 3, 4)
print(x.sum(1).shape, x.sum(1, keepdim=True).shape, x.mean((0, 2)).shape, x.sum(-1, True).shape, x.sum(dim=[0, 1]).shape)
print(x.prod(2).shape, x.std(0).shape, x.var(2, keepdim=True).shape, x.max(1)[0].shape)
