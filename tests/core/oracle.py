"""Helpers shared by the tests/core/record_*.py scripts.

Run a record script with the PyTorch oracle (Debian's python3-torch under /usr/bin/python3):
    /usr/bin/python3 tests/core/record_views.py
It rewrites tests/core/expected/<name>.json; commit the result. The C++ tests never need PyTorch.
"""
import json
import math
import os

import torch


def _num(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def describe(t):
    """What the C++ test compares: metadata, whether it is a view, and the values."""
    if isinstance(t, (tuple, list)):
        return {"list": [describe(x) for x in t]}
    if not isinstance(t, torch.Tensor):
        return {"scalar": _num(t)}
    return {
        "sizes": list(t.shape),
        "strides": list(t.stride()),
        "offset": t.storage_offset(),
        "dtype": str(t.dtype),
        "is_view": t._base is not None,
        "values": [_num(v) for v in t.detach().reshape(-1).tolist()],
    }


def record(name, cases, env):
    """cases: {id: python expression}, evaluated in env. Writes expected/<name>.json."""
    out = {}
    for case_id, expr in cases.items():
        try:
            out[case_id] = describe(eval(expr, dict(env)))
        except Exception as e:  # noqa: BLE001 - the error is the expectation
            out[case_id] = {"error": type(e).__name__, "message": str(e)}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected", name + ".json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {len(out)} cases to {path}")
