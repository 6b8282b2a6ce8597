import torch
print(torch.tensor([1, 2, 3]), torch.tensor([1.5, 2]), torch.tensor([True, False]))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.float64))
print(torch.tensor(3), torch.tensor(2.5), torch.tensor([]), torch.tensor([[], []]))
print(torch.tensor([1, 2.5, True]).dtype, torch.tensor([1, 2], dtype=float).dtype, torch.tensor([1, 2], dtype=int).dtype)
print(torch.tensor([1, 0], dtype=bool))
