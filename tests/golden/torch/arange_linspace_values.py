import torch

# arange accumulates in double: element i is start + step * i, except that inside each block of
# two vectors a lane is the vector's first element, rounded to the dtype, plus lane * step.
a = torch.arange(-8.0, 8.0, 0.1)
print(len(a), a[80], a[80].item(), a[79].item(), a[81].item(), a[-1].item())
print(a)
print(a[75:90])
d = torch.arange(-8.0, 8.0, 0.1, dtype=torch.float64)
print(d[80], d[80].item(), d[-1].item())
print(d[:20])
print(torch.arange(0, 1, 0.1), torch.arange(0, 1, 0.1, dtype=torch.float64))
print(torch.arange(0.1, 7.3, 0.1)[60:].tolist())
print(torch.arange(1.5, 40.2, 0.7))
print(torch.arange(10, -10, -0.37).tolist())
print(torch.arange(0, 100, 1 / 3)[::17].tolist())
print(torch.arange(0, 100, 1 / 3, dtype=torch.float64)[::17].tolist())
for start, end, step in [(0.0, 3.0, 0.01), (-1, 1, 0.05), (-3.7, 3.7, 0.123), (1e-3, 2e-2, 1e-4)]:
    for dt in [torch.float32, torch.float64]:
        t = torch.arange(start, end, step, dtype=dt)
        print(len(t), ["%.17g" % x for x in t[::7].tolist()], "%.17g" % t.sum().item())

# Large values: the block's first element is rounded before the lanes are added.
print(torch.arange(2 ** 24, 2 ** 24 + 20, dtype=torch.float32).tolist())
print(torch.arange(16777216.0, 16777236.0, 1.0).tolist())
print(torch.arange(1e10, 1e10 + 1000, 10.0)[:20].tolist())
print(torch.arange(-1e8, -1e8 + 5, 0.25))
long = torch.arange(0, 2000, 0.07)
print(len(long), long[[0, 15, 16, 17, 100, 1001, 10000, -2, -1]].tolist(), "%.10g" % long.sum().item())

# The length: ceil((end - start) / step) in double, int64 arithmetic for int64.
for args in [(0, 10, 3), (0, 10, 3.0), (0, 1, 0.3), (0, 0.9, 0.3), (0, 1.2, 0.4), (10, 0, -3), (1, 1), (0, 5.5, 1.5),
             (-5.5, 5.5, 1.5), (0.5, 3), (0, 3e9, 1e9), (True, 5), (0, 10, True), (0, 2 ** 62, 2 ** 61),
             (-2 ** 63, 2 ** 63 - 1, 2 ** 62), (-2 ** 63, 2 ** 63 - 1, 2 ** 63 - 1)]:
    for dt in [None, torch.int32, torch.int64, torch.float32]:
        try:
            t = torch.arange(*args, dtype=dt)
            print(args, dt, t.dtype, len(t), t[:8].tolist(), t[-2:].tolist())
        except RuntimeError as e:
            print(args, dt, "RuntimeError:", e)
print(torch.arange(2 ** 31 - 2, 2 ** 31 + 3, dtype=torch.int32))

# Errors, in PyTorch's order.
for args, kw in [((0, float("inf")), {}), ((0, float("inf")), {"dtype": torch.int64}), ((float("nan"), 5), {}),
                 ((0, float("nan")), {"dtype": torch.int32}), ((0, 5, 0), {}), ((0, 5, 0.3), {"dtype": torch.int64}),
                 ((0, 5, -1), {}), ((5, 0, 1.5), {}), ((0, 1e30, 1e-30), {}), ((0, 1e19), {"dtype": torch.int64}),
                 ((0, 2), {"dtype": torch.bool}), ((-float("inf"), 0, 1.0), {})]:
    try:
        print(torch.arange(*args, **kw))
    except RuntimeError as e:
        print(args, kw, "RuntimeError:", e)

# linspace counts up from start for the first half and down from end for the second, each
# element one fused multiply-add in the dtype (in double for the integer dtypes).
for start, end, steps in [(0, 1, 10), (-8, 8, 161), (0.1, 0.7, 17), (3, -3, 33), (-10, 10, 1000), (1e-5, 1e5, 77),
                          (0, 10, 2), (0, 10, 1), (5, 5, 4), (-1.5, 2.25, 16), (0, 1, 33)]:
    for dt in [torch.float32, torch.float64, torch.int32, torch.int64]:
        t = torch.linspace(start, end, steps, dtype=dt)
        print(start, end, steps, dt, t[:: max(1, steps // 9)].tolist(), t[steps // 2 - 1 : steps // 2 + 1].tolist())
print(torch.linspace(-8, 8, 161)[75:90])
print(torch.linspace(0, 1, 11), torch.linspace(0, 1, 11, dtype=torch.float64))
print(torch.linspace(-8, 8, 161)[80].item(), torch.linspace(-8, 8, 160)[80].item(), torch.linspace(0, 1, 7)[3].item())
print(torch.linspace(-2, 2, 0), torch.linspace(3, 4, 1), torch.linspace(3.7, 4, 1, dtype=torch.int64))
try:
    torch.linspace(0, 1, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
