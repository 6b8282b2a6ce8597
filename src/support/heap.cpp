// The replaced global operator new and delete: the C heap as before, with the bytes counted for
// the run's heap budget (NOTE [Heap budget] in heap.h).
//
// NOTE [Counting the heap]
// A block is counted by its usable size, which malloc_usable_size reads back from the block
// itself, so that a delete without a size (most of them) takes back what its new added. Every
// variant is replaced, so that no block counted here is freed by an allocator that does not
// uncount it. Under AddressSanitizer the blocks come from the sanitizer's malloc, which still
// reports any use after free, overflow or leak of them; only its check that a block made by new
// is freed by delete (and not free()) no longer sees these blocks. The counter is atomic because
// a test may run an interpreter on a thread of its own; the engine itself is single-threaded.
#include <malloc.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "support/heap.h"

namespace stridelab::support::heap {

std::atomic<uint64_t> g_in_use{0};
uint64_t g_ceiling = UINT64_MAX;

namespace {

void counted(void* p) {
  const uint64_t n = malloc_usable_size(p);
  if (g_in_use.fetch_add(n, std::memory_order_relaxed) + n > g_ceiling) heap_over_budget();
}

void* allocate(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (p == nullptr) throw std::bad_alloc();
  counted(p);
  return p;
}

void* allocate_aligned(std::size_t n, std::align_val_t al) {
  std::size_t align = static_cast<std::size_t>(al);
  if (align < sizeof(void*)) align = sizeof(void*);
  void* p = nullptr;
  if (posix_memalign(&p, align, n ? n : 1) != 0) throw std::bad_alloc();
  counted(p);
  return p;
}

void release(void* p) noexcept {
  if (p == nullptr) return;
  g_in_use.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}

}  // namespace

}  // namespace stridelab::support::heap

namespace heap = stridelab::support::heap;

void* operator new(std::size_t n) { return heap::allocate(n); }
void* operator new[](std::size_t n) { return heap::allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return heap::allocate(n);
  } catch (...) { return nullptr; }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return heap::allocate(n);
  } catch (...) { return nullptr; }
}
void* operator new(std::size_t n, std::align_val_t al) { return heap::allocate_aligned(n, al); }
void* operator new[](std::size_t n, std::align_val_t al) { return heap::allocate_aligned(n, al); }
void* operator new(std::size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return heap::allocate_aligned(n, al);
  } catch (...) { return nullptr; }
}
void* operator new[](std::size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return heap::allocate_aligned(n, al);
  } catch (...) { return nullptr; }
}

void operator delete(void* p) noexcept { heap::release(p); }
void operator delete[](void* p) noexcept { heap::release(p); }
void operator delete(void* p, std::size_t) noexcept { heap::release(p); }
void operator delete[](void* p, std::size_t) noexcept { heap::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { heap::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { heap::release(p); }
void operator delete(void* p, std::align_val_t) noexcept { heap::release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { heap::release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { heap::release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { heap::release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { heap::release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { heap::release(p); }
