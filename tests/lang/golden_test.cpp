// Runs every golden program (tests/golden/{python,torch,seeds}/*.py) in-process and compares its stdout,
// stderr and exit code with what CPython recorded (tests/record_golden.py).
//
// NOTE [ Masking addresses ]
// Addresses differ between CPython and stridelab, so before comparing, both texts get
//   - every `0x[0-9a-f]+` replaced by `0x#N`, and
//   - every decimal integer of 12 or more digits (what id() and data_ptr() print) by `#N`,
// where N numbers the distinct values in order of first appearance within that text. Equal
// addresses therefore stay equal and different ones stay different: the test checks the
// identity structure (`id(a.data) == id(b.data)`), not the values.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "lang/interp.h"
#include "lang/torch.h"

namespace fs = std::filesystem;
using namespace stridelab::lang;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string mask_addresses(const std::string& text) {
  static const std::regex address(R"(0x[0-9a-f]+|\b[0-9]{12,}\b)");
  std::map<std::string, int> seen;
  std::string out;
  auto begin = std::sregex_iterator(text.begin(), text.end(), address);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    out += text.substr(last, m.position() - last);
    std::string value = m.str();
    auto found = seen.emplace(value, static_cast<int>(seen.size()) + 1).first;
    out += (value.rfind("0x", 0) == 0 ? "0x#" : "#") + std::to_string(found->second);
    last = m.position() + m.length();
  }
  return out + text.substr(last);
}

struct Outcome {
  std::string out, err;
  int code;
};

Outcome run_program(const std::string& source) {
  Interp interp;
  register_torch(interp);
  Outcome o;
  interp.set_stdout([&](std::string_view s) { o.out += s; });
  RunResult r = interp.run(source);
  o.err = r.error_text;
  o.code = r.exit_code;
  return o;
}

void check_directory(const fs::path& dir) {
  std::vector<fs::path> programs;
  for (auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".py") programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  REQUIRE(!programs.empty());
  for (const fs::path& py : programs) {
    fs::path base = py;
    base.replace_extension();
    INFO("golden program: " << py.string());
    Outcome o = run_program(read_file(py));
    CHECK(mask_addresses(o.out) == mask_addresses(read_file(base.string() + ".out")));
    CHECK(mask_addresses(o.err) == mask_addresses(read_file(base.string() + ".err")));
    CHECK(o.code == std::stoi(read_file(base.string() + ".code")));
  }
}

}  // namespace

TEST_CASE("masking keeps the identity structure of addresses", "[golden]") {
  CHECK(mask_addresses("a 0x7f01 b 0x7f02 c 0x7f01") == "a 0x#1 b 0x#2 c 0x#1");
  CHECK(mask_addresses("140234567890123 == 140234567890123") == "#1 == #1");
  CHECK(mask_addresses("10000000000 stays") == "10000000000 stays");
}

TEST_CASE("golden programs: pure Python", "[golden]") {
  check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "python");
}

TEST_CASE("golden programs: torch", "[golden]") {
  check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "torch");
}

TEST_CASE("golden programs: the five documents' examples", "[golden]") {
  check_directory(fs::path(STRIDELAB_TESTS_DIR) / "golden" / "seeds");
}
