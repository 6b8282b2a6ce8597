#include "python/recursion.h"

#include <cstdint>
#include <string>

#include "python/protocol.h"
#include "support/asan.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/stack.h>

// Whether `frames` more calls of a JavaScript function with eight arguments still fit on the
// JavaScript stack: the room that the levels between two checks, the trace's own work at a step and
// what a program does after catching the RecursionError at the deepest level (a tensor's repr, a
// sort, a backward pass, formatting the traceback) may need. Measured in Chromium's dedicated
// worker (tests/web/engine_recursion.test.mjs, "at the deepest level"): 150 frames are enough for
// every case there, 60 are not (a tensor's repr, sorted, a matmul overflow); kRoomFrames is twice
// the smallest that was enough.
EM_JS(int, stridelab_stack_has_room, (int frames), {
  function use(n, a, b, c, d, e, f, g) { return n <= 0 ? 0 : use(n - 1, a, b, c, d, e, f, g) + 1; }
  try {
    use(frames, 0, 0, 0, 0, 0, 0, 0);
    return 1;
  } catch (e) { return 0; }
});

// NOTE [Fresh stacks]: the glue (src/wasm/fresh_stacks.js) replaces this import with a Suspending
// one that calls the function at table index `thunk` through WebAssembly.promising, so that it
// starts a new stack. As it stands it calls that function on the same stack: what a build without
// the glue's help does.
EM_JS(void, stridelab_fresh_stack, (void* call, int thunk), { wasmTable.get(thunk)(call); });

namespace {
struct FreshCall {
  void (*fn)(void*);
  void* ctx;
};

void run_fresh_call(void* call) {
  auto* c = static_cast<FreshCall*>(call);
  c->fn(c->ctx);
}
}  // namespace
#else
#include <pthread.h>
#endif

namespace stridelab::python::recursion {

namespace {

#ifdef __EMSCRIPTEN__
constexpr int kRoomFrames = 300;
constexpr uintptr_t kShadowMargin = 256 * 1024;
#else
// What the deepest stretch of C++ between two guarded levels may use, with room for raising the
// RecursionError and formatting its traceback.
#ifdef STRIDELAB_ASAN
constexpr uintptr_t kMargin = 1024 * 1024;
#else
constexpr uintptr_t kMargin = 512 * 1024;
#endif

// The lowest address this thread's stack may reach before a level is refused.
uintptr_t stack_floor() {
  static thread_local uintptr_t floor = [] {
    pthread_attr_t attr;
    uintptr_t lowest = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* addr = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0) lowest = reinterpret_cast<uintptr_t>(addr);
      pthread_attr_destroy(&attr);
    }
    if (lowest == 0) {  // unknown: assume 1 MiB below this frame
      uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
      lowest = here > (1u << 20) ? here - (1u << 20) : 0;
    }
    return lowest + kMargin;
  }();
  return floor;
}
#endif

}  // namespace

#ifdef __EMSCRIPTEN__
void run_on_fresh_stack(void (*fn)(void*), void* ctx) {
  FreshCall call{fn, ctx};
  // A function's address in WebAssembly is its index in the function table.
  stridelab_fresh_stack(&call, static_cast<int>(reinterpret_cast<intptr_t>(&run_fresh_call)));
}
#endif

bool exhausted() {
#ifdef __EMSCRIPTEN__
  if (emscripten_stack_get_current() < emscripten_stack_get_end() + kShadowMargin) return true;
  if (g_fresh_stacks) return g_depth - g_segment_base > kSegmentLevels || g_depth > kFreshLevels;
  if (g_depth < g_checked_depth + kCheckEvery) return false;  // NativeDepth lowers the mark
  if (!stridelab_stack_has_room(kRoomFrames)) return true;
  g_checked_depth = g_depth;
  return false;
#else
  return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < stack_floor();
#endif
}

void fail(const char* where) {
  raise(builtin_types().recursion_error, std::string("maximum recursion depth exceeded") + where);
}

}  // namespace stridelab::python::recursion
