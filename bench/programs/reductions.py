# Reductions over 1M float32 elements (1 << 20, or 1000 x 1000 for the ones over a dim). Prints
# the time of one op; the repetition counts make each op take about 50 ms in PyTorch.
import time
import torch

torch.set_num_threads(1)
M = 1 << 20
BLOCKS = 10


def report(name, seconds):
    print("%s: %.6f s" % (name, seconds))


def measure(name, fn, reps):
    # One warm-up call, then BLOCKS blocks of reps // BLOCKS calls; the best block gives the time
    # of one call. The result of each call is dropped at once, so its storage is recycled.
    fn()
    per_block = max(1, reps // BLOCKS)
    best = None
    for block in range(BLOCKS):
        start = time.perf_counter()
        for i in range(per_block):
            fn()
        t = (time.perf_counter() - start) / per_block
        if best is None or t < best:
            best = t
    report(name, best)


# Let malloc keep freed blocks: freeing a 16 MB block raises glibc's dynamic mmap threshold, so
# the 4 MB results below are recycled instead of being mapped and page-faulted afresh each call
# (the state a long-running program reaches; without it both sides mostly measure page faults).
warm = torch.empty(16 * M // 4)
del warm
torch.manual_seed(0)

a = torch.rand(M)
m = torch.rand(1000, 1000)

measure("sum_1M", lambda: a.sum(), 1000)
measure("mean_1M", lambda: a.mean(), 1000)
measure("max_dim1_1000x1000", lambda: m.max(dim=1), 100)
measure("max_dim0_1000x1000", lambda: m.max(dim=0), 50)
measure("sum_dim0_1000x1000", lambda: m.sum(dim=0), 1000)
measure("sum_dim1_1000x1000", lambda: m.sum(dim=1), 500)
