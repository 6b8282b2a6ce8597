// Free lists for the small blocks that every tiny op makes and drops: interpreter objects,
// TensorImpls, version counters.
//
//   void* p = support::free_list::g_objects.allocate(sizeof(T));  // small sizes come from a list
//   support::free_list::g_objects.deallocate(p, sizeof(T));       // the same size as allocated
//   std::allocate_shared<T>(support::FreeListAllocator<T>(), args...);  // from the core's pool
//
// NOTE [Free lists]
// A loop of `x = x + 1` on a 3-element tensor allocates and frees a dozen small blocks per
// iteration; the C heap's bookkeeping for them cost more than the op itself. Blocks of up to
// kMaxBytes are kept, once freed, on one list per 16-byte size class and handed out again most
// recently freed first, as malloc's per-size caches do, so id() and `is` behave as before: two
// live objects never share an address, and a freed object's address is the next one of its size
// (`id(a.data) == id(b.data)` is True for the reason it is in CPython). Storages never come from
// here: their addresses are the C allocator's (see storage.h).
// Single-threaded, as the interpreter is. The lists are reachable from globals, so kept blocks are
// not leaks to LeakSanitizer. Under AddressSanitizer the lists stay on, so that addresses are reused
// in the same order as in the release build (golden programs print `id(a) == id(b)`), and a kept
// block is poisoned until it is handed out again: a use after free is still reported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "support/asan.h"

#ifdef STRIDELAB_ASAN
#include <sanitizer/asan_interface.h>
#define STRIDELAB_POISON(p, n) __asan_poison_memory_region((p), (n))
#define STRIDELAB_UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
// A kept block's link to the next lives inside the poisoned block, so LeakSanitizer must be told
// to follow pointers found in poisoned memory, or every kept block but the first of each list
// would look leaked. Each program's main file says so once: STRIDELAB_LEAK_SANITIZER_OPTIONS.
#define STRIDELAB_LEAK_SANITIZER_OPTIONS \
  extern "C" const char* __lsan_default_options() { return "use_poisoned=1"; }
#else
#define STRIDELAB_POISON(p, n) ((void)(p), (void)(n))
#define STRIDELAB_UNPOISON(p, n) ((void)(p), (void)(n))
#define STRIDELAB_LEAK_SANITIZER_OPTIONS
#endif

namespace stridelab::support {

namespace free_list {

constexpr size_t kGranule = 16;
constexpr size_t kMaxBytes = 256;
constexpr size_t kClasses = kMaxBytes / kGranule;
constexpr uint32_t kMaxKept = 4096;  // per size class; more go back to the C heap

struct Block {
  Block* next;
};

// One set of lists. Interpreter objects and the core's blocks keep separate pools, as CPython's
// objects (pymalloc) and PyTorch's TensorImpls (the C heap) do, so that making a TensorImpl never
// takes the block a Python object just freed.
struct Pool {
  Block* heads[kClasses] = {};
  uint32_t kept[kClasses] = {};

  void* allocate(size_t bytes) {
    if (bytes - 1 < kMaxBytes) {
      const size_t c = (bytes - 1) / kGranule;
      if (Block* b = heads[c]) {
        STRIDELAB_UNPOISON(b, (c + 1) * kGranule);
        heads[c] = b->next;
        --kept[c];
        return b;
      }
      return ::operator new((c + 1) * kGranule);
    }
    return ::operator new(bytes);
  }

  void deallocate(void* p, size_t bytes) noexcept {
    if (bytes - 1 < kMaxBytes) {
      const size_t c = (bytes - 1) / kGranule;
      if (kept[c] < kMaxKept) {
        auto* b = static_cast<Block*>(p);
        b->next = heads[c];
        heads[c] = b;
        ++kept[c];
        STRIDELAB_POISON(b, (c + 1) * kGranule);
        return;
      }
    }
    ::operator delete(p);
  }
};

inline Pool g_objects;  // lang's Objects
inline Pool g_core;     // TensorImpls, version counters (FreeListAllocator)

}  // namespace free_list

// An allocator over the free lists, for std::allocate_shared and containers.
template <class T>
struct FreeListAllocator {
  static_assert(alignof(T) <= free_list::kGranule, "free-list blocks are 16-byte aligned");
  using value_type = T;
  FreeListAllocator() = default;
  template <class U>
  FreeListAllocator(const FreeListAllocator<U>&) {}  // NOLINT: rebinding, as allocators do
  T* allocate(size_t n) { return static_cast<T*>(free_list::g_core.allocate(n * sizeof(T))); }
  void deallocate(T* p, size_t n) noexcept { free_list::g_core.deallocate(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const FreeListAllocator<U>&) const {
    return true;
  }
};

}  // namespace stridelab::support
