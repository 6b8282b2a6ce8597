import torch

x = torch.arange(24).reshape(2, 3, 4)
p = x.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous(), p.data_ptr() == x.data_ptr())
print(x.transpose(0, 2).shape, x.transpose(0, 2).stride())
print(x.view(4, 6).stride(), x.reshape(6, 4).stride())
print(p.reshape(4, 6).is_contiguous(), p.reshape(4, 6).data_ptr() == x.data_ptr())
