// support::Callback: what std::function did for the bindings, with a function pointer for a lambda
// without captures and a shared box for one with captures (NOTE [Callbacks without a vtable per
// lambda] in support/callback.h).
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "support/callback.h"

using stridelab::support::Callback;

namespace {

int triple(int x) { return 3 * x; }

// Counts how many copies of a capture are alive.
struct Tracked {
  std::shared_ptr<int> alive;
  explicit Tracked(std::shared_ptr<int> a) : alive(std::move(a)) { ++*alive; }
  Tracked(const Tracked& o) : alive(o.alive) { ++*alive; }
  ~Tracked() { --*alive; }
};

}  // namespace

TEST_CASE("a Callback is empty until given a callable", "[callback]") {
  Callback<int(int)> none;
  CHECK_FALSE(none);
  CHECK(none == nullptr);
  Callback<int(int)> null_ptr = nullptr;
  CHECK_FALSE(null_ptr);
  int (*no_function)(int) = nullptr;
  Callback<int(int)> from_null_pointer = no_function;
  CHECK_FALSE(from_null_pointer);
}

TEST_CASE("a lambda without captures, a function and a lambda with captures are called", "[callback]") {
  Callback<int(int)> twice = [](int x) { return 2 * x; };
  Callback<int(int)> thrice = triple;
  int n = 10;
  Callback<int(int)> add = [n](int x) { return x + n; };
  CHECK(twice);
  CHECK(twice != nullptr);
  CHECK(twice(4) == 8);
  CHECK(thrice(4) == 12);
  CHECK(add(4) == 14);
  // A result converted as std::function converts it.
  Callback<long(int)> widened = [](int x) { return x; };
  CHECK(widened(7) == 7L);
  // Arguments are passed on as declared: by reference, and moved.
  Callback<void(int&)> bump = [](int& x) { ++x; };
  int v = 1;
  bump(v);
  CHECK(v == 2);
  Callback<std::string(std::string &&)> take = [](std::string&& s) { return std::move(s) + "!"; };
  CHECK(take(std::string("hi")) == "hi!");
}

TEST_CASE("copies share the captures, which go with the last copy", "[callback]") {
  auto alive = std::make_shared<int>(0);
  {
    Callback<int()> a;
    {
      Tracked t(alive);
      a = [t]() { return *t.alive; };
    }
    CHECK(*alive == 1);  // the box's copy only
    Callback<int()> b = a;
    Callback<int()> c;
    c = b;
    CHECK(*alive == 1);  // shared, not copied
    Callback<int()> d = std::move(c);
    CHECK_FALSE(c);  // NOLINT: a moved-from Callback is empty
    CHECK(d() == 1);
    a = nullptr;
    b = []() { return 0; };
    CHECK(*alive == 1);  // d still holds it
  }
  CHECK(*alive == 0);
}

TEST_CASE("an exception from the callable goes through the call", "[callback]") {
  Callback<void()> fail = [] { throw std::runtime_error("boom"); };
  CHECK_THROWS_WITH(fail(), "boom");
  std::string word = "boxed";
  Callback<void()> fail_boxed = [word] { throw std::runtime_error(word); };
  CHECK_THROWS_WITH(fail_boxed(), "boxed");
}
