# 2,000 iterations of `x = x + 1` on a 3-element tensor, as a learner writes it: the time of the
# whole loop, the trace recorder's steps included (bench/compare_wasm.mjs).
import time
import torch

x = torch.zeros(3)
start = time.perf_counter()
for i in range(2000):
    x = x + 1
print("add_loop_2000: %.6f s" % (time.perf_counter() - start))
print(x)
