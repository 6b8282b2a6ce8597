// The interpreter: runs a program of the Python subset of docs/language.md.
//
//   stridelab::python::Interp interp;
//   interp.set_stdout([](std::string_view s) { std::cout << s; });
//   interp.set_stderr([](std::string_view s) { std::cerr << s; });   // warnings, as they happen
//   RunResult r = interp.run(source);   // r.exit_code, r.error_text (the traceback CPython prints last)
//
// Modules beyond `math` and `time` are registered from C++ (see native.h), e.g.
//   interp.register_module("torch", [](Interp& in) { return make_torch_module(in); });
// and a library registers what it does as runs start and end with add_hooks (InterpHooks).
// An Observer (observer.h) sees every line, call, return and exception.
#pragma once
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

#include "python/ast.h"
#include "python/object.h"
#include "python/observer.h"

namespace stridelab::python {

// Where a warning is attributed: a line of a file other than the program (PyTorch's own Python
// code, e.g. torch/autograd/__init__.py), printed as CPython prints it.
struct WarningSite {
  std::string filename;
  int line = 0;
  std::string source_line;
};

struct RunResult {
  int exit_code = 0;       // 0, 1 for an uncaught exception or SyntaxError, 2 for a limit
  std::string error_text;  // the traceback / SyntaxError / limit message (stderr)
};

using ModuleLoader = support::Callback<Ref<ModuleObject>(Interp&)>;

// What a library bound into an interpreter (the torch surface) needs done as runs start and end
// and as the interpreter goes; the interpreter itself knows nothing of the library.
//   enter(in):    run() starts; returns what `leave` is given back when that run ends (runs nest).
//   leave(saved): run() ends, restoring what `enter` replaced.
//   teardown(in): the interpreter is being destroyed, after its reference cycles were cleared
//                 (NOTE [Cycles at teardown] in object.h).
// Each may be empty.
struct InterpHooks {
  std::function<const void*(Interp&)> enter;
  std::function<void(const void*)> leave;
  std::function<void(Interp&)> teardown;
};

class Interp {
 public:
  Interp();
  ~Interp();
  Interp(const Interp&) = delete;
  Interp& operator=(const Interp&) = delete;

  // ---- embedding ----
  void set_stdout(std::function<void(std::string_view)> sink) { stdout_ = std::move(sink); }
  void write_stdout(std::string_view text) {
    if (stdout_) stdout_(text);
  }
  // stderr while the program runs (warnings); the final traceback is RunResult::error_text.
  void set_stderr(std::function<void(std::string_view)> sink) { stderr_ = std::move(sink); }
  void write_stderr(std::string_view text) {
    if (stderr_) stderr_(text);
  }
  void set_observer(Observer* observer) { observer_ = observer; }
  Limits& limits() { return limits_; }
  // Makes `import name` (dotted names too: "torch.nn") load the module from `loader`, once.
  void register_module(const std::string& name, ModuleLoader loader);
  void add_hooks(InterpHooks hooks) { hooks_.push_back(std::move(hooks)); }
  // Parses and runs a whole program as the module `__main__`.
  RunResult run(std::string_view source, std::string_view filename = "<main>");

  // ---- used by builtins and native bindings ----
  Namespace& builtins() { return builtins_; }
  Ref<ModuleObject> import_module(const std::string& name);
  const Frame* current_frame() const { return frame_; }
  ObjRef call_function(FunctionObject* fn, CallArgs& args);
  // The text CPython prints for an uncaught exception (traceback + "Type: message").
  std::string format_exception(ExceptionObject* exc);
  long long steps() const { return steps_; }
  // warnings.warn as Python's default filter shows it on stderr:
  //   <main>:LINE: UserWarning: message
  //     the source line, stripped
  // once per (file, line, category, message) in a run. The line is the one running now, or `site`.
  void warn(const std::string& category, const std::string& message, const WarningSite* site = nullptr);
  // The interpreter inside run() (null outside), and a number unique to each run of any
  // interpreter (for once-per-process warnings, each run being one process).
  static Interp* running();
  // NOTE [C levels of the recursion limit]
  // CPython's recursion limit counts more than Python frames: a C call that calls back into Python
  // (the repr() builtin, PyObject_Repr) takes a level too. Where PyTorch's own Python code
  // recurses through such calls (Module.__repr__ calling repr() on each child: three levels a
  // module), the native code that stands for it enters those levels here (CLevels), so that
  // RecursionError comes where CPython raises it; a Python call checks its frame's depth plus
  // these levels against the limit. enter_c_level raises "maximum recursion depth exceeded" +
  // `where` past the limit.
  void enter_c_level(const char* where);
  void leave_c_level() { --c_levels_; }
  unsigned long long run_serial() const { return run_serial_; }

 private:
  friend class Evaluator;
  Namespace builtins_;
  std::map<std::string, ModuleLoader> loaders_;
  std::vector<InterpHooks> hooks_;
  std::map<std::string, Ref<ModuleObject>> modules_;
  std::function<void(std::string_view)> stdout_;
  std::function<void(std::string_view)> stderr_;
  std::set<std::tuple<std::string, int, std::string, std::string>> warned_;  // Python's __warningregistry__
  unsigned long long run_serial_ = 0;
  Observer* observer_ = nullptr;
  Limits limits_;
  Frame* frame_ = nullptr;
  std::string source_;     // the text that runs
  std::string file_text_;  // the program's file, when it differs (NOTE [NUL bytes in the source])
  std::string filename_ = "<main>";
  std::unique_ptr<Module> module_;
  Ref<ModuleObject> main_;
  long long steps_ = 0;
  int c_levels_ = 0;  // NOTE [C levels of the recursion limit]
  std::chrono::steady_clock::time_point start_time_;
  std::vector<Ref<ExceptionObject>> handling_;  // exceptions being handled (for __context__)
  // The mutable containers made while this interpreter runs (NOTE [Cycles at teardown]).
  TrackLink tracked_;
  void clear_tracked();
};

// Levels of CPython's recursion count entered for the scope, one per `where` (NOTE [C levels of
// the recursion limit]); none stay entered when one is refused.
class CLevels {
 public:
  CLevels(Interp& in, std::initializer_list<const char*> wheres) : in_(in) {
    try {
      for (const char* where : wheres) {
        in.enter_c_level(where);
        ++entered_;
      }
    } catch (...) {
      leave();
      throw;
    }
  }
  ~CLevels() { leave(); }
  CLevels(const CLevels&) = delete;
  CLevels& operator=(const CLevels&) = delete;

 private:
  void leave() {
    for (; entered_ > 0; --entered_) in_.leave_c_level();
  }
  Interp& in_;
  int entered_ = 0;
};

// Installs print, len, range, ... and the exception classes into `ns`.
void install_builtins(Interp& in, Namespace& ns);
// Registers `math` and `time`.
void register_standard_modules(Interp& in);
// Registers `collections` (collections.cpp).
void register_collections(Interp& in);

}  // namespace stridelab::python
