"""Records PyTorch's autograd behaviour for tests/autograd/*_test.cpp.

Run with the PyTorch oracle (Debian's python3-torch under /usr/bin/python3):
    /usr/bin/python3 tests/autograd/record_autograd.py
It rewrites tests/autograd/expected/*.json; commit the result. The C++ tests never need PyTorch.

Every input tensor is recorded with its values, so the C++ tests rebuild exactly the same inputs.
A graph is recorded as a compact tree of node class names, e.g.
    MulBackward0(AccumulateGrad[x], None)
with AccumulateGrad naming its leaf and `:n` after a child reached through input n > 0.
"""
import json
import re
import math
import os
import warnings

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))


def num(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def describe(t):
    if t is None:
        return None
    return {
        "sizes": list(t.shape),
        "strides": list(t.stride()),
        "dtype": str(t.dtype),
        "values": [num(v) for v in t.detach().reshape(-1).tolist()],
    }


def tensor_input(t):
    d = describe(t)
    d["requires_grad"] = t.requires_grad
    return d


def chain(fn, names):
    if fn is None:
        return "None"
    n = type(fn).__name__
    if n == "AccumulateGrad":
        return "AccumulateGrad[" + names.get(id(fn.variable), "?") + "]"
    kids = []
    for f, nr in fn.next_functions:
        kids.append(chain(f, names) + (":%d" % nr if nr else ""))
    return n + ("(" + ", ".join(kids) + ")" if kids else "")


def error(e):
    return {"error": type(e).__name__, "message": str(e)}


def write(name, data):
    path = os.path.join(HERE, "expected", name + ".json")
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {path}")


def upstream(out):
    """A fixed, non-trivial gradient for an output."""
    n = out.numel()
    g = torch.cos(torch.arange(n, dtype=torch.float64) * 0.7 + 0.3).reshape(out.shape)
    return g.to(out.dtype)


# ---- inputs -----------------------------------------------------------------------------------
torch.manual_seed(1234)


def leaf(t):
    return t.detach().clone().requires_grad_(True)


inputs = {
    "x": leaf(torch.randn(3, 4)),
    "y": leaf(torch.randn(3, 4)),
    "p": leaf(torch.rand(3, 4) + 0.5),
    "v": leaf(torch.randn(4)),
    "w": leaf(torch.randn(4)),
    "m": leaf(torch.randn(4, 5)),
    "b": leaf(torch.randn(2, 3, 4)),
    "c": leaf(torch.randn(2, 4, 5)),
    "s": leaf(torch.randn(())),
    "W": leaf(torch.randn(5, 4)),
    "bw": leaf(torch.randn(5)),
    "xd": leaf(torch.randn(3, 4, dtype=torch.float64)),
    "q": leaf(torch.rand(3, 4)),
    "z0": leaf(torch.tensor([[1.0, 0.0, 2.0, 3.0], [0.0, 2.0, 0.0, 1.5], [1.5, -1.0, 2.0, 0.5]])),
    "tie": leaf(torch.tensor([[1.0, 3.0, 3.0, 0.5], [2.0, 2.0, -1.0, 2.0], [0.0, 1.0, 1.0, 1.0]])),
    "mask": torch.randn(3, 4) > 0,
    "mask_row": torch.tensor([True, False, True, True]),
    "idx": torch.tensor([2, 0, 2]),
    "gidx": torch.tensor([[0, 3], [1, 1], [2, 0]]),
    "sidx": torch.tensor([3, 0, 3]),
    "tgt": torch.tensor([1, 0, 3]),
    "prob": torch.rand(3, 4),
}
# a column-major leaf (x.t() of a contiguous tensor, as nn.Linear's weight.t() is)
inputs["xc"] = leaf(torch.randn(4, 3)).detach().t().requires_grad_(True)
env = dict(inputs)
env.update({"torch": torch, "F": F, "math": math})


def fn(src):
    """A case body: `src` is a Python expression or statements ending with `out = ...`."""
    if "\n" not in src and "out =" not in src:
        return lambda: eval(src, dict(env))

    def run():
        scope = dict(env)
        exec(src, scope)
        return scope["out"]
    return run


# id: (source, finite differences apply)
op_cases = {
    # elementwise
    "add": ("x + y", True), "add_alpha": ("torch.add(x, v, alpha=2)", True), "add_scalar": ("x + 1.5", True),
    "add_mixed_dtype": ("x + xd", True), "sub": ("x - v", True), "sub_alpha": ("torch.sub(x, y, alpha=0.5)", True),
    "rsub": ("1 - x", True), "mul": ("x * y", True), "mul_bcast": ("x * v", True), "mul_scalar": ("x * 2", True),
    "mul_0d": ("x * s", True), "div": ("x / p", True), "div_scalar": ("x / 2", True), "rdiv": ("2 / p", True),
    "pow_scalar": ("p.pow(2)", True), "pow_frac": ("p.pow(2.5)", True), "pow_zero": ("x.pow(0)", True),
    "pow_tensor": ("p.pow(y)", True), "pow_rscalar": ("2 ** x", True), "pow_scalar_base": ("torch.pow(2, x)", True),
    "neg": ("-x", True), "exp": ("x.exp()", True), "log": ("p.log()", True), "sqrt": ("p.sqrt()", True),
    "abs": ("x.abs()", True), "sin": ("x.sin()", True), "cos": ("x.cos()", True), "tanh": ("x.tanh()", True),
    "sigmoid": ("x.sigmoid()", True), "relu": ("x.relu()", True), "relu_f": ("F.relu(x)", True),
    "clamp": ("x.clamp(-0.5, 0.5)", True), "clamp_min": ("x.clamp(min=0.1)", True),
    "clamp_max": ("x.clamp(max=0.2)", True), "clamp_tensor": ("torch.clamp(x, y, p)", True),
    "clamp_tensor_min": ("x.clamp(min=y)", True), "clamp_tensor_max": ("x.clamp(max=v)", True), "maximum": ("torch.max(x, y)", True), "minimum": ("torch.min(x, y)", True),
    "maximum_tie": ("torch.maximum(tie, z0)", False), "where": ("torch.where(mask, x, y)", True),
    "masked_fill": ("x.masked_fill(mask, 0.5)", True), "remainder_scalar": ("x % 0.7", True),
    "remainder": ("x % p", True), "rfloordiv": ("2 // x", False), "floordiv_plain": ("torch.floor_divide(y.detach(), x)", False), "masked_fill_tensor": ("x.masked_fill(mask, s)", True),
    "masked_fill_tensor_": ("out = (x * 1).masked_fill_(mask, s)", True),
    # reductions
    "sum_all": ("x.sum()", True), "sum_dim": ("x.sum(0)", True), "sum_dims_keep": ("b.sum((0, 2), keepdim=True)", True),
    "sum_neg": ("b.sum(-1)", True), "sum_dtype": ("x.sum(dtype=torch.float64)", True), "mean_all": ("x.mean()", True),
    "mean_dim": ("b.mean(1)", True), "mean_keep": ("x.mean(1, keepdim=True)", True), "prod_all": ("p.prod()", True),
    "prod_dim": ("x.prod(1)", True), "prod_zero": ("z0.prod(1)", True), "prod_zero_all": ("z0[0].prod()", True),
    "var": ("x.var()", True), "var_dim": ("x.var(1)", True), "var_biased": ("x.var(1, unbiased=False)", True),
    "std": ("x.std()", True), "std_dim": ("x.std(0, keepdim=True)", True), "norm": ("x.norm()", True),
    "norm_dim": ("x.norm(dim=1)", True), "norm_p1": ("x.norm(p=1)", True), "norm_p3": ("x.norm(p=3)", True),
    "norm_fro": ("x.norm(dim=(0, 1))", True), "max_all": ("x.max()", True), "min_all": ("x.min()", True),
    "max_ties": ("tie.max()", False), "max_dim": ("x.max(1)[0]", True), "min_dim_keep": ("x.min(0, keepdim=True)[0]", True),
    "softmax": ("x.softmax(1)", True), "softmax0": ("torch.softmax(b, 0)", True), "log_softmax": ("x.log_softmax(-1)", True),
    "softmax_dtype": ("x.softmax(1, dtype=torch.float64)", True),
    # matrix products
    "mm": ("x @ m", True), "mv": ("x @ v", True), "dot": ("v @ w", True), "vm": ("v @ m", True),
    "bmm": ("torch.bmm(b, c)", True), "batched": ("b @ c", True), "batched_vec": ("b @ v", True),
    "batched_mat": ("b @ m", True), "mat_batched": ("x @ c", True), "vec_batched": ("v @ c", True),
    "transposed_batched": ("b.transpose(1, 2) @ x", True), "broadcast_batched": ("b[:1] @ c", True),
    "mm_colmajor": ("xc @ m", True), "linear2": ("F.linear(x, W, bw)", True), "linear3": ("F.linear(b, W, bw)", True),
    "linear3_nc": ("F.linear(b.transpose(0, 1), W, bw)", True), "linear1": ("F.linear(v, W, bw)", True),
    "linear_nobias": ("F.linear(x, W)", True), "addmm": ("torch.addmm(bw, x, m)", True),
    # views
    "view": ("x.view(12)", True), "view_as": ("x.view_as(y)", True), "reshape_view": ("x.reshape(2, 6)", True),
    "reshape_copy": ("x.t().reshape(12)", True), "flatten": ("b.flatten()", True), "flatten1": ("b.flatten(1)", True),
    "flatten_1d": ("v.flatten()", True), "unflatten": ("x.unflatten(1, (2, 2))", True), "transpose": ("b.transpose(0, 2)", True),
    "t": ("x.t()", True), "T": ("x.T", True), "mT": ("b.mT", True), "permute": ("b.permute(2, 0, 1)", True),
    "squeeze": ("x[:, None].squeeze()", True), "squeeze_dim": ("x[None].squeeze(0)", True), "unsqueeze": ("x.unsqueeze(1)", True),
    "expand": ("v.expand(3, 4)", True), "expand_new": ("x.expand(2, 3, 4)", True), "expand_as": ("v.expand_as(x)", True),
    "narrow": ("x.narrow(1, 1, 2)", True), "select": ("x.select(1, 2)", True), "slice_step": ("x[:, ::2]", True),
    "unbind": ("x.unbind(1)[2]", True), "split": ("x.split(2, 1)[1]", True), "split_sizes": ("x.split([1, 3], 1)[1]", True),
    "chunk": ("x.chunk(2, 0)[1]", True), "diagonal": ("x.diagonal()", True), "diagonal_off": ("x.diagonal(1)", True),
    "movedim": ("b.movedim(0, 2)", True), "unfold": ("x.unfold(1, 2, 1)", True),
    "as_strided": ("x.as_strided((2, 2), (1, 2), 1)", True), "as_strided_overlap": ("x.as_strided((3, 3), (1, 1))", True),
    # indexing
    "idx_int": ("x[1]", True), "idx_int2": ("x[1, 2]", True), "idx_slice": ("x[1:]", True),
    "idx_slice_tuple": ("x[0:3, 1]", True), "idx_none": ("x[:, None, 1:]", True), "idx_ellipsis": ("x[...]", True),
    "idx_ellipsis_int": ("x[..., 1]", True), "idx_list": ("x[[0, 2]]", True), "idx_tensor": ("x[idx]", True),
    "idx_mask": ("x[mask]", True), "idx_mixed": ("x[1, [0, 2]]", True), "idx_mixed2": ("x[[0, 2], 1:]", True),
    "idx_two_lists": ("x[[0, 1], [1, 3]]", True), "idx_0d_tensor": ("x[torch.tensor(1)]", True),
    "gather": ("x.gather(1, gidx)", True), "index_select": ("x.index_select(1, sidx)", True),
    "masked_select": ("x.masked_select(mask)", True), "masked_select_bcast": ("x.masked_select(mask_row)", True),
    # copies
    "clone": ("x.clone()", True), "contiguous": ("x.t().contiguous()", True), "to64": ("x.to(torch.float64)", True),
    "double": ("x.double()", True), "cat": ("torch.cat([x, y], 0)", True), "cat1": ("torch.cat([x, y[:, :2]], 1)", True),
    "stack": ("torch.stack([x, y], 1)", True), "repeat": ("v.repeat(2, 3)", True), "repeat3": ("x.repeat(2, 1, 2)", True),
    "flip": ("x.flip(0, 1)", True),
    # in place on non-leaves
    "add_": ("out = (x * 1).add_(y, alpha=2)", True), "mul_": ("out = (x * 1).mul_(y)", True),
    "mul_scalar_": ("out = (x * 1).mul_(2)", True), "div_": ("out = (x * 1).div_(p)", True),
    "pow_": ("out = (p * 1).pow_(2)", True), "pow_tensor_": ("out = (p * 1).pow_(y)", True),
    "exp_": ("out = (x * 1).exp_()", True), "log_": ("out = (p * 1).log_()", True), "sqrt_": ("out = (p * 1).sqrt_()", True),
    "sin_": ("out = (x * 1).sin_()", True), "cos_": ("out = (x * 1).cos_()", True), "neg_": ("out = (x * 1).neg_()", True),
    "abs_": ("out = (x * 1).abs_()", True), "relu_": ("out = (x * 1).relu_()", True),
    "tanh_": ("out = (x * 1).tanh_()", True), "sigmoid_": ("out = (x * 1).sigmoid_()", True),
    "clamp_": ("out = (x * 1).clamp_(-0.5, 0.5)", True), "masked_fill_": ("out = (x * 1).masked_fill_(mask, 0.0)", True),
    "zero_": ("out = (x * 1).zero_()", True), "normal_": ("out = (x * 1).normal_(0.5, 2.0)", False),
    "uniform_": ("out = (x * 1).uniform_(-1.0, 3.0)", False), "fill_": ("out = (x * 1).fill_(2.0)", True),
    "fill_tensor_": ("out = (x * 1).fill_(s)", True), "copy_": ("out = (x * 1).copy_(y)", True),
    "copy_bcast_": ("out = (x * 1).copy_(v)", True), "copy_into_plain": ("out = torch.zeros(3, 4).copy_(x)", True),
    "iadd": ("out = x * 1\nout += y", True), "isub_scalar": ("out = x * 1\nout -= 2", True),
    "view_mul_": ("out = x * 1\nout[1].mul_(y[0])", True), "setitem_int": ("out = x * 1\nout[1] = 0", True),
    "setitem_scalar_grad": ("out = x * 1\nout[0, 1] = s", True), "setitem_mask": ("out = x * 1\nout[mask] = 0", True),
    "setitem_slice": ("out = x * 1\nout[:, 1:3] = v[:2]", True), "setitem_ellipsis": ("out = x * 1\nout[...] = s", True),
    "setitem_list": ("out = x * 1\nout[[0, 2]] = y[:2]", True),
    "index_put_acc": ("out = (x * 1).index_put_((idx,), v, accumulate=True)", True),
    "view_then_base_inplace": ("y2 = x * 1\nv2 = y2[1:]\ny2.mul_(2)\nout = v2 * y[1:]", True),
    "zeros_setitem": ("out = torch.zeros(3, 4)\nout[1] = x[0] * 2", True),
    # losses
    "mse": ("F.mse_loss(x, y)", True), "mse_sum": ("F.mse_loss(x, y, reduction='sum')", True),
    "mse_none": ("F.mse_loss(x, y, reduction='none')", True), "mse_bcast": ("F.mse_loss(x, v)", True),
    "cross_entropy": ("F.cross_entropy(x, tgt)", True), "ce_sum": ("F.cross_entropy(x, tgt, reduction='sum')", True),
    "ce_none": ("F.cross_entropy(x, tgt, reduction='none')", True), "ce_1d": ("F.cross_entropy(v, torch.tensor(2))", True),
    "ce_ignore": ("F.cross_entropy(x, tgt, ignore_index=0)", True), "nll": ("F.nll_loss(x.log_softmax(1), tgt)", True),
    "bce_logits": ("F.binary_cross_entropy_with_logits(x, prob)", True),
    "bce_logits_sum": ("F.binary_cross_entropy_with_logits(x, prob, reduction='sum')", True),
    "bce_logits_target": ("F.binary_cross_entropy_with_logits(x, q)", True),
}

grad_names = [k for k, t in inputs.items() if t.requires_grad]
names_by_id = {id(t): k for k, t in inputs.items()}


def record_ops():
    out = {"inputs": {k: tensor_input(t) for k, t in inputs.items()}, "cases": {}}
    for case_id, (src, fd) in op_cases.items():
        torch.manual_seed(7)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                result = fn(src)()
            entry = {"out": describe(result), "chain": chain(result.grad_fn, names_by_id), "fd": fd,
                     "saved": sorted(a for a in dir(result.grad_fn) if a.startswith("_saved_")),
                     "warnings": [str(w.message) for w in caught]}
            if result.requires_grad:
                tokens = set(re.findall(r"\w+", src))
                used = [k for k in grad_names if k in tokens]
                g = upstream(result)
                try:
                    grads = torch.autograd.grad(result, [inputs[k] for k in used], g, allow_unused=True)
                    entry["upstream"] = describe(g)
                    entry["grads"] = {k: describe(gr) for k, gr in zip(used, grads)}
                except RuntimeError as e:  # a node without a derivative (NotImplemented)
                    entry["grad_error"] = error(e)
            out["cases"][case_id] = entry
        except Exception as e:  # noqa: BLE001
            out["cases"][case_id] = error(e)
    write("ops", out)


# ---- the 13 rows of web/lessons/004-inplace-autograd.md and the masked softmax ------------------
def table_row(op, mod, when):
    leaf_t = torch.tensor([1, 2, 3, 4, 5], dtype=torch.float, requires_grad=True)
    middle = leaf_t + 2
    names = {id(leaf_t): "leaf"}

    def modify():
        if mod == "mul":
            middle.multiply_(3)
        else:
            middle[2] = 10

    if mod and when == "before":
        modify()
    root = {"mul": lambda: middle * 2, "pow": lambda: middle.pow(2), "exp": lambda: middle.exp()}[op]()
    if mod and when == "after":
        modify()
    rec = {"middle_grad_fn": middle.grad_fn.name(), "middle_version": middle._version,
           "root_chain": chain(root.grad_fn, names), "middle_chain": chain(middle.grad_fn, names),
           "root_saved": sorted(a for a in dir(root.grad_fn) if a.startswith("_saved_"))}
    try:
        root.sum().backward()
        rec["leaf_grad"] = describe(leaf_t.grad)
    except Exception as e:  # noqa: BLE001
        rec.update(error(e))
    return rec


def record_table():
    rows = {}
    ops = ["mul", "mul", "mul", "pow", "pow", "exp", "exp", "mul", "mul", "pow", "pow", "exp", "exp"]
    mods = [None, "mul", "set", "mul", "set", "mul", "set", "mul", "set", "mul", "set", "mul", "set"]
    whens = [None, "after", "after", "after", "after", "after", "after", "before", "before", "before", "before",
             "before", "before"]
    for i in range(13):
        rows[str(i + 1)] = table_row(ops[i], mods[i], whens[i])
    rows["1"]["note"] = "row 1 runs every root without modification; recorded for middle*2"
    for op in ["pow", "exp"]:
        rows["1_" + op] = table_row(op, None, None)

    # The masked softmax of d2l's attention chapter: _sequence_mask writes -1e6 through a view.
    def _sequence_mask(X, valid_len, value=0):
        maxlen = X.size(1)
        mask = torch.arange((maxlen), dtype=torch.float32, device=X.device)[None, :] < valid_len[:, None]
        X[~mask] = value
        return X

    torch.manual_seed(4)
    Q = torch.randn(2, 3, 4, requires_grad=True)
    K = torch.randn(2, 5, 4, requires_grad=True)
    weights = torch.randn(2, 3, 5)
    valid_lens = torch.tensor([[2, 3, 5], [1, 4, 2]])
    scores = torch.bmm(Q, K.transpose(1, 2)) / math.sqrt(4)
    shape = scores.shape
    X = _sequence_mask(scores.reshape(-1, shape[-1]), valid_lens.reshape(-1), value=-1e6)
    attn = F.softmax(X.reshape(shape), dim=-1)
    loss = (attn * weights).sum()
    names = {id(Q): "Q", id(K): "K"}
    ms = {"Q": tensor_input(Q), "K": tensor_input(K), "weights": describe(weights), "valid_lens": describe(valid_lens),
          "scores_version": scores._version, "X_grad_fn": type(X.grad_fn).__name__, "X_is_view": X._base is not None,
          "attn": describe(attn), "attn_chain": chain(attn.grad_fn, names), "loss": loss.item()}
    loss.backward()
    ms["Q_grad"] = describe(Q.grad)
    ms["K_grad"] = describe(K.grad)
    rows["masked_softmax"] = ms
    write("inplace_table", rows)


# ---- errors -------------------------------------------------------------------------------------
def record_errors():
    def attempt(f):
        try:
            f()
            return {"ok": True}
        except Exception as e:  # noqa: BLE001
            return error(e)

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    cases = {}
    cases["leaf_inplace"] = attempt(lambda: x.mul_(2))
    cases["leaf_view_inplace"] = attempt(lambda: x[0].mul_(2))
    cases["leaf_view_view_inplace"] = attempt(lambda: x.view(3)[1:].zero_())
    with torch.no_grad():
        vx = x[1:]
    cases["no_grad_view_of_leaf"] = attempt(lambda: vx.mul_(2))
    y = x * 1
    with torch.no_grad():
        vy = y[1:]
    cases["no_grad_view"] = attempt(lambda: vy.add_(1))
    cases["no_grad_view_view"] = attempt(lambda: vy[0:1].add_(1))
    cases["unbind_view"] = attempt(lambda: y.unbind(0)[0].mul_(2))
    cases["split_view"] = attempt(lambda: y.split(1)[1].mul_(2))
    cases["chunk_view"] = attempt(lambda: y.chunk(3)[2].mul_(2))
    cases["split_sizes_view"] = attempt(lambda: y.split([1, 2])[1].mul_(2))
    cases["unbind_view_of_view"] = attempt(lambda: y.unbind(0)[0].view(1).mul_(2))
    y2 = x * 1
    u = y2.unbind(0)
    y2.mul_(2)
    cases["unbind_indirect"] = attempt(lambda: u[0].grad_fn)
    y3 = x * 1
    with torch.no_grad():
        v3 = y3[0]
    y3.mul_(2)
    cases["no_grad_indirect"] = attempt(lambda: v3.grad_fn)
    z = torch.zeros(3)
    with torch.no_grad():
        vz = z[0:2]
    cases["no_grad_view_plain_base"] = attempt(lambda: vz.add_(x[0:2]))
    cases["implicit_grad"] = attempt(lambda: (x * 2).backward())
    cases["no_grad_fn"] = attempt(lambda: torch.ones(2).sum().backward())
    cases["no_grad_fn_second"] = attempt(lambda: torch.autograd.backward([(x * 2).sum(), torch.ones(2).sum()]))
    w = (x * x).sum()
    w.backward()
    cases["backward_twice"] = attempt(lambda: w.backward())
    w2 = (x * 2).sum()
    w2.backward()
    cases["backward_twice_scalar_mul"] = attempt(lambda: w2.backward())
    w3 = (x + 1).sum()
    w3.backward()
    cases["backward_twice_add_ok"] = attempt(lambda: w3.backward())
    e = x.exp()
    e.sum().backward()
    cases["saved_after_free"] = attempt(lambda: e.grad_fn._saved_result)
    cases["requires_grad_method_int"] = attempt(lambda: torch.tensor([1, 2]).requires_grad_())
    cases["requires_grad_attr_int"] = attempt(lambda: setattr(torch.tensor([1, 2]), "requires_grad", True))
    cases["requires_grad_factory_int"] = attempt(lambda: torch.tensor([1, 2], requires_grad=True))
    cases["requires_grad_method_nonleaf_false"] = attempt(lambda: (x * 2).requires_grad_(False))
    cases["requires_grad_attr_nonleaf_false"] = attempt(lambda: setattr(x * 2, "requires_grad", False))
    cases["requires_grad_attr_nonleaf_true"] = attempt(lambda: setattr(x * 2, "requires_grad", True))
    cases["retain_grad_no_grad"] = attempt(lambda: torch.ones(2).retain_grad())
    cases["hook_no_grad"] = attempt(lambda: torch.ones(2).register_hook(lambda g: g))
    cases["grad_set_size"] = attempt(lambda: setattr(torch.ones(3, requires_grad=True), "grad", torch.ones(2)))
    cases["grad_set_dtype"] = attempt(lambda: setattr(torch.ones(3, requires_grad=True), "grad", torch.ones(3, dtype=torch.float64)))
    cases["grad_set_both"] = attempt(lambda: setattr(torch.ones(3, requires_grad=True), "grad", torch.ones(2, dtype=torch.float64)))
    t_self = torch.ones(3, requires_grad=True)
    cases["grad_set_self"] = attempt(lambda: setattr(t_self, "grad", t_self))
    cases["grad_shape_mismatch"] = attempt(lambda: (x * 2).backward(torch.ones(2)))
    cases["grad_unused"] = attempt(lambda: torch.autograd.grad((x * 2).sum(), [x, torch.ones(2, requires_grad=True)]))
    cases["grad_input_no_grad"] = attempt(lambda: torch.autograd.grad((x * 2).sum(), [torch.ones(2)]))
    cases["grad_output_no_grad"] = attempt(lambda: torch.autograd.grad(torch.ones(2).sum(), [x]))
    cases["floor_divide_backward"] = attempt(lambda: (x // 2).sum().backward())
    cases["floor_divide_tensor_backward"] = attempt(lambda: (x // (x * 1 + 5)).sum().backward())
    cases["rremainder_backward"] = attempt(lambda: (2 % x).sum().backward())
    cases["rfloordiv_backward"] = attempt(lambda: (2 // x).sum().backward())
    cases["index_out_of_range"] = attempt(lambda: torch.ones(2, 3)[2])
    cases["index_out_of_range_neg"] = attempt(lambda: torch.ones(2, 3)[-3])
    cases["index_out_of_range_tuple"] = attempt(lambda: torch.ones(2, 3)[0, 5])
    cases["index_out_of_range_after_none"] = attempt(lambda: torch.ones(2, 3)[None, 0, 5])
    cases["index_out_of_range_0d_tensor"] = attempt(lambda: torch.ones(2, 3)[0, torch.tensor(5)])
    cases["index_0d"] = attempt(lambda: torch.tensor(1.0)[0])
    cases["index_0d_nonzero"] = attempt(lambda: torch.tensor(1.0)[1])
    cases["setitem_int_out_of_range"] = attempt(lambda: torch.ones(2, 3).__setitem__(2, 1.0))
    cases["setitem_expand"] = attempt(lambda: torch.ones(2, 3).__setitem__(0, torch.ones(2)))
    cases["setitem_expand_slice"] = attempt(lambda: torch.ones(2, 3).__setitem__(slice(0, 1), torch.ones(2)))
    cases["setitem_expand_rank"] = attempt(lambda: torch.ones(2, 3).__setitem__(0, torch.ones(4, 3)))
    cases["setitem_list_shape"] = attempt(lambda: torch.ones(2, 3).__setitem__([0], torch.ones(2)))
    cases["flatten_args"] = attempt(lambda: torch.ones(2, 3).flatten(1, 0))
    cases["clamp_no_bounds"] = attempt(lambda: torch.clamp(x, None, None))
    cases["detach_view"] = attempt(lambda: x[0].detach_())
    cases["matmul_0d"] = attempt(lambda: torch.matmul(torch.tensor(1.0), x))
    cases["ce_target_bounds"] = attempt(lambda: F.cross_entropy(torch.randn(2, 3), torch.tensor([0, 3])))
    cases["ce_batch_mismatch"] = attempt(lambda: F.cross_entropy(torch.randn(2, 3), torch.tensor([0, 1, 2])))
    cases["bce_size"] = attempt(lambda: F.binary_cross_entropy_with_logits(torch.randn(2, 3), torch.rand(3)))
    cases["hook_changes_size"] = attempt(lambda: (lambda a: (a.register_hook(lambda g: torch.ones(5)), a.sum().backward()))(x * 1))
    cases["hook_changes_type"] = attempt(lambda: (lambda a: (a.register_hook(lambda g: g.double()), a.sum().backward()))(x * 1))
    cases["sgd_lr"] = attempt(lambda: torch.optim.SGD([x], lr=-0.1))
    cases["sgd_momentum"] = attempt(lambda: torch.optim.SGD([x], lr=0.1, momentum=-0.5))
    cases["sgd_weight_decay"] = attempt(lambda: torch.optim.SGD([x], lr=0.1, weight_decay=-1.0))
    cases["sgd_nesterov"] = attempt(lambda: torch.optim.SGD([x], lr=0.1, nesterov=True))
    cases["sgd_empty"] = attempt(lambda: torch.optim.SGD([], lr=0.1))
    # the version-counter message for a 2-D float64 tensor saved as an input with no grad_fn
    leaf64 = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
    r = leaf64 * leaf64
    with torch.no_grad():
        leaf64.add_(1)
    cases["version_leaf_input"] = attempt(lambda: r.sum().backward())
    o = x * 1
    r2 = o.exp()
    r2.mul_(2)
    cases["version_saved_output"] = attempt(lambda: r2.sum().backward())
    o2 = x * 1
    parts = o2.unbind(0)
    r3 = parts[1] * parts[1]
    with torch.no_grad():
        o2.mul_(2)
    cases["version_unbind_output"] = attempt(lambda: r3.backward())
    o3 = x * 1
    r4 = o3 * o3
    o3.data.mul_(2)
    cases["version_data_escapes"] = attempt(lambda: r4.sum().backward())

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (x * 2).grad
    cases["nonleaf_grad_warning"] = {"warnings": [str(c.message) for c in caught], "category": [c.category.__name__ for c in caught]}
    once = {}
    for label, f in [("T_1d", lambda: torch.ones(3).T), ("T_1d_again", lambda: torch.ones(3).T),
                     ("create_graph", lambda: (x * x).sum().backward(create_graph=True)),
                     ("create_graph_again", lambda: (x * x).sum().backward(create_graph=True))]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            f()
        once[label] = [str(c.message) for c in caught]
    cases["warn_once"] = once
    write("errors", cases)


# ---- the engine: order, hooks, retain_grad, accumulation, create_graph ---------------------------
def record_engine():
    out = {}

    def order_of(root, names):
        seen = {}
        order = []

        def visit(fn):
            if fn is None or fn in seen:
                return
            seen[fn] = True
            label = type(fn).__name__
            if label == "AccumulateGrad":
                label += "[" + names[id(fn.variable)] + "]"
            fn.register_prehook(lambda g, label=label: order.append(label))
            for f, _ in fn.next_functions:
                visit(f)

        visit(root.grad_fn)
        root.backward()
        return order

    def leaves():
        ts = [torch.tensor([1.0, 2.0], requires_grad=True) for _ in range(5)]
        return ts, {id(t): n for t, n in zip(ts, "abcde")}

    graphs = {
        "sum_of_products": lambda a, b, c, d, e: (a * b + c * d + e).sum(),
        "chain_of_adds": lambda a, b, c, d, e: (a + b + c + d + e).sum(),
        "chain_of_adds_reversed": lambda a, b, c, d, e: (e + d + c + b + a).sum(),
        "chain_of_muls": lambda a, b, c, d, e: (a * b * c * d * e).sum(),
        "diamond": lambda a, b, c, d, e: (lambda m: (m.exp() + m.sin() * a).sum())(a * b),
        "reuse": lambda a, b, c, d, e: (a * a * a + a).sum(),
        "cat": lambda a, b, c, d, e: torch.cat([a, b, c, d, e]).sum(),
        "stack_reversed": lambda a, b, c, d, e: torch.stack([e, d, c, b, a]).sum(),
        "inplace_view": lambda a, b, c, d, e: (lambda m: (m.__setitem__(0, c[1]), (m * d).sum())[1])(a * b),
    }
    for name, g in graphs.items():
        ts, names = leaves()
        root = g(*ts)
        out["order_" + name] = {"order": order_of(root, names), "grads": {n: describe(t.grad) for t, n in zip(ts, "abcde")}}

    torch.manual_seed(3)
    b3 = torch.randn(2, 3, 4, requires_grad=True)
    W3 = torch.randn(5, 4, requires_grad=True)
    bw3 = torch.randn(5, requires_grad=True)
    names3 = {id(b3): "b", id(W3): "W", id(bw3): "bw"}
    out["order_linear3"] = {"b": tensor_input(b3), "W": tensor_input(W3), "bw": tensor_input(bw3),
                            "order": order_of(F.linear(b3, W3, bw3).sum(), names3)}

    # hooks and retain_grad
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a * 3
    calls = []
    b.register_hook(lambda g: calls.append(("hook1", g.tolist())) or g * 2)
    b.retain_grad()
    b.register_hook(lambda g: calls.append(("hook2", g.tolist())) or g * 10)
    b.sum().backward()
    out["hooks_then_retain"] = {"calls": calls, "b_grad": describe(b.grad), "a_grad": describe(a.grad)}

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a * 3
    b.retain_grad()
    b.mul_(2)
    b.sum().backward()
    out["retain_then_inplace"] = {"b_grad": describe(b.grad), "a_grad": describe(a.grad)}

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a * 3
    calls = []
    b.register_hook(lambda g: calls.append(("A", g.tolist())))
    b.mul_(2)
    b.register_hook(lambda g: calls.append(("B", g.tolist())))
    b.sum().backward()
    out["hooks_stay_with_old_node"] = {"calls": calls, "a_grad": describe(a.grad)}

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    calls = []
    a.register_hook(lambda g: calls.append(("leaf", g.tolist())) or g * 2)
    r = torch.autograd.grad((a * a).sum(), a)
    out["leaf_hook_autograd_grad"] = {"calls": list(calls), "result": describe(r[0]), "a_grad": describe(a.grad)}
    (a * a).sum().backward()
    out["leaf_hook_backward"] = {"calls": calls, "a_grad": describe(a.grad)}

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    h = a.register_hook(lambda g: g * 100)
    h.remove()
    (a * 1).sum().backward()
    out["hook_removed"] = {"a_grad": describe(a.grad)}

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a * 3
    calls = []
    b.register_hook(lambda g: calls.append(("nl", g.tolist())) or g * 2)
    r1 = torch.autograd.grad(b.sum(), b, retain_graph=True)
    r2 = torch.autograd.grad((b * b).sum(), a)
    out["nonleaf_hook_autograd_grad"] = {"calls": calls, "r1": describe(r1[0]), "r2": describe(r2[0])}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x[1:]
    y2 = x * 1
    v = y2[1:]
    v.retain_grad()
    y2.mul_(2)
    (v * 3).sum().backward()
    out["view_retain_after_base_inplace"] = {"v_grad": describe(v.grad), "x_grad": describe(x.grad),
                                             "v_grad_fn": type(v.grad_fn).__name__}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    for _ in range(3):
        (x * x).sum().backward()
    out["accumulate"] = {"x_grad": describe(x.grad)}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    loss = (x * x).sum()
    loss.backward(retain_graph=True)
    loss.backward()
    out["retain_graph"] = {"x_grad": describe(x.grad)}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    (gx,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)
    (ggx,) = torch.autograd.grad(gx.sum(), x)
    out["create_graph"] = {"gx": describe(gx), "gx_requires_grad": gx.requires_grad, "ggx": describe(ggx)}

    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    (gx,) = torch.autograd.grad((x.exp() * x.sin()).sum(), x, create_graph=True)
    (ggx,) = torch.autograd.grad(gx.sum(), x)
    out["create_graph2"] = {"gx": describe(gx), "ggx": describe(ggx)}

    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = x * x
    y[0] = x[1] ** 3
    (gx,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    (ggx,) = torch.autograd.grad(gx.sum(), x)
    out["create_graph_inplace_view"] = {"gx": describe(gx), "ggx": describe(ggx), "gx_chain": chain(gx.grad_fn, {id(x): "x"})}

    torch.manual_seed(5)
    xs = torch.randn(2, 3)
    ws = torch.randn(3, 4, requires_grad=True)
    (gw,) = torch.autograd.grad((xs @ ws).softmax(1).pow(2).sum(), ws, create_graph=True)
    (ggw,) = torch.autograd.grad((gw * gw).sum(), ws)
    out["create_graph_softmax"] = {"x": tensor_input(xs), "w": tensor_input(ws), "gw": describe(gw), "ggw": describe(ggw)}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([0.5, 0.25, 2.0], requires_grad=True)
    torch.autograd.backward([(x * w).sum(), (x * x).sum()], [torch.tensor(2.0), torch.tensor(1.0)])
    out["backward_two_roots"] = {"x_grad": describe(x.grad), "w_grad": describe(w.grad)}

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    y.backward(torch.tensor([1.0, 0.5, 2.0], dtype=torch.float64))
    out["backward_grad_dtype"] = {"x_grad": describe(x.grad)}

    # .grad layouts: PyTorch's gradient layout contract
    xt = torch.randn(3, 4).t().requires_grad_()
    (xt * 2).sum().backward()
    xe = torch.randn(3, 4).t().requires_grad_()
    xe.exp().sum().backward()
    xn = torch.randn(3, 4, requires_grad=True)
    xn.t().exp().sum().backward()
    xs = torch.randn(8)[::2].detach().requires_grad_()
    (xs * 2).sum().backward()
    out["grad_layouts"] = {"t_mul": list(xt.grad.stride()), "t_exp": list(xe.grad.stride()),
                           "contig_t_exp": list(xn.grad.stride()), "strided": list(xs.grad.stride())}

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    ag = torch.autograd.grad((x * x).sum(), x)
    out["autograd_grad_leaves_grad_alone"] = {"result": describe(ag[0]), "x_grad_is_none": x.grad is None}

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    unused = torch.tensor([1.0], requires_grad=True)
    ag = torch.autograd.grad((x * x).sum(), [x, unused], allow_unused=True)
    out["allow_unused"] = {"result0": describe(ag[0]), "result1_is_none": ag[1] is None}

    # detach / .data
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    d = x.detach()
    dd = x.data
    out["detach_data"] = {"detach_requires_grad": d.requires_grad, "detach_is_leaf": d.is_leaf,
                          "detach_version_shared": (d.add_(1), x._version)[1], "data_version": (dd.add_(1), x._version, dd._version)[1:]}
    write("engine", out)


# ---- nn: Linear's initialisation and a few SGD steps ----------------------------------------------
def record_nn():
    out = {}
    torch.manual_seed(0)
    lin = torch.nn.Linear(4, 3)
    out["linear_init"] = {"weight": describe(lin.weight.detach()), "bias": describe(lin.bias.detach()),
                          "weight_version": lin.weight._version, "bias_version": lin.bias._version}

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    data = torch.randn(16, 4)
    target = torch.randn(16, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    losses = []
    for _ in range(6):
        opt.zero_grad()
        loss = F.mse_loss(model(data), target)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    out["sgd_momentum"] = {"data": describe(data), "target": describe(target), "losses": losses,
                           "final": [describe(p.detach()) for p in model.parameters()],
                           "versions": [p._version for p in model.parameters()],
                           "grad_versions": [p.grad._version for p in model.parameters()]}

    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(4, 5), torch.nn.ReLU(), torch.nn.Linear(5, 3))
    data = torch.randn(10, 4)
    labels = torch.tensor([0, 2, 1, 1, 0, 2, 2, 1, 0, 0])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(5):
        opt.zero_grad()
        loss = F.cross_entropy(model(data), labels)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    out["sgd_cross_entropy"] = {"data": describe(data), "labels": describe(labels), "losses": losses,
                                "final": [describe(p.detach()) for p in model.parameters()]}

    torch.manual_seed(2)
    w = torch.randn(3, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.5, weight_decay=0.01, nesterov=True, dampening=0)
    ws = []
    for _ in range(3):
        opt.zero_grad()
        (w * w * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
        opt.step()
        ws.append(describe(w.detach().clone()))
    out["sgd_nesterov"] = {"w0": describe(torch.manual_seed(2) and torch.randn(3)), "steps": ws}
    write("nn", out)


if __name__ == "__main__":
    record_ops()
    record_table()
    record_errors()
    record_engine()
    record_nn()
