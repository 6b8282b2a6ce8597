import torch
x = torch.zeros(5)
x.index_put_((torch.tensor([0, 2]),), torch.tensor([1.0, 2.0]))
print(x, x._version)
x.index_put_((torch.tensor([0, 0]),), torch.tensor([1.0, 1.0]), accumulate=True)
print(x)
