// The checks of the lessons' exercises, evaluated by the engine (trace/exercise.h): every exercise
// of web/lessons/ fails on its own starting code and passes on a right program, and each form of
// check reads the run's facts, not the program's text.
#include "trace/exercise.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace stridelab;
namespace fs = std::filesystem;

namespace {

std::vector<trace::CheckResult> check(const std::string& source, const std::vector<std::string>& checks) {
  trace::Session s;
  s.run(source);
  return trace::check_run(s, checks);
}

bool all_pass(const std::vector<trace::CheckResult>& rs) {
  for (const auto& r : rs)
    if (!r.ok) return false;
  return !rs.empty();
}

std::string report(const std::vector<trace::CheckResult>& rs) {
  std::string out;
  for (const auto& r : rs) out += (r.ok ? "ok: " : "FAIL: ") + r.text + " -- " + r.why + "\n";
  return out;
}

struct Exercise {
  std::string lesson, id, start;
  std::vector<std::string> checks;
};

// The `:::exercise` blocks of the lesson files: id, starting code, check lines.
std::vector<Exercise> lesson_exercises() {
  std::vector<Exercise> out;
  for (const auto& entry : fs::directory_iterator(fs::path(STRIDELAB_SOURCE_DIR) / "web" / "lessons")) {
    if (entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path());
    std::string line;
    Exercise* ex = nullptr;
    bool in_code = false;
    while (std::getline(in, line)) {
      if (!ex && line.rfind(":::exercise", 0) == 0) {
        out.push_back({entry.path().stem().string(), "", "", {}});
        ex = &out.back();
        size_t at = line.find("id=");
        ex->id = line.substr(at + 3, line.find(' ', at) - at - 3);
      } else if (ex && line == ":::") {
        ex = nullptr;
      } else if (ex && line.rfind("```", 0) == 0) {
        in_code = line.rfind("```python", 0) == 0 && ex->start.empty();
      } else if (ex && in_code) {
        ex->start += line + "\n";
      } else if (ex && line.rfind("check:", 0) == 0) {
        ex->checks.push_back(line.substr(6));
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("every lesson exercise fails on its starting code and passes on a right program", "[exercise]") {
  // The right programs, by exercise id (tests/web/exercises.test.mjs runs the same in the page).
  const std::map<std::string, std::string> right = {
      {"add-in-place",
       "import torch\na = torch.tensor([1, 2, 3])\nprint(a.data_ptr())\nfor _ in range(3):\n    a.add_(1)\n"},
      {"through-view", "import torch\nx = torch.zeros(2, 3)\ny = x[1]\ny[0] = 5\nprint(x)\n"},
      {"block-view", "import torch\nx = torch.arange(12).reshape(3, 4)\nv = x[1:3, 1:3]\n"},
      {"columns-view", "import torch\nx = torch.arange(12).reshape(3, 4)\ns = x[:, 1:3]\n"},
      {"strides-1-3", "import torch\nx = torch.arange(12).view(4, 3)\ny = x.t()\nprint(y.stride())\n"},
      {"break-backward",
       "import torch\nleaf = torch.tensor([1., 2., 3.], requires_grad=True)\nmiddle = leaf + 2\nroot = "
       "middle.pow(2)\nmiddle.mul_(3)\nroot.sum().backward()\n"},
      {"fix-by-clone",
       "import torch\nleaf = torch.tensor([1., 2., 3.], requires_grad=True)\nmiddle = leaf + 2\nroot = "
       "middle.clone().pow(2)\nmiddle.multiply_(3)\nroot.sum().backward()\n"},
      {"reshape-copies", "import torch\nx = torch.arange(6).view(2, 3)\nr = x.t().reshape(6)\n"},
      {"view-fails", "import torch\nx = torch.arange(6).view(2, 3)\nv = x.t().view(6)\n"},
      {"mask-in-place",
       "import torch\n\nscores = torch.tensor([[0.5, 1.0, 2.0],\n                       [1.5, 0.2, 0.3],\n"
       "                       [0.1, 0.4, 1.2]])\nmask = torch.triu(torch.ones(3, 3), diagonal=1).bool()\n"
       "scores.masked_fill_(mask, float(\"-inf\"))\n"},
      {"embedding-rows",
       "import torch\nemb = torch.nn.Embedding(5, 3)\nw = emb.weight\nids = torch.tensor([1, 3])\nrows = w[1:4:2]\n"},
  };
  const std::vector<Exercise> exercises = lesson_exercises();
  REQUIRE(exercises.size() >= 11);
  for (const Exercise& ex : exercises) {
    INFO(ex.lesson << " " << ex.id);
    REQUIRE(!ex.checks.empty());
    REQUIRE(!ex.start.empty());
    auto it = right.find(ex.id);
    REQUIRE(it != right.end());
    const auto wrong = check(ex.start, ex.checks);
    INFO(report(wrong));
    CHECK_FALSE(all_pass(wrong));
    const auto good = check(it->second, ex.checks);
    INFO(report(good));
    CHECK(all_pass(good));
  }
}

TEST_CASE("'written through' reads which tensor each in-place write went through", "[exercise]") {
  const std::vector<std::string> through = {"x was written through y only"};
  SECTION("through the view y, by index and by an in-place method") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\ny[0] = 5\ny.add_(1)\ny += 1\n", through);
    CHECK(r[0].ok);
    CHECK(r[0].why == "3 writes to s1, all through y");
  }
  SECTION("through x itself: named in the answer") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\nx[1, 0] = 5\n", through);
    CHECK_FALSE(r[0].ok);
    CHECK(r[0].why == "line 4 (`x[1, 0] = 5`) wrote s1 through x");
  }
  SECTION("a line that begins with y but writes through x") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\ny[0] = x.add_(1)[0, 0]\n", through);
    CHECK_FALSE(r[0].ok);
    CHECK(r[0].why == "line 4 (`y[0] = x.add_(1)[0, 0]`) wrote s1 through x");
  }
  SECTION("another name for the same tensor is the same tensor") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\nalias = y\nalias.fill_(2)\n", through);
    CHECK(r[0].ok);
  }
  SECTION("a temporary view of x, and a write made in the line that names y") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\nx.t()[0, 0] = 1\n", through);
    CHECK_FALSE(r[0].ok);
    CHECK(r[0].why == "line 4 (`x.t()[0, 0] = 1`) wrote s1 through a view of x");
    r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]; y[0] = 5\n", through);
    CHECK(r[0].ok);
  }
  SECTION("a view no variable names counts as the tensor it was made from") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\ny[0].add_(1)\ny.view(-1)[2] = 5\ny[1:][0] += 1\n",
                   {"x was written through y only", "x was written through a view", "y was written through a view"});
    INFO(report(r));
    CHECK(r[0].ok);
    CHECK(r[0].why == "3 writes to s1, all through y");
    CHECK(r[1].ok);
    CHECK(r[1].why == "line 4 (`y[0].add_(1)`) wrote s1 through a view of y");
    CHECK(r[2].ok);
  }
  SECTION("written through a view: x[0].add_(1) and x.view(-1)[2] = 5, not x itself") {
    const std::vector<std::string> view = {"x was written through a view"};
    auto r = check("import torch\nx = torch.zeros(2, 3)\nx[0].add_(1)\n", view);
    CHECK(r[0].ok);
    CHECK(r[0].why == "line 3 (`x[0].add_(1)`) wrote s1 through a view of x");
    CHECK(check("import torch\nx = torch.zeros(2, 3)\nx.view(-1)[2] = 5\n", view)[0].ok);
    r = check("import torch\nx = torch.zeros(2, 3)\nx.add_(1)\nx[0, 1] = 2\n", view);
    CHECK_FALSE(r[0].ok);
    CHECK(r[0].why == "every write to s1 went through x itself");
    CHECK_FALSE(check("import torch\nx = torch.zeros(2, 3)\n", view)[0].ok);
  }
  SECTION("never written; backward's writes are not the program's") {
    auto r = check("import torch\nx = torch.zeros(2, 3)\ny = x[1]\n", through);
    CHECK_FALSE(r[0].ok);
    CHECK(r[0].why == "s1 (x's storage) was never written in place");
    r = check("import torch\nw = torch.ones(3, requires_grad=True)\nw.sum().backward()\nw.sum().backward()\n",
              {"w.grad was written through w only"});
    CHECK_FALSE(r[0].ok);
  }
}

TEST_CASE("each form of check reads the end of the run", "[exercise]") {
  const std::string src =
      "import torch\nx = torch.arange(12).view(4, 3)\ny = x.t()\nx.add_(1)\n"
      "r = y.reshape(12)\nw = torch.ones(2, requires_grad=True)\nw.sum().backward()\n";
  auto r = check(src, {"y is a view of x",
                       "r is not a view of x",
                       "y has strides (1, 3)",
                       "y has shape (3, 4)",
                       "x has version 1",
                       "y has offset 0",
                       "x is contiguous",
                       "y is not contiguous",
                       "w has a grad",
                       "w.grad has shape (2,)",
                       "r was copied by reshape",
                       "no error",
                       "y is a view of y",
                       "no allocation after line 4",
                       "q has shape (1,)",
                       "x has strides (3,)",
                       "y is contiguous",
                       "y was copied by reshape",
                       "error RuntimeError",
                       "x is bigger than y",
                       "no error at all"});
  std::vector<bool> ok;
  for (const auto& c : r) ok.push_back(c.ok);
  INFO(report(r));
  CHECK(ok == std::vector<bool>{true, true,  true,  true,  true,  true,  true,  true,  true,  true, true,
                                true, false, false, false, false, false, false, false, false, false});
  CHECK(r[12].why == "y and y are the same tensor");
  CHECK(r[13].why == "line 5 allocated s2");
  CHECK(r[14].why == "no tensor named q at the end of the run");
  CHECK(r[15].why == "x has strides (3, 1)");
  CHECK(r[17].why == "y came from t as a view");
  CHECK(r[19].why == "the lesson's check \"x is bigger than y\" is not one stridelab knows");
  CHECK(r[20].why == "the lesson's check \"no error at all\" is not one stridelab knows");
}

TEST_CASE("names reach attributes: model.weight, lin.bias.grad", "[exercise]") {
  const std::string src =
      "import torch\nlin = torch.nn.Linear(3, 2)\nmodel = torch.nn.Sequential()\nmodel.fc = lin\n"
      "lin(torch.ones(1, 3)).sum().backward()\n";
  auto r =
      check(src, {"lin.weight has shape (2, 3)", "lin.bias.grad has shape (2,)", "model.fc.weight has a grad",
                  "model.fc.weight is a view of lin.weight", "lin.weight.grad has strides (3, 1)",
                  "lin.nothing has shape (2,)", "lin.weight.data has shape (2, 3)", "lin.in_features has shape ()"});
  INFO(report(r));
  std::vector<bool> ok;
  for (const auto& c : r) ok.push_back(c.ok);
  CHECK(ok == std::vector<bool>{true, true, true, false, true, false, false, false});
  CHECK(r[3].why == "model.fc.weight and lin.weight are the same tensor");
  CHECK(r[5].why == "no tensor named lin.nothing at the end of the run");
}

TEST_CASE("errors and their message patterns", "[exercise]") {
  auto r = check("import torch\nx = torch.arange(6).view(2, 3)\nv = x.t().view(6)\n",
                 {"error RuntimeError", "error RuntimeError matching /view size is not compatible/",
                  "error RuntimeError matching /^view size/", "error ValueError", "no error",
                  "error RuntimeError matching /stride.*at least one/"});
  std::vector<bool> ok;
  for (const auto& c : r) ok.push_back(c.ok);
  INFO(report(r));
  CHECK(ok == std::vector<bool>{true, true, true, false, false, true});
  CHECK(r[4].why == "the run raised RuntimeError");
  // The page's own limits are errors too.
  trace::Session s;
  trace::RunOptions o;
  o.max_steps = 5;
  s.run("i = 0\nwhile True:\n    i += 1\n", o);
  auto limit = trace::check_run(s, {"error LimitExceeded matching /step limit/"});
  CHECK(limit[0].ok);
}

TEST_CASE("the small pattern form of `error T matching /P/`", "[exercise]") {
  using trace::pattern_matches;
  CHECK(pattern_matches("inplace", "modified by an inplace operation"));
  CHECK(pattern_matches("^modified", "modified by an inplace operation"));
  CHECK_FALSE(pattern_matches("^inplace", "modified by an inplace operation"));
  CHECK(pattern_matches("operation$", "modified by an inplace operation"));
  CHECK_FALSE(pattern_matches("modified$", "modified by an inplace operation"));
  CHECK(pattern_matches("in.*op", "an inplace operation"));
  CHECK(pattern_matches("colou?r", "color"));
  CHECK(pattern_matches("colou?r", "colour"));
  CHECK(pattern_matches("ab+c", "abbbc"));
  CHECK_FALSE(pattern_matches("ab+c", "ac"));
  CHECK(pattern_matches("\\[2, 3\\]", "shape [2, 3]"));
  CHECK_FALSE(pattern_matches("a\\.b", "axb"));
  CHECK(pattern_matches("", "anything"));
}
