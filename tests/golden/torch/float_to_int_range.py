# Floats out of an integer dtype's range convert as PyTorch's kernels do on x86-64: to the
# integer type's minimum, NaN and infinities included.
import torch

x = torch.tensor([5e9 + 7, -5e9 - 7, 1e308, float("nan"), float("inf"), -float("inf"), 2.0**63, 2.0**31, 127.9, -129.0],
                 dtype=torch.float64)
print(x.long())
print(x.int())
print(x.bool())
y = x.float()
print(y.long())
print(y.int())
print(torch.tensor([1e308]).long())
print(torch.tensor(1e308).long().item())
print(x[::2].long(), x[1::3].int())
print(torch.full((2,), 1e308, dtype=torch.float64).to(torch.int64))
print(torch.full((2,), float("nan"), dtype=torch.float64).int())
print(torch.tensor([-2.0**63, -2.0**63 - 4096, 2.0**63 - 1024]).long())
print(torch.tensor([-2147483648.5, -2147483649.0, 2147483647.9]).double().int())
