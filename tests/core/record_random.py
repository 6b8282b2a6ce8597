"""Records PyTorch's CPU random streams for tests/core/random_test.cpp.

Each case runs torch.manual_seed(seed) and then one expression; the values must match bit for bit
(float32 values are stored as the exact doubles tolist() gives)."""
import json
import math
import os

import torch
import torch.nn as nn

from oracle import describe

SIZES = [1, 2, 15, 16, 17, 31, 32, 33, 100, 1000]
SEEDS = [0, 1, 42, 1234567, 2**32 + 5, 2**63 + 11]

cases = {}  # id -> (seed, expression)


def add(case_id, seed, expr):
    assert case_id not in cases, case_id
    cases[case_id] = (seed, expr)


for seed in SEEDS:
    sizes = SIZES if seed in (0, 42) else [1, 2, 15, 16, 17, 100]
    for n in sizes:
        for dt in ("float32", "float64"):
            add(f"rand_{dt}_{n}_s{seed}", seed, f"torch.rand({n}, dtype=torch.{dt})")
            add(f"randn_{dt}_{n}_s{seed}", seed, f"torch.randn({n}, dtype=torch.{dt})")
        add(f"randint_{n}_s{seed}", seed, f"torch.randint(0, 10, ({n},))")
        add(f"randperm_{n}_s{seed}", seed, f"torch.randperm({n})")

for seed in (0, 7):
    for n in (1, 5, 16, 17, 40):
        for dt in ("float32", "float64"):
            add(f"normal_{dt}_{n}_s{seed}", seed, f"torch.normal(2.5, 0.75, ({n},), dtype=torch.{dt})")
            add(f"normal__{dt}_{n}_s{seed}", seed, f"torch.empty({n}, dtype=torch.{dt}).normal_(-1.25, 3.0)")
            add(f"uniform__{dt}_{n}_s{seed}", seed, f"torch.empty({n}, dtype=torch.{dt}).uniform_(-0.3, 0.7)")
            add(f"uniform_wide_{dt}_{n}_s{seed}", seed, f"torch.empty({n}, dtype=torch.{dt}).uniform_(-1e6, 3.5e6)")

# Shapes, 0-d and empty tensors.
add("rand_shape", 3, "torch.rand(3, 4)")
add("randn_shape", 3, "torch.randn(2, 3, 5)")
add("randn_shape_16", 3, "torch.randn(4, 4)")
add("rand_0d", 3, "torch.rand(())")
add("randn_0d", 3, "torch.randn(())")
add("rand_empty", 3, "torch.rand(0, 3)")
add("randn_empty", 3, "torch.randn(3, 0)")
add("randperm_0", 3, "torch.randperm(0)")
add("randperm_int32", 3, "torch.randperm(20, dtype=torch.int32)")
add("randperm_float", 3, "torch.randperm(20, dtype=torch.float32)")
add("randperm_double", 3, "torch.randperm(20, dtype=torch.float64)")

# randint: ranges, dtypes, 64-bit ranges.
add("randint_neg", 5, "torch.randint(-7, 3, (50,))")
add("randint_big", 5, "torch.randint(0, 2**40, (20,))")
add("randint_huge", 5, "torch.randint(-2**62, 2**62, (20,))")
add("randint_2_32", 5, "torch.randint(0, 2**32, (10,))")
add("randint_2_32_minus", 5, "torch.randint(0, 2**32 - 1, (10,))")
add("randint_int32", 5, "torch.randint(-100, 100, (20,), dtype=torch.int32)")
add("randint_float", 5, "torch.randint(0, 10, (20,), dtype=torch.float32)")
add("randint_double_big", 5, "torch.randint(0, 2**40, (10,), dtype=torch.float64)")
add("randint_float_big", 5, "torch.randint(0, 2**40, (10,), dtype=torch.float32)")
add("randint_bool", 5, "torch.randint(0, 2, (20,), dtype=torch.bool)")
add("randint_shape", 5, "torch.randint(3, 9, (3, 4))")

# The stream continues across calls; the cached Box-Muller value survives between calls.
add("seq_mixed", 11, "[torch.rand(3), torch.randn(5), torch.randint(0, 100, (4,)), torch.randperm(6), torch.randn(20)]")
add("seq_randn_cache", 11, "[torch.randn(1), torch.randn(1), torch.randn(1), torch.randn(3)]")
add("seq_cache_across_16", 11, "[torch.randn(1), torch.randn(16), torch.randn(1)]")
add("seq_cache_double", 11, "[torch.randn(1, dtype=torch.float64), torch.randn(1)]")
add("seq_cache_rand", 11, "[torch.randn(3), torch.rand(2), torch.randn(1)]")
add("seq_long", 13, "[torch.rand(700), torch.rand(700), torch.randn(1000)]")

# Non-contiguous tensors are filled in memory order (TensorIterator's order).
add("uniform_transposed", 17, "torch.empty(4, 5).t().uniform_()")
add("normal_transposed", 17, "torch.empty(4, 5).t().normal_()")
add("normal_transposed_small", 17, "torch.empty(3, 2).t().normal_()")
add("normal_sliced", 17, "torch.empty(6, 6)[:, ::2].normal_()")
add("uniform_sliced", 17, "torch.empty(6, 6)[:, ::2].uniform_(1, 2)")
add("uniform_permuted", 17, "torch.empty(2, 3, 4).permute(2, 0, 1).uniform_()")
add("randint_transposed", 17, "torch.empty(4, 5, dtype=torch.long).t().random_(0, 1000)")
add("normal_contig_offset", 17, "torch.empty(40)[3:23].normal_()")
add("rand_like_t", 19, "torch.rand_like(torch.empty(4, 5).t())")
add("randn_like_t", 19, "torch.randn_like(torch.empty(4, 5).t())")
add("randn_like_double", 19, "torch.randn_like(torch.empty(3, 7), dtype=torch.float64)")
add("randint_like", 19, "torch.randint_like(torch.empty(3, 4), 2, 8)")

# nn.Linear's default init: kaiming_uniform_(weight, a=sqrt(5)), then uniform_ on the bias.
for (i, o) in ((3, 2), (5, 4), (1, 1), (10, 7), (784, 3)):
    add(f"linear_{i}_{o}", 0, f"[p.detach() for p in nn.Linear({i}, {o}).parameters()]")
add("linear_seq", 42, "[p.detach() for p in nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3)).parameters()]")
add("kaiming_3d", 1, "nn.init.kaiming_uniform_(torch.empty(4, 3, 2))")
add("kaiming_a0", 1, "nn.init.kaiming_uniform_(torch.empty(4, 3))")

# Errors, word for word.
add("err_randint_equal", 0, "torch.randint(5, 5, (3,))")
add("err_randint_reversed", 0, "torch.randint(5, 3, (3,))")
add("err_randint_bool_range", 0, "torch.randint(0, 3, (3,), dtype=torch.bool)")
add("err_randint_bool_from", 0, "torch.randint(-1, 2, (3,), dtype=torch.bool)")
add("err_randint_int32_range", 0, "torch.randint(0, 2**40, (3,), dtype=torch.int32)")
add("err_rand_long", 0, "torch.rand(3, dtype=torch.int64)")
add("err_rand_int", 0, "torch.rand(3, dtype=torch.int32)")
add("err_rand_bool", 0, "torch.rand(3, dtype=torch.bool)")
add("err_randn_long", 0, "torch.randn(3, dtype=torch.int64)")
add("err_randn_long_big", 0, "torch.randn(30, dtype=torch.int64)")
add("err_rand_negative", 0, "torch.rand(-1)")
add("err_randn_negative", 0, "torch.randn(2, -1)")
add("err_randperm_negative", 0, "torch.randperm(-1)")
add("err_randperm_bool", 0, "torch.randperm(5, dtype=torch.bool)")
add("err_normal_std", 0, "torch.normal(0., -1., (3,))")
add("err_normal_std_nan", 0, "torch.empty(3).normal_(0., float('nan'))")
add("err_normal_std_first", 0, "torch.empty(3, dtype=torch.long).normal_(0., -1.)")
add("err_uniform_reversed", 0, "torch.empty(3).uniform_(1., 0.)")
add("err_uniform_too_wide", 0, "torch.empty(3).uniform_(-3e38, 3e38)")
add("err_uniform_from", 0, "torch.empty(3).uniform_(-1e39, 3e38)")
add("err_uniform_to_nan", 0, "torch.empty(3).uniform_(0., float('nan'))")
add("err_uniform_long", 0, "torch.empty(3, dtype=torch.long).uniform_(0, 1)")
add("err_uniform_expanded", 0, "torch.empty(1).expand(3).uniform_(0, 1)")
add("err_normal_expanded", 0, "torch.empty(1).expand(20).normal_(0, 1)")
add("err_kaiming_1d", 0, "nn.init.kaiming_uniform_(torch.empty(3))")


def run(seed, expr):
    torch.manual_seed(seed)
    try:
        out = describe(eval(expr, {"torch": torch, "nn": nn, "math": math}))
    except Exception as e:  # noqa: BLE001 - the error is the expectation
        out = {"error": type(e).__name__, "message": str(e)}
    out["seed"] = str(seed)  # as text: seeds past 2**63 do not fit a JSON integer reader
    return out


def main():
    out = {case_id: run(seed, expr) for case_id, (seed, expr) in cases.items()}
    # Seeds as torch reports them: negative seeds wrap to 64 bits.
    torch.manual_seed(-1)
    out["initial_seed_wrapped"] = {"scalar": str(torch.initial_seed())}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected", "random.json")
    with open(path, "w") as f:  # one case a line
        f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(out.items())) + "\n}\n")
    print(f"wrote {len(out)} cases to {path}")


if __name__ == "__main__":
    main()
