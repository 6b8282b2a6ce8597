import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x[0], x[1, 2], x[1, 2, 3], x[-1, -1, -1])
print(x[:, 1:3], x[..., ::2], x[0, ::-1] if False else x[0, 1:])
print(x[0, :, 1].stride(), x[:, None, 0].shape, x[..., 0].shape)
print(x[0][1][2], x[1:, :2, ::3].storage_offset())
