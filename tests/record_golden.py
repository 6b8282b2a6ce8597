#!/usr/bin/env python3
"""Records the expected output of the golden programs from the reference implementation.

For every tests/golden/<dir>/NAME.py (or the files / directories given as arguments) this runs
the program under /usr/bin/python3 (CPython 3.11 + PyTorch) exactly as `stridelab run` runs it,
with the file shown as "<main>" in tracebacks, and writes beside it:
  NAME.out   the program's stdout
  NAME.err   its stderr (traceback or SyntaxError text as CPython prints it)
  NAME.code  its exit code (0, or 1 for an uncaught exception)

The program runs from a temporary directory as main.py. A program with a "# not yet in
stridelab:" line (below) runs through a small runner, compiled under its absolute path, and any
error is printed by CPython's own (C) excepthook, exactly as `python3 main.py` prints it.
Either way the absolute path is then replaced by "<main>" in stderr. (Compiling under the name "<main>"
directly would not do: CPython's C printer never opens files named "<...>", so it would print
no source lines, and the traceback module's Python printer differs from it in small ways.)

A program about names PyTorch has and stridelab does not support yet (NOTE [Names not supported
yet] in src/python/suggestions.h) lists them in a line "# not yet in stridelab: NAME ..." (names as
the error shows them: torch.stft, torch.nn.functional.grid_sample, Tensor.stft, Module.apply). For
it alone, the reference first makes each of those names raise stridelab's NotImplementedError when
it is looked up (a module attribute is removed and served by a module __getattr__, a Tensor or
Module attribute becomes a raising property); the frames of that stand-in are left out of the
traceback, so the learner's line is where the error points, as in stridelab. Everything else the
program prints still comes from PyTorch.

Every other program runs as `python3 main.py` itself, which is what a learner runs: the runner's
own frames would take levels of the recursion limit that no Python frame shows (its exec() call
is one), and compile() refuses a NUL byte that CPython 3.11.2 reads from a file as the end of a
line (NOTE [NUL bytes in the source] in src/python/syntax_error.h).

Usage: tests/record_golden.py [PATH ...]
"""
import os
import pathlib
import subprocess
import sys
import tempfile

PYTHON = "/usr/bin/python3"
HERE = pathlib.Path(__file__).resolve().parent

RUNNER = r'''
import os
import sys
path = os.path.abspath("main.py")
source = open(path, encoding="utf-8").read()
try:
    code = compile(source, path, "exec")
except SyntaxError as e:
    e.__traceback__ = None
    sys.excepthook(type(e), e, None)
    sys.exit(1)
STAND_IN = "<not yet in stridelab>"


def not_yet(names):
    exec(compile(r"""
import importlib
import torch


def install(names):
    def fail(shown):
        raise NotImplementedError(f"stridelab does not support {shown} yet")

    classes = {"Tensor": torch.Tensor, "Module": torch.nn.Module}
    per_module = {}
    for shown in names:
        owner, _, attr = shown.rpartition(".")
        if owner in classes:
            setattr(classes[owner], attr, property(lambda self, shown=shown: fail(shown)))
        else:
            module = importlib.import_module(owner)
            delattr(module, attr)
            per_module.setdefault(module, set()).add(attr)
    for module, attrs in per_module.items():
        def getattr_(attr, module=module, attrs=attrs):
            if attr in attrs:
                fail(module.__name__ + "." + attr)
            raise AttributeError(f"module {module.__name__!r} has no attribute {attr!r}")
        module.__getattr__ = getattr_
""", STAND_IN, "exec"), scope := {})
    scope["install"](names)


def without_stand_in(tb):
    entries = []
    while tb is not None:  # a loop, not a recursion: the traceback may be 1,000 frames deep
        if tb.tb_frame.f_code.co_filename != STAND_IN:
            entries.append(tb)
        tb = tb.tb_next
    rest = None
    for tb in reversed(entries):
        rest = type(tb)(rest, tb.tb_frame, tb.tb_lasti, tb.tb_lineno)
    return rest


for line in source.splitlines():
    if line.startswith("# not yet in stridelab:"):
        not_yet(line.split(":", 1)[1].split())
namespace = {"__name__": "__main__", "__builtins__": __builtins__}
# The program's module runs one frame deeper than under `python3 main.py` (this runner's module is
# the first): one more frame of recursion limit gives it the depth it has there.
sys.setrecursionlimit(sys.getrecursionlimit() + 1)
try:
    exec(code, namespace)
except SystemExit:
    raise
except BaseException as e:
    sys.stdout.flush()
    e.__traceback__ = without_stand_in(e.__traceback__.tb_next)  # drop this runner's own frame
    sys.excepthook(type(e), e, e.__traceback__)
    sys.exit(1)
'''


def record(program: pathlib.Path) -> int:
    source = program.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        pathlib.Path(tmp, "main.py").write_text(source, encoding="utf-8")
        env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
        stand_in = any(line.startswith("# not yet in stridelab:") for line in source.splitlines())
        command = [PYTHON, "-c", RUNNER] if stand_in else [PYTHON, "main.py"]
        proc = subprocess.run(command, cwd=tmp, env=env, capture_output=True, timeout=600)
        real = os.path.realpath(tmp)
        stderr = proc.stderr
        for prefix in {real, tmp}:
            stderr = stderr.replace(os.path.join(prefix, "main.py").encode(), b"<main>")
    base = program.with_suffix("")
    base.with_suffix(".out").write_bytes(proc.stdout)
    base.with_suffix(".err").write_bytes(stderr)
    base.with_suffix(".code").write_text(f"{proc.returncode}\n")
    return proc.returncode


def programs(args):
    if not args:
        args = [str(HERE / "golden")]
    for arg in args:
        path = pathlib.Path(arg)
        if path.is_dir():
            yield from sorted(path.rglob("*.py"))
        else:
            yield path


def main():
    count = 0
    for program in programs(sys.argv[1:]):
        code = record(program)
        count += 1
        print(f"{program.relative_to(HERE) if program.is_relative_to(HERE) else program}: exit {code}")
    print(f"recorded {count} program(s)")


if __name__ == "__main__":
    main()
