// The run's heap budget (NOTE [Heap budget] in src/support/heap.h): what the program's objects hold
// in all, grown a piece at a time, stops the run at the memory limit with the limit's message, in
// every layer's objects (lists, strings, dicts, ints, instances, tensors' Python wrappers).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "python/interp.h"
#include "support/budget.h"
#include "support/heap.h"
#include "torch/torch.h"

using namespace stridelab::python;
using namespace stridelab::torch;

namespace {

struct Outcome {
  std::string out, err;
  int code = 0;
  double seconds = 0;
  uint64_t heap_growth = 0;  // bytes the heap held after the run more than before it
};

Outcome run_with(const std::string& src, uint64_t max_bytes, double max_seconds = 60) {
  Outcome o;
  const uint64_t saved = stridelab::support::allocation_limit();
  stridelab::support::set_allocation_limit(max_bytes);
  const uint64_t before = stridelab::support::heap_bytes_in_use();
  {
    Interp in;
    register_torch(in);
    in.limits().max_seconds = max_seconds;
    in.limits().max_steps = 1LL << 40;
    in.set_stdout([&](std::string_view s) { o.out += s; });
    in.set_stderr([&](std::string_view s) { o.err += s; });
    auto t0 = std::chrono::steady_clock::now();
    RunResult r = in.run(src);
    o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    o.err += r.error_text;
    o.code = r.exit_code;
  }
  // Measured once the interpreter is gone with the program's objects (o's strings are the test's).
  const uint64_t after = stridelab::support::heap_bytes_in_use();
  o.heap_growth = after > before ? after - before : 0;
  stridelab::support::set_allocation_limit(saved);
  return o;
}

const char* const kLimit64 =
    "stridelab: memory limit exceeded: the program's objects took more than 64 MiB (raise it with --max-memory)\n";

}  // namespace

TEST_CASE("heap budget: objects grown a piece at a time stop at the memory limit", "[budget]") {
  for (const char* src : {
           // a list of ever longer copies of itself (each copy is small enough on its own)
           "l = []\nwhile True:\n    l.append(l[:])\n",
           // strings made one by one
           "l = []\ns = 'a' * 10**6\nwhile True:\n    l.append(s + 'b')\n",
           // a string grown by concatenation in place
           "s = ''\nwhile True:\n    s += 'abcdefgh' * 10**6\n",
           // a dict grown by insertion
           "d = {}\ni = 0\nwhile True:\n    d[i] = str(i) * 100\n    i += 1\n",
           // a set, and instances with attributes
           "s = set()\ni = 0\nwhile True:\n    s.add(i)\n    i += 1\n",
           "class A:\n    pass\nl = []\nwhile True:\n    a = A()\n    a.x = [0] * 100\n    l.append(a)\n",
       }) {
    INFO(src);
    Outcome o = run_with(src, uint64_t{64} << 20);
    CHECK(o.code == 2);
    CHECK(o.err == kLimit64);
    CHECK(o.seconds < 30);
    // Everything the run made is freed when it ends.
    CHECK(o.heap_growth < (uint64_t{4} << 20));
  }
}

TEST_CASE("heap budget: an int squared again and again stops at a limit", "[budget]") {
  Outcome o = run_with("x = 3\nwhile True:\n    x = x * x\n", uint64_t{16} << 20, 20);
  CHECK(o.code == 2);
  CHECK(
      (o.err == "stridelab: memory limit exceeded: the program's objects took more than 16 MiB (raise it with "
                "--max-memory)\n" ||
       o.err == "stridelab: time limit exceeded: the program ran longer than 20 s (raise it with --max-seconds N)\n"));
}

TEST_CASE("heap budget: a program under the limit runs, and the limit is not caught", "[budget]") {
  Outcome o = run_with("l = [str(i) for i in range(100000)]\nprint(len(l), l[-1])\n", uint64_t{64} << 20);
  CHECK(o.code == 0);
  CHECK(o.out == "100000 99999\n");
  // except MemoryError / Exception does not see the limit: it stands for the machine's memory.
  o = run_with(
      "try:\n    l = []\n    while True:\n        l.append([0] * 1000)\nexcept BaseException:\n    print('caught')\n",
      uint64_t{64} << 20);
  CHECK(o.code == 2);
  CHECK(o.out.empty());
  CHECK(o.err == kLimit64);
}

TEST_CASE("heap budget: counts what the heap holds", "[budget]") {
  const uint64_t before = stridelab::support::heap_bytes_in_use();
  std::string* block = new std::string(size_t{1} << 20, 'x');
  const uint64_t during = stridelab::support::heap_bytes_in_use();
  CHECK(block->size() == size_t{1} << 20);
  CHECK(during >= before + (uint64_t{1} << 20));
  delete block;
  CHECK(stridelab::support::heap_bytes_in_use() == before);
  CHECK(stridelab::support::heap_bytes_of_run() == 0);  // no run armed
}
