import torch
print(torch.tensor([1.0, 2.5, -3.25]))
print(torch.tensor([1e-5, 1.0]), torch.tensor([1e10, 1.0]), torch.tensor([123456.789]))
print(torch.tensor([0.1, 0.25, 100.0]), torch.tensor([float('nan'), float('inf'), -1.0]))
print(torch.tensor(3.14159), torch.tensor([[1.0]]), torch.zeros(2, 0))
print(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([1, 2], dtype=torch.int32))
print(torch.arange(2000))
print(torch.arange(1200.0).reshape(40, 30))
