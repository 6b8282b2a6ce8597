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
// engine's frames live on the JavaScript engine's own stack, which wasm cannot measure; there the
// limit is a count of levels, set so that every kind of level fits the smallest stack a browser's
// Web Worker has, with the shadow stack (Emscripten's, for locals whose address is taken) checked
// as well.
#pragma once

namespace stridelab::python {

namespace recursion {
inline thread_local int g_depth = 0;
// True when the next level would not fit (the stack or shadow stack is nearly used up, or the
// wasm build's count is reached).
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
  ~NativeDepth() { --recursion::g_depth; }
  NativeDepth(const NativeDepth&) = delete;
  NativeDepth& operator=(const NativeDepth&) = delete;
};

}  // namespace stridelab::python
