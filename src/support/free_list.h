// Free lists for the small blocks that every tiny op makes and drops: interpreter objects,
// TensorImpls, version counters.
//
//   void* p = support::free_list::allocate(sizeof(T));   // any size; small ones come from a list
//   support::free_list::deallocate(p, sizeof(T));        // the same size as allocated
//   std::allocate_shared<T>(support::FreeListAllocator<T>(), args...);
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
// not leaks to LeakSanitizer; under AddressSanitizer every block goes straight to the C heap, so
// a use after free is still reported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define STRIDELAB_FREE_LIST_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STRIDELAB_FREE_LIST_OFF 1
#endif
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
inline Block* g_heads[kClasses] = {};
inline uint32_t g_kept[kClasses] = {};

inline void* allocate(size_t bytes) {
#ifndef STRIDELAB_FREE_LIST_OFF
  if (bytes - 1 < kMaxBytes) {
    const size_t c = (bytes - 1) / kGranule;
    if (Block* b = g_heads[c]) {
      g_heads[c] = b->next;
      --g_kept[c];
      return b;
    }
    return ::operator new((c + 1) * kGranule);
  }
#endif
  return ::operator new(bytes);
}

inline void deallocate(void* p, size_t bytes) noexcept {
#ifndef STRIDELAB_FREE_LIST_OFF
  if (bytes - 1 < kMaxBytes) {
    const size_t c = (bytes - 1) / kGranule;
    if (g_kept[c] < kMaxKept) {
      auto* b = static_cast<Block*>(p);
      b->next = g_heads[c];
      g_heads[c] = b;
      ++g_kept[c];
      return;
    }
  }
#endif
  ::operator delete(p);
}

}  // namespace free_list

// An allocator over the free lists, for std::allocate_shared and containers.
template <class T>
struct FreeListAllocator {
  static_assert(alignof(T) <= free_list::kGranule, "free-list blocks are 16-byte aligned");
  using value_type = T;
  FreeListAllocator() = default;
  template <class U>
  FreeListAllocator(const FreeListAllocator<U>&) {}  // NOLINT: rebinding, as allocators do
  T* allocate(size_t n) { return static_cast<T*>(free_list::allocate(n * sizeof(T))); }
  void deallocate(T* p, size_t n) noexcept { free_list::deallocate(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const FreeListAllocator<U>&) const { return true; }
};

}  // namespace stridelab::support
