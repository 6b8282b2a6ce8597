"""Records PyTorch's elementwise ops (unary, binary, where, clamp, masked_fill_, allclose, equal):
result dtype, sizes, strides, values and errors, for tests/core/elementwise_test.cpp."""
import torch

from oracle import record

torch.set_num_threads(1)
inf, nan = float("inf"), float("nan")


def ip(t, fn):
    """An in-place op on a fresh copy that keeps t's layout."""
    c = t.clone()
    fn(c)
    return c


def sq():
    return torch.arange(9.0).reshape(3, 3).clone()


env = {
    "torch": torch, "ip": ip, "sq": sq, "inf": inf, "nan": nan,
    "a": torch.arange(12).reshape(3, 4),
    "f": torch.arange(-6.0, 6.0).reshape(3, 4) / 2,
    "d": torch.arange(6, dtype=torch.float64).reshape(2, 3) - 2.5,
    "i32": torch.tensor([-3, 0, 2, 7], dtype=torch.int32),
    "bl": torch.tensor([True, False, True, False]),
    "nv": torch.tensor([1.0, nan, -inf, inf, 0.0, -0.5]),
    "lin": torch.arange(-200.0, 201.0) / 10,
}

cases = {
    # result_type
    "rt_int_float": "str(torch.result_type(a, 2.5))",
    "rt_int32_bigint": "str(torch.result_type(i32, 2**40))",
    "rt_int32_0d_double": "str(torch.result_type(i32, torch.tensor(2.5, dtype=torch.float64)))",
    "rt_int32_0d_long": "str(torch.result_type(i32, torch.tensor(5)))",
    "rt_bool_int": "str(torch.result_type(bl, 1))",
    "rt_bool_bool": "str(torch.result_type(bl, True))",
    "rt_int32_long": "str(torch.result_type(i32, a))",
    "rt_float_double": "str(torch.result_type(f, d))",
    "rt_0d_float_long": "str(torch.result_type(torch.tensor(1.0), a))",
    "rt_float_double_0d": "str(torch.result_type(f, torch.tensor(1.0, dtype=torch.float64)))",
    # add / sub / mul
    "add_int_float": "a + f",
    "add_int_wrapped_int": "a + 2",
    "add_int_wrapped_float": "a + 2.5",
    "add_alpha_int": "a.add(a, alpha=2)",
    "add_alpha_float": "f.add(a, alpha=0.5)",
    "add_alpha_float_on_int": "a.add(a, alpha=2.5)",
    "add_alpha_bool_on_float": "f.add(f, alpha=True)",
    "add_bool_bool": "bl + bl",
    "add_bool_alpha": "bl.add(bl, alpha=2)",
    "add_bool_int": "bl + 1",
    "add_bool_float": "bl + 1.5",
    "add_int32_bigint": "i32 + 2**40",
    "add_int32_0d_long": "i32 + torch.tensor(2**40)",
    "add_int32_long": "i32 + a[0]",
    "mul_int32_0d_double": "i32 * torch.tensor(2.5, dtype=torch.float64)",
    "add_t_scalar": "a.t() + 1",
    "add_t_t": "f.t() + f.t()",
    "add_t_mismatch": "f.t() + f",
    "add_col_row": "f[:, :1] + f[0]",
    "add_3d_broadcast": "f.t()[:, None] + f",
    "add_permuted": "torch.zeros(3, 1, 4).permute(2, 0, 1) + 1",
    "add_t_expand": "torch.zeros(4, 3).t()[:, None] + torch.zeros(3, 2, 4)",
    "add_sliced": "f[:, ::2] + 1",
    "add_t_plain": "f.t() + torch.ones(4, 3)",
    "add_plain_t": "torch.ones(4, 3) + f.t()",
    "add_empty": "torch.zeros(0, 3) + 1",
    "add_0d": "torch.tensor(2.0) + torch.tensor(3)",
    "sub_int_float": "a - f",
    "sub_int_bool": "a - bl",
    "sub_bool_bool": "bl - bl",
    "sub_wrapped_bool": "1 - bl",
    "sub_alpha": "a.sub(f, alpha=2)",
    "sub_wrapped_first": "10 - a",
    "mul_int_float": "a * f",
    "mul_bool": "bl * bl",
    "mul_wrap": "torch.tensor([2**62, 3]) * 4",
    "add_wrap": "torch.tensor([2**63 - 1]) + 1",
    # div
    "div_int_wrapped": "a / 2",
    "div_int_int": "a / a",
    "div_int32": "i32 / 2",
    "div_bool": "bl / bl",
    "div_float_zero": "f / 0",
    "div_int_zero": "a / 0",
    "div_double": "d / 2",
    # floor_divide / remainder
    "floordiv_int": "a // 3",
    "floordiv_int_neg": "a // -5",
    "floordiv_signs": "torch.tensor([-7, 7, -7, 7]) // torch.tensor([2, -2, -2, 2])",
    "floordiv_float": "f // 0.75",
    "floordiv_float_zero": "f // 0",
    "floordiv_int_zero": "a // 0",
    "floordiv_bool": "bl // bl",
    "floordiv_float_signs": "torch.tensor([-7.5, 7.5]) // torch.tensor([2, -2])",
    "floordiv_inf": "torch.tensor([5.0, -5.0]) // inf",
    "rem_int": "a % 5",
    "rem_int_neg": "a % -5",
    "rem_signs": "torch.tensor([-7, 7, -7, 7]) % torch.tensor([2, -2, -2, 2])",
    "rem_float_neg": "torch.tensor([-7.0, 7.0]) % -2",
    "rem_float_zero": "f % 0",
    "rem_int_zero": "a % 0",
    "rem_bool": "bl % bl",
    "rem_inf": "torch.tensor([5.0, -5.0]) % inf",
    "rem_float": "f % 1.5",
    # pow
    "pow_int_2": "a ** 2",
    "pow_int_neg": "a ** -1",
    "pow_int_tensor_neg": "a ** torch.tensor(-1)",
    "pow_0d_int_neg": "torch.tensor(-1) ** -1",
    "pow_int_half": "a.pow(0.5)",
    "pow_float_2": "f ** 2",
    "pow_float_3": "f ** 3",
    "pow_float_half": "f ** 0.5",
    "pow_float_m1": "f ** -1",
    "pow_float_m2": "f ** -2",
    "pow_float_mhalf": "f ** -0.5",
    "pow_float_17": "f ** 1.7",
    "pow_float_float": "f ** f",
    "pow_wrapped_base": "2 ** a",
    "pow_wrapped_float_base": "2.5 ** a",
    "pow_int_neg_tensor": "torch.tensor([0, 1, -1, 2]) ** torch.tensor([-1, -1, -1, -3])",
    "pow_bool_int": "bl ** 2",
    "pow_bool_bool": "bl ** bl",
    "pow_bool_neg": "bl.pow(-1)",
    "pow_int32_float": "i32 ** 2.5",
    "pow_float_inttensor": "torch.tensor([3.0]) ** torch.tensor([2])",
    # comparisons
    "eq_int_float": "a == f",
    "eq_int_wrapped_float": "a == 2.5",
    "lt_int": "a < 3",
    "ge_float": "f >= 0",
    "gt_int_float": "a > f",
    "le_wrapped": "a <= 2",
    "eq_bool_int": "bl == 1",
    "eq_nan": "nv == nv",
    "ne_nan": "nv != nv",
    "lt_nan": "nv < 1",
    "gt_t": "f.t() > 0",
    # bitwise / logical
    "and_int": "a & 5",
    "or_int_bool": "a | bl",
    "xor_int_bool": "a ^ True",
    "and_bool": "bl & bl",
    "or_bool": "bl | True",
    "and_float": "f & 1",
    "and_int_wrapped_float": "a & 1.5",
    "or_float_bool": "torch.tensor([5.0]) | torch.tensor([True])",
    "xor_bool_float": "torch.tensor([True]) ^ torch.tensor([1.0])",
    "logical_and": "torch.logical_and(a, f)",
    "logical_or": "torch.logical_or(f, bl)",
    "logical_and_nan": "torch.logical_and(nv, torch.tensor(1))",
    # maximum / minimum
    "maximum": "torch.maximum(a, f)",
    "minimum_0d": "torch.minimum(a, torch.tensor(2.5))",
    "maximum_nan": "torch.maximum(nv, torch.tensor(0.0))",
    "minimum_nan": "torch.minimum(nv, torch.tensor(0.0))",
    "maximum_bool": "torch.maximum(bl, torch.tensor([False, False, True, True]))",
    # in place
    "iadd": "ip(f, lambda c: c.add_(1))",
    "iadd_t": "ip(f.t(), lambda c: c.add_(1))",
    "iadd_int_float": "ip(a, lambda c: c.add_(1.5))",
    "idiv_int": "ip(a, lambda c: c.div_(2))",
    "imul_int_float": "ip(a, lambda c: c.mul_(2.5))",
    "iadd_int_floattensor": "ip(a, lambda c: c.add_(f))",
    "iadd_int32_long": "ip(i32, lambda c: c.add_(a[0]))",
    "imul_float_double": "ip(torch.tensor([1.5]), lambda c: c.mul_(torch.tensor([1 / 3], dtype=torch.float64)))",
    "iadd_broadcast_grow": "torch.zeros(3).add_(torch.zeros(2, 3))",
    "iadd_broadcast_grow2": "torch.zeros(3, 1).add_(torch.zeros(3, 4))",
    "iadd_mismatch": "torch.zeros(3).add_(torch.zeros(4))",
    "iadd_expanded": "torch.zeros(1).expand(3).add_(1)",
    "iadd_expanded_mismatch": "torch.zeros(1).expand(3).add_(torch.zeros(4))",
    "iadd_self_t": "sq().add_(sq_t)",
    "iadd_self": "sq_self()",
    "iadd_shifted": "sq_shift()",
    "iadd_row": "sq_row()",
    "ipow_int_float": "ip(a, lambda c: c.pow_(2.0))",
    "ipow_int": "ip(a, lambda c: c.pow_(2))",
    "iand_int_float": "ip(a, lambda c: c.bitwise_and_(torch.tensor([1.0])))",
    "iadd_bool": "ip(bl, lambda c: c.add_(bl))",
    "isub_int_bool": "ip(a, lambda c: c.sub_(bl))",
    "ifloordiv_float": "ip(f, lambda c: c.floor_divide_(0.5))",
    "isub_alpha": "ip(f, lambda c: c.sub_(f, alpha=3))",
    # unary
    "neg_float": "-f",
    "neg_int": "-a",
    "neg_bool": "-bl",
    "neg_min": "-torch.tensor([-2**63])",
    "exp_float": "torch.exp(f)",
    "exp_int": "torch.exp(a)",
    "exp_bool": "torch.exp(bl)",
    "exp_double": "torch.exp(d)",
    "exp_special": "torch.exp(nv)",
    "exp_edges": "torch.exp(torch.tensor([88.7, 88.8, -87.4, -103.0, -104.0]))",
    "exp_lin": "torch.exp(lin)",
    "exp_t": "torch.exp(f.t())",
    "exp_sliced": "torch.exp(f[:, ::2])",
    "log_float": "torch.log(f)",
    "log_int": "torch.log(a)",
    "sqrt_float": "torch.sqrt(f)",
    "sqrt_int": "torch.sqrt(a)",
    "abs_float": "torch.abs(f)",
    "abs_int": "torch.abs(a)",
    "abs_bool": "torch.abs(bl)",
    "abs_min": "torch.abs(torch.tensor([-2**63]))",
    "sin_float": "torch.sin(f)",
    "cos_int32": "torch.cos(i32)",
    "tanh_float": "torch.tanh(f)",
    "tanh_bool": "torch.tanh(bl)",
    "sigmoid_float": "torch.sigmoid(f)",
    "sigmoid_int": "torch.sigmoid(a)",
    "sigmoid_lin": "torch.sigmoid(lin * 5)",
    "sigmoid_special": "torch.sigmoid(nv)",
    "relu_float": "torch.relu(f)",
    "relu_int": "torch.relu(a)",
    "relu_bool": "torch.relu(bl)",
    "relu_nan": "torch.relu(nv)",
    "logical_not_int": "torch.logical_not(a)",
    "logical_not_nan": "torch.logical_not(nv)",
    "bitwise_not_int": "torch.bitwise_not(a)",
    "bitwise_not_bool": "torch.bitwise_not(bl)",
    "bitwise_not_float": "torch.bitwise_not(f)",
    "iexp": "ip(f, lambda c: c.exp_())",
    "iexp_int": "ip(a, lambda c: c.exp_())",
    "ineg_int": "ip(a, lambda c: c.neg_())",
    "ineg_bool": "ip(bl, lambda c: c.neg_())",
    "isqrt_int": "ip(a, lambda c: c.sqrt_())",
    "irelu_int": "ip(a, lambda c: c.relu_())",
    "iexp_expanded": "torch.zeros(1).expand(3).exp_()",
    "isin_t": "ip(f.t(), lambda c: c.sin_())",
    # where
    "where": "torch.where(a > 3, a, f)",
    "where_int_cond": "torch.where(a, a, f)",
    "where_scalars_mixed": "torch.where(f > 0, 1, 0.0)",
    "where_scalars_int": "torch.where(f > 0, 1, 0)",
    "where_scalars_bool_int": "torch.where(f > 0, True, 0)",
    "where_t": "torch.where(f.t() > 0, f.t(), 0.0)",
    "where_mismatch": "torch.where(f > 0, f.t(), f)",
    "where_broadcast": "torch.where(bl, 1.5, a)",
    # clamp
    "clamp_int_float": "a.clamp(1.5)",
    "clamp_int": "a.clamp(1, 3)",
    "clamp_bool": "bl.clamp(0, 1)",
    "clamp_min": "f.clamp(min=-1)",
    "clamp_max": "f.clamp(max=1)",
    "clamp_crossed": "torch.clamp(f, min=5, max=2)",
    "clamp_nan_bound": "f.clamp(nan)",
    "clamp_nan_input": "nv.clamp(0, 2)",
    "clamp_none": "a.clamp()",
    "clamp_t": "f.t().clamp(0.5)",
    "iclamp_int": "ip(a, lambda c: c.clamp_(1))",
    "iclamp_int_float": "ip(a, lambda c: c.clamp_(1.5))",
    "iclamp_int32_float": "ip(i32, lambda c: c.clamp_(1.5))",
    "iclamp_bool": "ip(bl, lambda c: c.clamp_(0, 1))",
    "iclamp_float": "ip(f, lambda c: c.clamp_(-1, 1))",
    # masked_fill_
    "mfill": "ip(f, lambda c: c.masked_fill_(f > 0, 1.5))",
    "mfill_int_float": "ip(a, lambda c: c.masked_fill_(a > 3, 1.5))",
    "mfill_broadcast": "ip(f, lambda c: c.masked_fill_(bl, nan))",
    "mfill_bad_shape": "ip(f, lambda c: c.masked_fill_(torch.tensor([[True], [False]]), 1))",
    "mfill_0d": "ip(f, lambda c: c.masked_fill_(torch.tensor(True), 2))",
    "mfill_grow": "torch.zeros(3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1)",
    "mfill_int_mask": "ip(f, lambda c: c.masked_fill_(torch.tensor([1, 0, 1, 0]), 2.0))",
    "mfill_int_mask_bad": "ip(f, lambda c: c.masked_fill_(torch.tensor([2, 0, 1, 0]), 2.0))",
    "mfill_t": "ip(f.t(), lambda c: c.masked_fill_(f.t() > 0, 0.0))",
    # allclose / equal
    "allclose_tiny": "torch.allclose(f, f + 1e-7)",
    "allclose_far": "torch.allclose(f, f + 1e-3)",
    "allclose_nan": "torch.allclose(nv, nv)",
    "allclose_nan_eq": "torch.allclose(nv, nv, equal_nan=True)",
    "allclose_dtypes": "torch.allclose(f, d)",
    "allclose_mismatch": "torch.allclose(torch.zeros(2), torch.zeros(3))",
    "allclose_broadcast": "torch.allclose(torch.zeros(2), torch.zeros(1))",
    "allclose_inf": "torch.allclose(torch.tensor([inf]), torch.tensor([inf]))",
    "allclose_inf_neg": "torch.allclose(torch.tensor([inf]), torch.tensor([-inf]))",
    "allclose_int": "torch.allclose(a, a)",
    "equal_same": "torch.equal(a, a.clone())",
    "equal_int_float": "torch.equal(a, f)",
    "equal_shapes": "torch.equal(torch.zeros(2), torch.zeros(2, 1))",
    "equal_promote": "torch.equal(torch.tensor([1, 2]), torch.tensor([1.0, 2.0]))",
    "equal_nan": "torch.equal(nv, nv)",
}


def sq_self():
    x = sq()
    return x.add_(x)


def sq_shift():
    x = sq()
    return x[1:].add_(x[:-1])


def sq_row():
    x = sq()
    return x.add_(x[0])


x = sq()
env.update({"sq_t": x.t(), "sq_self": sq_self, "sq_shift": sq_shift, "sq_row": sq_row})
env["sq"] = lambda: x  # sq().add_(sq_t): x and its own transpose
record("elementwise", cases, env)
