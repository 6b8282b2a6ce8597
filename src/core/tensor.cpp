#include "core/tensor.h"

#include "core/checked.h"
#include "support/free_list.h"

namespace stridelab::core {

TensorImpl::TensorImpl(Storage storage, IntArray sizes, IntArray strides, int64_t storage_offset, DType dtype,
                       std::shared_ptr<VersionCounter> version)
    : storage_(std::move(storage)),
      sizes_(std::move(sizes)),
      strides_(std::move(strides)),
      storage_offset_(storage_offset),
      dtype_(dtype),
      version_(std::move(version)) {}

int64_t Tensor::size(int64_t d) const { return impl_->sizes_[wrap_dim(d, dim())]; }
int64_t Tensor::stride(int64_t d) const { return impl_->strides_[wrap_dim(d, dim())]; }
int64_t Tensor::numel() const { return numel_of(impl_->sizes_); }

bool Tensor::is_contiguous() const {
  int64_t expected = 1;
  for (int64_t d = dim() - 1; d >= 0; --d) {
    int64_t size = impl_->sizes_[d];
    if (size == 0) return true;
    if (size != 1) {
      if (impl_->strides_[d] != expected) return false;
      expected *= size;
    }
  }
  return true;
}

uintptr_t Tensor::data_ptr() const { return reinterpret_cast<uintptr_t>(raw_data()); }

std::shared_ptr<TensorImpl> make_tensor_impl(Storage storage, IntArray sizes, IntArray strides, int64_t storage_offset,
                                             DType dtype, std::shared_ptr<VersionCounter> version) {
  checked_numel(sizes);  // as PyTorch's refresh_numel: no tensor has more elements than int64 counts
  return std::allocate_shared<TensorImpl>(support::FreeListAllocator<TensorImpl>(), std::move(storage),
                                          std::move(sizes), std::move(strides), storage_offset, dtype,
                                          std::move(version));
}

bool InferenceMode::enabled = false;

void inference_inplace_error() {
  throw Error(
      ErrorKind::RuntimeError,
      "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a "
      "normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.");
}

std::shared_ptr<VersionCounter> make_version_counter() {
  auto v = std::allocate_shared<VersionCounter>(support::FreeListAllocator<VersionCounter>());
  v->inference = InferenceMode::enabled;
  return v;
}

Tensor make_view(const Tensor& base, IntArray sizes, IntArray strides, int64_t storage_offset) {
  auto impl = make_tensor_impl(base.storage(), std::move(sizes), std::move(strides), storage_offset, base.dtype(),
                               base.impl()->version_);
  impl->base_ = base.is_view() ? base.impl()->base_ : base.impl_ptr();
  return Tensor(std::move(impl));
}

IntArray contiguous_strides(const IntArray& sizes) {
  IntArray strides(sizes.size());
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = s;
    s = wrapping_mul(s, std::max<int64_t>(sizes[i], 1));  // only a zero-element tensor's can wrap
  }
  return strides;
}

int64_t numel_of(const IntArray& sizes) { return checked_numel(sizes); }

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  int64_t lo = ndim > 0 ? -ndim : -1;
  int64_t hi = ndim > 0 ? ndim - 1 : 0;
  STRIDELAB_CHECK_INDEX(dim >= lo && dim <= hi, "Dimension out of range (expected to be in range of [", lo, ", ", hi,
                        "], but got ", dim, ")");
  return dim < 0 ? dim + std::max<int64_t>(ndim, 1) : dim;
}

std::string format_int_list(const IntArray& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(values[i]);
  }
  return out + "]";
}

}  // namespace stridelab::core
