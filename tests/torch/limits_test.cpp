// The playground's own limits (docs/language.md, "The playground's own limits"): each stops the run with
// a message that names the limit, its value and how to raise it, and none is a crash. The golden
// programs cannot show these messages (CPython has no such limits); limits_within.py there shows
// that tutorial-sized programs stay under the defaults. The tensor storage limit is a RuntimeError,
// the type PyTorch raises when an allocation fails, so a program may catch it.
#include <catch2/catch.hpp>

#include "core/storage.h"
#include "python/interp.h"
#include "torch/torch.h"

using namespace stridelab::python;
using namespace stridelab::torch;

namespace {

struct Outcome {
  std::string out, err;
  int code = 0;
};

Outcome run_with(const std::string& src, Limits limits) {
  Interp in;
  register_torch(in);
  in.limits() = limits;
  Outcome o;
  in.set_stdout([&](std::string_view s) { o.out += s; });
  in.set_stderr([&](std::string_view s) { o.err += s; });
  RunResult r = in.run(src);
  o.err += r.error_text;
  o.code = r.exit_code;
  return o;
}

// Restores the storage limit however a test section ends.
struct StorageLimit {
  size_t saved = stridelab::core::storage_limit();
  explicit StorageLimit(size_t bytes) { stridelab::core::set_storage_limit(bytes); }
  ~StorageLimit() { stridelab::core::set_storage_limit(saved); }
};

}  // namespace

TEST_CASE("limits: the defaults are language.md's", "[limits]") {
  Limits d;
  CHECK(d.max_steps == 100000);
  CHECK(d.max_depth == 1000);
  CHECK(d.max_seconds == 10.0);
  CHECK(stridelab::core::storage_limit() == size_t{256} << 20);
}

TEST_CASE("limits: a training loop past the step limit stops with the limit's message", "[limits]") {
  Limits l;
  l.max_steps = 200;
  Outcome o = run_with(
      "import torch\n"
      "w = torch.zeros(1, requires_grad=True)\n"
      "for t in range(1000):\n"
      "    loss = ((w - 1) ** 2).sum()\n"
      "    loss.backward()\n"
      "    with torch.no_grad():\n"
      "        w -= 0.1 * w.grad\n"
      "        w.grad.zero_()\n"
      "print('never')\n",
      l);
  CHECK(o.code == 2);
  CHECK(o.out.empty());
  CHECK(o.err ==
        "stridelab: step limit exceeded: the program ran more than 200 line events (raise it with --max-steps N)\n");
}

TEST_CASE("limits: the recursion limit is CPython's RecursionError, with its frames", "[limits]") {
  Limits l;
  l.max_depth = 50;  // as sys.setrecursionlimit(50): 49 frames of f under the module's
  Outcome o = run_with(
      "def f(n):\n"
      "    return f(n + 1)\n"
      "try:\n"
      "    f(0)\n"
      "except RecursionError as e:\n"
      "    print('caught', e)\n"
      "f(0)\n",
      l);
  CHECK(o.code == 1);
  CHECK(o.out == "caught maximum recursion depth exceeded\n");
  CHECK(o.err ==
        "Traceback (most recent call last):\n"
        "  File \"<main>\", line 7, in <module>\n"
        "    f(0)\n"
        "  File \"<main>\", line 2, in f\n"
        "    return f(n + 1)\n"
        "           ^^^^^^^^\n"
        "  File \"<main>\", line 2, in f\n"
        "    return f(n + 1)\n"
        "           ^^^^^^^^\n"
        "  File \"<main>\", line 2, in f\n"
        "    return f(n + 1)\n"
        "           ^^^^^^^^\n"
        "  [Previous line repeated 46 more times]\n"
        "RecursionError: maximum recursion depth exceeded\n");
}

TEST_CASE("limits: the time limit names its value and flag", "[limits]") {
  Limits l;
  l.max_seconds = 0.0;
  Outcome o = run_with("import torch\nx = torch.zeros(3)\nwhile True:\n    x = x + 1\n", l);
  CHECK(o.code == 2);
  CHECK(o.err == "stridelab: time limit exceeded: the program ran longer than 0 s (raise it with --max-seconds N)\n");
}

TEST_CASE("limits: tensor storage past the limit is a RuntimeError naming the limit", "[limits]") {
  // Storage other tests in this process still hold counts too: the limit is 1 MiB above it.
  const size_t held = stridelab::core::storage_bytes_in_use();
  const size_t mib = (held >> 20) + 1;
  StorageLimit limit(mib << 20);
  Outcome o = run_with("import torch\nx = torch.zeros(1000)\ny = torch.zeros(1000, 1000)\n", Limits{});
  CHECK(o.code == 1);
  CHECK(o.err ==
        "Traceback (most recent call last):\n"
        "  File \"<main>\", line 3, in <module>\n"
        "    y = torch.zeros(1000, 1000)\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^\n"
        "RuntimeError: stridelab: tensor storage limit of " +
            std::to_string(mib) + " MiB reached: the program tried to allocate 4000000 bytes with " +
            std::to_string(held + 4000) + " bytes already in use (raise the limit with --max-memory)\n");
  // Caught like PyTorch's own allocation failure, and the storage is free again afterwards.
  o = run_with(
      "import torch\n"
      "try:\n"
      "    torch.zeros(10**10)\n"
      "except RuntimeError as e:\n"
      "    print(str(e).startswith('stridelab: tensor storage limit of '))\n"
      "print(torch.zeros(1000).sum())\n",
      Limits{});
  CHECK(o.code == 0);
  CHECK(o.out == "True\ntensor(0.)\n");
}

TEST_CASE("limits: a module that contains itself prints as a RecursionError, not a crash", "[limits]") {
  Outcome o = run_with(
      "import torch\n"
      "from torch import nn\n"
      "m = nn.Module()\n"
      "m.m = m\n"
      "try:\n"
      "    print(m)\n"
      "except RecursionError as e:\n"
      "    print('RecursionError:', e)\n"
      "try:\n"
      "    m.apply(lambda mod: None)\n"
      "except RecursionError as e:\n"
      "    print('RecursionError:', e)\n"
      "print(len(list(m.modules())), len(list(m.named_modules())))\n"
      "try:\n"
      "    m.train()\n"
      "except RecursionError:\n"
      "    print('RecursionError')\n"
      "print(m.training)\n",
      Limits{});
  CHECK(o.code == 0);
  CHECK(o.err.empty());
  CHECK(o.out ==
        "RecursionError: maximum recursion depth exceeded\n"
        "RecursionError: maximum recursion depth exceeded while calling a Python object\n"
        "1 1\n"
        "RecursionError\n"
        "True\n");
}
