import torch
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])
print(a.add(b), a.add(b, alpha=2), torch.add(a, 1), a.sub(b), torch.sub(a, b, alpha=3))
print(a.mul(b), a.multiply(2), a.div(b), torch.div(b, 2, rounding_mode='floor'), torch.div(-b, 4, rounding_mode='trunc'))
print(torch.maximum(a, b - 3), torch.minimum(a, b - 3), torch.max(a, b - 3))
print(a.eq(b - 3), a.ne(2), a.lt(2), a.le(2), a.gt(2), a.ge(2), torch.eq(a, a))
