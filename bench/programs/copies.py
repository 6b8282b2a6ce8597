# Copies of 1M float32 elements: a transposed 1000 x 1000 made contiguous, a clone, and strided
# assignments x[::2] = ... Prints the time of one op; the repetition counts make each op take
# about 50 ms in PyTorch.
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

m = torch.rand(1000, 1000)
a = torch.rand(M)
x = torch.zeros(M)
y = torch.rand(M // 2)
mt = m.t()


def set_every_other():
    x[::2] = y


def fill_every_other():
    x[::2] = 1.5


measure("transpose_contiguous_1000x1000", lambda: mt.contiguous(), 25)
measure("clone_1M", lambda: a.clone(), 200)
measure("setitem_step2_1M", set_every_other, 200)
measure("fill_step2_1M", fill_every_other, 200)
