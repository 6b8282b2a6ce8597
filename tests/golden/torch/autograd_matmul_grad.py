import torch
torch.manual_seed(0)
W = torch.randn(3, 2, requires_grad=True)
x = torch.randn(4, 3)
out = (x @ W).relu().sum()
out.backward()
print(W.grad)
