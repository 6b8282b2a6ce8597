// Storage: one allocation of bytes, shared by every tensor that views it.
//
// A storage has a real address (`data_ptr()` of the tensors that start at its first byte), a byte
// size and the element type it was created for. It is freed when the last tensor using it goes
// (shared_ptr), at that moment and not later, so a learner sees frees where PyTorch frees.
// Allocation and free are reported to an observer (the trace recorder) and counted against a
// limit, so a runaway program stops with a clear error rather than exhausting the browser tab.
// Large freed blocks are kept for reuse (NOTE [Large block cache] in storage.cpp): a new storage
// may get a freed one's address, as from any allocator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/dtype.h"

namespace stridelab::core {

class StorageImpl;
using Storage = std::shared_ptr<StorageImpl>;

class StorageImpl {
 public:
  // Allocates nbytes (zero bytes is a valid, empty storage), 64-byte aligned like PyTorch's CPU
  // allocator. Throws Error(RuntimeError) past the storage limit.
  static Storage allocate(uint64_t nbytes, DType dtype);
  ~StorageImpl();
  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;

  std::byte* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  DType dtype() const { return dtype_; }
  // Sequence number, unique for the life of the process (addresses are reused, ids are not).
  uint64_t id() const { return id_; }
  uintptr_t address() const { return reinterpret_cast<uintptr_t>(data_); }

 private:
  StorageImpl(std::byte* data, size_t nbytes, DType dtype, uint64_t id)
      : data_(data), nbytes_(nbytes), dtype_(dtype), id_(id) {}
  std::byte* data_;
  size_t nbytes_;
  DType dtype_;
  uint64_t id_;
};

// Told of every allocation and free, in order. One observer at a time (the trace recorder).
class StorageObserver {
 public:
  virtual ~StorageObserver() = default;
  virtual void on_allocate(const StorageImpl& storage) = 0;
  virtual void on_free(const StorageImpl& storage) = 0;
  // Cells of the storage were written (an in-place op, the version counter bump of a tensor over
  // it; see Tensor::bump_version): which cells is not said.
  virtual void on_write(const StorageImpl& storage) {}
};

void set_storage_observer(StorageObserver* observer);
// The observer, or null (none by default: a hook then costs one test of this pointer).
inline StorageObserver* g_storage_observer = nullptr;
// Tells the observer that cells of `storage` were written by something that does not bump a
// version counter.
inline void note_storage_write(const StorageImpl& storage) {
  if (g_storage_observer) g_storage_observer->on_write(storage);
}

// Storage ids (StorageImpl::id(), the trace's s1, s2, ...) count up from 1. When no storage is
// alive they can start from 1 again, so that each traced run numbers its own storages whatever ran
// before it in the process; returns whether they did.
bool restart_storage_ids();

// Bytes of all live storages, and the most they may reach (default 256 MiB).
size_t storage_bytes_in_use();
size_t storage_limit();
void set_storage_limit(size_t bytes);
// How the limit can be raised, named in its error message (set by the front end, e.g.
// "--max-memory" for the native runner).
void set_storage_limit_hint(const char* hint);

}  // namespace stridelab::core
