"""Times the core's kernels against PyTorch on one thread, in the same run, and prints a table.

    OMP_NUM_THREADS=1 /usr/bin/python3 bench/compare_core.py [path/to/stridelab_bench]

The ops and sizes are those of bench/core_bench.cpp; the inputs are built the same way. PyTorch's
matmul goes to its BLAS (OpenBLAS when libopenblas0-pthread is installed). The two sides of each op
are timed one right after the other, so that both see the same machine load, and each time is the
best of several repeats (the least disturbed one) after a warm-up.
"""
import json
import os
import subprocess
import sys
import timeit

import torch

torch.set_num_threads(1)
M = 1 << 20


def values(*sizes):
    n = 1
    for s in sizes:
        n *= s
    return ((torch.arange(n) % 1000) / 500.0 - 1.0).reshape(*sizes)


def torch_ops():
    a, b = values(M), values(M)
    s1, s2 = values(1000, 1000), values(1000)
    m1, m2 = values(512, 512), values(512, 512)
    return {
        "add_f32_1M": lambda: a + b,
        "mul_f32_1M": lambda: a * b,
        "add_scalar_f32_1M": lambda: a + 2.5,
        "add_inplace_f32_1M": lambda: a.add_(b),
        "exp_f32_1M": lambda: torch.exp(a),
        "relu_f32_1M": lambda: torch.relu(a),
        "add_broadcast_1000x1000": lambda: s1 + s2,
        "sum_f32_1M": lambda: a.sum(),
        "mean_f32_1M": lambda: a.mean(),
        "sum_dim0_1000x1000": lambda: s1.sum(0),
        "sum_dim1_1000x1000": lambda: s1.sum(1),
        "max_dim1_1000x1000": lambda: s1.max(1),
        "max_dim0_1000x1000": lambda: s1.max(0),
        "softmax_1000x1000": lambda: s1.softmax(1),
        "clone_f32_1M": lambda: a.clone(),
        "transpose_copy_1000x1000": lambda: s1.t().contiguous(),
        "matmul_512": lambda: m1 @ m2,
    }


REPEATS = 7


def time_torch(fn, budget=0.3):
    """Best time of one call, in ns."""
    fn()
    number = max(1, int(budget / max(timeit.timeit(fn, number=1), 1e-7) / REPEATS))
    return min(timeit.repeat(fn, number=number, repeat=REPEATS)) / number * 1e9


def time_stridelab(binary, name):
    """Best time of one call of benchmark `name`, in ns (None when the binary lacks it)."""
    out = subprocess.run([binary, "--benchmark_format=json", f"--benchmark_filter=^{name}$",
                          f"--benchmark_repetitions={REPEATS}", "--benchmark_min_time=0.05"],
                         check=True, capture_output=True, text=True).stdout
    best = None
    for bm in json.loads(out)["benchmarks"]:
        if bm.get("run_type") == "iteration":
            unit = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[bm["time_unit"]]
            t = bm["real_time"] * unit
            best = t if best is None else min(best, t)
    return best


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build", "native", "stridelab_bench")
    ops = torch_ops()
    ops["matmul_512"]()  # loads the BLAS, so that the line below can name it
    blas = "OpenBLAS" if "openblas" in open("/proc/self/maps").read().lower() else "see torch.__config__.show()"
    print(f"PyTorch {torch.__version__}, {torch.get_num_threads()} thread, BLAS: {blas}; "
          f"best of {REPEATS}, ratio = stridelab / PyTorch")
    print(f"{'op':28} {'stridelab':>12} {'PyTorch':>12} {'ratio':>7}")
    for name, fn in ops.items():
        ours = time_stridelab(binary, name)
        theirs = time_torch(fn)
        if ours is None:
            print(f"{name:28} {'-':>12} {theirs / 1e3:10.1f}us {'-':>7}")
            continue
        print(f"{name:28} {ours / 1e3:10.1f}us {theirs / 1e3:10.1f}us {ours / theirs:6.2f}x", flush=True)


if __name__ == "__main__":
    main()
