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

TEST_CASE("slots: a subclass of int with __new__ reaches int's object through super()", "[slots]") {
  Run r =
      run("class P(int):\n    def __new__(cls, v):\n        return super().__new__(cls, abs(v))\n"
          "p = P(-3)\nprint(P.__name__, p, p + 1, type(p) is P)\n");
  CHECK(r.err.empty());
  CHECK(r.out == "P 3 4 True\n");
}

TEST_CASE("slots: a subclass of a subclass inherits __new__", "[slots]") {
  Run r =
      run("class A:\n    def __new__(cls):\n        print('new', cls.__name__)\n        return object.__new__(cls)\n"
          "class B(A):\n    pass\nprint(type(B()).__name__)\n");
  CHECK(r.err.empty());
  CHECK(r.out == "new B\nB\n");
}

TEST_CASE("slots: a user subclass of list keeps the list's items through its own dunders", "[slots]") {
  Run r =
      run("class L(list):\n    def __len__(self):\n        return super().__len__() * 10\n"
          "l = L([1, 2])\nprint(len(l), l, list(l), l[1], 2 in l, type(l) is L)\n");
  CHECK(r.err.empty());
  CHECK(r.out == "20 [1, 2] [1, 2] 2 True True\n");
}
