// View ops: each result is a new tensor over the input's storage; only metadata is computed.
#include <algorithm>
#include <numeric>

#include "core/checked.h"
#include "core/ops.h"

namespace stridelab::core {

IntArray infer_size(IntArray sizes, int64_t numel) {
  int64_t known = 1;
  std::optional<size_t> infer;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      STRIDELAB_CHECK(!infer, "only one dimension can be inferred");
      infer = i;
    } else {
      STRIDELAB_CHECK(sizes[i] >= 0, "invalid shape dimension ", sizes[i]);
      known = wrapping_mul(known, sizes[i]);  // as PyTorch's infer_size: a product that wraps is refused below
    }
  }
  if (infer) {
    STRIDELAB_CHECK(known != 0 || numel == 0, "shape '", format_int_list(sizes), "' is invalid for input of size ",
                    numel);
    STRIDELAB_CHECK(known != 0, "cannot reshape tensor of ", numel, " elements into shape ", format_int_list(sizes),
                    " because the unspecified dimension size -1 can be any value and is ambiguous");
    STRIDELAB_CHECK(numel % known == 0, "shape '", format_int_list(sizes), "' is invalid for input of size ", numel);
    sizes[*infer] = numel / known;
  } else {
    STRIDELAB_CHECK(known == numel, "shape '", format_int_list(sizes), "' is invalid for input of size ", numel);
  }
  return sizes;
}

// The view rule (PyTorch's computeStride): split the old dims into runs that are contiguous with
// each other (old_stride[d] == old_stride[d+1] * old_size[d+1]); each run behaves as one flat
// block, and the new dims must tile the runs in order, each new dim lying inside one run.
std::optional<IntArray> compute_view_strides(const IntArray& old_sizes, const IntArray& old_strides,
                                             const IntArray& new_sizes) {
  IntArray new_strides(new_sizes.size(), 0);
  if (old_sizes.empty()) {
    std::fill(new_strides.begin(), new_strides.end(), 1);
    return new_strides;
  }
  int64_t numel = numel_of(old_sizes);
  if (numel == 0) {
    if (old_sizes == new_sizes) return old_strides;
    return contiguous_strides(new_sizes);
  }
  int64_t view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  // Walk old dims from the innermost; `chunk_base_stride` is the stride of the run's innermost dim.
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1;  // elements of the current old run
  int64_t view_numel = 1;    // elements of the new dims placed in the current run
  for (int64_t d = static_cast<int64_t>(old_sizes.size()) - 1; d >= 0; --d) {
    tensor_numel *= old_sizes[d];
    bool run_ends =
        d == 0 || (old_sizes[d - 1] != 1 && old_strides[d - 1] != wrapping_mul(tensor_numel, chunk_base_stride));
    if (!run_ends) continue;
    while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d] == 1)) {
      new_strides[view_d] = wrapping_mul(view_numel, chunk_base_stride);
      view_numel *= new_sizes[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return std::nullopt;
    if (d > 0) {
      chunk_base_stride = old_strides[d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return new_strides;
}

Tensor view(const Tensor& self, IntArray sizes) {
  IntArray shape = infer_size(std::move(sizes), self.numel());
  auto strides = compute_view_strides(self.sizes(), self.strides(), shape);
  STRIDELAB_CHECK(strides.has_value(),
                  "view size is not compatible with input tensor's size and stride (at least one dimension spans "
                  "across two contiguous subspaces). Use .reshape(...) instead.");
  return make_view(self, std::move(shape), std::move(*strides), self.storage_offset());
}

Tensor reshape(const Tensor& self, IntArray sizes) {
  IntArray shape = infer_size(std::move(sizes), self.numel());
  if (auto strides = compute_view_strides(self.sizes(), self.strides(), shape))
    return make_view(self, std::move(shape), std::move(*strides), self.storage_offset());
  // No view is possible: a fresh contiguous copy, not a view of anything (its _base is None).
  Tensor copy = empty(self.sizes(), self.dtype());
  copy_(copy, self);
  copy.impl()->strides_ = contiguous_strides(shape);
  copy.impl()->sizes_ = std::move(shape);
  return copy;
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  int64_t n = self.dim();
  dim0 = wrap_dim(dim0, n);
  dim1 = wrap_dim(dim1, n);
  IntArray sizes = self.sizes(), strides = self.strides();
  if (n > 0) {
    std::swap(sizes[dim0], sizes[dim1]);
    std::swap(strides[dim0], strides[dim1]);
  }
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor permute(const Tensor& self, IntArray dims) {
  int64_t n = self.dim();
  STRIDELAB_CHECK(static_cast<int64_t>(dims.size()) == n,
                  "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
                  "desired ordering of dimensions i.e. input.dim() = ",
                  n, " is not equal to len(dims) = ", dims.size());
  IntArray sizes(n), strides(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = wrap_dim(dims[i], n);
    STRIDELAB_CHECK(!seen[d], "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor t(const Tensor& self) {
  STRIDELAB_CHECK(self.dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", self.dim(), "D");
  return self.dim() < 2 ? transpose(self, 0, 0) : transpose(self, 0, 1);
}

Tensor mT(const Tensor& self) {
  STRIDELAB_CHECK(self.dim() >= 2, "tensor.mT is only supported on matrices or batches of matrices. Got ", self.dim(),
                  "-D tensor.");
  return transpose(self, -2, -1);
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  int64_t n = self.dim();
  start_dim = wrap_dim(start_dim, n);
  end_dim = wrap_dim(end_dim, n);
  STRIDELAB_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (n == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;
  IntArray sizes(self.sizes().begin(), self.sizes().begin() + start_dim);
  int64_t merged = 1;
  for (int64_t d = start_dim; d <= end_dim; ++d) merged *= self.sizes()[d];
  sizes.push_back(merged);
  sizes.insert(sizes.end(), self.sizes().begin() + end_dim + 1, self.sizes().end());
  return reshape(self, std::move(sizes));
}

Tensor unflatten(const Tensor& self, int64_t dim, IntArray sizes) {
  dim = wrap_dim(dim, self.dim());
  STRIDELAB_CHECK(!sizes.empty(), "unflatten: sizes must be non-empty");
  int64_t dim_size = self.sizes()[dim];
  IntArray inferred;
  std::string problem;
  try {
    inferred = infer_size(sizes, dim_size);
  } catch (const Error& e) { problem = e.what(); }
  // PyTorch catches infer_size's std::runtime_errors only (its other checks pass through): the size
  // mismatch gets unflatten's own message, a second -1 is "unexpected".
  STRIDELAB_CHECK(problem != "only one dimension can be inferred", "unflatten got an unexpected error:\n", problem);
  STRIDELAB_CHECK(problem.empty() || problem.find("is invalid for input of size") != std::string::npos, problem);
  STRIDELAB_CHECK(problem.empty(), "unflatten: Provided sizes ", format_int_list(sizes),
                  " don't multiply up to the size of dim ", dim, " (", dim_size, ") in the input tensor");
  IntArray shape(self.sizes().begin(), self.sizes().begin() + dim);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  shape.insert(shape.end(), self.sizes().begin() + dim + 1, self.sizes().end());
  return view(self, std::move(shape));
}

Tensor squeeze(const Tensor& self) {
  IntArray sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim());
  IntArray sizes = self.sizes(), strides = self.strides();
  if (self.dim() > 0 && sizes[dim] == 1) {
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
  }
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim() + 1);
  IntArray sizes = self.sizes(), strides = self.strides();
  int64_t stride = dim >= self.dim() ? 1 : wrapping_mul(sizes[dim], strides[dim]);
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor expand(const Tensor& self, IntArray sizes) {
  int64_t n = static_cast<int64_t>(sizes.size()), old = self.dim();
  STRIDELAB_CHECK(n >= old, "expand(", legacy_type_name(self.dtype()), "{", format_int_list(self.sizes()),
                  "}, size=", format_int_list(sizes), "): the number of sizes provided (", n,
                  ") must be greater or equal to the number of dimensions in the tensor (", old, ")");
  IntArray out_sizes(n), out_strides(n);
  if (old == 0) {
    // PyTorch's inferExpandGeometry: a 0-dim tensor expands to the sizes as given, every stride 0
    // (a -1 is not rejected here; the size check below catches it).
    out_sizes = sizes;
  } else {
    for (int64_t i = n - 1; i >= 0; --i) {
      int64_t od = i - (n - old);
      int64_t size = od >= 0 ? self.sizes()[od] : 1;
      // A new leading dimension strides over everything after it, as unsqueeze would.
      int64_t stride = od >= 0 ? self.strides()[od] : wrapping_mul(out_sizes[i + 1], out_strides[i + 1]);
      int64_t target = sizes[i];
      if (target == -1) {
        STRIDELAB_CHECK(od >= 0, "The expanded size of the tensor (", target,
                        ") isn't allowed in a leading, non-existing dimension ", i);
        target = size;
      }
      if (size != target) {
        STRIDELAB_CHECK(size == 1, "The expanded size of the tensor (", target, ") must match the existing size (",
                        size, ") at non-singleton dimension ", i, ".  Target sizes: ", format_int_list(sizes),
                        ".  Tensor sizes: ", format_int_list(self.sizes()));
        size = target;
        stride = 0;
      }
      out_sizes[i] = size;
      out_strides[i] = stride;
    }
  }
  // PyTorch multiplies the sizes as unsigned 64-bit numbers, so a negative size overflows unless a
  // 0 comes after it. A zero-element tensor with a negative size is refused too (PyTorch makes
  // one, and refuses it at the first kernel).
  uint64_t numel = 1;
  bool overflow = false;
  for (int64_t s : out_sizes) overflow |= __builtin_mul_overflow(numel, static_cast<uint64_t>(s), &numel);
  STRIDELAB_CHECK(!overflow && numel <= static_cast<uint64_t>(INT64_MAX), "numel: integer multiplication overflow");
  for (int64_t s : out_sizes)
    STRIDELAB_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", format_int_list(out_sizes));
  return make_view(self, std::move(out_sizes), std::move(out_strides), self.storage_offset());
}

Tensor view_dtype(const Tensor& self, DType dtype) {
  const int64_t old_size = static_cast<int64_t>(itemsize(self.dtype())),
                new_size = static_cast<int64_t>(itemsize(dtype));
  IntArray sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset();
  if (old_size != new_size) {
    const std::string what = std::string(" to view ") + scalar_type_name(self.dtype()) + " as " +
                             scalar_type_name(dtype) + " (different element sizes)";
    STRIDELAB_CHECK(self.dim() > 0, "self.dim() cannot be 0", what);
    const int64_t last = self.dim() - 1;
    auto check_last_stride = [&] {
      STRIDELAB_CHECK(self.stride(-1) == 1, "self.stride(-1) must be 1", what, ", but got ", self.stride(-1));
    };
    if (old_size > new_size) {  // each element becomes `ratio` elements along the last dim
      check_last_stride();
      const int64_t ratio = old_size / new_size;
      for (int64_t d = 0; d < last; ++d) strides[d] *= ratio;
      sizes[last] *= ratio;
      offset *= ratio;
    } else {  // `ratio` elements along the last dim become one
      const int64_t ratio = new_size / old_size;
      STRIDELAB_CHECK(sizes[last] % ratio == 0, "self.size(-1) must be divisible by ", ratio, what, ", but got ",
                      sizes[last]);
      check_last_stride();
      STRIDELAB_CHECK(offset % ratio == 0, "self.storage_offset() must be divisible by ", ratio, what, ", but got ",
                      offset);
      for (int64_t d = 0; d < last; ++d)
        STRIDELAB_CHECK(strides[d] % ratio == 0, "self.stride(", d, ") must be divisible by ", ratio, what,
                        ", but got ", strides[d]);
      for (int64_t d = 0; d < last; ++d) strides[d] /= ratio;
      sizes[last] /= ratio;
      offset /= ratio;
    }
  }
  return Tensor(
      make_tensor_impl(self.storage(), std::move(sizes), std::move(strides), offset, dtype, self.impl()->version_));
}

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  STRIDELAB_CHECK(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[dim];
  // PyTorch 1.13 wraps start like a dim index (so its message speaks of a "Dimension"), except
  // that start == size (an empty slice at the end) is allowed.
  if (start != size) start = wrap_dim(start, size);
  STRIDELAB_CHECK(length >= 0 && start <= size - length, "start (", start, ") + length (", length,
                  ") exceeds dimension size (", size, ").");
  return slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  STRIDELAB_CHECK_INDEX(self.dim() > 0, "select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[dim];
  STRIDELAB_CHECK_INDEX(index >= -size && index < size, "select(): index ", index, " out of range for tensor of size ",
                        format_int_list(self.sizes()), " at dimension ", dim);
  if (index < 0) index += size;
  IntArray sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return make_view(self, std::move(sizes), std::move(strides), offset);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  STRIDELAB_CHECK_INDEX(self.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  STRIDELAB_CHECK_VALUE(step > 0, "step must be greater than zero");
  int64_t size = self.sizes()[dim];
  int64_t s = start.value_or(0), e = end.value_or(size);
  if (s < 0) s += size;
  if (e < 0) e += size;
  s = std::clamp<int64_t>(s, 0, size);
  e = std::clamp<int64_t>(e, s, size);
  IntArray sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset() + s * strides[dim];
  sizes[dim] = (e - s + step - 1) / step;
  strides[dim] *= step;
  return make_view(self, std::move(sizes), std::move(strides), offset);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  STRIDELAB_CHECK_INDEX(self.dim() > 0, "Dimension specified as 0 but tensor has no dimensions");
  dim = wrap_dim(dim, self.dim());
  std::vector<Tensor> out;
  for (int64_t i = 0; i < self.sizes()[dim]; ++i) out.push_back(select(self, dim, i));
  return out;
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  STRIDELAB_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  dim = wrap_dim(dim, self.dim());
  STRIDELAB_CHECK(split_size >= 0, "split expects split_size be non-negative, but got split_size=", split_size);
  int64_t size = self.sizes()[dim];
  STRIDELAB_CHECK(split_size > 0 || size == 0,
                  "split_size can only be 0 if dimension size is 0, but got dimension size of ", size);
  std::vector<Tensor> out;
  if (size == 0) return {self};
  for (int64_t start = 0; start < size; start += split_size)
    out.push_back(narrow(self, dim, start, std::min(split_size, size - start)));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const IntArray& sizes, int64_t dim) {
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[dim];
  int64_t total = std::accumulate(sizes.begin(), sizes.end(), int64_t{0});
  STRIDELAB_CHECK(total == size, "split_with_sizes expects split_sizes to sum exactly to ", size,
                  " (input tensor's size at dimension ", dim, "), but got split_sizes=", format_int_list(sizes));
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t s : sizes) {
    out.push_back(narrow(self, dim, start, s));
    start += s;
  }
  return out;
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  STRIDELAB_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  STRIDELAB_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[dim];
  int64_t split_size = (size + chunks - 1) / chunks;
  if (split_size == 0 && size == 0) {
    IntArray sizes(chunks, 0);
    return split_with_sizes(self, sizes, dim);
  }
  return split(self, split_size, dim);
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  int64_t n = self.dim();
  dim1 = wrap_dim(dim1, n);
  dim2 = wrap_dim(dim2, n);
  STRIDELAB_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  int64_t storage_offset = self.storage_offset();
  int64_t len;
  if (offset >= 0) {
    len = std::max<int64_t>(std::min(self.sizes()[dim1], self.sizes()[dim2] - offset), 0);
    storage_offset += offset * self.strides()[dim2];
  } else {
    len = std::max<int64_t>(std::min(self.sizes()[dim1] + offset, self.sizes()[dim2]), 0);
    storage_offset -= offset * self.strides()[dim1];
  }
  if (len == 0) storage_offset = self.storage_offset();
  IntArray sizes, strides;
  for (int64_t d = 0; d < n; ++d) {
    if (d == dim1 || d == dim2) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  sizes.push_back(len);
  strides.push_back(self.strides()[dim1] + self.strides()[dim2]);
  return make_view(self, std::move(sizes), std::move(strides), storage_offset);
}

Tensor movedim(const Tensor& self, IntArray source, IntArray destination) {
  int64_t n = self.dim();
  STRIDELAB_CHECK(source.size() == destination.size(), "movedim: Invalid source or destination dims: source (",
                  format_int_list(source), " dims) should contain the same number of dims as destination (",
                  format_int_list(destination), " dims)");
  IntArray order(n, -1);
  std::vector<bool> used_src(n, false);
  for (size_t i = 0; i < source.size(); ++i) {
    int64_t s = wrap_dim(source[i], n), d = wrap_dim(destination[i], n);
    STRIDELAB_CHECK(order[d] == -1, "movedim: repeated dim in `destination` (", format_int_list(destination), ")");
    STRIDELAB_CHECK(!used_src[s], "movedim: repeated dim in `source` (", format_int_list(source), ")");
    order[d] = s;
    used_src[s] = true;
  }
  int64_t next = 0;
  for (int64_t d = 0; d < n; ++d) {
    if (order[d] != -1) continue;
    while (used_src[next]) ++next;
    order[d] = next++;
  }
  return permute(self, std::move(order));
}

Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  int64_t n = self.dim();
  dim = wrap_dim(dim, n);
  int64_t dim_size = n == 0 ? 1 : self.sizes()[dim];
  STRIDELAB_CHECK(size <= dim_size, "maximum size for tensor at dimension ", dim, " is ", dim_size, " but size is ",
                  size);
  STRIDELAB_CHECK(step > 0, "step is ", step, " but must be > 0");
  IntArray sizes = self.sizes(), strides = self.strides();
  if (n == 0) {
    sizes = {size};
    strides = {1};
  } else {
    sizes[dim] = (dim_size - size) / step + 1;
    int64_t s = strides[dim];
    strides[dim] = s * step;
    sizes.push_back(size);
    strides.push_back(s);
  }
  return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor as_strided(const Tensor& self, IntArray sizes, IntArray strides, std::optional<int64_t> storage_offset) {
  int64_t offset = storage_offset.value_or(self.storage_offset());
  STRIDELAB_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  for (int64_t s : sizes)
    STRIDELAB_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", format_int_list(sizes));
  for (int64_t s : strides)
    STRIDELAB_CHECK(s >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
                    format_int_list(strides));
  STRIDELAB_CHECK(offset >= 0, "Tensor: invalid storage offset ", offset);
  const int64_t item = static_cast<int64_t>(self.element_size());
  // Bytes the view spans from byte 0 of the storage, checked against overflow (a stride of 2**61
  // must not wrap around into bounds).
  const uint64_t needed = storage_nbytes(sizes, strides, static_cast<uint64_t>(item), offset);
  const uint64_t have = self.storage()->nbytes();
  STRIDELAB_CHECK(needed <= have, "setStorage: sizes ", format_int_list(sizes), ", strides ", format_int_list(strides),
                  ", storage offset ", offset, ", and itemsize ", item, " requiring a storage size of ", needed,
                  " are out of bounds for storage of size ", have);
  return make_view(self, std::move(sizes), std::move(strides), offset);
}

Tensor alias(const Tensor& self) {
  auto impl = std::make_shared<TensorImpl>(self.storage(), self.sizes(), self.strides(), self.storage_offset(),
                                           self.dtype(), self.impl()->version_);
  return Tensor(std::move(impl));
}

Tensor shallow_copy(const Tensor& self) {
  auto version = std::make_shared<VersionCounter>();
  version->inference = self.is_inference();  // `.data` of an inference tensor is one too
  auto impl = std::make_shared<TensorImpl>(self.storage(), self.sizes(), self.strides(), self.storage_offset(),
                                           self.dtype(), std::move(version));
  return Tensor(std::move(impl));
}

IntArray broadcast_shapes(const IntArray& a, const IntArray& b) {
  size_t n = std::max(a.size(), b.size());
  IntArray out(n);
  // From the last dim backwards, as PyTorch, so the reported mismatch is the innermost one.
  for (size_t i = n; i-- > 0;) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    STRIDELAB_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (",
                    db, ") at non-singleton dimension ", i);
    out[i] = da == 1 ? db : da;
  }
  return out;
}

}  // namespace stridelab::core
