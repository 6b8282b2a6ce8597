"""Records PyTorch's sort and topk (values and indices, ties in the CPU kernel's order, NaN, strided
inputs, errors) and cumsum / cumprod / tril / triu / diag / trace for tests/core/sort_test.cpp."""
import torch

from oracle import record

torch.manual_seed(3)
env = {
    "torch": torch,
    "x": torch.tensor([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]]),
    "ties": torch.randint(0, 3, (2, 50)),  # rows longer than 16: std::sort is not stable there
    "wide": torch.randint(0, 6, (300,)),   # topk takes partial_sort for small k
    "nan": torch.tensor([2.0, float("nan"), -1.0, float("nan"), 0.5, 2.0]),
    "b": torch.tensor([True, False, True, False]),
    "s": torch.tensor(4.0),
    "m": torch.arange(1, 13).reshape(3, 4),
}

cases = {
    "sort": "torch.sort(x)",
    "sort_dim0_desc": "torch.sort(x, 0, True)",
    "sort_t": "torch.sort(x.t(), 1)",
    "sort_ties": "torch.sort(ties)",
    "sort_ties_desc": "torch.sort(ties, descending=True)",
    "sort_ties_stable": "torch.sort(ties, stable=True)",
    "sort_ties_dim0": "torch.sort(ties.t().contiguous(), 0)",
    "sort_nan": "torch.sort(nan)",
    "sort_nan_desc": "torch.sort(nan, descending=True)",
    "sort_bool": "torch.sort(b)",
    "sort_scalar": "torch.sort(s)",
    "sort_dim_bad": "torch.sort(x, 2)",
    "topk": "torch.topk(x, 2)",
    "topk_small": "torch.topk(x, 1, 0, False)",
    "topk_partial": "torch.topk(wide, 4)",
    "topk_partial_small": "torch.topk(wide, 4, largest=False)",
    "topk_nth": "torch.topk(wide, 20)",
    "topk_nth_small": "torch.topk(wide, 20, largest=False)",
    "topk_ties": "torch.topk(ties, 7, 1)",
    "topk_nan": "torch.topk(nan, 3)",
    "topk_nan_small": "torch.topk(nan, 3, largest=False)",
    "topk_zero": "torch.topk(x, 0)",
    "topk_bad": "torch.topk(x, 4)",
    "topk_bad_neg": "torch.topk(x, -1)",
    "cumsum": "torch.cumsum(m, 1)",
    "cumsum_t": "torch.cumsum(m.t(), 1)",
    "cumsum_bool": "torch.cumsum(b, 0)",
    "cumsum_float": "torch.cumsum(torch.full((9,), 0.1), 0)",
    "cumprod": "torch.cumprod(m, 0)",
    "cumprod_double": "torch.cumprod(x, 1, dtype=torch.float64)",
    "cumsum_scalar": "torch.cumsum(s, 0)",
    "cumsum_bad": "torch.cumsum(m, 2)",
    "tril": "torch.tril(m)",
    "triu_k": "torch.triu(m, 1)",
    "tril_t": "torch.tril(m.t(), -1)",
    "tril_1d": "torch.tril(b)",
    "diag_1d": "torch.diag(torch.tensor([1, 2]), -1)",
    "diag_2d": "torch.diag(m, 1)",
    "diag_3d": "torch.diag(torch.zeros(2, 2, 2))",
    "trace": "torch.trace(m)",
    "trace_float": "torch.trace(x)",
    "trace_1d": "torch.trace(b)",
    "trace_bool": "torch.trace(torch.ones(2, 2, dtype=torch.bool))",
}

record("sort", cases, env)
