import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = torch.arange(6.)
i = torch.arange(4)
b = torch.tensor([True, False])
attempt(lambda: x.div_(2, rounding_mode='bad'))
attempt(lambda: x.fill_(torch.tensor([1.0])))
attempt(lambda: x.copy_(torch.arange(3)))
attempt(lambda: x.copy_([1, 2]))
attempt(lambda: x.clamp_())
attempt(lambda: x.masked_fill_(torch.tensor([1, 0, 1, 0, 1, 0]), 0))
attempt(lambda: x.masked_fill_(x > 0, torch.tensor([1.0, 2.0])))
attempt(lambda: x.index_put_((torch.tensor([9]),), torch.tensor(1.0)))
attempt(lambda: i.add_(1.5))
attempt(lambda: i.div_(2))
attempt(lambda: i.mul_(1.5))
attempt(lambda: i.sqrt_())
attempt(lambda: i.exp_())
attempt(lambda: i.pow_(0.5))
attempt(lambda: b.add_(1))
attempt(lambda: b.neg_())
attempt(lambda: torch.ones(2).expand(3, 2).add_(1))
attempt(lambda: torch.ones(3).add_(torch.ones(2, 3)))
attempt(lambda: torch.zeros(2, 3).add_(torch.zeros(2, 1, 3)))
attempt(lambda: torch.ones(3).view(3, 1).expand(3, 3).add_(1))
attempt(lambda: torch.ones(2, dtype=torch.int64).requires_grad_())
attempt(lambda: torch.arange(3).float().pow_(torch.ones(2)))
attempt(lambda: torch.tensor([1]).abs_())
print(x._version, i._version, b._version)
