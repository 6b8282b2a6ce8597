import torch
x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(x.sum(dim=1, keepdim=True).shape, torch.mean(x, dim=0), x.transpose(dim0=0, dim1=1).shape)
print(torch.zeros(size=(2,)), torch.ones((2, 2), dtype=torch.int64), torch.arange(start=1, end=4))
print(x.softmax(dim=-1).shape, torch.cat(tensors=[x, x], dim=0).shape, x.view(size=(2, 6)).shape)
print(x.max(dim=1).values, x.max(dim=1).indices, x.reshape(shape=(12,)).shape)
