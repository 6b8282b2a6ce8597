import torch
x = torch.tensor([[1], [2], [3]])
e = x.expand(3, 4)
print(e, e.stride(), e.data_ptr() == x.data_ptr())
print(x.expand(-1, 2).shape, torch.tensor(5).expand(2, 2))
print(x.expand_as(torch.zeros(2, 3, 2)).shape)
