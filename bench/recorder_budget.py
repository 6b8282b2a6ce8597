"""Measures the trace recorder against its budgets (issue 13) and prints a table.

    python3 bench/recorder_budget.py [path/to/stridelab] [--reps N]

Each figure is the best of N runs (default 15) of the whole `stridelab` process (start-up
included), in CPU time (user + system, from the kernel, so that other work on a loaded machine
does not count; wall time is shown beside some), with the peak resident memory (ru_maxrss):

- alive: what recording a 2,000-step `x = x + 1` loop costs (`trace` - `run` of the same program)
  with 64 MiB of tensors and 1,000 Python objects alive but untouched, against the same loop with
  nothing else alive (budget: 1.5x; making the 64 MiB costs both `run` and `trace` alike);
- depth: the recording cost per step ((trace - run) / steps) of a 2,000-step loop run at
  recursion depth 900, against the same loop at depth 1 (budget: 2x);
- linreg: bench/programs/trace/linreg_scratch.py (d2l's linear regression from scratch: 1,000
  samples, batch 10, 3 epochs) recorded, against the untraced run (budget: 5x);
- memory: the peak memory recording adds per step ((trace - run) / steps) for the linear
  regression and for a 100,000-step loop (budget: 1 KB = 1,024 bytes);
- jumps: state(n) at 200 steps spread over a 100,000-step trace, in random order, through
  `stridelab state --jumps` (budget: 5 ms for the slowest, in the thread's CPU time; the state
  is materialised and written as JSON text, as the page gets it).

The stridelab binary defaults to build/native/stridelab; this script builds nothing. It is a
benchmark, not a test: it reports, it never fails on a missed budget.
"""
import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

LOOP = "x = torch.zeros(3)\nfor i in range(1000):\n    x = x + 1\n"
NOTHING = "import torch\n" + LOOP
ALIVE = ("import torch\n"
         "big = [torch.zeros(1024, 1024) for _ in range(16)]\n"  # 16 x 4 MiB of float32
         "objs = list(map(str, range(1000)))\n" + LOOP)


def deep(depth):
    return ("import torch\n"
            "def f(n):\n"
            "    if n == 0:\n"
            "        x = torch.zeros(3)\n"
            "        for i in range(1000):\n"
            "            x = x + 1\n"
            "        return x\n"
            "    return f(n - 1)\n"
            "f(%d)\n" % depth)


LONG = "x = 0\nfor i in range(49999):\n    x = x + 1\n"  # 100,000 steps


def run_child(cmd):
    """Runs cmd with its output thrown away; returns (wall seconds, CPU seconds, peak RSS bytes)."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execv(cmd[0], cmd)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit("recorder_budget: %s exited with status %d" % (" ".join(cmd), status))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024  # ru_maxrss is in KiB


def measure(cmd, reps):
    """The best wall time, the best CPU time and the smallest peak RSS over reps runs."""
    runs = [run_child(cmd) for _ in range(reps)]
    return min(r[0] for r in runs), min(r[1] for r in runs), min(r[2] for r in runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("stridelab", nargs="?", default=os.path.join(ROOT, "build", "native", "stridelab"))
    ap.add_argument("--reps", type=int, default=15, help="runs per measurement (best kept; the programs run for 10 to 100 ms, so single runs move by milliseconds)")
    args = ap.parse_args()
    exe = args.stridelab
    if not os.access(exe, os.X_OK):
        sys.exit("recorder_budget: no stridelab binary at %s" % exe)
    load_before = os.getloadavg()
    rows = []

    with tempfile.TemporaryDirectory(prefix="stridelab-recorder-budget-") as work:
        def write(name, text):
            path = os.path.join(work, name + ".py")
            with open(path, "w") as f:
                f.write(text)
            return path

        def trace(path, reps=args.reps):
            out = os.path.join(work, "out.json")
            wall, cpu, rss = measure([exe, "trace", path, "-o", out], reps)
            import json
            with open(out) as f:
                result = json.load(f)["result"]
            if result.get("error"):
                sys.exit("recorder_budget: %s failed: %s" % (path, result["error"]))
            return cpu, wall, rss, result["steps"]

        def run(path, reps=args.reps):
            wall, cpu, rss = measure([exe, "run", path], reps)
            return cpu, wall, rss

        # 1. Everything else alive: what recording costs (trace - run, CPU time), with and without.
        cost = {}
        for name, text in (("nothing", NOTHING), ("alive", ALIVE)):
            p = write(name, text)
            tc, tw, _, steps = trace(p)
            rc, rw, _ = run(p)
            cost[name] = (tc - rc, steps, tc, rc, tw, rw)
        ratio = cost["alive"][0] / cost["nothing"][0]
        rows.append(("recording a 2,000-step loop: 64 MiB + 1,000 objects alive / nothing alive",
                     "%d / %d steps" % (cost["alive"][1], cost["nothing"][1]),
                     "%.1f ms / %.1f ms (trace %.1f / %.1f, run %.1f / %.1f)" % (
                         cost["alive"][0] * 1e3, cost["nothing"][0] * 1e3, cost["alive"][2] * 1e3,
                         cost["nothing"][2] * 1e3, cost["alive"][3] * 1e3, cost["nothing"][3] * 1e3),
                     "%.2fx" % ratio, "<= 1.5x", ratio <= 1.5))

        # 2. Depth: the recording cost per step.
        per = {}
        for depth in (1, 900):
            p = write("depth%d" % depth, deep(depth))
            tc, _, _, s = trace(p)
            rc, _, _ = run(p)
            per[depth] = ((tc - rc) / s, s)
        ratio = per[900][0] / per[1][0]
        rows.append(("recording cost per step, depth 900 / depth 1", "%d / %d steps" % (per[900][1], per[1][1]),
                     "%.2f us / %.2f us" % (per[900][0] * 1e6, per[1][0] * 1e6), "%.2fx" % ratio, "<= 2x",
                     ratio <= 2))

        # 3. Linear regression from scratch: the whole process traced / untraced.
        lr = os.path.join(HERE, "programs", "trace", "linreg_scratch.py")
        tc, tw, t_rss, sl = trace(lr)
        rc, rw, r_rss = run(lr)
        rows.append(("d2l linear regression, trace / run", "%d steps" % sl,
                     "%.0f ms / %.0f ms (wall %.0f / %.0f ms)" % (tc * 1e3, rc * 1e3, tw * 1e3, rw * 1e3),
                     "%.2fx" % (tc / rc), "<= 5x", tc / rc <= 5))

        # 4. Peak memory per step.
        long_path = write("long", LONG)
        lc, _, l_rss, ls = trace(long_path, 1)
        _, _, lr_rss = run(long_path, 1)
        for name, m_trace, m_run, steps in (("d2l linear regression", t_rss, r_rss, sl),
                                            ("100,000-step loop", l_rss, lr_rss, ls)):
            per_step = (m_trace - m_run) / steps
            rows.append(("peak memory added per step, " + name, "%d steps" % steps,
                         "%.1f MB / %.1f MB" % (m_trace / 1e6, m_run / 1e6), "%.0f B" % per_step, "<= 1024 B",
                         per_step <= 1024))

        # 5. Jumps.
        best = None
        for _ in range(args.reps):
            p = subprocess.run([exe, "state", long_path, "--step", "0", "--jumps", "200"], capture_output=True,
                               text=True)
            line = [l for l in p.stderr.splitlines() if l.startswith("jumps:")]
            if not line:
                sys.exit("recorder_budget: state --jumps printed nothing: %s" % p.stderr)
            fields = dict(f.split("=") for f in line[0].split()[1:])
            if best is None or float(fields["max_cpu_ms"]) < float(best["max_cpu_ms"]):
                best = fields
        rows.append(("state(n) of a 100,000-step trace, slowest / median of %s" % best["count"],
                     "%s steps" % best["steps"],
                     "%s ms / %s ms (wall %s / %s ms)" % (best["max_cpu_ms"], best["median_cpu_ms"], best["max_ms"],
                                                          best["median_ms"]),
                     "%s ms" % best["max_cpu_ms"], "<= 5 ms", float(best["max_cpu_ms"]) <= 5))

    load_after = os.getloadavg()
    print("# %s; %s; %d cores; load average %.1f before, %.1f after; best of %d; CPU time (user + system) of the whole process unless said" % (
        time.strftime("%Y-%m-%d %H:%M"), platform.platform(), os.cpu_count() or 0, load_before[0], load_after[0],
        args.reps))
    header = ("measure", "size", "figures", "ratio", "budget", "met")
    table = [header] + [(a, b, c, d, e, "yes" if ok else "NO") for a, b, c, d, e, ok in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    print("# %d of %d budgets met" % (sum(1 for r in rows if r[5]), len(rows)))


if __name__ == "__main__":
    main()
