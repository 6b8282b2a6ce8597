# The kernels the page's engine is compared on (bench/compare_wasm.mjs): each op is timed on the
# line that runs it (the trace recorder records one step per line, before the line runs, so the
# time is the kernel's alone, not the recording's); best of REPS. Prints `name: SECONDS s`.
import time
import torch

torch.set_num_threads(1)
M = 1 << 20
REPS = 15

warm = torch.empty(16 * M // 4)
del warm
torch.manual_seed(0)

a = torch.rand(M)
b = torch.rand(M)
s = torch.rand(1024, 1024) * 8 - 4
m1 = torch.rand(256, 256)
m2 = torch.rand(256, 256)
n1 = torch.rand(512, 512)
n2 = torch.rand(512, 512)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = a + b; best = min(best, time.perf_counter() - t0); del c
print("add_1M: %.6f s" % best)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = a.exp(); best = min(best, time.perf_counter() - t0); del c
print("exp_1M: %.6f s" % best)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = a.sum(); best = min(best, time.perf_counter() - t0); del c
print("sum_1M: %.6f s" % best)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = torch.softmax(s, dim=1); best = min(best, time.perf_counter() - t0); del c
print("softmax_1024x1024: %.6f s" % best)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = m1 @ m2; best = min(best, time.perf_counter() - t0); del c
print("matmul_256: %.6f s" % best)

best = 1e9
for i in range(REPS):
    t0 = time.perf_counter(); c = n1 @ n2; best = min(best, time.perf_counter() - t0); del c
print("matmul_512: %.6f s" % best)
