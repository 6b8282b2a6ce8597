import torch
x = torch.tensor([1.123456789, 2.0])
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(precision=4)
print(x)
