import torch
print(torch.zeros(2, 3), torch.ones((2, 2), dtype=torch.int64), torch.full((2,), 3.5))
print(torch.full((2, 2), 7), torch.full((1,), True), torch.empty(0))
print(torch.eye(3), torch.eye(2, 3))
print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25), torch.arange(5.0))
print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, steps=3))
print(torch.zeros(2, dtype=torch.bool), torch.ones(3, dtype=torch.int32))
