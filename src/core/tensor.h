// Tensor: metadata over a shared storage.
//
// A tensor is sizes, strides (in elements, as stride() reports them), a storage offset (in
// elements), an element type, the storage it reads, and a version counter. Element (i0, i1, ...)
// lives in cell  storage_offset + i0*stride[0] + i1*stride[1] + ...  of the storage.
// A contiguous tensor has stride[d] = stride[d+1] * size[d+1] and stride[ndim-1] = 1 (dims of
// size 1 may have any stride). View ops make a new TensorImpl over the same storage and write
// metadata only.
//
// NOTE [Version counter sharing]
// Every in-place write bumps the tensor's version counter. A view shares its base's counter (and
// so do views of views, and detach()), so writing through any of them is seen by autograd on all
// of them: a tensor saved for backward at version v is stale once the shared counter moves past v.
// `x.data` does not share the counter: it is a new tensor over the same storage with a fresh
// counter, which is why writes through `.data` escape autograd's check (as in PyTorch).
//
// NOTE [_base]
// A view records the tensor it views as its base. The base of a view of a view is the original
// base (views never chain), as PyTorch's `_base` reports.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/dtype.h"
#include "core/error.h"
#include "core/storage.h"

namespace stridelab::autograd {
struct AutogradMeta;
}

namespace stridelab::core {

using IntArray = std::vector<int64_t>;

// NOTE [Inference tensors]
// A tensor made while torch.inference_mode() is on (InferenceMode::enabled) is an inference
// tensor: PyTorch gives it no version counter. Here its counter is marked `inference` and never
// moves; views share it, so a view of an inference tensor is one too, while a view of a normal
// tensor made in the mode is normal, as in PyTorch. Outside the mode an in-place write to one
// raises when the version would move, after the write, as PyTorch's increment_version does; saving
// one for backward raises too (autograd/saved_variable.cpp).
struct VersionCounter {
  uint32_t version = 0;
  bool inference = false;
};

struct InferenceMode {
  static bool enabled;  // torch.inference_mode(); new version counters are inference ones
};

// "Inplace update to inference tensor outside InferenceMode is not allowed..." (RuntimeError).
[[noreturn]] void inference_inplace_error();

class Tensor;

class TensorImpl {
 public:
  TensorImpl(Storage storage, IntArray sizes, IntArray strides, int64_t storage_offset, DType dtype,
             std::shared_ptr<VersionCounter> version);

  Storage storage_;
  IntArray sizes_;
  IntArray strides_;
  int64_t storage_offset_;
  DType dtype_;
  std::shared_ptr<VersionCounter> version_;
  std::shared_ptr<TensorImpl> base_;  // set on views only
  // A Python number turned into a 0-d tensor for an op: lowest priority in type promotion.
  bool wrapped_number_ = false;
  // Owned by src/autograd; the core never looks inside.
  std::shared_ptr<autograd::AutogradMeta> autograd_meta_;
  // The binding's Python object for this impl while it lives (PyTorch's PyObject slot: one
  // object per TensorImpl), not owned; the core never looks at it.
  void* py_object_ = nullptr;
};

// A handle to a TensorImpl, cheap to copy (like at::Tensor). Two handles to one impl are one tensor.
class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return impl_ != nullptr; }
  TensorImpl* impl() const { return impl_.get(); }
  const std::shared_ptr<TensorImpl>& impl_ptr() const { return impl_; }
  bool is_same(const Tensor& other) const { return impl_ == other.impl_; }

  const IntArray& sizes() const { return impl_->sizes_; }
  const IntArray& strides() const { return impl_->strides_; }
  int64_t dim() const { return static_cast<int64_t>(impl_->sizes_.size()); }
  int64_t size(int64_t dim) const;    // dim may be negative
  int64_t stride(int64_t dim) const;  // dim may be negative
  int64_t numel() const;
  int64_t storage_offset() const { return impl_->storage_offset_; }
  DType dtype() const { return impl_->dtype_; }
  const Storage& storage() const { return impl_->storage_; }
  size_t element_size() const { return itemsize(impl_->dtype_); }
  size_t nbytes() const { return static_cast<size_t>(numel()) * element_size(); }
  bool is_contiguous() const;

  // Address of element (0, 0, ...): storage address + offset * itemsize.
  uintptr_t data_ptr() const;
  template <class T>
  T* data() const {
    return reinterpret_cast<T*>(impl_->storage_->data()) + impl_->storage_offset_;
  }
  std::byte* raw_data() const {
    return impl_->storage_->data() + impl_->storage_offset_ * static_cast<int64_t>(element_size());
  }

  uint32_t version() const { return impl_->version_->version; }
  // Every in-place write bumps it; the storage observer (the trace) learns which storage changed.
  // An inference tensor's write outside inference mode raises after the kernel wrote the cells (as
  // PyTorch's does): the observer is told first.
  void bump_version() const {
    if (g_storage_observer) g_storage_observer->on_write(*impl_->storage_);
    if (impl_->version_->inference) {
      if (!InferenceMode::enabled) inference_inplace_error();
    } else {
      ++impl_->version_->version;
    }
  }

  bool is_inference() const { return impl_->version_->inference; }
  bool is_view() const { return impl_->base_ != nullptr; }
  Tensor base() const { return Tensor(impl_->base_); }
  bool is_wrapped_number() const { return impl_->wrapped_number_; }

 private:
  std::shared_ptr<TensorImpl> impl_;
};

// A new TensorImpl / version counter (from the free lists, NOTE [Free lists] in support/free_list.h).
std::shared_ptr<TensorImpl> make_tensor_impl(Storage storage, IntArray sizes, IntArray strides, int64_t storage_offset,
                                             DType dtype, std::shared_ptr<VersionCounter> version);
std::shared_ptr<VersionCounter> make_version_counter();

// A new tensor over `base`'s storage with the given metadata, sharing its version counter and
// recording it as the view's base (see NOTE [_base]).
Tensor make_view(const Tensor& base, IntArray sizes, IntArray strides, int64_t storage_offset);

// Contiguous (row-major) strides for sizes.
IntArray contiguous_strides(const IntArray& sizes);
int64_t numel_of(const IntArray& sizes);

// Wraps a possibly negative dim into [0, ndim), with PyTorch's IndexError otherwise:
// "Dimension out of range (expected to be in range of [-2, 1], but got 2)".
int64_t wrap_dim(int64_t dim, int64_t ndim);

// "[2, 3]"
std::string format_int_list(const IntArray& values);

}  // namespace stridelab::core
