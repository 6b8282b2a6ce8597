// The dunder methods of the built-in types and user subclasses of them (src/python/builtin_slots.cpp);
// the programs that CPython runs alike are golden programs (tests/golden/python/subclass_*.py).
#include <catch2/catch.hpp>

#include "python/native.h"

using namespace stridelab::python;

namespace {

struct Run {
  std::string out, err;
  int code = 0;
};

Run run(const std::string& src) {
  Interp in;
  Run r;
  in.set_stdout([&](std::string_view s) { r.out += s; });
  RunResult res = in.run(src);
  r.err = res.error_text;
  r.code = res.exit_code;
  return r;
}

}  // namespace

TEST_CASE("slots: a class that defines __new__ raises a clear error when called", "[slots]") {
  Run r =
      run("class P(int):\n    def __new__(cls, v):\n        return super().__new__(cls, abs(v))\n"
          "print(P.__name__)\nP(-3)\n");
  CHECK(r.out == "P\n");
  CHECK(r.code == 1);
  CHECK(r.err.find("NotImplementedError: stridelab does not support a class that defines __new__ yet (P.__new__)") !=
        std::string::npos);
}

TEST_CASE("slots: a subclass of a subclass inherits __new__ and the error", "[slots]") {
  Run r = run("class A:\n    def __new__(cls):\n        return object.__new__(cls)\nclass B(A):\n    pass\nB()\n");
  CHECK(r.err.find("stridelab does not support a class that defines __new__ yet (A.__new__)") != std::string::npos);
}

TEST_CASE("slots: a user subclass of list keeps the list's items through its own dunders", "[slots]") {
  Run r =
      run("class L(list):\n    def __len__(self):\n        return super().__len__() * 10\n"
          "l = L([1, 2])\nprint(len(l), l, list(l), l[1], 2 in l, type(l) is L)\n");
  CHECK(r.err.empty());
  CHECK(r.out == "20 [1, 2] [1, 2] 2 True True\n");
}
