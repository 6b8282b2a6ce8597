# torch.unique(sorted=False): the values in the order of PyTorch's CPU hash set, with inverse and counts.
import torch
x = torch.tensor([3, 1, 2, 3, 1, 7, 5])
print(torch.unique(x, sorted=False))
print(torch.unique(x, sorted=False, return_inverse=True, return_counts=True))
print(x.unique(sorted=False, return_counts=True))
print(torch.unique(torch.tensor([3., 1.5, 2, 3, 1, 7, 5, -0.0, 0.0]), sorted=False))
print(torch.unique(torch.tensor([[4, 4, 9], [1, 9, 0]], dtype=torch.int32), sorted=False, return_inverse=True))
print(torch.unique(torch.tensor([True, False, True]), sorted=False))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [0, 1]]), sorted=False, dim=0))
print(torch.unique(torch.arange(20) % 7, sorted=False))
print(torch.unique(torch.tensor([100, 3, 100, 57, 12, 3, 99, 1000, 5], dtype=torch.int16), sorted=False))
print(torch.unique(torch.tensor([], dtype=torch.int64), sorted=False))
