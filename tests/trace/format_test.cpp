// docs/trace-format.md is the contract between the recorder and its readers: this test reads the
// field names the document lists and checks a recorded trace uses exactly those.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "trace/session.h"

using namespace stridelab;
using support::Json;

namespace {

std::string read_doc() {
  std::ifstream in(std::string(STRIDELAB_SOURCE_DIR) + "/docs/trace-format.md");
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text of the section that starts with `heading` (up to the next "## ").
std::string section(const std::string& doc, const std::string& heading) {
  size_t start = doc.find(heading);
  REQUIRE(start != std::string::npos);
  size_t end = doc.find("\n## ", start + heading.size());
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// First-column names of a markdown table: "| `step` | ..." -> step (several per cell allowed).
std::set<std::string> table_fields(const std::string& text) {
  std::set<std::string> out;
  std::istringstream lines(text);
  std::string line;
  static const std::regex code(R"(`([a-z_]+)`)");
  while (std::getline(lines, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::string first = line.substr(0, line.find('|', 1));
    for (auto it = std::sregex_iterator(first.begin(), first.end(), code); it != std::sregex_iterator(); ++it)
      out.insert((*it)[1].str());
  }
  return out;
}

// The quoted keys of the JSON-ish example that follows `marker` up to the closing brace.
std::set<std::string> example_keys(const std::string& doc, const std::string& marker) {
  size_t start = doc.find(marker);
  REQUIRE(start != std::string::npos);
  size_t end = doc.find("}`", start);
  std::string text = doc.substr(start, end - start);
  std::set<std::string> out;
  static const std::regex key(R"re("([a-z_]+)":)re");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), key); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1].str());
  return out;
}

// The Events table: type -> the fields its second column lists.
std::map<std::string, std::set<std::string>> event_fields(const std::string& text) {
  std::map<std::string, std::set<std::string>> out;
  std::istringstream lines(text);
  std::string line;
  static const std::regex code(R"(`([a-z_]+)`)");
  while (std::getline(lines, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    size_t first_end = line.find('|', 1), second_end = line.find('|', first_end + 1);
    std::string type = line.substr(0, first_end), fields = line.substr(first_end, second_end - first_end);
    std::smatch m;
    REQUIRE(std::regex_search(type, m, code));
    std::set<std::string>& f = out[m[1].str()];
    f.insert("type");
    for (auto it = std::sregex_iterator(fields.begin(), fields.end(), code); it != std::sregex_iterator(); ++it)
      f.insert((*it)[1].str());
  }
  return out;
}

std::set<std::string> keys(const Json& o) {
  std::set<std::string> out;
  for (const auto& [k, v] : o.as_object()) out.insert(k);
  return out;
}

const char* kProgram =
    "import torch\n"
    "x = torch.arange(12.).reshape(3, 4)\n"
    "v = x[1:3, 1:3]\n"
    "w = torch.ones(2, 2, requires_grad=True)\n"
    "y = (v * w).exp()\n"
    "v.mul_(2)\n"
    "big = torch.zeros(2000)\n"
    "print(y.sum())\n"
    "c = x[:, 1].sum() + big[::2].sum()\n"
    "try:\n"
    "    y.sum().backward()\n"
    "except RuntimeError as e:\n"
    "    print('stale')\n";

}  // namespace

TEST_CASE("a recorded trace has exactly the fields docs/trace-format.md lists", "[trace][format]") {
  std::string doc = read_doc();
  trace::Session s;
  auto summary = s.run(kProgram);
  REQUIRE(summary.exit_code == 0);
  Json t = s.trace();
  CHECK(t.at("format").as_string() == "stridelab-trace");
  CHECK(t.at("version").as_int() == 1);
  CHECK(s.trace_text() == t.dump());  // the text the CLI and the page get

  std::set<std::string> step_fields = table_fields(section(doc, "## A step (delta)"));
  std::set<std::string> seen;
  for (const Json& step : t.at("steps").as_array())
    for (const auto& [k, v] : step.as_object()) seen.insert(k);
  for (const auto& k : seen) CHECK(step_fields.count(k) == 1);
  // The always-present ones.
  for (const char* k : {"step", "kind", "line", "frames", "events", "stdout"}) CHECK(seen.count(k) == 1);

  std::set<std::string> event_types = table_fields(section(doc, "## Events"));
  auto fields_of_event = event_fields(section(doc, "## Events"));
  CHECK(fields_of_event.size() == event_types.size());
  // A read's blocks: the three keys the Reads section shows.
  std::set<std::string> block_keys = example_keys(doc, "each block `{");
  CHECK(block_keys == std::set<std::string>{"offset", "shape", "stride"});
  std::set<std::string> tensor_keys = example_keys(doc, "**tensor**");
  std::set<std::string> storage_keys = example_keys(doc, "**storage**");
  storage_keys.insert("summary");  // documented in the prose after the example
  std::set<std::string> node_keys = example_keys(doc, "**node**");
  std::set<std::string> object_keys = example_keys(doc, "**object**");
  std::set<std::string> view_keys = example_keys(doc, "`view` (views only)");

  bool saw_view = false, saw_summary = false, saw_saved = false, saw_ranges = false, saw_blocks = false;
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    for (const Json& e : st.at("events").as_array()) {
      const std::string& type = e.at("type").as_string();
      REQUIRE(event_types.count(type) == 1);
      for (const auto& k : keys(e)) {
        INFO("event " << type << " field " << k);
        CHECK(fields_of_event[type].count(k) == 1);
      }
      if (type != "read") continue;
      CHECK(e.contains("ranges") != e.contains("blocks"));  // exactly one of them
      if (e.contains("ranges")) saw_ranges = true;
      if (const Json* blocks = e.find("blocks")) {
        saw_blocks = true;
        for (const Json& b : blocks->as_array()) CHECK(keys(b) == block_keys);
      }
    }
    for (const Json& tensor : st.at("tensors").as_array()) {
      for (const auto& k : keys(tensor)) {
        INFO("tensor field " << k);
        CHECK(tensor_keys.count(k) == 1);
      }
      if (const Json* v = tensor.find("view")) {
        saw_view = true;
        for (const auto& k : keys(*v)) {
          INFO("view field " << k);
          CHECK(view_keys.count(k) == 1);
        }
      }
    }
    for (const Json& storage : st.at("storages").as_array()) {
      for (const auto& k : keys(storage)) CHECK(storage_keys.count(k) == 1);
      saw_summary = saw_summary || storage.contains("summary");
    }
    for (const Json& node : st.at("graph").at("nodes").as_array()) {
      for (const auto& k : keys(node)) CHECK(node_keys.count(k) == 1);
      saw_saved = saw_saved || node.at("saved").size() > 0;
    }
    for (const auto& [k, obj] : st.at("objects").as_object())
      for (const auto& f : keys(obj)) CHECK(object_keys.count(f) == 1);
  }
  CHECK(saw_view);
  CHECK(saw_summary);
  CHECK(saw_saved);
  CHECK(saw_ranges);
  CHECK(saw_blocks);
}
