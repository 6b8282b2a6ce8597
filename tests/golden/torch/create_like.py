import torch
x = torch.arange(6).reshape(2, 3)
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.float32), torch.full_like(x, 9))
print(x.new_ones(2), x.new_zeros((1, 2)), x.new_tensor([1.5, 2.5]), x.new_full((2,), 4))
f = torch.ones(2, dtype=torch.float64)
print(f.new_tensor([1, 2]), f.new_zeros(3).dtype)
