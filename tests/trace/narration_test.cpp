// The narration of every step of the seed programs (tests/golden/seeds/, the documents'
// examples), against the recorded files in tests/trace/narration/NAME.txt: one line per step,
// "step N · line L: sentence". Recorded with tests/trace/record_narration.sh (which sets
// STRIDELAB_RECORD_NARRATION=1); read against the memory view before committing.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "trace/narration.h"
#include "trace/session.h"

using namespace stridelab;
namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string narration_of(const std::string& source) {
  trace::Session s;
  s.run(source);
  std::string out;
  for (int64_t n = 0; n < s.step_count(); ++n) {
    support::Json st = s.state(n);
    out += "step " + std::to_string(n + 1) + " · line " + std::to_string(st.at("line").as_int()) + ": " +
           st.at("narration").as_string() + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("every step of the seed programs is narrated as recorded", "[narration]") {
  const fs::path seeds = fs::path(STRIDELAB_TESTS_DIR) / "golden" / "seeds";
  const fs::path expected = fs::path(STRIDELAB_TESTS_DIR) / "trace" / "narration";
  const bool record = std::getenv("STRIDELAB_RECORD_NARRATION") != nullptr;
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(seeds)) {
    if (entry.path().extension() != ".py") continue;
    const std::string name = entry.path().stem().string();
    const std::string got = narration_of(read(entry.path()));
    const fs::path file = expected / (name + ".txt");
    if (record) {
      std::ofstream(file) << got;
      continue;
    }
    INFO("tests/trace/narration/" << name << ".txt (record again with tests/trace/record_narration.sh)");
    REQUIRE(fs::exists(file));
    CHECK(read(file) == got);
    ++checked;
  }
  if (!record) CHECK(checked >= 30);
}

TEST_CASE("narration names views, in-place writes, allocations, frees and backward", "[narration]") {
  const std::string program =
      "import torch\n"
      "a = torch.zeros(3, 4)\n"
      "b = a.t()\n"
      "a.add_(1)\n"
      "c = b.reshape(12)\n"
      "c = None\n"
      "w = torch.ones(2, requires_grad=True)\n"
      "y = (w * w).sum()\n"
      "y.backward()\n";
  trace::Session s;
  s.run(program);
  std::vector<std::string> lines;
  for (int64_t n = 0; n < s.step_count(); ++n) lines.push_back(s.state(n).at("narration").as_string());
  auto has = [&](const std::string& text) {
    for (const auto& l : lines)
      if (l.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has("`a = torch.zeros(3, 4)` allocated s1 for `a`, 48 bytes (12 cells of torch.float32)"));
  CHECK(has("made `b` a view of `a`'s storage s1 (t): the same 12 cells, strides (4, 1) → (1, 4)"));
  CHECK(has("wrote 12 cells of s1 in place: version 0 → 1, seen by `a` and `b`"));
  CHECK(has("`reshape` copied into a new storage s2 for `c`"));
  CHECK(has("dimension 0 of `b` (stride 1) cannot be merged with dimension 1"));
  CHECK(has("s2 (it held `c`) was freed: nothing refers to it any more."));
  CHECK(has("backward ran MulBackward0: it used `w` as other, saved at version 0 and `w` as self, saved at version 0"));
  CHECK(has("s6 and s7 were freed: nothing refers to them any more."));
  // Gradient buffers no name holds are told by what they are to the node running.
  CHECK(has("backward ran SumBackward0: it used no saved tensor; allocated s5 for the gradient it received"));
  CHECK(has("allocated s6 for the gradient it produced for `w.grad`, 8 bytes"));
}

TEST_CASE("narration: a name rebound to a view of itself, and storages numbered as shown", "[narration]") {
  // `b = b.reshape(3, 2)`: the tensor reshape read is gone once `b` names the new one; the view
  // is still told by its op and its source's strides, not by its base's. The number 1 in `a + 1`
  // is a storage too, made and freed inside the step: it takes no name.
  const std::string program =
      "import torch\n"
      "b = torch.arange(6.)\n"
      "b = b.reshape(2, 3)\n"
      "b = b.reshape(3, 2)\n"
      "c = torch.arange(6).reshape(2, 3).t()\n"
      "d = b + 1\n"
      "e = d * 2\n";
  trace::Session s;
  s.run(program);
  std::vector<std::string> lines;
  for (int64_t n = 0; n < s.step_count(); ++n) lines.push_back(s.state(n).at("narration").as_string());
  REQUIRE(lines.size() == 7);
  CHECK(lines[2] ==
        "`b = b.reshape(2, 3)` made `b` a view of the previous `b`'s storage s1 (reshape): the same 6 cells, "
        "strides (1,) → (3, 1).");
  CHECK(lines[3] ==
        "`b = b.reshape(3, 2)` made `b` a view of the previous `b`'s storage s1 (reshape): the same 6 cells, "
        "strides (3, 1) → (2, 1).");
  CHECK(lines[4] ==
        "`c = torch.arange(6).reshape(2, 3).t()` allocated s2, 48 bytes (6 cells of torch.int64), and made `c` a "
        "view of it (t), strides (1, 3).");
  CHECK(lines[5] == "`d = b + 1` allocated s3 for `d`, 24 bytes (6 cells of torch.float32).");
  CHECK(lines[6] == "`e = d * 2` allocated s4 for `e`, 24 bytes (6 cells of torch.float32).");
  // The trace keeps the gone source's geometry in the view record, for the stride panel too.
  const support::Json b = s.state(3).at("tensors").as_array().back();
  CHECK(b.at("view").at("op").as_string() == "reshape");
  CHECK(b.at("view").at("source_stride").dump() == "[3,1]");
}
