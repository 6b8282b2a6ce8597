// Runs every golden program (tests/golden/{python,torch,seeds}/*.py) in-process and compares its stdout,
// stderr (warnings, then the traceback) and exit code with what CPython recorded (tests/record_golden.py).
//
// NOTE [ Masking addresses ]
// Addresses differ between CPython and stridelab, so before comparing, both texts get
//   - every `0x[0-9a-f]+` replaced by `0x#N`, and
//   - every decimal integer of 9 or more digits that is not part of a float (what id() and
//     data_ptr() print; PyTorch's small allocations can sit low in the heap, 725086720) by `#N`,
// where N numbers the distinct values in order of first appearance within that text. Equal
// addresses therefore stay equal and different ones stay different: the test checks the
// identity structure (`id(a.data) == id(b.data)`), not the values.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <cctype>
#include <set>
#include <sstream>

#include "python/interp.h"
#include "support/asan.h"
#include "torch/torch.h"

namespace fs = std::filesystem;
using namespace stridelab::python;
using namespace stridelab::torch;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string mask_addresses(const std::string& text) {
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  auto is_hex = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f'); };
  std::map<std::string, int> seen;
  auto number = [&](const std::string& value) {
    return std::to_string(seen.emplace(value, static_cast<int>(seen.size()) + 1).first->second);
  };
  std::string out;
  size_t i = 0, n = text.size();
  while (i < n) {
    if (text[i] == '0' && i + 2 < n && text[i + 1] == 'x' && is_hex(text[i + 2])) {
      size_t j = i + 2;
      while (j < n && is_hex(text[j])) ++j;
      out += "0x#" + number(text.substr(i, j - i));
      i = j;
      continue;
    }
    bool starts_number =
        std::isdigit(static_cast<unsigned char>(text[i])) && (i == 0 || (!is_word(text[i - 1]) && text[i - 1] != '.'));
    if (starts_number) {
      size_t j = i;
      while (j < n && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      bool whole = j == n || (!is_word(text[j]) && text[j] != '.');
      if (j - i >= 9 && whole) out += "#" + number(text.substr(i, j - i));
      else out += text.substr(i, j - i);
      i = j;
      continue;
    }
    out += text[i++];
  }
  return out;
}

struct Outcome {
  std::string out, err;
  int code;
};

Outcome run_program(const std::string& source) {
  Interp interp;
  register_torch(interp);
#ifdef STRIDELAB_ASAN
  // The sanitizers make a program several times slower, and the time limit reads the wall clock:
  // a program that takes 1.5 s natively (safety_nested, a million-deep list) must not meet the
  // 10-s limit here. No golden program's recorded output is the time limit.
  interp.limits().max_seconds = 120.0;
#endif
  Outcome o;
  interp.set_stdout([&](std::string_view s) { o.out += s; });
  interp.set_stderr([&](std::string_view s) { o.err += s; });
  RunResult r = interp.run(source);
  o.err += r.error_text;
  o.code = r.exit_code;
  return o;
}

// Programs that rely on the system allocator's reuse of freed blocks (allocator_dependent.txt);
// empty unless built with AddressSanitizer, whose allocator delays reuse.
std::set<std::string> allocator_dependent() {
  std::set<std::string> out;
#ifdef STRIDELAB_ASAN
  std::istringstream lines(read_file((fs::path(STRIDELAB_TESTS_DIR) / "golden" / "allocator_dependent.txt").string()));
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty() && line[0] != '#') out.insert(line);
#endif
  return out;
}

// Runs one golden program and compares it with its recorded outputs.
void check_program(const fs::path& py) {
  fs::path base = py;
  base.replace_extension();
  INFO("golden program: " << py.string());
  Outcome o = run_program(read_file(py));
  CHECK(mask_addresses(o.out) == mask_addresses(read_file(base.string() + ".out")));
  CHECK(mask_addresses(o.err) == mask_addresses(read_file(base.string() + ".err")));
  CHECK(o.code == std::stoi(read_file(base.string() + ".code")));
}

void check_directory(const fs::path& dir) {
  static const std::set<std::string> skip = allocator_dependent();
  std::vector<fs::path> programs;
  for (auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".py" &&
        !skip.count(dir.filename().string() + "/" + entry.path().filename().string()))
      programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  REQUIRE(!programs.empty());
  for (const fs::path& py : programs) check_program(py);
}

}  // namespace

TEST_CASE("masking keeps the identity structure of addresses", "[golden][masking]") {
  CHECK(mask_addresses("a 0x7f01 b 0x7f02 c 0x7f01") == "a 0x#1 b 0x#2 c 0x#1");
  CHECK(mask_addresses("140234567890123 == 140234567890123") == "#1 == #1");
  CHECK(mask_addresses("725086720 == 725086720 != 786795904") == "#1 == #1 != #2");
  CHECK(mask_addresses("12345678 and 123456789.123 and 1e+16 stay") == "12345678 and 123456789.123 and 1e+16 stay");
}

TEST_CASE("golden programs: pure Python", "[golden]") {
  check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "python");
}

TEST_CASE("golden programs: torch", "[golden]") { check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "torch"); }

TEST_CASE("golden programs: the five documents' examples", "[golden]") {
  check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "seeds");
}

// One program, named by STRIDELAB_GOLDEN (a path to its .py): ctest runs each golden program as a
// test of its own this way (CMakeLists.txt), and `./dev golden PATH` runs one. With
// STRIDELAB_GOLDEN_DIFF set to a folder, the masked outputs are also written there
// (expected.out, actual.out, expected.err, actual.err) for a diff.
TEST_CASE("one golden program", "[.][golden-one]") {
  const char* path = std::getenv("STRIDELAB_GOLDEN");
  REQUIRE(path != nullptr);
  fs::path py(path);
  std::string program = py.parent_path().filename().string() + "/" + py.filename().string();
  if (allocator_dependent().count(program)) return;  // see allocator_dependent()
  if (const char* diff_dir = std::getenv("STRIDELAB_GOLDEN_DIFF")) {
    fs::path base = py;
    base.replace_extension();
    Outcome o = run_program(read_file(py));
    auto write = [&](const char* name, const std::string& text) { std::ofstream(fs::path(diff_dir) / name) << text; };
    write("expected.out", mask_addresses(read_file(base.string() + ".out")));
    write("actual.out", mask_addresses(o.out));
    write("actual.err", mask_addresses(o.err + "[exit status " + std::to_string(o.code) + "]\n"));
    write("expected.err", mask_addresses(read_file(base.string() + ".err") + "[exit status " +
                                         std::to_string(std::stoi(read_file(base.string() + ".code"))) + "]\n"));
  }
  check_program(py);
}
