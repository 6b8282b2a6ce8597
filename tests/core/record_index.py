"""Records PyTorch's indexing (x[...], x[...] = v, index_put_, gather, index_select,
masked_select) for tests/core/index_test.cpp.

Subscripts are written as text, "1, 0:3:2, None, ..., i, [0, 2]", with names from ENV below; the
C++ test parses the same text and builds the same tensors, so each case is written once, here.
"""
import json
import os

import torch

from oracle import describe

x = torch.arange(12).reshape(3, 4).clone()
b = torch.arange(24).reshape(2, 3, 4).clone()
ENV = {
    # Tensors being indexed.
    "x": x,
    "f": torch.arange(12.0).reshape(3, 4).clone(),
    "b": b,
    "s": torch.tensor(5),
    "c": torch.tensor([10, 20, 30, 40, 50]),
    "xt": x.t(),
    "bp": b.permute(2, 1, 0),
    "bq": b.permute(2, 0, 1),
    "z20": torch.zeros(2, 0),
    "z03": torch.zeros(0, 3),
    # Index tensors.
    "i": torch.tensor([0, 2]),
    "j": torch.tensor([1, 3]),
    "i1": torch.tensor([0, 1]),
    "k": torch.tensor([[0], [1]]),
    "k22": torch.tensor([[0, 1], [1, 2]]),
    "t1": torch.tensor(1),
    "t1i": torch.tensor(1, dtype=torch.int32),
    "tT": torch.tensor(True),
    "tF": torch.tensor(False),
    "tf": torch.tensor(1.0),
    "m": x > 5,
    "mnone": x > 100,
    "mr": torch.tensor([True, False, True]),
    "m4": torch.tensor([True, False, True, False]),
    "bm": torch.tensor([[True, False, True], [False, True, True]]),
    "cm": torch.tensor([True, False, True, False, True]),
    "fi": torch.tensor([1.0]),
    "ii32": torch.tensor([1], dtype=torch.int32),
    "big": torch.tensor([7]),
    "neg": torch.tensor([-1]),
    "negbad": torch.tensor([-5]),
    "el": torch.tensor([], dtype=torch.long),
    # Values assigned.
    "o24f": torch.ones(2, 4),
    "o14f": torch.ones(1, 4),
    "o3f": torch.ones(3),
    "o114f": torch.ones(1, 1, 4),
    "o2f": torch.ones(2),
    "l1": torch.tensor([1]),
    "l2": torch.ones(2, dtype=torch.long),
    "l3": torch.ones(3, dtype=torch.long),
    "l24": torch.ones(2, 4, dtype=torch.long),
    "l124": torch.ones(1, 2, 4, dtype=torch.long),
    "l1124": torch.ones(1, 1, 2, 4, dtype=torch.long),
    "l424": torch.ones(4, 2, 4, dtype=torch.long),
    "h25": torch.tensor(2.5),
    "h25v": torch.tensor([2.5]),
    "v3": torch.tensor([1, 2, 3]),
    "v4": torch.tensor([1, 2, 3, 4]),
    "v6": torch.tensor([1, 2, 3, 4, 5, 6]),
    "v6f": torch.tensor([1.0, 2, 3, 4, 5, 6]),
    "v16": torch.tensor([[1, 2, 3, 4, 5, 6]]),
    "v26": torch.tensor([[1, 2, 3, 4, 5, 6]] * 2),
    "vb4": torch.tensor([True, False, True, True]),
    "v56": torch.tensor([5, 6]),
    "v3x4": torch.tensor([[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]),
    "v31": torch.tensor([[1], [2], [3]]),
    "z134": torch.zeros(1, 3, 4, dtype=torch.long),
    "z234": torch.zeros(2, 3, 4, dtype=torch.long),
    "v121": torch.tensor([100, 200]).reshape(1, 2, 1),
    "v789": torch.tensor([7, 8, 9]),
    "v78c": torch.tensor([[7], [8]]),
    "v78": torch.tensor([7, 8]),
    "v9876": torch.tensor([9, 8, 7, 6]),
    "v100": torch.tensor([100, 200, 300]),
    "ef": torch.tensor([]),
}

# (tensor, subscript): tensor[subscript]
GET = [
    # ints, slices, None, Ellipsis: views
    ("x", "1"), ("x", "-1"), ("x", "5"), ("x", "-4"), ("x", "None, 5"), ("x", ":, 5"), ("x", "None, :, 5"),
    ("x", "..., 7"), ("x", "1, 2, 3"), ("x", "None, None, 1, 2, 3"), ("x", "::0"), ("x", "::-1"),
    ("x", "1:3, 1:3"), ("x", ":"), ("x", "..."), ("x", "None"), ("x", "0:3"), ("x", ":3"), ("x", "::2"),
    ("x", "1:"), ("x", "-2:, 1:-1"), ("x", "2:1"), ("x", "1:100"), ("x", "None, ..., None"), ("x", "0, None"),
    ("x", ":, None, 1"), ("x", "1, ..."), ("x", "..., 1"), ("x", "1, -1"), ("x", ":, ::3"), ("x", "5:"),
    ("x", "t1"), ("x", ":, t1"), ("x", "t1, 2"), ("x", "t1i"), ("x", "t1, t1"), ("x", "..., ..."),
    ("xt", "1:, 0"), ("xt", "::2, 1:"),
    ("s", "0"), ("s", "1"), ("s", "-1"), ("s", ":"), ("s", "0:1"), ("s", "..."), ("s", "None"), ("s", "..., None"),
    ("s", "None, ..."), ("s", "t1"), ("s", "tT"), ("s", "tF"), ("s", "[True]"),
    ("b", "..., 0, ..."), ("b", "0, ..., ..."), ("b", "..., ..., ..."), ("b", "..., None, ..."),
    ("b", "None, ..., None, ..."), ("b", "..., ..., None"), ("b", "..., 0, ..., 0"), ("b", "1, :, ::2"),
    ("b", "-1, None, 1:, None"),
    # advanced: int tensors, lists
    ("x", "i"), ("x", "i, j"), ("x", ":, j"), ("x", "i, 1"), ("x", "1, i"), ("x", "t1, i"), ("x", "i, t1"),
    ("x", "neg"), ("x", "big"), ("x", ":, big"), ("x", ":, negbad"), ("x", "fi"), ("x", "tf"), ("x", "ii32"),
    ("x", "ii32, 0"), ("x", "el"), ("x", "[]"), ("x", "[0, 1], [0, 1, 2]"), ("x", "i, i, i"), ("x", "k, j"),
    ("x", "k22"), ("x", "None, i"), ("x", "i, None"), ("x", ":, None, i"), ("x", "i, ..., None"),
    ("x", "..., None, i"), ("x", "i, ..., i"), ("x", "..., i, ..."), ("x", "None, ..., i, ..."),
    ("x", "i, None, ..., i"), ("x", "[2, 0, 2]"), ("x", "[-1, 0], [-1, 0]"), ("x", "[[0, 1]], [[1], [2]]"),
    ("b", ":, i, :"), ("b", "i1, :, j"), ("b", "i1, 1, j"), ("b", "1, i1, j"), ("b", ":, k, j"),
    ("b", "k, :, j"), ("b", "i1, None, j"), ("b", "i1, 1:3, j"), ("b", "i, :, j"), ("b", "[0, 1], [1, 2]"),
    ("b", "[0, 1], [1, 5]"), ("b", "[0, 1], [1, 2], [1, 7]"), ("b", "..., [9]"), ("b", ":, :, [[1, 9], [8, 2]]"),
    ("b", "..., i"), ("b", "None, :, i"), ("b", "i1, :, t1"), ("b", "tT, i1, :, j"), ("b", "[1, 0], ..., [3, 0]"),
    # advanced: bool masks and 0-d bools
    ("x", "tT"), ("x", "tF"), ("x", "tT, i"), ("x", "m"), ("x", "mnone"), ("x", "mr"), ("x", "m4"),
    ("x", "0, m4"), ("x", "[True, False]"), ("x", "[[True]]"), ("x", "[True, False, True]"), ("x", ":, m4"),
    ("x", "mr, 1"), ("x", "mr, m4"), ("x", "[True], 1"),
    ("b", "bm"), ("b", "bm, ..."), ("b", "bm, 0:1"), ("b", "bm, 1"), ("b", "bm, None"), ("b", "bm, i1"),
    ("b", "..., bm"), ("b", "0, m"), ("b", ":, m"), ("b", "[True, False], [True, False, True]"),
    ("b", "[True, False], :, [True, False, True, False]"), ("b", "bm, [0, 1, 2, 3, 0]"), ("b", "bm, [0, 1, 2]"),
    ("b", "[[True, False], [True, True]]"), ("b", ":, [[True, False], [True, True]]"), ("b", "bm, tT"),
    ("c", "cm"),
    # result layout follows the source's dim order (TensorIterator)
    ("xt", "i"), ("xt", ":, i"), ("bp", "i1"), ("bp", ":, i1"), ("bp", "..., i1"), ("bq", "i1"), ("bq", ":, :, i1"),
    ("bp", "i1, :, i1"), ("bq", "..., i1, :"), ("bp", "k, :, i1"), ("xt", "[[0], [1]], [[0, 1]]"),
    # empty dims
    ("z20", "big"), ("z20", ":, big"), ("z03", "big"), ("z03", "el"), ("z20", "el, :"),
]

# (tensor, subscript, value): tensor[subscript] = value on a clone; value is a name or a number
SET = [
    ("x", "0", "o24f"), ("x", "0", "o14f"), ("x", "0", "o3f"), ("x", "0", "o114f"), ("x", "0, 0", "o2f"),
    ("x", "i", "l3"), ("x", "i", "l2"), ("x", "i", "l24"), ("x", "i", "l124"), ("x", "i", "l1124"),
    ("x", "i", "l424"), ("x", "i", "o24f"), ("x", "i", "h25"), ("x", "m", "h25"), ("x", "m", "h25v"),
    ("x", "m", "v6"), ("x", "m", "v3"), ("x", "m", "v6f"), ("f", "m", "v6"), ("f", "i", "7"), ("f", "0", "v4"),
    ("f", "0:2", "vb4"), ("x", "[0, 0], [1, 1]", "v56"), ("x", "[0, 0, 2]", "v3x4"), ("x", "big", "1"),
    ("x", "big", "l1"), ("x", ":, negbad", "l1"), ("x", "fi", "1"), ("x", "ii32", "1"), ("x", "[True, False]", "1"),
    ("x", "[True, False]", "v56"), ("x", "1:3, 1:3", "99"), ("x", "1:3, 1:3", "v3"), ("x", "1:3, 1:3", "v31"),
    ("x", "...", "5"), ("x", "None", "z134"), ("x", "None", "z234"), ("b", ":, i, :", "v121"),
    ("b", "i1, :, j", "v789"), ("b", "i1, :, j", "v78c"), ("b", "i1, :, j", "v78"), ("x", "tT", "v4"),
    ("x", "tF", "v4"), ("x", "t1", "4"), ("x", "m", "v16"), ("x", "m", "v26"), ("x", "mnone", "v56"),
    ("x", "mnone", "ef"), ("x", "k22", "v9876"), ("x", "::0", "1"), ("x", "::-1", "1"), ("c", "cm", "v100"),
    ("x", "1", "2.5"), ("x", ":, 1", "-3"), ("x", "i, 1", "0"), ("f", "m", "0.5"), ("f", "mr", "o14f"),
    ("f", ":, m4", "o3f"), ("x", "mr, 1", "v56"), ("x", "-1, ::2", "v56"), ("x", "i, ::2", "v56"),
    ("x", "[True, False, True], [False, True, True, False]", "v56"), ("b", "bm", "99"), ("b", "bm", "l1124"),
    ("b", "..., j", "v78c"), ("s", "...", "7"), ("s", "None", "l1"), ("s", "tT", "7"), ("x", "5", "1"),
    ("x", "1, 2, 3", "1"), ("x", "0", "h25"), ("x", "[2, 2, 2]", "v3"),
]

# Explicit calls: id -> expression (put(t, indices, value, accumulate) runs index_put_ on a clone).
OPS = {
    "put_acc_rows": "put(x, (i,), v4, True)",
    "put_acc_dup": "put(x, (torch.tensor([0, 0, 0]),), torch.tensor(1), True)",
    "put_acc_dup2": "put(x, (torch.tensor([0, 0, 0]), torch.tensor([1, 1, 2])), torch.tensor(1), True)",
    "put_acc_mask": "put(x, (m,), torch.tensor(10), True)",
    "put_acc_bool": "put(m, (mr,), torch.tensor(True), True)",
    "put_acc_float": "put(f, (i, j), torch.tensor([0.5, 0.25]), True)",
    "put_dup": "put(x, (torch.tensor([0, 0]), torch.tensor([1, 1])), torch.tensor([5, 6]), False)",
    "put_0d_rows": "put(x, (t1,), v4, False)",
    "put_0d_acc": "put(x, (t1,), torch.tensor(5), True)",
    "put_0d_neg": "put(x, (torch.tensor(-1),), torch.tensor(7), False)",
    "put_0d_bad": "put(x, (torch.tensor(3),), torch.tensor(7), False)",
    "put_0d_dtype": "put(x, (t1,), torch.tensor(5.0), False)",
    "put_no_strip": "put(x, (i,), l124, False)",
    "put_bool0d_fill": "put(x, (tT,), torch.tensor(7), False)",
    "put_bool0d_acc": "put(x, (tT,), torch.tensor(7), True)",
    "put_bool0d_rows": "put(x, (tT,), v4, False)",
    "put_bool0d_with": "put(x, (i, tT), torch.tensor(7), False)",
    "put_too_many": "put(x, (i, i, i), torch.tensor(7), False)",
    "put_none": "put(x, (), torch.tensor(7), False)",
    "put_float_index": "put(x, (fi,), torch.tensor(7), False)",
    "put_oob": "put(x, (torch.tensor([5]),), torch.tensor(7), False)",
    "put_mask_acc": "put(x, (torch.tensor([[True, False, True, False]] * 3),), v6, True)",
    "put_acc_dtype": "put(x, (i,), h25v, True)",
    "put_mask_fill_float": "put(x, (m,), torch.tensor(7.5), False)",
    "put_mask_rows": "put(x, (mr,), v4, False)",
    "gather_1": "x.gather(1, torch.tensor([[0, 1], [2, 3], [1, 1]]))",
    "gather_0": "x.gather(0, torch.tensor([[0, 1, 2, 0]]))",
    "gather_bad1": "x.gather(1, torch.tensor([[5]]))",
    "gather_bad0": "x.gather(0, torch.tensor([[5]]))",
    "gather_neg": "x.gather(1, torch.tensor([[-1]]))",
    "gather_dims": "x.gather(1, torch.tensor([0]))",
    "gather_int32": "x.gather(1, torch.tensor([[0]], dtype=torch.int32))",
    "gather_float": "x.gather(1, torch.tensor([[0.0]]))",
    "gather_wide": "x.gather(1, torch.tensor([[0, 1, 2, 3, 0]]))",
    "gather_tall": "x.gather(1, torch.tensor([[0]] * 4))",
    "gather_tall0": "x.gather(0, torch.tensor([[0]] * 4))",
    "gather_dim_bad": "x.gather(2, torch.tensor([[0]]))",
    "gather_negdim": "x.gather(-1, torch.tensor([[1], [2], [3]]))",
    "gather_0d": "s.gather(0, torch.tensor(0))",
    "gather_0d_1d": "s.gather(0, torch.tensor([0]))",
    "gather_0d_bad": "s.gather(0, torch.tensor(1))",
    "gather_empty": "x.gather(1, torch.zeros(0, 2, dtype=torch.long))",
    "gather_t_index": "x.gather(1, torch.tensor([[0, 1], [0, 1], [0, 1]]).t())",
    "gather_t_self": "x.t().gather(1, torch.tensor([[0, 1]]).t())",
    "gather_3d": "b.gather(2, torch.tensor([[[3, 0]], [[1, 2]]]))",
    "gather_first_bad": "x.gather(0, torch.tensor([[0, 7], [9, 0]]))",
    "gather_float_self": "f.gather(1, torch.tensor([[3], [2], [1]]))",
    "index_select_0": "x.index_select(0, i)",
    "index_select_1": "x.index_select(1, j)",
    "index_select_neg_dim": "x.index_select(-1, j)",
    "index_select_bad": "x.index_select(0, torch.tensor([5]))",
    "index_select_neg": "x.index_select(0, torch.tensor([-1]))",
    "index_select_2d": "x.index_select(0, torch.tensor([[0]]))",
    "index_select_0d_index": "x.index_select(0, torch.tensor(1))",
    "index_select_int32": "x.index_select(0, torch.tensor([0, 2, 0], dtype=torch.int32))",
    "index_select_float": "x.index_select(0, torch.tensor([0.0]))",
    "index_select_dim_bad": "x.index_select(2, i)",
    "index_select_0d": "s.index_select(0, torch.tensor([0]))",
    "index_select_0d_0d": "s.index_select(0, torch.tensor(0))",
    "index_select_0d_bad": "s.index_select(0, torch.tensor([1]))",
    "index_select_0d_many": "s.index_select(0, torch.tensor([0, 0]))",
    "index_select_t": "x.t().index_select(0, i)",
    "index_select_t1": "x.t().index_select(1, i)",
    "index_select_empty": "x.index_select(1, torch.tensor([], dtype=torch.long))",
    "index_select_perm": "b.permute(2, 0, 1).index_select(1, torch.tensor([1]))",
    "index_select_perm0": "b.permute(2, 0, 1).index_select(0, torch.tensor([1, 2, 1]))",
    "index_select_1d": "c.index_select(0, torch.tensor([4, 0, 4]))",
    "index_select_empty_self": "z03.index_select(1, torch.tensor([5]))",
    "index_select_empty_self_ok": "z03.index_select(1, torch.tensor([2]))",
    "index_select_empty_axis": "z20.index_select(1, torch.tensor([0]))",
    "masked_select": "x.masked_select(m)",
    "masked_select_row": "x.masked_select(m4)",
    "masked_select_col": "x.masked_select(torch.tensor([[True], [False], [True]]))",
    "masked_select_bad": "x.masked_select(torch.tensor([True, False]))",
    "masked_select_long": "x.masked_select(torch.tensor([1, 0, 1, 0]))",
    "masked_select_0d": "s.masked_select(torch.tensor(True))",
    "masked_select_grow": "x[0].masked_select(torch.tensor([[True, False, True, False], [False] * 4]))",
    "masked_select_t": "x.t().masked_select(x.t() > 5)",
    "masked_select_0d_self": "s.masked_select(torch.tensor([True, False]))",
    "masked_select_0d_mask": "x.masked_select(torch.tensor(True))",
    "masked_select_float": "f.masked_select(m)",
    "masked_select_none": "x.masked_select(mnone)",
    # Assignments whose value shares memory with the target (on a clone of x, named t).
    "self_rows": "run_on_copy('t[i] = t[0]')",
    "self_rows2": "run_on_copy('t[i] = t[0:2]')",
    "self_cols": "run_on_copy('t[:, i] = t[:, 0:2]')",
    "self_col0": "run_on_copy('t[i, 0] = t[0, 0:2]')",
    "self_index": "run_on_copy('t[t[0]] = 1')",
    "self_shifted": "run_on_copy('t[1:, i] = t[0:2, 0:2]')",
    "self_expanded": "run_on_copy('t[i] = t.expand(2, 3, 4)[0, 0]')",
    # Document 002: basic indexing is a view that writes through to its base; advanced indexing
    # copies, so writing to the result leaves the base alone.
    "doc002_view": "doc002_view()",
    "doc002_advanced": "doc002_advanced()",
}


def run_on_copy(code):
    t = x.clone()
    exec(code, dict(ENV, torch=torch, t=t))
    return t


def doc002_view():
    original = torch.arange(12).reshape(3, 4)
    view = original[1:3, 1:3]
    view[0, 0] = 99
    return original, view


def doc002_advanced():
    base = torch.arange(24).reshape(2, 3, 4)
    indexed = base[:, torch.tensor([0, 2]), :]
    indexed[0, 0, 0] = 200
    return base, indexed


def number(text):
    return float(text) if "." in text else int(text)


def put(t, indices, value, accumulate):
    t = t.clone()
    t.index_put_(indices, value, accumulate=accumulate)
    return t


def outcome(fn):
    try:
        return describe(fn())
    except Exception as e:  # noqa: BLE001 - the error is the expectation
        return {"error": type(e).__name__, "message": str(e)}


def main():
    out = {}
    for name, sub in GET:
        case = outcome(lambda: eval(f"{name}[{sub}]", dict(ENV, torch=torch)))
        case.update({"tensor": name, "subscript": sub})
        out[f"get {name}[{sub}]"] = case

    for name, sub, value in SET:
        def run():
            t = ENV[name].clone()
            v = ENV[value] if value in ENV else number(value)
            exec(f"t[{sub}] = v", dict(ENV, torch=torch, t=t, v=v))
            assert t._version == 1, t._version
            return t
        case = outcome(run)
        case.update({"tensor": name, "subscript": sub, "value": value})
        out[f"set {name}[{sub}] = {value}"] = case

    for case_id, expr in OPS.items():
        env = dict(ENV, torch=torch, put=put, run_on_copy=run_on_copy, doc002_view=doc002_view, doc002_advanced=doc002_advanced)
        out[case_id] = outcome(lambda: eval(expr, env))

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected", "index.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {len(out)} cases to {path}")


main()
