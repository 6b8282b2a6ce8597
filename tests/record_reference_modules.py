#!/usr/bin/env python3
"""Records src/python/reference_modules.inc from the reference implementation.

The file lists the modules a program can import under the reference (CPython 3.11's standard
library, sys.stdlib_module_names, and the packages installed beside PyTorch that course code
imports): importing one that stridelab does not have raises ModuleNotFoundError saying that
stridelab does not support it yet, instead of CPython's "No module named ..." for a module that
exists nowhere.

Usage: /usr/bin/python3 tests/record_reference_modules.py
"""
import importlib.util
import pathlib
import sys
import textwrap

OUT = pathlib.Path(__file__).resolve().parent.parent / "src" / "python" / "reference_modules.inc"
PACKAGES = ["numpy", "PIL", "matplotlib", "pandas", "scipy", "sklearn", "torchvision", "tqdm"]


def main():
    names = sorted(set(sys.stdlib_module_names) | {p for p in PACKAGES if importlib.util.find_spec(p)})
    out = [
        "// The top-level modules a program can import under the reference (CPython 3.11's standard",
        "// library and the packages installed beside PyTorch), sorted. Recorded by",
        "// tests/record_reference_modules.py (do not edit by hand).",
        "// clang-format off",
        "static const char* const kReferenceModules =",
    ]
    lines = textwrap.wrap(" ".join(names) + " ", 100, break_long_words=False, drop_whitespace=False)
    out += [f'    "{line}"' for line in lines]
    out[-1] += ";"
    out += ["// clang-format on", ""]
    OUT.write_text("\n".join(out))
    print(f"wrote {OUT}: {len(names)} modules")


if __name__ == "__main__":
    main()
