// A generator's frame in the trace: where it stands when the caller resumes it.
#include <catch2/catch.hpp>

#include "trace/session.h"

using namespace stridelab;
using support::Json;

TEST_CASE("a resumed generator is shown at the yield it left, not at the caller's line", "[trace]") {
  const std::string src =
      "def gen():\n"    // 1
      "    x = 1\n"     // 2
      "    yield x\n"   // 3
      "    y = 2\n"     // 4
      "    yield y\n"   // 5
      "\n"              // 6
      "g = gen()\n"     // 7
      "a = next(g)\n"   // 8
      "b = next(g)\n"   // 9
      "print(a, b)\n";  // 10
  trace::Session s;
  auto summary = s.run(src);
  REQUIRE(summary.exit_code == 0);
  bool seen = false;
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    const Json::Array& frames = st.at("frames").as_array();
    if (st.at("line").as_int() != 9 || frames.size() != 2) continue;
    CHECK(frames[0].at("line").as_int() == 9);
    CHECK(frames[1].at("name").as_string() == "gen");
    CHECK(frames[1].at("line").as_int() == 3);
    seen = true;
  }
  CHECK(seen);
}

TEST_CASE("a generator freed after break runs its finally in the trace", "[trace]") {
  const std::string src =
      "def gen():\n"                // 1
      "    try:\n"                  // 2
      "        yield 1\n"           // 3
      "        yield 2\n"           // 4
      "    finally:\n"              // 5
      "        print('cleanup')\n"  // 6
      "for v in gen():\n"           // 7
      "    break\n"                 // 8
      "print('after')\n";           // 9
  trace::Session s;
  auto summary = s.run(src);
  REQUIRE(summary.exit_code == 0);
  bool finally_ran = false;
  for (int64_t i = 0; i < s.step_count(); ++i) {
    Json st = s.state(i);
    if (st.at("line").as_int() == 6 && st.at("frames").as_array().size() == 2) finally_ran = true;
  }
  CHECK(finally_ran);
  CHECK(s.state(s.step_count() - 1).at("output").as_string() == "cleanup\nafter\n");
}
