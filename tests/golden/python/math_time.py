import math
import time
print(math.sqrt(16), math.sqrt(2), math.exp(1), math.log(math.e), math.log(100, 10), math.pi)
print(math.floor(2.7), math.ceil(2.1), math.cos(0), math.sin(0), math.tanh(0.5))
t0 = time.perf_counter()
t1 = time.perf_counter()
print(t1 >= t0, type(time.time()).__name__, time.time() > 1e9)
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError:", e)
