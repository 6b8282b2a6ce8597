"""Measures the step-by-step trace against its budgets and prints a table.

    python3 bench/trace_budget.py [path/to/stridelab] [--reps N] [--markdown]

For every document example (tests/golden/seeds/*.py) and for two 10,000-step loops, it runs
`stridelab trace FILE -o out.json` and records the wall time of the whole process (start-up
included; best of N, default 3) and the size of the JSON. `stridelab run FILE` is timed the same way
so that the cost of recording shows as the difference. Budgets (issue 5): each document example
recorded in under 50 ms and under 500 KB; a 10,000-step loop under 5 MB (KB and MB are 10^3 and
10^6 bytes here).

The stridelab binary defaults to build/native/stridelab; this script builds nothing. It is a
benchmark, not a test: it reports, it never fails on a missed budget.
"""
import argparse
import glob
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SEEDS = os.path.join(ROOT, "tests", "golden", "seeds")

EXAMPLE_MS, EXAMPLE_KB, LOOP_MB = 50.0, 500.0, 5.0

# Two loops of 10,000 line events: 1 for the `for` line and 1 for its body, 5,000 times (plus the
# set-up lines). The first makes a new tensor and storage every step, the second writes in place.
LOOPS = {
    "loop_10k_new_tensor": (
        "import torch\n"
        "x = torch.zeros(3)\n"
        "for i in range(5000):\n"
        "    x = x + 1\n"
        "print(x)\n"),
    "loop_10k_inplace": (
        "import torch\n"
        "x = torch.zeros(3)\n"
        "for i in range(5000):\n"
        "    x.add_(1)\n"
        "print(x)\n"),
}


def timed(cmd, reps):
    best = None
    code = 0
    for _ in range(reps):
        start = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        code = p.returncode
        best = elapsed if best is None else min(best, elapsed)
    return best, code


def measure(stridelab, path, reps, workdir):
    out = os.path.join(workdir, "out.json")
    if os.path.exists(out):
        os.remove(out)
    trace_s, trace_code = timed([stridelab, "trace", path, "-o", out], reps)
    run_s, _ = timed([stridelab, "run", path], reps)
    size = os.path.getsize(out) if os.path.exists(out) else None
    steps, error = None, None
    if size is not None:
        try:
            with open(out) as f:
                result = json.load(f).get("result", {})
            steps = result.get("steps")
            err = result.get("error")
            error = err.get("type") if isinstance(err, dict) else None
        except (ValueError, OSError) as e:
            error = "bad JSON: %s" % e
    elif trace_code != 0:
        error = "trace exit %d" % trace_code
    return trace_s, run_s, size, steps, error


def fmt_size(n):
    if n is None:
        return "-"
    if n >= 1000 * 1000:
        return "%.2f MB" % (n / 1e6)
    return "%.1f KB" % (n / 1e3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("stridelab", nargs="?", default=os.path.join(ROOT, "build", "native", "stridelab"))
    ap.add_argument("--reps", type=int, default=3, help="runs per measurement (best kept)")
    ap.add_argument("--markdown", action="store_true", help="print the table as markdown")
    args = ap.parse_args()
    if not os.access(args.stridelab, os.X_OK):
        sys.exit("trace_budget: no stridelab binary at %s" % args.stridelab)

    rows = []
    worst = {"ms": 0.0, "kb": 0.0}
    misses = 0
    with tempfile.TemporaryDirectory(prefix="stridelab-trace-budget-") as workdir:
        programs = [(os.path.basename(p)[:-3], p, False) for p in sorted(glob.glob(os.path.join(SEEDS, "*.py")))]
        for name, text in LOOPS.items():
            path = os.path.join(workdir, name + ".py")
            with open(path, "w") as f:
                f.write(text)
            programs.append((name, path, True))
        for name, path, is_loop in programs:
            trace_s, run_s, size, steps, error = measure(args.stridelab, path, args.reps, workdir)
            ms = trace_s * 1e3
            if is_loop:
                ok = size is not None and size < LOOP_MB * 1e6
                budget = "< %g MB" % LOOP_MB
            else:
                ok = size is not None and ms < EXAMPLE_MS and size < EXAMPLE_KB * 1e3
                budget = "< %g ms, < %g KB" % (EXAMPLE_MS, EXAMPLE_KB)
                worst["ms"] = max(worst["ms"], ms)
                worst["kb"] = max(worst["kb"], (size or 0) / 1e3)
            misses += 0 if ok else 1
            rows.append((name, "-" if steps is None else str(steps), "%.1f ms" % ms,
                         "%.1f ms" % (run_s * 1e3), "%.1f ms" % ((trace_s - run_s) * 1e3),
                         fmt_size(size), budget, "yes" if ok else "NO", error or ""))
            print("  %s" % name, file=sys.stderr)

    header = ("program", "steps", "trace", "run", "trace - run", "JSON", "budget", "met", "program error")
    print("# %s; %s; %d cores; load average %.1f; best of %d; wall time of the whole process" % (
        time.strftime("%Y-%m-%d %H:%M"), platform.platform(), os.cpu_count() or 0, os.getloadavg()[0], args.reps))
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("| " + " | ".join("---" for _ in header) + " |")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for r in rows:
            print("  ".join(c.ljust(w) if i in (0, 8) else c.rjust(w)
                            for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    print("# document examples: slowest %.1f ms, largest %.1f KB; %d budget(s) missed" % (
        worst["ms"], worst["kb"], misses))


if __name__ == "__main__":
    main()
