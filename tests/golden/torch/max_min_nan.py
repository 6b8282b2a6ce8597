import torch
x = torch.tensor([1.0, float('nan'), 3.0])
print(x.max(), x.min(), x.argmax(), torch.tensor([[1.0, 5.0], [7.0, 2.0]]).max(0))
