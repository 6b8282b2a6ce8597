import torch
x = torch.arange(12).reshape(3, 4)
print(x[[0, 2]], x[torch.tensor([2, 0])], x[[0, 1], [1, 2]])
print(x[x % 2 == 0], x[:, [True, False, True, False]])
print(x[torch.tensor([[0, 1], [1, 2]])])
i = x[[0, 2]]
print(i._base is None, i.data_ptr() == x.data_ptr())
print(x[1, [0, 3]], x[..., [1]])
