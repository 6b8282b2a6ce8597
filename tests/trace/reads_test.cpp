// "read" events: which storage cells each step read (src/trace/call_reads.h, NOTE [What a call
// reads]), checked on small programs whose answers follow from PyTorch's semantics.
#include <catch2/catch.hpp>
#include <set>

#include "trace/session.h"

using namespace stridelab;
using support::Json;

namespace {

using Cells = std::set<int64_t>;

// The cells of a read event, from its ranges or its blocks.
Cells cells_of(const Json& e) {
  Cells out;
  if (const Json* ranges = e.find("ranges")) {
    int64_t last_stop = -1;
    for (const Json& r : ranges->as_array()) {
      REQUIRE(r.size() == 2);
      int64_t a = r[0].as_int(), z = r[1].as_int();
      CHECK(a < z);          // not empty
      CHECK(a > last_stop);  // sorted, disjoint and not touching
      last_stop = z;
      for (int64_t k = a; k < z; ++k) out.insert(k);
    }
    return out;
  }
  const Json& blocks = e.at("blocks");
  for (const Json& b : blocks.as_array()) {
    std::vector<int64_t> shape, stride;
    for (const Json& x : b.at("shape").as_array()) shape.push_back(x.as_int());
    for (const Json& x : b.at("stride").as_array()) stride.push_back(x.as_int());
    REQUIRE(shape.size() == stride.size());
    std::vector<int64_t> index(shape.size(), 0);
    for (;;) {
      int64_t k = b.at("offset").as_int();
      for (size_t d = 0; d < shape.size(); ++d) k += index[d] * stride[d];
      out.insert(k);
      size_t d = shape.size();
      while (d > 0 && ++index[d - 1] == shape[d - 1]) index[--d] = 0;
      if (d == 0) break;
    }
  }
  return out;
}

struct Run {
  trace::Session session;
  int exit_code = 0;
  explicit Run(const std::string& src) { exit_code = session.run(src).exit_code; }

  // The state after line `line` ran (its first step that is not inside backward).
  Json after(int line) {
    for (int64_t i = 0; i < session.step_count(); ++i) {
      Json st = session.state(i);
      if (st.at("line").as_int() == line && st.at("kind").as_string() != "backward") return st;
    }
    FAIL("no step at line " << line);
    return Json();
  }
};

std::string storage_of(const Json& state, const std::string& var) {
  const std::string& obj = state.at("variables").at(var).as_string();
  const std::string& key = state.at("objects").at(obj).at("tensor").as_string();
  for (const Json& t : state.at("tensors").as_array())
    if (t.at("id").as_string() == key) return t.at("storage").as_string();
  FAIL("no tensor for " << var);
  return "";
}

// storage -> cells read, over the step's read events (one event per storage).
std::map<std::string, Cells> reads(const Json& state) {
  std::map<std::string, Cells> out;
  for (const Json& e : state.at("events").as_array()) {
    if (e.at("type").as_string() != "read") continue;
    const std::string& s = e.at("storage").as_string();
    CHECK(out.count(s) == 0);
    out[s] = cells_of(e);
  }
  return out;
}

// The step's one read event.
Json only_read(const Json& state) {
  Json found;
  int n = 0;
  for (const Json& e : state.at("events").as_array())
    if (e.at("type").as_string() == "read") {
      found = e;
      ++n;
    }
  REQUIRE(n == 1);
  return found;
}

Cells range(int64_t a, int64_t z) {
  Cells c;
  for (int64_t k = a; k < z; ++k) c.insert(k);
  return c;
}

const Json* write_event(const Json& state, const std::string& storage) {
  for (const Json& e : state.at("events").as_array())
    if (e.at("type").as_string() == "write" && e.at("storage").as_string() == storage) return &e;
  return nullptr;
}

const char* kSlice =
    "import torch\n"                         // 1
    "a = torch.arange(12.).reshape(3, 4)\n"  // 2
    "v = a[1:3, 1:3]\n"                      // 3
    "s = v.sum()\n";                         // 4

}  // namespace

TEST_CASE("reads: a sum over a slice reads exactly the slice's cells; the slice itself reads nothing",
          "[trace][reads]") {
  Run r(kSlice);
  REQUIRE(r.exit_code == 0);
  Json st = r.after(4);
  const std::string a = storage_of(st, "a");
  auto rd = reads(st);
  CHECK(rd.size() == 1);
  CHECK(rd[a] == Cells{5, 6, 9, 10});
  // Two runs of two cells: written as ranges.
  CHECK(only_read(st).at("ranges") == Json::parse("[[5, 7], [9, 11]]"));
  // Slicing is a view: metadata only.
  CHECK(reads(r.after(3)).empty());
  // arange reads nothing; the reshape of the fresh tensor is a view.
  CHECK(reads(r.after(2)).empty());
}

TEST_CASE("reads: print(v) reads the cells it shows", "[trace][reads]") {
  Run r(std::string(kSlice) + "print(v)\n");
  REQUIRE(r.exit_code == 0);
  Json st = r.after(5);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "a"), Cells{5, 6, 9, 10}}});
  CHECK(st.at("stdout").as_string() == "tensor([[ 5.,  6.],\n        [ 9., 10.]])\n");
}

TEST_CASE("reads: t() reads nothing; contiguous() of the transpose reads all 12 cells", "[trace][reads]") {
  Run r(
      "import torch\n"                         // 1
      "a = torch.arange(12.).reshape(3, 4)\n"  // 2
      "b = a.t()\n"                            // 3
      "c = a.t().contiguous()\n"               // 4
      "d = c.contiguous()\n"                   // 5
      "e = a.reshape(2, 6)\n"                  // 6
      "f = b.reshape(2, 6)\n");                // 7
  REQUIRE(r.exit_code == 0);
  CHECK(reads(r.after(3)).empty());
  Json st = r.after(4);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "a"), range(0, 12)}});
  CHECK(reads(r.after(5)).empty());  // already contiguous: returns itself, copies nothing
  CHECK(reads(r.after(6)).empty());  // a view
  st = r.after(7);                   // the transpose cannot be viewed as (2, 6): a copy
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "a"), range(0, 12)}});
}

TEST_CASE("reads: an in-place op reads and writes the same cells", "[trace][reads]") {
  Run r(std::string(kSlice) + "v.add_(1)\nv += 1\nv.zero_()\n");
  REQUIRE(r.exit_code == 0);
  for (int line : {5, 6}) {
    INFO("line " << line);
    Json st = r.after(line);
    const std::string a = storage_of(st, "a");
    CHECK(reads(st) == std::map<std::string, Cells>{{a, Cells{5, 6, 9, 10}}});
    const Json* w = write_event(st, a);
    REQUIRE(w);
    Cells written;
    for (const Json& k : w->at("cells").as_array()) written.insert(k.as_int());
    CHECK(written == Cells{5, 6, 9, 10});
  }
  // zero_ overwrites without reading.
  Json st = r.after(7);
  CHECK(reads(st).empty());
  CHECK(write_event(st, storage_of(st, "a")));
}

TEST_CASE("reads: a long column is written as one block; item() reads one cell", "[trace][reads]") {
  Run r(
      "import torch\n"                                                // 1
      "a = torch.arange(40.).reshape(10, 4)\n"                        // 2
      "c = a[:, 1].sum()\n"                                           // 3
      "x = a[1, 2].item()\n"                                          // 4
      "n = a.numel() + a.size(0) + len(a) + a.stride(0) + a.dim()\n"  // 5
      "z = torch.zeros_like(a)\n"                                     // 6
      "m = a.shape\n");                                               // 7
  REQUIRE(r.exit_code == 0);
  Json st = r.after(3);
  const std::string a = storage_of(st, "a");
  CHECK(reads(st) == std::map<std::string, Cells>{{a, Cells{1, 5, 9, 13, 17, 21, 25, 29, 33, 37}}});
  // {"offset":1,"shape":[10],"stride":[4]} is shorter than ten ranges [[1,2],[5,6],...].
  CHECK(only_read(st).at("blocks") == Json::parse(R"([{"offset": 1, "shape": [10], "stride": [4]}])"));
  // Three cells of a 3x4 column: the ranges are shorter.
  Run small("import torch\na = torch.arange(12.).reshape(3, 4)\nc = a[:, 1].sum()\n");
  CHECK(only_read(small.after(3)).at("ranges") == Json::parse("[[1, 2], [5, 6], [9, 10]]"));
  CHECK(reads(r.after(4)) == std::map<std::string, Cells>{{a, Cells{6}}});
  CHECK(only_read(r.after(4)).at("ranges") == Json::parse("[[6, 7]]"));
  for (int line : {5, 6, 7}) {
    INFO("line " << line);
    CHECK(reads(r.after(line)).empty());
  }
}

TEST_CASE("reads: writing through an index reads only the value", "[trace][reads]") {
  Run r(
      "import torch\n"                         // 1
      "a = torch.arange(12.).reshape(3, 4)\n"  // 2
      "a[0, 0] = 5\n"                          // 3
      "a[0, 1] = a[2, 3]\n");                  // 4
  REQUIRE(r.exit_code == 0);
  Json st = r.after(3);
  CHECK(reads(st).empty());
  CHECK(write_event(st, storage_of(st, "a")));
  st = r.after(4);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "a"), Cells{11}}});
}

TEST_CASE("reads: a binary op reads both operands, broadcast ones once per cell", "[trace][reads]") {
  Run r(
      "import torch\n"                        // 1
      "a = torch.arange(6.).reshape(2, 3)\n"  // 2
      "b = torch.tensor([10., 20., 30.])\n"   // 3
      "c = a + b\n"                           // 4
      "d = a.expand(2, 2, 3) * 2\n"           // 5
      "e = torch.cat([a[0], b[1:]])\n");      // 6
  REQUIRE(r.exit_code == 0);
  Json st = r.after(4);
  CHECK(reads(st) ==
        std::map<std::string, Cells>{{storage_of(st, "a"), range(0, 6)}, {storage_of(st, "b"), range(0, 3)}});
  st = r.after(5);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "a"), range(0, 6)}});
  st = r.after(6);
  CHECK(reads(st) ==
        std::map<std::string, Cells>{{storage_of(st, "a"), range(0, 3)}, {storage_of(st, "b"), Cells{1, 2}}});
}

TEST_CASE("reads: a million elements give a compact read; print reads only what it shows", "[trace][reads]") {
  Run r(
      "import torch\n"                 // 1
      "x = torch.zeros(1000000)\n"     // 2
      "s = x.sum()\n"                  // 3
      "print(x)\n"                     // 4
      "y = torch.zeros(1000, 1000)\n"  // 5
      "print(y)\n"                     // 6
      "c = y[:, ::2].sum()\n"          // 7
      "d = y[1:, 1:-1:2].sum()\n");    // 8
  REQUIRE(r.exit_code == 0);
  Json st = r.after(3);
  const std::string x = storage_of(st, "x");
  CHECK(only_read(st).at("ranges") == Json::parse("[[0, 1000000]]"));
  st = r.after(4);
  CHECK(reads(st) == std::map<std::string, Cells>{{x, Cells{0, 1, 2, 999997, 999998, 999999}}});
  st = r.after(6);
  Cells shown;
  for (int64_t i : {0, 1, 2, 997, 998, 999})
    for (int64_t j : {0, 1, 2, 997, 998, 999}) shown.insert(i * 1000 + j);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "y"), shown}});
  // Every other cell of a million: one block, never half a million ranges (the rows of
  // y[:, ::2] continue each other, so the block has one dim).
  CHECK(only_read(r.after(7)).at("blocks") == Json::parse(R"([{"offset": 0, "shape": [500000], "stride": [2]}])"));
  CHECK(only_read(r.after(8)).at("blocks") ==
        Json::parse(R"([{"offset": 1001, "shape": [999, 499], "stride": [1000, 2]}])"));
  CHECK(r.session.trace().dump().size() < 100000);
}

TEST_CASE("reads: the storage a step frees can still be read by it", "[trace][reads]") {
  Run r(
      "import torch\n"       // 1
      "x = torch.ones(3)\n"  // 2
      "x = x + 1\n");        // 3
  REQUIRE(r.exit_code == 0);
  Json before = r.after(2);
  const std::string old = storage_of(before, "x");
  Json st = r.after(3);
  CHECK(reads(st) == std::map<std::string, Cells>{{old, range(0, 3)}});
  bool freed = false;
  for (const Json& e : st.at("events").as_array())
    freed = freed || (e.at("type").as_string() == "free" && e.at("storage").as_string() == old);
  CHECK(freed);
  // A temporary made and dropped within the step is not drawn, so its read is not reported.
  Run t("import torch\nx = torch.ones(2, 3)\ny = x.t().contiguous().sum()\n");
  REQUIRE(t.exit_code == 0);
  st = t.after(3);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "x"), range(0, 6)}});
}

TEST_CASE("reads: a layer reads its input and its parameters; an optimizer step reads parameters and gradients",
          "[trace][reads]") {
  Run r(
      "import torch\n"                                     // 1
      "lin = torch.nn.Linear(2, 3)\n"                      // 2
      "x = torch.ones(4, 2)\n"                             // 3
      "out = lin(x)\n"                                     // 4
      "opt = torch.optim.SGD(lin.parameters(), lr=0.1)\n"  // 5
      "opt.zero_grad()\n"                                  // 6
      "out.sum().backward()\n"                             // 7
      "opt.step()\n"                                       // 8
      "w = lin.weight\n");                                 // 9
  REQUIRE(r.exit_code == 0);
  Json st = r.after(4);
  auto rd = reads(st);
  CHECK(rd.count(storage_of(st, "x")) == 1);
  CHECK(rd.size() == 3);  // x, weight, bias
  CHECK(reads(r.after(5)).empty());
  CHECK(reads(r.after(6)).empty());
  st = r.after(8);
  rd = reads(st);
  CHECK(rd.size() == 4);  // weight, bias and their gradients
  CHECK(rd.count(storage_of(r.after(9), "w")) == 1);
}

TEST_CASE("reads: each backward node reads what it saved and the gradient it receives", "[trace][reads]") {
  Run r(
      "import torch\n"                                        // 1
      "w = torch.tensor([1., 2., 3.], requires_grad=True)\n"  // 2
      "y = w * w\n"                                           // 3
      "y.sum().backward()\n");                                // 4
  REQUIRE(r.exit_code == 0);
  std::string w = storage_of(r.after(3), "w");
  bool mul = false;
  for (int64_t i = 0; i < r.session.step_count(); ++i) {
    Json st = r.session.state(i);
    if (st.at("kind").as_string() != "backward" || st.at("backward").at("name").as_string() != "MulBackward0") continue;
    mul = true;
    auto rd = reads(st);
    CHECK(rd[w] == range(0, 3));  // self and other: both w
    CHECK(rd.size() == 2);        // and the incoming gradient
  }
  CHECK(mul);
  // y.sum() reads y on the line's own step (after the nodes), not on the first node's.
  Json line = r.after(4);
  CHECK(line.at("kind").as_string() == "line");
  CHECK(reads(line).count(storage_of(line, "y")) == 1);
  for (int64_t i = 0; i < r.session.step_count(); ++i) {
    Json st = r.session.state(i);
    if (st.at("kind").as_string() == "backward" && st.at("backward").at("name").as_string() == "SumBackward0")
      CHECK(reads(st).count(storage_of(line, "y")) == 0);
  }
}

TEST_CASE("reads: after a backward that fails, the lines go on reporting their reads", "[trace][reads]") {
  Run r(
      "import torch\n"                                    // 1
      "a = torch.tensor([1., 2.], requires_grad=True)\n"  // 2
      "b = a * 1\n"                                       // 3
      "c = b.pow(2)\n"                                    // 4
      "b.mul_(3)\n"                                       // 5
      "try:\n"                                            // 6
      "    c.sum().backward()\n"                          // 7
      "except RuntimeError:\n"                            // 8
      "    print(b)\n");                                  // 9
  REQUIRE(r.exit_code == 0);
  Json st = r.after(9);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "b"), Cells{0, 1}}});
}

TEST_CASE("reads: torch functions and nn.functional read their arguments; other functions through what they call",
          "[trace][reads]") {
  Run r(
      "import torch\n"                      // 1
      "import torch.nn.functional as F\n"   // 2
      "from torch import cat\n"             // 3
      "x = torch.tensor([-1., 2., -3.])\n"  // 4
      "y = F.relu(x)\n"                     // 5
      "z = cat([x, y])\n"                   // 6
      "@torch.no_grad()\n"                  // 7
      "def first(t, u):\n"                  // 8
      "    return t[0].item()\n"            // 9
      "v = first(x, y)\n"                   // 10
      "n = abs(x)\n"                        // 11
      "k = len(x) + x.size(0)\n");          // 12
  REQUIRE(r.exit_code == 0);
  Json st = r.after(5);
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "x"), range(0, 3)}});
  st = r.after(6);
  CHECK(reads(st) ==
        std::map<std::string, Cells>{{storage_of(st, "x"), range(0, 3)}, {storage_of(st, "y"), range(0, 3)}});
  // The decorated function reads what its body reads: x[0] only, not y.
  Json body = r.after(9);
  CHECK(reads(body) == std::map<std::string, Cells>{{storage_of(r.after(5), "x"), Cells{0}}});
  CHECK(reads(r.after(10)).empty());
  st = r.after(11);  // abs() calls Tensor.__abs__
  CHECK(reads(st) == std::map<std::string, Cells>{{storage_of(st, "x"), range(0, 3)}});
  CHECK(reads(r.after(12)).empty());
}
