# Sizes, strides and offsets whose products or sums overflow int64 raise PyTorch's errors.
import torch


def check(f):
    try:
        r = f()
        print(r.shape if isinstance(r, torch.Tensor) and r.numel() > 100 else r)
    except RuntimeError as e:
        print("RuntimeError:", e)


check(lambda: torch.ones(1).expand(2**62, 2**62))
check(lambda: torch.ones(1).expand(2**31, 2**31).shape)
check(lambda: torch.ones(1).expand(2**62, 2).stride())
check(lambda: torch.arange(6.).as_strided((3, 3), (0, 2**61)))
check(lambda: torch.ones(3).as_strided((2**62,), (2**2,)))
check(lambda: torch.ones(3).as_strided((2**61, 2**61), (0, 0)))
check(lambda: torch.empty(2**62, 4))
check(lambda: torch.empty(2**40, 2**40))
check(lambda: torch.empty(2**61, 2))
check(lambda: torch.zeros(2**62, 4))
check(lambda: torch.ones(2**31, 2**31, 4))
check(lambda: torch.full((2**62, 2), 1.))
check(lambda: torch.randn(2**62, 2))
check(lambda: torch.ones(2**62, 2, dtype=torch.int32))
check(lambda: torch.ones(2**20).view(2**62, -1))
check(lambda: torch.ones(4).reshape(2**62, 2**62))
check(lambda: torch.ones(4).view(2**32, 2**32))
check(lambda: torch.ones(2).repeat(2**62, 4))
check(lambda: torch.ones(2).repeat(2**63 - 1))
check(lambda: torch.arange(0, 2**62))
check(lambda: torch.arange(0, 1, 1e-300))
check(lambda: torch.arange(0., 1e30))
check(lambda: torch.arange(-2**62, 2**62, 1))
check(lambda: torch.linspace(0, 1, 2**62))
check(lambda: torch.ones(1).expand(2**62, 2**62).numel())
check(lambda: torch.cat([torch.ones(1).expand(2**62), torch.ones(1).expand(2**62)]))
check(lambda: torch.ones(1).expand(2**62, 2**62).contiguous())
check(lambda: torch.ones(1).expand(2**62, 4).view(-1))
check(lambda: torch.ones(1).expand(2**62, 4).reshape(-1))
check(lambda: torch.ones(1).expand(2**62, 4).flatten())
check(lambda: torch.ones(1).expand(2**31, 2**31).unsqueeze(0).expand(4, -1, -1))
check(lambda: torch.ones(1, 1).expand(2**31, 2**31).t().shape)
check(lambda: torch.ones(2**20, dtype=torch.int32).expand(2**43, -1))
print(round(10**30, -10**6), round(10**30, -31), round(-10**30, -30), round(1.5, -2**62))
