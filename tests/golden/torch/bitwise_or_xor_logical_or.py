# bitwise_or, bitwise_xor (functions, methods, in place, a number first) and logical_or.
import torch

a = torch.tensor([0b1100, 0b1010, 7])
b = torch.tensor([0b1010, 0b0110, 1])
print(torch.bitwise_or(a, b), a.bitwise_xor(b), torch.bitwise_xor(a, 3), a.bitwise_or(1))
print(torch.bitwise_or(1, a), torch.bitwise_xor(5, b), torch.bitwise_and(6, a))
c = a.clone()
print(c.bitwise_or_(b), c.bitwise_xor_(1), c._version)
m = torch.tensor([True, False, False])
n = torch.tensor([False, False, True])
print(torch.bitwise_or(m, n), m.bitwise_xor(n), torch.logical_or(m, n), a.logical_or(torch.zeros(3)))
print(torch.logical_or(torch.tensor([0.0, 2.0]), torch.tensor([0, 0])))
for f in [lambda: torch.bitwise_or(torch.tensor([1.0]), 1), lambda: torch.bitwise_xor(a, "x")]:
    try:
        f()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
