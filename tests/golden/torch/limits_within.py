# The playground's own limits, seen from inside a program: a loop of 20,000 iterations stays under
# the step limit (100,000 line events), a recursion 900 calls deep under the depth limit (1,000),
# a 64 MiB tensor under the storage limit (256 MiB), and the whole run well under the time limit
# (10 s). An allocation no machine can make fails with a RuntimeError in both, which the program
# can catch; past its own limits the playground stops the run with a message naming the limit, its
# value and the flag that raises it (tests/lang/eval_test.cpp and tests/core/views_test.cpp).
import time
import torch

start = time.perf_counter()
total = 0
for i in range(20000):
    total += i
print(total)


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(900))

x = torch.zeros(4096, 4096)
print(x.shape, x.numel() * x.element_size() // 2**20, "MiB", x.sum().item())
del x
y = torch.ones(4096, 4096)
print(y[0, :3])
del y

try:
    torch.zeros(10**10)
except RuntimeError:
    print("torch.zeros(10**10): RuntimeError")
try:
    torch.ones(10**5, 10**5)
except RuntimeError:
    print("torch.ones(10**5, 10**5): RuntimeError")
try:
    torch.empty(2**40)
except RuntimeError:
    print("torch.empty(2**40): RuntimeError")

elapsed = time.perf_counter() - start
print(elapsed < 10.0)
