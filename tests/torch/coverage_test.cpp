// Checks that every construct and name of docs/language.md is exercised by at least one golden program.
//
// The manifests in tests/golden/coverage/*.txt list docs/language.md item by item, one per line:
//   ITEM :: PATTERN
// PATTERN is a plain substring searched in the golden programs' source, or, after `re:`, an
// ECMAScript regular expression. An item may have several lines; each one must match. Lines that
// start with `#` are comments. A golden program's recorded output is checked by golden_test.cpp, so
// a pattern found here means the construct ran under CPython + PyTorch and under stridelab alike.
#include <catch2/catch.hpp>

#include <cctype>
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

// A piece of plain text that every match of the ECMAScript regular expression `re` contains, or ""
// when none is found: the longest run of literal characters outside groups and classes, without
// a character that a `?`, `*` or `{` after it makes optional. A pattern with `|` gives "". A
// program without that text cannot match, so std::regex (slow) runs only on the ones with it.
std::string necessary_text(const std::string& re) {
  std::string best, run;
  bool last_in_run = false;  // the previous atom is the last character of `run`
  int depth = 0;
  auto end_run = [&] {
    if (run.size() > best.size()) best = run;
    run.clear();
    last_in_run = false;
  };
  for (size_t i = 0; i < re.size(); ++i) {
    char c = re[i];
    if (c == '|') return "";
    if (c == '?' || c == '*' || c == '{') {
      if (last_in_run) run.pop_back();
      end_run();
      if (c == '{')
        while (i + 1 < re.size() && re[i] != '}') ++i;
      continue;
    }
    if (c == '+') {
      end_run();
      continue;
    }
    if (c == '[') {
      end_run();
      for (++i; i < re.size() && re[i] != ']'; ++i)
        if (re[i] == '\\') ++i;
      continue;
    }
    if (c == '(' || c == ')') {
      depth += c == '(' ? 1 : -1;
      end_run();
      continue;
    }
    char literal = c;
    if (c == '\\') {
      if (i + 1 == re.size()) return "";
      literal = re[++i];
      if (std::isalnum(static_cast<unsigned char>(literal))) {  // \s \w \d \b \n \x41 ...: not itself
        i += literal == 'x' ? 2 : literal == 'u' ? 4 : literal == 'c' ? 1 : 0;
        end_run();
        continue;
      }
    } else if (c == '^' || c == '$' || c == '.') {
      end_run();
      continue;
    }
    if (depth > 0) continue;
    run += literal;
    last_in_run = true;
  }
  end_run();
  return best;
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
      std::string text = necessary_text(r.pattern.substr(3));
      for (const Program& p : programs) {
        if (!text.empty() && p.source.find(text) == std::string::npos) continue;
        if ((found = std::regex_search(p.source, re))) break;
      }
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
  // The text that lets a program be skipped without running the regular expression.
  CHECK(necessary_text("^\\s*del \\w+") == "del ");
  CHECK(necessary_text("x\\.view\\(") == "x.view(");
  CHECK(necessary_text("colou?r") == "colo");
  CHECK(necessary_text("(foo)+barbaz") == "barbaz");
  CHECK(necessary_text("ab{2}cd") == "cd");
  CHECK(necessary_text("[abc]+xy") == "xy");
  CHECK(necessary_text("a*") == "");
  CHECK(necessary_text("class|def") == "");
  CHECK(necessary_text("ab\\x41cd\\u0042") == "ab");
}
