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
// (Emscripten's, for locals whose address is taken) is checked as well.
#pragma once
#include <algorithm>

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
#endif
// True when the next level would not fit (the stack or shadow stack is nearly used up).
bool exhausted();
[[noreturn]] void fail(const char* where);
}  // namespace recursion

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
