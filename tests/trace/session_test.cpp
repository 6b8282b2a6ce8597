// The facts the lessons teach, read from traces of the documents' examples.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "trace/session.h"

using namespace stridelab;
using support::Json;

namespace {

const Json& tensor_of_var(const Json& state, const std::string& name, const Json** out_tensor = nullptr) {
  const std::string& obj = state.at("variables").at(name).as_string();
  const std::string& key = state.at("objects").at(obj).at("tensor").as_string();
  for (const Json& t : state.at("tensors").as_array())
    if (t.at("id").as_string() == key) return t;
  FAIL("no tensor for " << name);
  throw;
}

// The first step at `line` whose kind is "line" (the state after that line ran).
int64_t step_after_line(trace::Session& s, int line) {
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    if (st.at("line").as_int() == line && st.at("kind").as_string() != "backward") return i;
  }
  FAIL("no step at line " << line);
  return -1;
}

Json load(const std::string& rel) {
  std::ifstream in(std::string(STRIDELAB_TESTS_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return Json::parse(ss.str());
}

}  // namespace

TEST_CASE("document 002: a slice is a view at offset 5 with strides (4, 1); writing 99 is a cell write", "[trace]") {
  const std::string src =
      "import torch\n"                                      // 1
      "original_tensor = torch.arange(12).reshape(3, 4)\n"  // 2
      "view_tensor = original_tensor[1:3, 1:3]\n"           // 3
      "view_tensor[0,0] = 99\n"                             // 4
      "print(original_tensor)\n";                           // 5
  trace::Session s;
  auto summary = s.run(src);
  REQUIRE(summary.exit_code == 0);
  Json st = s.state(step_after_line(s, 3));
  const Json& orig = tensor_of_var(st, "original_tensor");
  const Json& view = tensor_of_var(st, "view_tensor");
  CHECK(orig.at("storage") == view.at("storage"));
  CHECK(view.at("offset").as_int() == 5);
  CHECK(view.at("stride") == Json(Json::Array{Json(4), Json(1)}));
  // offset = 0 + 1*4 + 1*1
  CHECK(view.at("view").at("offset_terms") ==
        Json(Json::Array{Json(Json::Array{Json(1), Json(4), Json(0)}), Json(Json::Array{Json(1), Json(1), Json(1)})}));

  Json after = s.state(step_after_line(s, 4));
  bool wrote = false;
  for (const Json& e : after.at("events").as_array()) {
    if (e.at("type").as_string() != "write") continue;
    wrote = true;
    CHECK(e.at("storage") == view.at("storage"));
    CHECK(e.at("cells") == Json(Json::Array{Json(5)}));
    CHECK(e.at("new") == Json(Json::Array{Json(99)}));
  }
  CHECK(wrote);
  CHECK(tensor_of_var(after, "view_tensor").at("version").as_int() == 1);
  CHECK(tensor_of_var(after, "original_tensor").at("version").as_int() == 1);
}

TEST_CASE("document 000 example 2: every reshape keeps the storage", "[trace]") {
  const std::string src =
      "import torch\n"
      "b = torch.arange(6).reshape(2, 3)\n"
      "print(\"Original Tensor Memory Location:\", b.data_ptr())\n"
      "for _ in range(2):\n"
      "    b = b.reshape(3, 2)\n"
      "    print(\"Reshaped, New Memory Location:\", b.data_ptr())\n";
  trace::Session s;
  REQUIRE(s.run(src).exit_code == 0);
  std::set<std::string> storages;
  int64_t data_ptr = -1;
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    if (!st.at("variables").contains("b")) continue;
    const Json& b = tensor_of_var(st, "b");
    storages.insert(b.at("storage").as_string());
    if (data_ptr < 0) {
      data_ptr = b.at("data_ptr").as_int();  // the step that made b allocated its storage
      continue;
    }
    CHECK(b.at("data_ptr").as_int() == data_ptr);
    for (const Json& e : st.at("events").as_array()) CHECK(e.at("type").as_string() != "alloc");
  }
  CHECK(storages.size() == 1);
}

TEST_CASE("document 004: PowBackward0 saved middle at version 0; multiply_ moves it to 1", "[trace]") {
  const std::string src =
      "import torch\n"                                                                 // 1
      "leaf = torch.tensor([1,2,3,4,5], dtype = torch.float, requires_grad = True)\n"  // 2
      "middle = leaf + 2\n"                                                            // 3
      "root = middle.pow(2)\n"                                                         // 4
      "middle.multiply_(3)\n"                                                          // 5
      "root.sum().backward()\n";                                                       // 6
  trace::Session s;
  auto summary = s.run(src);
  CHECK(summary.exit_code == 1);
  CHECK(summary.error.at("type").as_string() == "RuntimeError");
  CHECK(summary.error.at("line").as_int() == 6);
  Json st = s.state(step_after_line(s, 5));
  const Json& middle = tensor_of_var(st, "middle");
  CHECK(middle.at("version").as_int() == 1);
  bool found = false;
  for (const Json& n : st.at("graph").at("nodes").as_array()) {
    if (n.at("name").as_string() != "PowBackward0") continue;
    for (const Json& saved : n.at("saved").as_array()) {
      if (saved.at("name").as_string() != "self") continue;
      found = true;
      CHECK(saved.at("saved_version").as_int() == 0);
      CHECK(saved.at("current_version").as_int() == 1);
      // The saved tensor shares middle's storage.
      for (const Json& t : st.at("tensors").as_array())
        if (t.at("id") == saved.at("tensor")) CHECK(t.at("storage") == middle.at("storage"));
    }
  }
  CHECK(found);
}

TEST_CASE("stepping through backward visits the nodes in PyTorch's order", "[trace]") {
  Json expected = load("trace/expected/backward_order.json");
  for (const auto& [name, prog] : expected.as_object()) {
    INFO(name);
    trace::Session s;
    auto summary = s.run("import torch\n" + prog.at("source").as_string());
    REQUIRE(summary.exit_code == 0);
    Json order = Json::array();
    for (int64_t i = 0; i < s.step_count(); ++i) {
      Json st = s.state(i);
      if (st.at("kind").as_string() == "backward") order.push_back(st.at("backward").at("name"));
    }
    CHECK(order == prog.at("order"));
  }
}

TEST_CASE("the last step still shows the module's variables", "[trace]") {
  trace::Session s;
  REQUIRE(s.run("import torch\na = torch.ones(2)\nb = a * 2\n").exit_code == 0);
  Json last = s.state(-1);
  CHECK(last.at("line").as_int() == 3);
  CHECK(last.at("variables").contains("a"));
  CHECK(last.at("variables").contains("b"));
  CHECK(last.at("storages").size() == 2);
}

TEST_CASE("an exception's step shows its args without running the program's __str__", "[trace]") {
  trace::Session s;
  trace::Summary sum = s.run(
      "class E(Exception):\n"
      "    def __str__(self):\n"
      "        print('str ran')\n"
      "        return 'from str'\n"
      "class V:\n"
      "    def __repr__(self):\n"
      "        print('repr ran')\n"
      "        return 'V!'\n"
      "try:\n"
      "    raise E('boom', V())\n"
      "except E:\n"
      "    pass\n"
      "raise ValueError(V())\n");
  // Once, by the final traceback (as CPython prints it), never by the trace.
  CHECK(sum.stdout_text == "repr ran\n");
  CHECK(sum.exit_code == 1);
  std::vector<std::string> messages;
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    if (st.contains("exception") && !st.at("exception").is_null())
      messages.push_back(st.at("exception").at("type").as_string() + ": " +
                         st.at("exception").at("message").as_string());
  }
  REQUIRE(!messages.empty());
  CHECK(messages.front() == "E: ('boom', <V object>)");
  CHECK(messages.back() == "ValueError: <V object>");
}

// NOTE [A stop in flight] in src/support/budget.h: the frames a limit unwinds are not returns of
// the program's, so the steps end where the limit was met (they were 600 steps and then one more
// "return" step per frame, 300 of them, each as dear as a step that deep).
TEST_CASE("a limit met deep in a recursion ends the steps there: unwinding records none", "[trace]") {
  trace::Session s;
  trace::RunOptions o;
  o.max_steps = 600;
  o.max_depth = 100000;
  trace::Summary sum = s.run("def g(n):\n    return g(n + 1)\ng(0)\n", o);
  CHECK(sum.exit_code == 2);
  CHECK(sum.stderr_text.find("step limit exceeded") != std::string::npos);
  CHECK(s.step_count() == 600);
  // The last step is the module's at the end (its variables); the one before, the deepest line.
  Json deepest = s.state(s.step_count() - 2);
  CHECK(deepest.at("kind").as_string() == "line");
  CHECK(deepest.at("frames").size() > 250);
  // After the run, a new one in the same process records its returns again.
  trace::Session t;
  REQUIRE(t.run("def f():\n    return 1\nf()\n").exit_code == 0);
  bool returned = false;
  for (int64_t i = 0; i < t.step_count(); ++i) returned |= t.state(i).at("kind").as_string() == "return";
  CHECK(returned);
}
