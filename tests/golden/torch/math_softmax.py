import torch
x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(x.softmax(dim=1), torch.softmax(x, 0), x.log_softmax(1), torch.log_softmax(x, dim=-1))
print(x.softmax(1).sum(1))
