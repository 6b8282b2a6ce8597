# Tiny tensor ops in a Python loop: here the interpreter and the per-op dispatch cost everything,
# the arithmetic on 3 elements costs nothing. Prints the time of each whole loop.
import time
import torch

torch.set_num_threads(1)
N = 20000


def report(name, seconds):
    print("%s: %.6f s" % (name, seconds))


x = torch.tensor([1.0, 2.0, 3.0])
for i in range(100):
    x = x + 1

x = torch.tensor([1.0, 2.0, 3.0])
start = time.perf_counter()
for i in range(N):
    x = x + 1
report("tiny_add_loop", time.perf_counter() - start)

y = torch.tensor([1.0, 2.0, 3.0])
start = time.perf_counter()
for i in range(N):
    y += 1
report("tiny_iadd_loop", time.perf_counter() - start)

z = torch.tensor([1.0, 2.0, 3.0])
w = torch.tensor([0.5, 0.25, 0.125])
start = time.perf_counter()
for i in range(N):
    z = z * w + 1
report("tiny_mul_add_loop", time.perf_counter() - start)

v = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
start = time.perf_counter()
for i in range(N):
    u = v[1]
report("tiny_index_loop", time.perf_counter() - start)

start = time.perf_counter()
for i in range(N):
    u = v.t()
report("tiny_view_loop", time.perf_counter() - start)

total = 0.0
start = time.perf_counter()
for i in range(N):
    total = total + 1.5
report("python_float_loop", time.perf_counter() - start)
