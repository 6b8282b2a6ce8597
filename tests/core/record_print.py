"""Records PyTorch's text of tensors (repr == str == what print shows) and Python's repr of floats
for tests/core/print_test.cpp.

Each case is a Python expression giving a tensor; the script records its values (so the C++ test
rebuilds the same tensor with core::from_values, independent of any random generator), its sizes
and dtype, its autograd suffix, and repr(t). Optional: a view applied to that tensor before
printing (strided reads), print options (torch.set_printoptions), a subclass prefix, or
nn.Parameter printing.

    /usr/bin/python3 tests/core/record_print.py
"""
import json
import math
import os
import random
import struct

import torch

from oracle import _num

torch.manual_seed(0)
f32 = torch.float32
f64 = torch.float64
i32 = torch.int32
i64 = torch.int64


class MyT(torch.Tensor):
    pass


# Views the C++ test knows how to apply too.
VIEWS = {
    "t": lambda x: x.t(),
    "expand": lambda x: x.expand(2, -1),
    "permute": lambda x: x.permute(2, 0, 1),
    "step": lambda x: x[:, ::2],
}

env = {"torch": torch, "f32": f32, "f64": f64, "i32": i32, "i64": i64, "nan": math.nan, "inf": math.inf}

cases = {}


def case(case_id, expr, view=None, options=None, prefix=None, parameter=False):
    assert case_id not in cases, case_id
    cases[case_id] = dict(expr=expr, view=view, options=options, prefix=prefix, parameter=parameter)


# ---- 0-d ----
case("scalar_float", "torch.tensor(3.5)")
case("scalar_float_int", "torch.tensor(3.0)")
case("scalar_neg_zero", "torch.tensor(-0.0)")
case("scalar_zero", "torch.tensor(0.0)")
case("scalar_nan", "torch.tensor(nan)")
case("scalar_inf", "torch.tensor(inf)")
case("scalar_neg_inf", "torch.tensor(-inf)")
case("scalar_small", "torch.tensor(1e-5)")
case("scalar_big", "torch.tensor(1e10)")
case("scalar_big_frac", "torch.tensor(123456789.5, dtype=f64)")
case("scalar_int", "torch.tensor(5)")
case("scalar_int_neg", "torch.tensor(-7, dtype=i32)")
case("scalar_bool_true", "torch.tensor(True)")
case("scalar_bool_false", "torch.tensor(False)")
case("scalar_f64_tenth", "torch.tensor(0.1, dtype=f64)")
case("scalar_f64_third", "torch.tensor(1 / 3, dtype=f64)")
case("scalar_f32_tenth", "torch.tensor(0.1)")
case("scalar_requires_grad", "torch.tensor(2.0, requires_grad=True)")
case("scalar_grad_fn", "torch.tensor(2.0, requires_grad=True) * 3")
case("scalar_sum_grad_fn", "(torch.randn(3, requires_grad=True) * 2).sum()")

# ---- 1-D floats: modes and widths ----
case("randn5", "torch.randn(5)")
case("rand5", "torch.rand(5)")
case("int_mode", "torch.tensor([1.0, 2.0, 3.0])")
case("int_mode_neg", "torch.tensor([1.0, -2.0, 300.0])")
case("int_mode_sci_ratio", "torch.tensor([1.0, 1e5])")
case("int_mode_sci_big", "torch.tensor([1e9, 1.0])")
case("int_mode_1e8", "torch.tensor([1e8, 3.0])")
case("int_mode_ratio_1000", "torch.tensor([1.0, 1000.0])")
case("int_mode_ratio_1001", "torch.tensor([1.0, 1001.0])")
case("int_mode_big_only", "torch.tensor([2e8, 3e8])")
case("fixed_mixed", "torch.tensor([1.5, -2.25, 100.125])")
case("rounding_f32", "torch.tensor([0.1, 2.675, 1e-5, 123456.7])")
case("rounding_f32_fixed", "torch.tensor([0.1, 2.675, 123456.7])")
case("rounding_f64_fixed", "torch.tensor([0.1, 2.675, 123456.7], dtype=f64)")
case("rounding_f32_ties", "torch.tensor([1.23455, 2.00005, 0.33335, 0.12345, 7.77775])")
case("rounding_f64_ties", "torch.tensor([1.23455, 2.00005, 0.33335, 0.12345, 7.77775], dtype=f64)")
case("rounding_sci_f32", "torch.tensor([1.23455e-5, 2.5e-7, 9.99995e-6])")
case("rounding_sci_f64", "torch.tensor([1.23455e-5, 2.5e-7, 9.99995e-6], dtype=f64)")
case("rounding_to_ten", "torch.tensor([9.99996, 0.5])")
case("min_below_1e-4", "torch.tensor([1e-5, 1.0])")
case("min_1e-4_fixed", "torch.tensor([0.0001, 0.0002])")
case("min_below_both", "torch.tensor([0.00005, 0.00009])")
case("max_above_1e8_frac", "torch.tensor([1.5e8, 2.5e8])")
case("big_f64_sci", "torch.tensor([123456789.0, 1.5], dtype=f64)")
case("huge_exponent_f64", "torch.tensor([1e100, -1e-100], dtype=f64)")
case("f32_max", "torch.tensor([3.4028234663852886e38, 1.0])")
case("f32_tiny", "torch.tensor([1e-45, 1.0])")
case("sci_randn", "torch.randn(6) * 1e-6")
case("sci_neg", "torch.tensor([-1.5e-5, 2e3])")
case("fixed_large", "torch.tensor([12345.678, 0.5])")

# ---- nan, inf, zeros, negative zero ----
case("nan_int_mode", "torch.tensor([nan, 1.0, 2.0])")
case("nan_fixed", "torch.tensor([nan, 1.5])")
case("nan_neg_fixed", "-torch.tensor([nan, 1.5])")
case("nonfinite_only", "torch.tensor([inf, -inf, nan])")
case("inf_sci", "torch.tensor([1e-5, inf])")
case("inf_int_wide", "torch.tensor([-inf, 1000.0, 2.0])")
case("zero_nan", "torch.tensor([0.0, nan])")
case("zeros", "torch.zeros(3)")
case("zeros_2d", "torch.zeros(2, 3, dtype=f64)")
case("neg_zero_int_mode", "torch.tensor([-0.0, 1.0])")
case("neg_zero_fixed", "torch.tensor([-0.0, 1.5])")
case("neg_zero_only", "torch.tensor([-0.0, 0.0])")
case("neg_zero_sci", "torch.tensor([-0.0, 1e-5, 3.0])")

# ---- integers and bools ----
case("ints", "torch.tensor([1, -20, 300])")
case("ints_i32", "torch.tensor([1, -20, 300], dtype=i32)")
case("ints_big", "torch.tensor([2**40, -1, 9223372036854775807])")
case("ints_min", "torch.tensor([-9223372036854775808, 0])")
case("ints_2d_align", "torch.tensor([[1, 100], [-1000, 5]])")
case("ints_wrap", "torch.arange(50)")
case("ints_wrap_i32", "torch.arange(-40, 40, dtype=i32)")
case("bools", "torch.tensor([True, False, True])")
case("bools_true", "torch.tensor([True, True])")
case("bools_2d", "torch.tensor([[True, False], [False, False]])")
case("bools_wrap", "torch.rand(30) > 0.5")

# ---- line wrapping ----
case("wrap_randn30", "torch.randn(30)")
case("wrap_int_mode", "torch.arange(30.0)")
case("wrap_sci", "torch.randn(20) * 1e5")
case("wrap_2d", "torch.randn(3, 12)")
case("wrap_3d", "torch.randn(2, 2, 10)")
case("wrap_f64", "torch.randn(12, dtype=f64)")
case("fits_exactly", "torch.randn(8)")
case("sci_three_digit_exponent", "torch.tensor([1e300, -1e-300, 5.0], dtype=f64)")

# ---- N-D ----
case("randn_2d", "torch.randn(3, 4)")
case("randn_3d", "torch.randn(2, 3, 4)")
case("randn_4d", "torch.randn(2, 2, 2, 2)")
case("ints_3d", "torch.arange(24).reshape(2, 3, 4)")
case("ints_4d", "torch.arange(-8, 8).reshape(2, 2, 2, 2)")
case("size_one_dims", "torch.randn(1, 1, 3)")
case("column", "torch.randn(3, 1)")
case("int_mode_3d", "torch.arange(12.0).reshape(2, 3, 2) - 5")
case("bools_3d", "torch.randn(2, 2, 3) > 0")
case("eye", "torch.eye(3)")

# ---- empty ----
case("empty_f32", "torch.tensor([])")
case("empty_f32_0x3", "torch.zeros(0, 3)")
case("empty_i64", "torch.tensor([], dtype=i64)")
case("empty_i32", "torch.zeros(0, dtype=i32)")
case("empty_bool", "torch.zeros(0, dtype=torch.bool)")
case("empty_bool_0x3", "torch.zeros(0, 3, dtype=torch.bool)")
case("empty_f64_2x0", "torch.zeros(2, 0, dtype=f64)")
case("empty_3d", "torch.zeros(2, 0, 3)")
case("empty_requires_grad", "torch.zeros(0, requires_grad=True)")
case("empty_i64_0x3", "torch.zeros(0, 3, dtype=i64)")

# ---- summarisation (numel > 1000) ----
case("sum_arange_1001", "torch.arange(1001)")
case("sum_arange_float", "torch.arange(2000.0)")
case("sum_randn_1001", "torch.randn(1001)")
case("not_sum_randn_1000", "torch.randn(1000)")
case("sum_2d", "torch.randn(35, 30)")
case("sum_3d", "torch.randn(10, 10, 11)")
case("sum_wide", "torch.arange(1100).reshape(2, 550)")
case("sum_tall", "torch.arange(1100).reshape(550, 2)")
case("sum_4d", "torch.arange(2401).reshape(7, 7, 7, 7)")
case("sum_sci", "torch.randn(1001) * 1e-5")
case("sum_bools", "torch.rand(1001) > 0.5")
case("sum_row", "torch.randn(1, 1001)")
case("sum_col", "torch.randn(1001, 1)")
case("sum_3d_short_dims", "torch.arange(1200.0).reshape(4, 5, 60)")
case("sum_hidden_wide", "torch.cat([torch.ones(3), torch.full((1000,), 1e6), torch.ones(3)])")
case("sum_f64", "torch.randn(3, 400, dtype=f64)")
case("sum_i32_3d", "torch.arange(1331, dtype=i32).reshape(11, 11, 11)")

# ---- suffixes ----
case("dtype_f64", "torch.randn(3, dtype=f64)")
case("dtype_i32_2d", "torch.tensor([[1, 2], [3, 4]], dtype=i32)")
case("requires_grad", "torch.randn(3, requires_grad=True)")
case("grad_fn_mul", "torch.ones(2, requires_grad=True) * 2")
case("grad_fn_add", "torch.randn(2, 3, requires_grad=True) + 1")
case("grad_fn_f64", "torch.randn(3, dtype=f64, requires_grad=True) * 2")
case("suffix_wraps", "torch.randn(8, dtype=f64, requires_grad=True)")
case("suffix_wraps_grad_fn", "torch.randn(8, dtype=f64, requires_grad=True).exp()")
case("suffix_second_wraps", "torch.randn(6, dtype=f64, requires_grad=True) * 1e-5")
case("suffix_2d_short_last", "torch.randn(2, 8, dtype=f64, requires_grad=True)")
case("suffix_i32_wrap", "torch.arange(18, 36, dtype=i32)")
case("suffix_sum_f64", "torch.randn(1001, dtype=f64, requires_grad=True)")

# ---- views (strided reads) ----
case("view_t", "torch.randn(3, 4)", view="t")
case("view_t_ints", "torch.arange(6).reshape(2, 3)", view="t")
case("view_expand", "torch.tensor([1.5, 2.0, -3.0])", view="expand")
case("view_permute", "torch.arange(24.0).reshape(2, 3, 4)", view="permute")
case("view_step", "torch.randn(3, 6)", view="step")
case("view_t_summarised", "torch.randn(40, 26)", view="t")

# ---- prefixes ----
case("subclass_prefix", "torch.arange(6.0).reshape(2, 3) / 7", prefix="MyT(")
case("parameter", "torch.ones(2)", parameter=True)
case("parameter_2d", "torch.randn(2, 3)", parameter=True)

# ---- print options ----
case("opt_precision2", "torch.randn(4)", options={"precision": 2})
case("opt_precision0_sci", "torch.tensor([1.5e-5, 2.5])", options={"precision": 0})
case("opt_sci_on", "torch.tensor([1.5, 2.25])", options={"sci_mode": True})
case("opt_sci_off", "torch.tensor([1e-5, 1.5])", options={"sci_mode": False})
case("opt_sci_off_int", "torch.tensor([1.0, 1e6])", options={"sci_mode": False})
case("opt_linewidth", "torch.randn(10)", options={"linewidth": 40})
case("opt_linewidth_one_per_line", "torch.randn(2, 3)", options={"linewidth": 10})
case("opt_linewidth_below_indent", "torch.randn(3)", options={"linewidth": 5})
case("opt_threshold", "torch.arange(10)", options={"threshold": 5})
case("opt_edgeitems", "torch.arange(100.0).reshape(10, 10)", options={"threshold": 50, "edgeitems": 2})
case("opt_full", "torch.arange(1500)", options={"profile": "full"})


def apply_options(options):
    if options is None:
        torch.set_printoptions(profile="default")
    else:
        torch.set_printoptions(**options)


def record_case(spec):
    base = eval(spec["expr"], dict(env))
    shown = base if spec["view"] is None else VIEWS[spec["view"]](base)
    if spec["prefix"]:
        shown = torch.Tensor._make_subclass(MyT, shown)
    if spec["parameter"]:
        shown = torch.nn.Parameter(shown)
    apply_options(spec["options"])
    try:
        text = repr(shown)
        assert str(shown) == text
    finally:
        torch.set_printoptions(profile="default")
        torch.set_printoptions(sci_mode=None)
    flat = base.detach().reshape(-1)
    out = {
        "sizes": list(base.shape),
        "dtype": str(base.dtype),
        "requires_grad": shown.requires_grad,
        "grad_fn": type(shown.grad_fn).__name__ if shown.grad_fn is not None else "",
        "text": text,
    }
    arange = torch.arange(flat.numel()).to(base.dtype)
    if flat.numel() > 100 and base.dtype != torch.bool and torch.equal(flat, arange):
        out["arange"] = True
    else:
        out["values"] = [_num(v) for v in flat.tolist()]
    for key in ("view", "options", "prefix"):
        if spec[key] is not None:
            out[key] = spec[key]
    if spec["parameter"]:
        out["parameter"] = True
    return out


def float_reprs():
    """Doubles and Python's repr of each."""
    values = [0.0, -0.0, 0.1, -0.1, 1e-05, 1e-4, 0.00011, 1.5e-5, 1e16, 1e15, 1.5e16, 123.0, 100.0,
              1 / 3, 2 / 3, 9999999999999998.0, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
              1.7976931348623157e308, math.pi, math.e, 0.5, 1.0, 2.0, 1234567.0, 0.30000000000000004,
              1e-7, 123456789012345678.0, 1e100, 1e-100, 4.35, 2.675, math.inf, -math.inf, math.nan]
    values += [float(torch.tensor(v)) for v in (0.1, 2.675, 1e-5, 123456.7, 3.3, 1 / 3)]
    values += [2.0 ** k for k in range(-1074, 1024, 23)]
    values += [-(2.0 ** k) * 3 for k in range(-1000, 1000, 97)]
    rng = random.Random(1)
    for _ in range(60):
        bits = rng.getrandbits(64)
        v = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isfinite(v):
            values.append(v)
    for _ in range(40):
        values.append(round(rng.uniform(-1000, 1000), rng.randint(0, 8)))
    return [[_num(v), repr(v)] for v in values]


def main():
    out = {"cases": {cid: record_case(spec) for cid, spec in cases.items()}, "float_reprs": float_reprs()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected", "print.json")
    # One case per line: readable diffs without a line per value.
    lines = [f" {json.dumps(cid)}: {json.dumps(rec, sort_keys=True)}" for cid, rec in sorted(out["cases"].items())]
    with open(path, "w") as f:
        f.write('{"cases": {\n' + ",\n".join(lines) + "\n},\n")
        f.write('"float_reprs": [\n' + ",\n".join(json.dumps(p) for p in out["float_reprs"]) + "\n]}\n")
    print(f"wrote {len(out['cases'])} cases and {len(out['float_reprs'])} float reprs to {path}")


main()
