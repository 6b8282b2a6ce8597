#include "core/storage.h"

#include <cstdlib>
#include <new>

#include "core/error.h"
#include "support/free_list.h"  // STRIDELAB_ASAN, STRIDELAB_POISON

namespace stridelab::core {
namespace {

size_t g_bytes_in_use = 0;
size_t g_limit = size_t{256} << 20;
const char* g_limit_hint = "--max-memory";
uint64_t g_next_id = 1;
int64_t g_live_storages = 0;
constexpr size_t kAlignment = 64;

std::string mib(size_t bytes) { return bytes % (1 << 20) == 0 ? str(bytes >> 20, " MiB") : str(bytes, " bytes"); }

// NOTE [Large block cache]
// The interpreter's small objects come from the same C heap as storages. Left to itself, the heap
// carves a freed 4 MiB storage into those small objects, and the next 4 MiB result of a loop like
// `for ...: y = a + b` is cut from fresh memory, 1,024 new pages to fault in on every call or so.
// So freed storages of kCacheMinBytes to kCacheMaxBytes are kept whole, up to kCacheBlocks of
// them, and handed to the next storage of the same block size, the most recently freed first (as
// an allocator's free list would). Larger blocks go back to the C library at once, as before: a
// freed block it had mapped for itself raises its threshold for mapping (glibc's dynamic mmap
// threshold), and the next large storages come from its heap, as they do in PyTorch's process.
// What a learner sees does not change: the storage is freed (observer told, bytes no longer in
// use, nothing counted against the limit) when its last tensor goes, and a new storage may get a
// freed one's address, as it may from any allocator; two live storages never share an address.
// Under AddressSanitizer a cached block is poisoned, so a read through a stale pointer is still
// reported.
constexpr size_t kCacheMinBytes = size_t{128} << 10;
constexpr size_t kCacheMaxBytes = size_t{8} << 20;
constexpr int kCacheBlocks = 8;  // so at most 64 MiB in all
constexpr size_t kPage = 4096;

struct CachedBlock {
  void* data;
  size_t size;
};
// Oldest first. Plain data: blocks still cached at exit stay reachable from here.
CachedBlock g_cache[kCacheBlocks];
int g_cached = 0;

// The size of the block behind a storage of nbytes: a multiple of the alignment (aligned_alloc's
// rule), of a page for cacheable blocks (so that near sizes share blocks); never zero, so that
// every storage has an address of its own.
size_t block_size(size_t nbytes) {
  if (nbytes >= kCacheMinBytes) return (nbytes + kPage - 1) / kPage * kPage;
  const size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
  return rounded == 0 ? kAlignment : rounded;
}

void cache_remove(int k) {
  for (int i = k + 1; i < g_cached; ++i) g_cache[i - 1] = g_cache[i];
  --g_cached;
}

void* cache_take(size_t size) {
  for (int k = g_cached - 1; k >= 0; --k) {
    if (g_cache[k].size != size) continue;
    void* p = g_cache[k].data;
    cache_remove(k);
    STRIDELAB_UNPOISON(p, size);
    return p;
  }
  return nullptr;
}

void cache_release_oldest() {
  void* p = g_cache[0].data;
  STRIDELAB_UNPOISON(p, g_cache[0].size);
  cache_remove(0);
  std::free(p);
}

void cache_release_all() {
  while (g_cached > 0) cache_release_oldest();
}

// Keeps a freed block, or frees it when it is too small or too large to keep.
void cache_put(void* p, size_t size) {
  if (size < kCacheMinBytes || size > kCacheMaxBytes) {
    std::free(p);
    return;
  }
  if (g_cached == kCacheBlocks) cache_release_oldest();
  STRIDELAB_POISON(p, size);
  g_cache[g_cached++] = {p, size};
}

}  // namespace

Storage StorageImpl::allocate(uint64_t requested, DType dtype) {
  // Checked in 64 bits before narrowing: size_t is 32 bits in WebAssembly.
  // A RuntimeError, the type PyTorch's allocator raises when memory runs out (torch.zeros(10**10)),
  // so that a program catching it behaves the same; the message names the limit and its flag.
  if (requested > g_limit || g_bytes_in_use > g_limit - requested) {
    throw Error(
        ErrorKind::RuntimeError,
        str("stridelab: tensor storage limit of ", mib(g_limit), " reached: the program tried to allocate ", requested,
            " bytes with ", g_bytes_in_use, " bytes already in use (raise the limit with ", g_limit_hint, ")"));
  }
  const size_t nbytes = static_cast<size_t>(requested);
  const size_t size = block_size(nbytes);
  void* p = size >= kCacheMinBytes ? cache_take(size) : nullptr;
  if (p == nullptr) p = std::aligned_alloc(kAlignment, size);
  if (p == nullptr && g_cached > 0) {
    cache_release_all();
    p = std::aligned_alloc(kAlignment, size);
  }
  if (p == nullptr) {
    throw Error(ErrorKind::RuntimeError,
                str("DefaultCPUAllocator: not enough memory: you tried to allocate ", nbytes, " bytes."));
  }
  g_bytes_in_use += nbytes;
  ++g_live_storages;
  Storage s(new StorageImpl(static_cast<std::byte*>(p), nbytes, dtype, g_next_id++));
  if (g_storage_observer) g_storage_observer->on_allocate(*s);
  return s;
}

StorageImpl::~StorageImpl() {
  if (g_storage_observer) g_storage_observer->on_free(*this);
  g_bytes_in_use -= nbytes_;
  --g_live_storages;
  cache_put(data_, block_size(nbytes_));
}

void set_storage_observer(StorageObserver* observer) { g_storage_observer = observer; }
bool restart_storage_ids() {
  if (g_live_storages != 0) return false;
  g_next_id = 1;
  return true;
}

size_t storage_bytes_in_use() { return g_bytes_in_use; }
size_t storage_limit() { return g_limit; }
void set_storage_limit(size_t bytes) { g_limit = bytes; }
void set_storage_limit_hint(const char* hint) { g_limit_hint = hint; }

}  // namespace stridelab::core
