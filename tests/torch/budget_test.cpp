// The run's budget (src/support/budget.h) from the outside: a single long native operation stops
// at the time limit, and a request whose size is known stops at the memory limit before it is
// allocated. No timing is asserted beyond a generous bound: each program here would otherwise run
// for minutes or exhaust the machine.
#include <catch2/catch.hpp>

#include <chrono>

#include "python/interp.h"
#include "support/budget.h"
#include "torch/torch.h"

using namespace stridelab::python;
using namespace stridelab::torch;

namespace {

struct Outcome {
  std::string out, err;
  int code = 0;
  double seconds = 0;
};

Outcome run_for(const std::string& src, double max_seconds, uint64_t max_bytes = uint64_t{1} << 28) {
  Interp in;
  register_torch(in);
  in.limits().max_seconds = max_seconds;
  in.limits().max_steps = 1LL << 40;
  const uint64_t saved = stridelab::support::allocation_limit();
  stridelab::support::set_allocation_limit(max_bytes);
  Outcome o;
  in.set_stdout([&](std::string_view s) { o.out += s; });
  in.set_stderr([&](std::string_view s) { o.err += s; });
  auto t0 = std::chrono::steady_clock::now();
  RunResult r = in.run(src);
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  stridelab::support::set_allocation_limit(saved);
  o.err += r.error_text;
  o.code = r.exit_code;
  return o;
}

void check_time_limit(const std::string& src) {
  INFO(src);
  Outcome o = run_for(src, 0.5);
  CHECK(o.code == 2);
  CHECK(o.err == "stridelab: time limit exceeded: the program ran longer than 0.5 s (raise it with --max-seconds N)\n");
  CHECK(o.seconds < 20);  // each would run for minutes (on a loaded machine the bound is generous)
}

}  // namespace

TEST_CASE("budget: a single long native operation stops at the time limit", "[budget]") {
  check_time_limit("import torch\ntorch.ones(1).expand(10**6, 10**6).sum()\n");
  check_time_limit("import torch\ntorch.ones(1).expand(10**6, 10**6).mean()\n");
  check_time_limit("x = 3**(2**21)\ny = x * x * x * x\n");
  check_time_limit("while True:\n    sorted(range(10**6, 0, -1))\n");
  check_time_limit("import time\nwhile True:\n    time.sleep(0.2)\n");
  check_time_limit("import time\ntime.sleep(100)\n");
}

TEST_CASE("budget: long kernels stop at the time limit", "[budget]") {
  check_time_limit("import torch\na = torch.ones(3000, 3000)\nb = a @ a\n");
  check_time_limit("import torch\nx = torch.ones(1).expand(10**12)\ntorch.dot(x, x)\n");
  for (const char* op : {"max()", "argmax()", "std()", "norm()", "prod()", "all()", "amax(0)"}) {
    check_time_limit(std::string("import torch\ntorch.ones(1).expand(10**12).") + op + "\n");
  }
  check_time_limit("import torch\ntorch.zeros(1, dtype=torch.long).expand(10**12).bincount()\n");
  check_time_limit("import torch\nx = torch.ones(1, 1).expand(10**5, 10**7)\ny = torch.ones(10**7, 1)\nx @ y\n");
  check_time_limit(
      "import torch\na = torch.ones(1, 1, 1).expand(1000, 100, 10**5)\nb = torch.ones(1, 1, 1).expand(1000, 10**5, "
      "100)\ntorch.bmm(a, b)\n");
  check_time_limit("import torch\nx = torch.rand(4 * 10**6)\nwhile True:\n    x.sort()\n");
  check_time_limit("import torch\nx = torch.rand(4 * 10**6)\nwhile True:\n    x.topk(10**6)\n");
  check_time_limit(
      "import torch\nimport torch.nn.functional as F\nF.conv2d(torch.ones(1, 1, 2000, 2000), torch.ones(1, 1, 200, "
      "200))\n");
  check_time_limit(
      "import torch\nimport torch.nn.functional as F\nF.max_pool2d(torch.ones(1, 1, 4000, 4000), 2000, 1)\n");
  check_time_limit(
      "import torch\nimport torch.nn.functional as F\nF.avg_pool2d(torch.ones(1, 1, 4000, 4000), 2000, 1)\n");
}

TEST_CASE("budget: lines that repeat and items of comprehensions poll the deadline", "[budget]") {
  check_time_limit("while True: pass\n");
  check_time_limit("x = 0\nwhile True: x += 1\n");
  check_time_limit("s = {0 for x in range(10**12)}\n");
  check_time_limit("d = {0: x for x in range(10**12)}\n");
  check_time_limit("s = {0 for x in range(10**6) for y in range(10**6)}\n");
  check_time_limit("sum(x for x in range(10**12))\n");
  check_time_limit("any(x < 0 for x in range(10**12))\n");
  check_time_limit("sum(1 for x in range(10**12) if x < 0)\n");
  check_time_limit("sum(range(10**12))\n");
  check_time_limit("max(range(10**12))\n");
  check_time_limit("import itertools\nsum(itertools.repeat(1))\n");
  check_time_limit("s = {i * (2**61 - 1) for i in range(10**6)}\n");
  check_time_limit("d = {i * (2**61 - 1): 0 for i in range(10**6)}\n");
  check_time_limit("x = ['a'] * 10**7\nfor _ in range(1000): ''.join(x)\n");
  // Cheap lines first, then lines that each cost milliseconds: the limit is not read by a count of
  // lines that the cheap ones set.
  check_time_limit("for i in range(3 * 10**5):\n    pass\nwhile True:\n    sorted(range(10**5, 0, -1))\n");
  check_time_limit(
      "import torch\nfor i in range(3 * 10**5):\n    pass\na = torch.ones(400, 400)\nwhile True:\n    a @ a\n");
}

TEST_CASE("budget: requests past the memory limit are refused before they are made", "[budget]") {
  for (const char* src : {"x = 'a' * 10**10\n", "x = [0] * 10**9\n", "x = '{:>2000000000}'.format(1)\n",
                          "x = 'a'.center(10**9)\n", "x = list(range(10**12))\n",
                          "import torch\ntorch.set_printoptions(precision=10**9)\nprint(torch.tensor([1.5]))\n"}) {
    INFO(src);
    Outcome o = run_for(src, 60);
    CHECK(o.code == 1);
    CHECK(o.err.find("MemoryError") != std::string::npos);
    CHECK(o.seconds < 20);
  }
  // A repr that doubles with each level: refused once it passes the memory limit, stopped by the
  // heap budget (support/heap.h), or stopped at the time limit when the machine is slow to get there.
  Outcome o = run_for("a = [1]\nfor i in range(60):\n    a = [a, a]\ns = repr(a)\n", 60);
  CHECK(o.code != 0);
  CHECK((o.err.find("MemoryError") != std::string::npos || o.err.find("time limit exceeded") != std::string::npos ||
         o.err.find("memory limit exceeded") != std::string::npos));
  CHECK(o.seconds < 120);
  // Below the limit the same requests are made.
  o = run_for("print(len('a' * 10**6), len([0] * 10**6), len('{:>100000}'.format(1)))\n", 60);
  CHECK(o.out == "1000000 1000000 100000\n");
}

TEST_CASE("budget: a def with 100,000 parameters parses in linear time", "[budget]") {
  std::string src = "def f(";
  for (int i = 0; i < 100000; ++i) src += (i ? ", a" : "a") + std::to_string(i);
  src += "):\n    return a99999\nprint(f.__name__)\n";
  Outcome o = run_for(src, 60);
  CHECK(o.out == "f\n");
  CHECK(o.seconds < 20);
}
