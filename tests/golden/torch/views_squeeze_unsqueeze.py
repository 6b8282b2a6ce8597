import torch
x = torch.zeros(1, 3, 1, 2)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(1).shape, x.squeeze(-2).shape)
y = torch.arange(3)
print(y.unsqueeze(0).shape, y.unsqueeze(1).shape, y.unsqueeze(-1).stride())
print(y[None].shape, y[:, None].shape)
