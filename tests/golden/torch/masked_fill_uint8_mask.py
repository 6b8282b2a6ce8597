# masked_fill and masked_select with a uint8 mask: they work, with PyTorch's deprecation warnings.
import torch
x = torch.zeros(3)
m = torch.tensor([1, 0, 1], dtype=torch.uint8)
print(x.masked_fill(m, 5.))
print(x.masked_fill_(m, 2.), x._version)
print(torch.masked_fill(x, m, 3.))
print(x.masked_fill(m, torch.tensor(7.)))
for i in range(2):
    print(x.masked_fill(m, float(i)))
print(x.masked_select(m))
w = torch.ones(2, 3, requires_grad=True)
y = w.masked_fill(torch.tensor([[1, 0, 0], [0, 0, 1]], dtype=torch.uint8), 0.0)
y.sum().backward()
print(y, w.grad)
