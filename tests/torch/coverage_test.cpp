// Checks that every construct and name of language.md is exercised by at least one golden program.
//
// The manifests in tests/golden/coverage/*.txt list language.md item by item, one per line:
//   ITEM :: PATTERN
// PATTERN is a plain substring searched in the golden programs' source, or, after `re:`, an
// ECMAScript regular expression. An item may have several lines; each one must match. Lines that
// start with `#` are comments. A golden program's recorded output is checked by golden_test.cpp, so
// a pattern found here means the construct ran under CPython + PyTorch and under stridelab alike.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct Program {
  std::string name, source;
};

std::vector<Program> golden_programs() {
  std::vector<Program> out;
  fs::path root = fs::path(STRIDELAB_TESTS_DIR) / "golden";
  for (const char* dir : {"python", "torch", "seeds"})
    for (auto& entry : fs::directory_iterator(root / dir))
      if (entry.path().extension() == ".py")
        out.push_back({std::string(dir) + "/" + entry.path().filename().string(), slurp(entry.path())});
  return out;
}

struct Requirement {
  std::string manifest, item, pattern;
  int line;
};

std::vector<Requirement> requirements() {
  std::vector<Requirement> out;
  fs::path dir = fs::path(STRIDELAB_TESTS_DIR) / "golden" / "coverage";
  for (auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    std::istringstream lines(slurp(entry.path()));
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
      ++number;
      if (line.empty() || line[0] == '#') continue;
      size_t sep = line.find(" :: ");
      INFO(entry.path().filename().string() << ":" << number << ": " << line);
      REQUIRE(sep != std::string::npos);
      out.push_back({entry.path().filename().string(), line.substr(0, sep), line.substr(sep + 4), number});
    }
  }
  return out;
}

bool matches(const std::string& pattern, const std::string& source) {
  if (pattern.rfind("re:", 0) == 0)
    return std::regex_search(source, std::regex(pattern.substr(3), std::regex::ECMAScript | std::regex::multiline));
  return source.find(pattern) != std::string::npos;
}

}  // namespace

TEST_CASE("every item of language.md is covered by a golden program", "[golden][coverage]") {
  std::vector<Program> programs = golden_programs();
  std::vector<Requirement> reqs = requirements();
  REQUIRE(reqs.size() > 300);
  std::string missing;
  for (const Requirement& r : reqs) {
    bool found = false;
    if (r.pattern.rfind("re:", 0) == 0) {
      // Compiled once per requirement: std::regex construction dominates otherwise.
      std::regex re(r.pattern.substr(3), std::regex::ECMAScript | std::regex::multiline);
      for (const Program& p : programs)
        if ((found = std::regex_search(p.source, re))) break;
    } else {
      for (const Program& p : programs)
        if ((found = p.source.find(r.pattern) != std::string::npos)) break;
    }
    if (!found) missing += r.manifest + ":" + std::to_string(r.line) + ": " + r.item + " :: " + r.pattern + "\n";
  }
  INFO("items no golden program exercises:\n" << missing);
  CHECK(missing.empty());
}

TEST_CASE("coverage patterns are searched as documented", "[coverage]") {
  CHECK(matches("x.unfold(", "y = x.unfold(0, 2, 1)"));
  CHECK_FALSE(matches("x.unfold(", "y = x.unflatten(0, (2, 2))"));
  CHECK(matches("re:^\\s*del \\w+", "a = 1\n  del a\n"));
  CHECK_FALSE(matches("re:^del \\w+", "a = 1  # del a\n"));
}
