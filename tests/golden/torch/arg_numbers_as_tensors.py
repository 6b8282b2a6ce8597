import torch
x = torch.tensor([1.0, 2.0, 3.0])
print(torch.add(2, x), torch.mul(x, 2), torch.sub(5, x), torch.div(6, x))
print(torch.eq(x, 2), torch.lt(x, 2.5), torch.pow(2, x), torch.pow(x, 2))
print(torch.floor_divide(7, torch.tensor([2, 3])), torch.true_divide(1, x))
for call in [lambda: torch.maximum(x, 2), lambda: torch.minimum(1, x), lambda: torch.dot(x, 2),
             lambda: torch.matmul(x, 2), lambda: torch.where(x > 1, 1, 0), lambda: torch.cat([x, 2]),
             lambda: x.copy_(5), lambda: x.to(2), lambda: torch.bitwise_and(torch.tensor([3]), 1)]:
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
