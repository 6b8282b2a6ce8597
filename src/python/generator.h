// Generators: the object a generator function's call or a generator expression returns.
//
// NOTE [Generators]
// The evaluator walks the tree with the C++ stack, and a generator must stop in the middle of its
// body and continue later, with no threads or stack switching (the WebAssembly build has
// neither). So a generator's body is resumable: its Frame lives in the GeneratorObject, and when
// the body reaches a `yield` it returns Flow::Yield up through every statement that encloses the
// yield. On the way out each of them pushes a GenCursor recording where it was: a block the index
// of the statement running, a `for` its iterator, an `if` its branch, a `try` which part was
// running with the exception it was handling, a `with` its manager, a `yield from` its
// sub-iterator. The cursors are pushed innermost first, so the outermost is last.
//
// To resume, the body is entered again from the top with GenState::resuming set: each statement
// pops its cursor (outermost first) and jumps straight to where it was, without evaluating what
// it evaluated before (no test, no iter(), no __enter__ again) and without line events, until the
// yield itself is reached again: it clears `resuming` and becomes the value sent in (or raises
// the exception thrown in), and execution goes on as normal. The cost of a resume is the depth
// of the statement nesting, not the work done before.
//
// A generator freed while suspended is closed (Object::finalize): GeneratorExit is thrown in at
// its yield, as generator.close() does, so a `for` loop left by `break` or `return`, `del g`, or
// rebinding the last name runs the generator's `finally` right there, as in CPython.
//
// A yield may stand in any simple statement (`yield v`, `x = yield v`, `y = 1 + (yield v)`,
// `print((yield))`, `return (yield)`), inside any nesting of for, while, if, try and with. A yield
// inside a larger expression cannot return a Flow, so it throws YieldSignal, which the statement
// (Evaluator::exec_logged) catches. For such a statement the evaluator keeps an ExprLog: each
// expression that completes replaces the entries of its own subexpressions with its value, so the
// log holds, in evaluation order, exactly the finished operands of the expressions still running
// (for `f(a, g(b, (yield)))`: f, a, g, b). It goes into the statement's cursor. To resume, the
// statement is evaluated again from the top, and an expression next in the log gives its value
// back without being evaluated (no call made twice), until the yield is reached again. A `def` or
// `class` with a yield in a decorator, a default, a base or a keyword runs as such a statement
// (its body is not run before those are all evaluated). A yield in the header of a compound
// statement (the test of an `if`, `elif` or `while`, the iterable of a `for`, a `with` item, the
// type of an `except` clause) is evaluated with a log of its own, kept in the statement's cursor
// (eval_header; an except clause's cursor keeps the exception being matched as well).
//
// A generator expression is a GeneratorObject too, without a body: it keeps one iterator per
// `for` clause and makes the next element on demand, in a frame of its own (`<genexpr>`).
#pragma once
#include <memory>
#include <vector>

#include "python/eval.h"

namespace stridelab::python {

struct GenCursor {
  size_t index = 0;          // a block: the statement running
  int phase = 0;             // if: 0 body, 1 else, 2 elif; for/while: 0 body, 1 else; try: the part running
  ObjRef obj;                // for, yield from: the iterator; with: the manager; try: the saved return value
  ObjRef value;              // with, suspended in its `as` target: what __enter__ returned
  Ref<ExceptionObject> exc;  // try: the exception being handled, or pending through `finally`
  Flow flow = Flow::Normal;  // try: the flow that `finally` interrupted
  std::vector<std::pair<const Expr*, ObjRef>> log;  // a statement with a yield inside: its ExprLog
};

// The phase of a `with` suspended in an item's `as` target (Evaluator::assign_with_target).
constexpr int kWithTarget = -3;

// The finished operands of a statement suspended at a yield inside an expression, and, when it
// resumes, how many of them have been given back (NOTE [Generators]).
struct ExprLog {
  std::vector<std::pair<const Expr*, ObjRef>> entries;
  size_t pos = 0;
};

// Thrown by a yield inside an expression, caught by its statement (NOTE [Generators]).
struct YieldSignal {};

struct GenState {
  std::vector<GenCursor> cursors;  // outermost last
  bool resuming = false;
  ObjRef sent;                  // the value the yield being resumed evaluates to
  Ref<ExceptionObject> thrown;  // or the exception it raises (throw(), close())
  ObjRef yielded;               // what the last yield gave
};

class GeneratorObject : public IteratorObject {
 public:
  GeneratorObject();
  ~GeneratorObject() override;
  void clear_refs() override;
  // Freed while suspended: closed first, so its `finally` blocks and `__exit__`s run (CPython's
  // close on dealloc); an exception that escapes is printed as CPython prints an unraisable one.
  bool needs_finalize() const override;
  void finalize() override;
  ObjRef next(Interp& in) override;
  // The value the body returned when it last ended (taken once: StopIteration's value), or null.
  ObjRef take_return_value() { return std::move(return_value_); }

  Frame frame_;
  Ref<FunctionObject> function_;  // the generator function (null for a generator expression)
  GenState state_;
  bool started_ = false, running_ = false, finished_ = false;
  ObjRef return_value_;
  // A generator expression: its comprehension, one iterator per `for` clause that has started,
  // its variables, and the enclosing comprehensions' variables as they were when it was made.
  const CompExpr* comp_ = nullptr;
  std::vector<Ref<IteratorObject>> iterators_;
  std::shared_ptr<Namespace> vars_ = std::make_shared<Namespace>();
  std::vector<std::shared_ptr<Namespace>> outer_vars_;
  std::string qualname_;  // in the repr: "f", "A.f", "<genexpr>", "f.<locals>.<genexpr>"
};

// At the end of a run: closes the suspended generators that the module's objects reach, in the
// order CPython's collector closes them at exit (NOTE [Generators at exit] in generator.cpp).
void close_at_exit(Namespace& globals);

// generator.close(): raises GeneratorExit at the yield where `g` is suspended.
void close_generator(Interp& in, GeneratorObject* g);

// The GeneratorExit exception class (BaseException's subclass).
TypeObject* generator_exit_type();
// generator methods (send, throw, close), StopIteration.value and GeneratorExit into `ns`.
void install_generators(Namespace& ns);
// StopIteration carrying a generator's return value (no args when it is None).
[[noreturn]] void raise_stop_iteration(ObjRef value);

}  // namespace stridelab::python
