"""Runs the programs of bench/programs/ under `stridelab run` and under CPython + PyTorch on one
thread, in the same run, and prints the time of each op side by side.

    python3 bench/compare_runner.py [path/to/stridelab] [--reps N] [--markdown] [PROGRAM ...]

The stridelab binary defaults to build/native/stridelab (built by the `native` preset; this script
builds nothing). The oracle is /usr/bin/python3 (PyTorch 1.13) with OMP_NUM_THREADS=1 and
OPENBLAS_NUM_THREADS=1; the programs call torch.set_num_threads(1) themselves.

Each program times itself with time.perf_counter() and prints one `name: SECONDS s` line per op.
The two runtimes run each program alternately, N times (default 5), and the best time of each op
is kept, so that noise from other processes on the machine hits both sides alike. The ratio is
PyTorch / stridelab: above 1 means stridelab is faster.

This is a benchmark, not a test: it reports, it never fails on a missed goal.
"""
import argparse
import os
import platform
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROGRAMS = os.path.join(HERE, "programs")
ORACLE = "/usr/bin/python3"
# Programs run in this order (others after them, by name): the table reads from the interpreter's
# cost to the kernels'.
ORDER = ["tiny_loop", "elementwise", "reductions", "copies", "matmul"]
LINE = re.compile(r"^([A-Za-z0-9_]+): ([0-9.eE+-]+) s$")

# The goals of the runner (issue 4), as the least acceptable ratio PyTorch / stridelab.
GOALS = {
    "tiny_add_loop": 3.0,
    "add_1M": 1.0,
    "mul_1M": 1.0,
    "add_scalar_1M": 1.0,
    "add_inplace_1M": 1.0,
    "exp_1M": 1.0,
    "relu_1M": 1.0,
    "sum_1M": 1.0,
    "mean_1M": 1.0,
    "max_dim1_1000x1000": 1.0,
    "max_dim0_1000x1000": 1.0,
    "sum_dim0_1000x1000": 1.0,
    "sum_dim1_1000x1000": 1.0,
    "transpose_contiguous_1000x1000": 1.0,
    "clone_1M": 1.0,
    "setitem_step2_1M": 1.0,
    "fill_step2_1M": 1.0,
    "matmul_512": 0.5,
}


def one_thread_env():
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = "1"
    env["OPENBLAS_NUM_THREADS"] = "1"
    env["MKL_NUM_THREADS"] = "1"
    return env


def parse(stdout):
    times = {}
    order = []
    for line in stdout.splitlines():
        m = LINE.match(line.strip())
        if m:
            times[m.group(1)] = float(m.group(2))
            order.append(m.group(1))
    return order, times


def run_once(cmd, env, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout, time.perf_counter() - start
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        tail = (p.stderr.strip().splitlines() or ["exit code %d" % p.returncode])[-1]
        return parse(p.stdout), "exit %d: %s" % (p.returncode, tail), elapsed
    return parse(p.stdout), None, elapsed


def fmt_time(t):
    if t is None:
        return "-"
    if t >= 1.0:
        return "%.3f s" % t
    if t >= 1e-3:
        return "%.3f ms" % (t * 1e3)
    return "%.1f us" % (t * 1e6)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores, %s" % (cpu, os.cpu_count() or 0, platform.platform())


def torch_version():
    p = subprocess.run([ORACLE, "-c", "import torch; print(torch.__version__)"],
                       capture_output=True, text=True)
    return p.stdout.strip() or "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("stridelab", nargs="?", default=os.path.join(ROOT, "build", "native", "stridelab"))
    ap.add_argument("programs", nargs="*", help="program names (default: all of bench/programs)")
    ap.add_argument("--reps", type=int, default=5, help="runs of each program per runtime (best kept)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds allowed for one run")
    ap.add_argument("--markdown", action="store_true", help="print the table as markdown")
    args = ap.parse_args()

    # A program name given as the first word lands in `stridelab`: move it over.
    if not os.path.exists(args.stridelab) and os.sep not in args.stridelab:
        args.programs.insert(0, args.stridelab)
        args.stridelab = os.path.join(ROOT, "build", "native", "stridelab")
    if not os.access(args.stridelab, os.X_OK):
        sys.exit("compare_runner: no stridelab binary at %s (cmake --preset native && "
                 "cmake --build build/native --target stridelab)" % args.stridelab)

    names = args.programs or sorted((f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py")),
                                    key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))
    files = [os.path.join(PROGRAMS, n if n.endswith(".py") else n + ".py") for n in names]
    env = one_thread_env()
    runtimes = {
        "torch": lambda path: [ORACLE, path],
        "stridelab": lambda path: [args.stridelab, "run", path, "--max-steps", "1000000000",
                                   "--max-seconds", "100000"],
    }

    order = []                 # ops in the order the programs print them
    best = {"torch": {}, "stridelab": {}}
    errors = {"torch": {}, "stridelab": {}}
    for rep in range(args.reps):
        for path in files:
            prog = os.path.basename(path)[:-3]
            for rt, cmd in runtimes.items():
                parsed, err, _ = run_once(cmd(path), env, args.timeout)
                if err:
                    errors[rt][prog] = err
                if parsed is None:
                    continue
                ops, times = parsed
                for op in ops:
                    if op not in order:
                        order.append(op)
                    if op not in best[rt] or times[op] < best[rt][op]:
                        best[rt][op] = times[op]
            print("  run %d/%d: %s" % (rep + 1, args.reps, prog), file=sys.stderr)

    rows = []
    for op in order:
        pt, sl = best["torch"].get(op), best["stridelab"].get(op)
        ratio = pt / sl if pt and sl else None
        goal = GOALS.get(op)
        if goal is None or ratio is None:
            verdict = "" if goal is None else "missing"
        else:
            verdict = "yes" if ratio >= goal else "NO"
        rows.append((op, fmt_time(pt), fmt_time(sl), "-" if ratio is None else "%.2f" % ratio,
                     "" if goal is None else ">= %g" % goal, verdict))

    header = ("op", "PyTorch", "stridelab", "ratio", "goal", "met")
    print("# %s; PyTorch %s, 1 thread; best of %d runs; %s; load average %.1f" % (
        time.strftime("%Y-%m-%d %H:%M"), torch_version(), args.reps, machine(), os.getloadavg()[0]))
    print("# ratio = PyTorch time / stridelab time (> 1: stridelab is faster)")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("| " + " | ".join("---" for _ in header) + " |")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
                  for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for r in rows:
            print("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                            for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    for rt in ("torch", "stridelab"):
        for prog, err in sorted(errors[rt].items()):
            print("# %s failed on %s: %s" % (rt, prog, err))


if __name__ == "__main__":
    main()
