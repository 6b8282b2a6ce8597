// NOTE [Native recursion]
// C++ that recurses on what a program builds or writes (the evaluator on nested expressions and
// calls, repr / str / == / hash of nested containers, the parser's checks, nn.Module walks) holds a
// NativeDepth for each level. Past the limit it raises RecursionError as CPython does, with CPython's
// words for where it was ("maximum recursion depth exceeded while getting the repr of an object",
// "... in comparison"), so that no input overflows the machine stack: the program may catch it.
//
// One guard serves everything, and it measures what overflows. Natively that is the thread's stack:
// its bounds are read once per thread and a level is refused when less than a safety margin is left
// (the margin covers the deepest stretch of C++ between two guarded levels). In WebAssembly the
// engine's frames live on the JavaScript engine's own stack, which wasm cannot read; there, once
// the recursion is deeper than any it reached before, a small JavaScript function checks that a
// margin of that stack is still free by using it (recursion.cpp), and the shadow stack
// (Emscripten's, for locals whose address is taken) is checked as well. Where the browser can
// switch stacks, the page's run does not use the worker's stack at all: NOTE [Fresh stacks].
#pragma once
#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

// A function kept out of the one that calls it at every level of a deep recursion (repr of a
// container): its frame is then paid only by the levels that need it.
#define STRIDELAB_NOINLINE [[gnu::noinline]]

namespace stridelab::python {

namespace recursion {
// Levels entered and not yet left on this thread.
inline thread_local int g_depth = 0;
#ifdef __EMSCRIPTEN__
// The WebAssembly build's check (recursion.cpp) runs every kCheckEvery levels past the deepest
// level checked on the way down, g_checked_depth, which follows the recursion back up; no check
// runs below kUncheckedDepth levels.
constexpr int kCheckEvery = 8;
constexpr int kUncheckedDepth = 200;
inline thread_local int g_checked_depth = kUncheckedDepth;

// NOTE [Fresh stacks]
// A dedicated Web Worker's JavaScript stack holds about 570 Python calls of the engine, too few
// for Python's limit of 1,000. Where the browser has JavaScript Promise Integration
// (WebAssembly.Suspending / WebAssembly.promising), the page's run starts on a stack of its own
// (src/wasm/fresh_stacks.js), and a recursion that has gone kSegmentSwitch levels deeper on the
// current stack continues on a new one: the level is run through an import that the glue makes
// Suspending, which calls the engine's function (named by its table index) through
// WebAssembly.promising, and a promising call always starts on a new stack. The deeper stack suspends the one below it
// while it runs, and the one below resumes with its result, so the run stays one sequence of calls; the depth is
// bounded by memory and by the limits, not by any one stack. A C++ exception does not cross the stacks: the level
// catches it on the new stack and rethrows it on the old one (on_fresh_stack). JavaScript code (the probe of
// stridelab_stack_has_room included) always runs on the worker's own stack, so nothing can measure what is left of the
// stack a level runs on. On a fresh stack the guard counts instead: a stack is given at most kSegmentLevels levels (the
// levels that switch, evaluating an expression and repr / str / == / hash, come within a few levels of each other, so a
// stack holds about kSegmentSwitch of them), and a run at most kFreshLevels levels in all. Without Promise Integration
// (node, older browsers) nothing switches and the probe guards as before.
constexpr int kSegmentSwitch = 64;
constexpr int kSegmentLevels = 256;
constexpr int kFreshLevels = 20000;
// True while a run is on stacks of its own (set by the page's run, src/wasm/bindings.cpp).
inline thread_local bool g_fresh_stacks = false;
// g_depth when the current stack began.
inline thread_local int g_segment_base = 0;
inline bool wants_fresh_stack() { return g_fresh_stacks && g_depth - g_segment_base >= kSegmentSwitch; }
// Runs fn(ctx) on a new stack and returns when it has (fn must not throw).
void run_on_fresh_stack(void (*fn)(void*), void* ctx);
#else
constexpr bool wants_fresh_stack() { return false; }
#endif
// True when the next level would not fit (the stack or shadow stack is nearly used up).
bool exhausted();
[[noreturn]] void fail(const char* where);
}  // namespace recursion

#ifdef __EMSCRIPTEN__
// f() on a fresh stack (NOTE [Fresh stacks]): its result, or its exception rethrown here.
template <class F>
STRIDELAB_NOINLINE auto on_fresh_stack(F&& f) -> decltype(f()) {
  struct Call {
    F& f;
    std::optional<decltype(f())> result;
    std::exception_ptr error;
    int base;
  } call{f, std::nullopt, nullptr, recursion::g_segment_base};
  recursion::g_segment_base = recursion::g_depth;
  recursion::run_on_fresh_stack(
      [](void* p) {
        auto* c = static_cast<Call*>(p);
        try {
          c->result.emplace(c->f());
        } catch (...) { c->error = std::current_exception(); }
      },
      &call);
  recursion::g_segment_base = call.base;
  if (call.error) std::rethrow_exception(call.error);
  return std::move(*call.result);
}
#else
template <class F>
auto on_fresh_stack(F&& f) -> decltype(f()) {
  return f();
}
#endif

class NativeDepth {
 public:
  // `where` completes CPython's message: "", " while getting the repr of an object", ...
  explicit NativeDepth(const char* where = "") {
    ++recursion::g_depth;
    if (recursion::exhausted()) {
      --recursion::g_depth;
      recursion::fail(where);
    }
  }
  ~NativeDepth() {
    --recursion::g_depth;
#ifdef __EMSCRIPTEN__
    if (recursion::g_depth + 2 * recursion::kCheckEvery < recursion::g_checked_depth)
      recursion::g_checked_depth = std::max(recursion::g_depth, recursion::kUncheckedDepth);
#endif
  }
  NativeDepth(const NativeDepth&) = delete;
  NativeDepth& operator=(const NativeDepth&) = delete;
};

}  // namespace stridelab::python
