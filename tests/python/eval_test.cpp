#include <catch2/catch.hpp>

#include "python/native.h"

using namespace stridelab::python;

namespace {

struct Run {
  std::string out, err;
  int code = 0;
};

Run run(const std::string& src, Interp* shared = nullptr, Limits limits = {}) {
  Interp local;
  Interp& in = shared ? *shared : local;
  in.limits() = limits;
  Run r;
  in.set_stdout([&](std::string_view s) { r.out += s; });
  RunResult res = in.run(src);
  r.err = res.error_text;
  r.code = res.exit_code;
  return r;
}

class Recorder : public Observer {
 public:
  std::vector<std::string> events;
  void on_line(const Frame& f) override { events.push_back("line " + std::to_string(f.line) + " " + f.name); }
  void on_call(const Frame& f) override {
    std::string locals;
    for (auto& [k, v] : f.locals()) locals += " " + k;
    events.push_back("call " + f.name + locals);
  }
  void on_return(const Frame& f, Object* v) override { events.push_back("return " + f.name); }
};

}  // namespace

TEST_CASE("eval: basic program", "[eval]") {
  CHECK(run("print(1 + 2, 'a' * 2, [x * x for x in range(3)])\n").out == "3 aa [0, 1, 4]\n");
}

TEST_CASE("eval: temporaries are freed where CPython frees them", "[eval]") {
  CHECK(run("class A: pass\nprint(id(A()) == id(A()))\na = A()\nprint(id(a) == id(A()))\n").out == "True\nFalse\n");
}

TEST_CASE("eval: uncaught exception traceback", "[eval]") {
  Run r = run("def f(x):\n    return x + 'a'\nf(1)\n");
  CHECK(r.code == 1);
  CHECK(r.err ==
        "Traceback (most recent call last):\n"
        "  File \"<main>\", line 3, in <module>\n    f(1)\n"
        "  File \"<main>\", line 2, in f\n    return x + 'a'\n           ~~^~~~~\n"
        "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n");
}

TEST_CASE("eval: limits stop the run with a clear message", "[eval]") {
  Limits steps;
  steps.max_steps = 50;
  Run r = run("while True:\n    pass\n", nullptr, steps);
  CHECK(r.code == 2);
  CHECK(r.err ==
        "stridelab: step limit exceeded: the program ran more than 50 line events (raise it with --max-steps N)\n");
  Limits depth;  // the recursion limit is CPython's, a RecursionError (tests/torch/limits_test.cpp)
  depth.max_depth = 20;
  r = run("def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    print('caught')\n", nullptr,
          depth);
  CHECK(r.out == "caught\n");
  Limits time;
  time.max_seconds = 0.0;
  r = run("i = 0\nwhile True:\n    i += 1\n", nullptr, time);
  CHECK(r.err.find("time limit exceeded") != std::string::npos);
  CHECK(r.err.find("--max-seconds") != std::string::npos);
}

TEST_CASE("eval: observer sees lines, calls and returns in CPython's order", "[eval]") {
  Interp in;
  Recorder rec;
  in.set_observer(&rec);
  run("def f(a, b):\n    c = a + b\n    return c\nfor i in range(2):\n    f(i, 1)\n", &in);
  std::vector<std::string> want = {
      "line 1 <module>", "line 4 <module>", "line 5 <module>", "call f a b", "line 2 f", "line 3 f", "return f",
      "line 4 <module>", "line 5 <module>", "call f a b",      "line 2 f",   "line 3 f", "return f", "line 4 <module>"};
  CHECK(rec.events == want);
}

TEST_CASE("eval: a yield in an if header resumes into the branch the sent value picks", "[eval]") {
  Run r =
      run("def g():\n    if (yield 1):\n        print('yes')\n    else:\n        print('no')\n"
          "for v in (True, False):\n    it = g()\n    next(it)\n    try:\n        it.send(v)\n"
          "    except StopIteration:\n        pass\n");
  CHECK(r.err.empty());
  CHECK(r.out == "yes\nno\n");
}

TEST_CASE("eval: a yield in an except clause resumes into the matching with the exception kept", "[eval]") {
  Run r =
      run("def g():\n    try:\n        raise KeyError(1)\n    except (yield 1) as e:\n        print('caught', e)\n"
          "it = g()\nnext(it)\ntry:\n    it.send(KeyError)\nexcept StopIteration:\n    print('done')\n");
  CHECK(r.err.empty());
  CHECK(r.out == "caught 1\ndone\n");
}

TEST_CASE("eval: a yield inside an expression resumes without evaluating its operands again", "[eval]") {
  Run r =
      run("def f(tag):\n    print('call', tag)\n    return tag\n"
          "def g():\n    print(f('a') + (yield 1) + f('b'), f('c'))\n"
          "it = g()\nnext(it)\ntry:\n    it.send('-')\nexcept StopIteration:\n    print('done')\n");
  CHECK(r.out == "call a\ncall b\ncall c\na-b c\ndone\n");
}

TEST_CASE("eval: a suspended generator's frame is entered and left at each resume", "[eval]") {
  Interp in;
  Recorder rec;
  in.set_observer(&rec);
  run("def g(n):\n    for i in range(n):\n        yield i\nfor x in g(2):\n    pass\n", &in);
  std::vector<std::string> want = {
      "line 1 <module>", "line 4 <module>", "call g n",   "line 2 g", "line 3 g", "return g",
      "line 5 <module>", "line 4 <module>", "call g n i", "line 2 g", "line 3 g", "return g",
      "line 5 <module>", "line 4 <module>", "call g n i", "line 2 g", "return g"};
  CHECK(rec.events == want);
}

TEST_CASE("native extension point: types, methods, properties, operators, modules", "[eval][native]") {
  struct Counter : Object {
    explicit Counter(TypeObject* t) : Object(t) {}
    int64_t n_ = 0;
  };
  static TypeObject* counter =
      NativeType("Counter", "demo")
          .constructor([](Interp&, TypeObject* cls, CallArgs&) -> ObjRef { return ObjRef(new Counter(cls)); })
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "Counter", {"self", "start="});
                    as<Counter>(p.get(0))->n_ = p.get_int(in, 1, 0);
                    return ObjRef(none());
                  })
          .method("add",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "add", {"self", "k="});
                    as<Counter>(p.get(0))->n_ += p.get_int(in, 1, 1);
                    return a.pos[0];
                  })
          .method("__add__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    if (!is_int(a.pos[1].get())) return ObjRef(not_implemented());
                    Ref<Counter> c(new Counter(a.pos[0]->type()));
                    c->n_ = as<Counter>(a.pos[0].get())->n_ + as<IntObject>(a.pos[1].get())->value_;
                    return c;
                  })
          .method("__radd__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    CallArgs b;
                    b.pos = {a.pos[0], a.pos[1]};
                    return call_method(in, a.pos[0].get(), "__add__",
                                       b.pos.size() ? (b.pos.erase(b.pos.begin()), b) : b);
                  })
          .method("__repr__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_str("Counter(" + std::to_string(as<Counter>(a.pos[0].get())->n_) + ")");
                  })
          .method("__enter__", [](Interp&, CallArgs& a) -> ObjRef { return a.pos[0]; })
          .method("__exit__", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(false_obj()); })
          .property(
              "n", [](Interp&, Object* self) { return make_int(as<Counter>(self)->n_); },
              [](Interp& in, Object* self, ObjRef v) { as<Counter>(self)->n_ = to_index(in, v.get()); })
          .build();
  Interp in;
  auto module = make_module("demo");
  module_add(module.get(), "Counter", ObjRef(counter));
  module_add_function(module.get(), "twice", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "twice", {"x"});
    return make_int(2 * p.get_int(in, 0, 0));
  });
  in.register_module("demo", [module](Interp&) { return module; });
  Run r =
      run("import demo\nfrom demo import twice\nc = demo.Counter(5)\nc.add().add(k=3)\nprint(c, c.n, c + 1, 1 + c, "
          "twice(x=4))\n"
          "c.n = 0\nwith c as d:\n    print(d is c, d.n)\n"
          "class Sub(demo.Counter):\n    def __init__(self):\n        super().__init__(7)\n    def double(self):\n     "
          "   return self.n * 2\n"
          "s = Sub()\nprint(s, s.double(), type(s).__name__, isinstance(s, demo.Counter))\n"
          "c.add(1, 2)\n",
          &in);
  CHECK(r.out == "Counter(9) 9 Counter(10) Counter(10) 8\nTrue 0\nCounter(7) 14 Sub True\n");
  CHECK(r.err.find("TypeError: add() takes 2 positional arguments but 3 were given") != std::string::npos);
}

TEST_CASE("eval: what stridelab does not support yet says so", "[eval]") {
  auto last_line = [](const std::string& err) {
    std::string e = err.substr(0, err.size() - 1);
    return e.substr(e.rfind('\n') + 1);
  };
  CHECK(last_line(run("class Meta(type):\n    pass\nclass M(metaclass=Meta):\n    pass\n").err) ==
        "NotImplementedError: stridelab does not support metaclasses (metaclass=Meta) yet");
  CHECK(last_line(run("class C:\n    pass\nvars(C)\n").err) ==
        "NotImplementedError: stridelab does not support a class's __dict__ (vars() of a class) yet");
  CHECK(last_line(run("class C:\n    pass\nC.__dict__\n").err) ==
        "NotImplementedError: stridelab does not support a class's __dict__ (vars() of a class) yet");
  CHECK(last_line(run("memoryview(bytes(6)).cast('B', shape=[2, 3])\n").err) ==
        "NotImplementedError: stridelab does not support a memoryview cast to another shape or to more than one "
        "dimension yet");
  CHECK(last_line(run("from dataclasses import dataclass\n@dataclass(kw_only=True)\nclass C:\n    x: int\n").err) ==
        "NotImplementedError: stridelab does not support dataclass(kw_only=True) yet");
  // A module the reference can import (its standard library, numpy) is one stridelab lacks; one
  // that exists nowhere is CPython's error. Both stay ImportErrors.
  CHECK(last_line(run("import sys\n").err) == "ModuleNotFoundError: stridelab does not support the module 'sys' yet");
  CHECK(last_line(run("from typing import List\n").err) ==
        "ModuleNotFoundError: stridelab does not support the module 'typing' yet");
  // The package is imported first, as CPython does.
  CHECK(last_line(run("import numpy.linalg\n").err) ==
        "ModuleNotFoundError: stridelab does not support the module 'numpy' yet");
  CHECK(last_line(run("import no_such_module\n").err) == "ModuleNotFoundError: No module named 'no_such_module'");
  CHECK(run("try:\n    import numpy as np\nexcept ImportError as e:\n    print(e.name, type(e).__name__)\n").out ==
        "numpy ModuleNotFoundError\n");
}
