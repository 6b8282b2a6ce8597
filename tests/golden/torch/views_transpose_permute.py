import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x.transpose(0, 1).shape, x.transpose(0, 1).stride())
print(x.permute(2, 0, 1).stride(), x.permute((1, 2, 0)).shape)
m = torch.arange(6).reshape(2, 3)
print(m.t(), m.T.stride(), m.mT.shape)
print(x.mT.shape, x.mT.stride())
print(m.t().is_contiguous(), m.t().contiguous().stride())
