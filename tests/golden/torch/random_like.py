import torch
torch.manual_seed(1)
x = torch.zeros(2, 3)
print(torch.rand_like(x))
print(torch.randn_like(x))
print(torch.randint_like(x, 10))
