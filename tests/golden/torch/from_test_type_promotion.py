import torch
# Cases from PyTorch's test/test_type_promotion.py (test_int_promotion, test_float_promotion,
# test_add_wrapped, test_bool_promotion, test_div_promotion, test_comparison_ops_with_type_promotion,
# test_inplace...), printed instead of asserted.
a = torch.ones([4, 4, 4], dtype=torch.int32)
b = torch.ones([4, 4, 4], dtype=torch.int64)
c = a + b
print(c.dtype, c[0, 0].tolist())
a = torch.ones([4, 4, 4], dtype=torch.float)
b = torch.ones([4, 4, 4], dtype=torch.double)
print((a + b).dtype, (b + a).dtype, (a + 1).dtype, (b + 2.5).dtype)
a = torch.ones([4, 4, 4], dtype=torch.int)
print((a + 5).dtype, (a + 5.5).dtype, (5 + a).dtype, (a + torch.tensor(5)).dtype, (a + torch.tensor(5.5)).dtype)
print((a + torch.tensor(5.5, dtype=torch.double)).dtype, (a + torch.tensor([5.5], dtype=torch.double)).dtype)
t = torch.tensor([True, False])
print((t + t).dtype, (t * t).dtype, (t + 1).dtype, (t + 1.0).dtype, (t & True).dtype, (t | t).dtype)
for dtype in [torch.bool, torch.int32, torch.int64, torch.float32, torch.float64]:
    x = torch.ones(2, dtype=dtype)
    print(dtype, (x / 2).dtype, (x / x).dtype, (x // 1).dtype if dtype != torch.bool else None, (x == 1).dtype, (x * 1.5).dtype)
for op in [torch.eq, torch.ne, torch.lt, torch.le, torch.gt, torch.ge]:
    print(op(torch.tensor([1, 2, 3]), torch.tensor([1.5, 2.0, 2.5])), op(torch.tensor([1, 2, 3]), 2.0))
x = torch.ones(3, dtype=torch.float32)
x.add_(torch.ones(3, dtype=torch.int64))
x.mul_(torch.tensor(2, dtype=torch.float64))
print(x, x.dtype)
y = torch.ones(3, dtype=torch.int32)
try:
    y.add_(torch.ones(3))
except RuntimeError as e:
    print(e)
try:
    y.div_(2)
except RuntimeError as e:
    print(e)
print(torch.result_type(torch.tensor([1, 2], dtype=torch.int32), 1), torch.result_type(torch.tensor(1.0), torch.tensor(1)))
print(torch.promote_types(torch.int32, torch.int64), torch.promote_types(torch.float32, torch.int64), torch.promote_types(torch.bool, torch.bool))
print(torch.cat([torch.ones(2, dtype=torch.int32), torch.ones(2)]).dtype, torch.stack([torch.ones(1), torch.ones(1, dtype=torch.float64)]).dtype)
print(torch.where(torch.tensor([True, False]), torch.tensor([1, 2]), torch.tensor([1.5, 2.5])).dtype)
