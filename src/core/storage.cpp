#include "core/storage.h"

#include <cstdlib>
#include <new>

#include "core/error.h"

namespace stridelab::core {
namespace {

StorageObserver* g_observer = nullptr;
size_t g_bytes_in_use = 0;
size_t g_limit = size_t{256} << 20;
const char* g_limit_hint = "--max-memory";
uint64_t g_next_id = 1;
constexpr size_t kAlignment = 64;

std::string mib(size_t bytes) {
  return bytes % (1 << 20) == 0 ? str(bytes >> 20, " MiB") : str(bytes, " bytes");
}

}  // namespace

Storage StorageImpl::allocate(uint64_t requested, DType dtype) {
  // Checked in 64 bits before narrowing: size_t is 32 bits in WebAssembly.
  if (requested > g_limit || g_bytes_in_use > g_limit - requested) {
    throw Error(ErrorKind::MemoryError,
                str("stridelab: tensor storage limit of ", mib(g_limit), " reached: the program tried to allocate ",
                    requested, " bytes with ", g_bytes_in_use, " bytes already in use (raise the limit with ",
                    g_limit_hint, ")"));
  }
  const size_t nbytes = static_cast<size_t>(requested);
  // Round up so aligned_alloc's size is a multiple of the alignment; never ask for zero bytes,
  // so that every storage has an address of its own.
  size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0) rounded = kAlignment;
  void* p = std::aligned_alloc(kAlignment, rounded);
  if (p == nullptr) {
    throw Error(ErrorKind::RuntimeError,
                str("DefaultCPUAllocator: not enough memory: you tried to allocate ", nbytes, " bytes."));
  }
  g_bytes_in_use += nbytes;
  Storage s(new StorageImpl(static_cast<std::byte*>(p), nbytes, dtype, g_next_id++));
  if (g_observer) g_observer->on_allocate(*s);
  return s;
}

StorageImpl::~StorageImpl() {
  if (g_observer) g_observer->on_free(*this);
  g_bytes_in_use -= nbytes_;
  std::free(data_);
}

void set_storage_observer(StorageObserver* observer) { g_observer = observer; }
size_t storage_bytes_in_use() { return g_bytes_in_use; }
size_t storage_limit() { return g_limit; }
void set_storage_limit(size_t bytes) { g_limit = bytes; }
void set_storage_limit_hint(const char* hint) { g_limit_hint = hint; }

}  // namespace stridelab::core
