// Execution hooks for the trace recorder: the evaluator reports line, call, return and exception
// events at CPython's sys.settrace granularity, with the frame stack at hand.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "python/object.h"
#include "support/budget.h"

namespace stridelab::python {

// One activation: the module body, a function call or a class body.
struct Frame {
  std::string name;                          // "<module>", the function's name, or the class name
  const ScopeInfo* scope = nullptr;          // null for the module and class bodies
  Ref<Env> env;                              // function locals (null for the module / class body)
  Namespace* globals = nullptr;              // the module's namespace
  Namespace* class_ns = nullptr;             // the class body's namespace while it runs
  Frame* parent = nullptr;                   // the caller
  int line = 0;                              // the line executing now
  int depth = 0;                             // 0 for the module
  std::string qualname;                      // prefix for functions defined here ("A", "f.<locals>")
  class FunctionObject* function = nullptr;  // the function running (null for module / class)
  // Comprehension variables, innermost last (each comprehension has its own scope).
  std::vector<Namespace*> comprehension_scopes;
  // A function frame's dict that vars() returns, kept so that each call gives the same one,
  // updated, as CPython's frame locals are (null until the first call).
  mutable ObjRef vars_dict;

  // The frame's local variables in a stable order: a function's parameters and locals in
  // declaration order (unbound ones skipped), the module's globals in insertion order.
  std::vector<std::pair<std::string, Object*>> locals() const;
  // The variables as CPython 3.11 orders a frame's (what dir() and vars() show): in a function,
  // its parameters and plain locals, then its cells (sorted), then its free variables (sorted);
  // unbound ones skipped. Elsewhere the same as locals().
  std::vector<std::pair<std::string, Object*>> python_locals() const;
};

class Observer {
 public:
  virtual ~Observer() = default;
  // Execution reached a new line, or jumped back to a loop header.
  virtual void on_line(const Frame& frame) {}
  // A function frame was entered (its arguments are bound in frame.locals()).
  virtual void on_call(const Frame& frame) {}
  // A function frame is returning `value` (null when it is unwinding with an exception).
  virtual void on_return(const Frame& frame, Object* value) {}
  // An exception was raised or passed through `frame`.
  virtual void on_exception(const Frame& frame, ExceptionObject* exc) {}
};

// Told of every call of a function written in C++ (the torch binding's ops and layers, and the
// builtins) with its arguments and result, once it has returned; the trace reads from it which
// tensor cells each call read. One observer at a time (the trace), none by default: a call then
// costs one test of this pointer. Calls that raise are not reported.
class NativeCallObserver {
 public:
  virtual ~NativeCallObserver() = default;
  virtual void on_native_call(const BuiltinFunctionObject& fn, const CallArgs& args, Object* result) = 0;
};
inline NativeCallObserver* g_native_call_observer = nullptr;
inline void set_native_call_observer(NativeCallObserver* observer) { g_native_call_observer = observer; }

// The playground's own limits. Passing one stops the run (Python code cannot catch it).
struct Limits {
  long long max_steps = 100000;  // line events, --max-steps
  int max_depth = 1000;          // nested calls, --max-depth
  double max_seconds = 10.0;     // wall time, --max-seconds (NOTE [Deadline polling], support/budget.h)
};

// Raised by every layer (support::deadline(), kernels polling it): one class.
using LimitExceeded = support::LimitExceeded;

}  // namespace stridelab::python
