// Calls with very many arguments bind them in linear time (issue 11): a def with 100,000
// parameters called positionally, by keyword and through ** finishes well inside the time limit
// (binding them pairwise took minutes).
#include <catch2/catch.hpp>

#include "python/interp.h"

using namespace stridelab::python;

TEST_CASE("safety: binding 100,000 arguments is linear", "[safety]") {
  const int n = 100000;
  std::string params, keywords;
  for (int i = 0; i < n; ++i) {
    params += (i ? ", a" : "a") + std::to_string(i);
    keywords += (i ? ", a" : "a") + std::to_string(i) + "=" + std::to_string(i);
  }
  std::string src = "def f(" + params + "):\n    return a0 + a" + std::to_string(n - 1) + "\n" + "print(f(*range(" +
                    std::to_string(n) + ")))\n" + "print(f(**{'a' + str(i): i for i in range(" + std::to_string(n) +
                    ")}))\n" + "print(f(" + keywords + "))\n" +
                    "try:\n    f(**{'a0': 1}, **{'a0': 2})\nexcept TypeError as e:\n    print(e)\n";
  Interp in;
  in.limits().max_seconds = 60;
  in.limits().max_steps = 10000000;
  std::string out;
  in.set_stdout([&](std::string_view s) { out += s; });
  RunResult r = in.run(src);
  CHECK(r.error_text.empty());
  CHECK(out == "99999\n99999\n99999\n__main__.f() got multiple values for keyword argument 'a0'\n");
}
