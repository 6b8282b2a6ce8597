import torch

for d in [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool, torch.float, torch.long]:
    t = torch.zeros(3, dtype=d)
    print(d, d.is_floating_point, d.is_signed, d.is_complex, t.element_size(), t.element_size() * t.numel())
print(torch.get_default_dtype().is_signed, torch.tensor([1, 2]).dtype.is_floating_point)
torch.int64.is_unsigned
