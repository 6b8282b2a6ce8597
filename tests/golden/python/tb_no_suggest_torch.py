import torch
torch.tensr([1])
