#!/usr/bin/env python3
"""Records src/torch/reference_names.inc from the reference implementation.

The file holds PyTorch 1.13's dir() lists: the torch surface registers them for the "Did you
mean" suggestions of AttributeError and for the NotImplementedError of a name PyTorch has and
stridelab does not yet (NOTE [Names not supported yet] in src/python/suggestions.h).

Usage: /usr/bin/python3 tests/record_reference_names.py
"""
import pathlib
import textwrap

import torch
import torch.autograd.functional
import torch.backends.mps
import torch.nn.init
import torch.optim.lr_scheduler
import torch.utils.data

OUT = pathlib.Path(__file__).resolve().parent.parent / "src" / "torch" / "reference_names.inc"

MODULES = [torch, torch.nn, torch.nn.functional, torch.nn.init, torch.optim, torch.optim.lr_scheduler,
           torch.autograd, torch.autograd.functional, torch.utils, torch.utils.data, torch.backends,
           torch.backends.mps]


def lists():
    for m in MODULES:
        yield "module_" + m.__name__, dir(m)
    yield "torch.Tensor", dir(torch.tensor(0.0))  # an instance: CPU tensors hide two CUDA-only names
    yield "torch.nn.modules.module.Module", dir(torch.nn.Module())
    yield "torch.nn.modules.module.Module.instance", list(vars(torch.nn.Module()))


def main():
    out = [
        "// Attribute lists of PyTorch 1.13 as dir() gives them, for the \"Did you mean\" suggestions of",
        "// AttributeError and for the names not supported yet (python/suggestions.h); register_torch adds",
        "// them with python::add_reference_names. Recorded from the reference implementation by",
        "// tests/record_reference_names.py (do not edit by hand); one space-separated list per key.",
        "// clang-format off",
        "static const char* const kTorchReferenceNames[][2] = {",
    ]
    for key, names in lists():
        out.append(f'    {{"{key}",')
        lines = textwrap.wrap(" ".join(names) + " ", 100, break_long_words=False, drop_whitespace=False)
        out += [f'     "{line}"' for line in lines]
        out[-1] += "},"
    out += ["};", "// clang-format on", ""]
    OUT.write_text("\n".join(out))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
