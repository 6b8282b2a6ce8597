import torch
x = torch.arange(12).reshape(3, 4)
print(x.index_select(0, torch.tensor([2, 0])), torch.index_select(x, 1, torch.tensor([1, 1])))
print(x.gather(1, torch.tensor([[0, 1], [2, 3], [1, 1]])))
print(torch.gather(x, 0, torch.tensor([[2, 1, 0, 0]])))
print(x.masked_select(x > 6), torch.masked_select(x, x < 2))
