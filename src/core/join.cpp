// Joining and tiling: cat, stack, repeat, flip; the triangles and diagonals: tril, triu, diag. Each result is a fresh
// tensor (never a view); the data moves through copy_ into views of it, so every strided layout and dtype conversion
// takes copy_'s loops.
#include <algorithm>

#include "core/checked.h"
#include "core/ops.h"

namespace stridelab::core {
namespace {

// NOTE [Memory format of a cat result]
// PyTorch's cat allocates its result contiguous, unless every input suggests channels-last (a
// 4-d tensor laid out N, H, W, C in memory, as x.permute(0, 3, 1, 2) of a contiguous one is):
// then the result is channels-last too. suggest_memory_format is the test, as in c10's
// is_channels_last_strides_2d_s4 / _3d_s5: walking the dims C, W, H, N (C, D?, ... for 5-d)
// the strides must grow, with PyTorch's tie-breaks for ambiguous size-1 layouts.
enum class MemoryFormat { Contiguous, ChannelsLast, ChannelsLast3d };

bool strides_grow_in_order(const Tensor& t, std::initializer_list<int> order) {
  const IntArray& sizes = t.sizes();
  const IntArray& strides = t.strides();
  int64_t min = 0;
  if (strides[1] == 0) return false;
  for (int d : order) {
    if (sizes[d] == 0) return false;
    if (strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

MemoryFormat suggest_memory_format(const Tensor& t) {
  if (t.dim() == 4 && strides_grow_in_order(t, {1, 3, 2, 0})) return MemoryFormat::ChannelsLast;
  if (t.dim() == 5 && strides_grow_in_order(t, {1, 4, 3, 2, 0})) return MemoryFormat::ChannelsLast3d;
  return MemoryFormat::Contiguous;
}

IntArray strides_for(const IntArray& sizes, MemoryFormat format) {
  IntArray s(sizes.size());
  if (format == MemoryFormat::ChannelsLast) {
    s[1] = 1;
    s[3] = sizes[1];
    s[2] = s[3] * sizes[3];
    s[0] = s[2] * sizes[2];
    return s;
  }
  if (format == MemoryFormat::ChannelsLast3d) {
    s[1] = 1;
    s[4] = sizes[1];
    s[3] = s[4] * sizes[4];
    s[2] = s[3] * sizes[3];
    s[0] = s[2] * sizes[2];
    return s;
  }
  return contiguous_strides(sizes);
}

// Legacy PyTorch let 1-d empty tensors (torch.tensor([])) join anything; cat still skips them.
bool cat_should_skip(const Tensor& t) { return t.dim() == 1 && t.numel() == 0; }

// PyTorch's legacy_cat_wrap_dim: the dim is wrapped against the first tensor that is not skipped
// (and left alone when all are).
int64_t cat_wrap_dim(int64_t dim, const std::vector<Tensor>& tensors) {
  for (const Tensor& t : tensors)
    if (!cat_should_skip(t)) return wrap_dim(dim, t.dim());
  return dim;
}

// Replaces a fresh tensor's sizes and strides (never a view: it owns its storage).
Tensor with_metadata(Tensor t, IntArray sizes, IntArray strides) {
  t.impl()->sizes_ = std::move(sizes);
  t.impl()->strides_ = std::move(strides);
  return t;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  for (size_t i = 0; i < tensors.size(); ++i)
    STRIDELAB_CHECK(tensors[i].dim() > 0, "zero-dimensional tensor (at position ", i, ") cannot be concatenated");
  dim = cat_wrap_dim(dim, tensors);
  STRIDELAB_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");

  MemoryFormat format = suggest_memory_format(tensors[0]);
  for (const Tensor& t : tensors) {
    MemoryFormat f = suggest_memory_format(t);
    if (f == MemoryFormat::Contiguous || f != format) {
      format = MemoryFormat::Contiguous;
      break;
    }
  }
  DType dtype = tensors[0].dtype();
  for (const Tensor& t : tensors) dtype = promote_types(dtype, t.dtype());

  const Tensor* valid = nullptr;
  for (const Tensor& t : tensors)
    if (!cat_should_skip(t)) {
      valid = &t;
      break;
    }
  IntArray sizes{0};
  if (valid != nullptr) {
    int64_t size_at_dim = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
      const Tensor& t = tensors[i];
      if (cat_should_skip(t)) continue;
      STRIDELAB_CHECK(valid->dim() == t.dim(), "Tensors must have same number of dimensions: got ", valid->dim(),
                      " and ", t.dim());
      for (int64_t d = 0; d < t.dim(); ++d) {
        if (d == dim) continue;
        STRIDELAB_CHECK(valid->sizes()[d] == t.sizes()[d], "Sizes of tensors must match except in dimension ", dim,
                        ". Expected size ", valid->sizes()[d], " but got size ", t.sizes()[d], " for tensor number ", i,
                        " in the list.");
      }
      size_at_dim = wrapping_add(size_at_dim, t.sizes()[dim]);  // PyTorch's sum wraps: refused as negative
    }
    sizes = valid->sizes();
    sizes[dim] = size_at_dim;
  }
  if (valid == nullptr) format = MemoryFormat::Contiguous;
  Tensor out = empty_strided(sizes, strides_for(sizes, format), dtype);
  if (valid == nullptr) return out;

  // Each input goes into its slab of the result along `dim`.
  int64_t start = 0;
  for (const Tensor& t : tensors) {
    if (cat_should_skip(t)) continue;
    int64_t len = t.sizes()[dim];
    if (t.numel() > 0) {
      Tensor slab = make_view(out, t.sizes(), out.strides(), out.storage_offset() + start * out.strides()[dim]);
      copy_(slab, t);
    }
    start += len;
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  STRIDELAB_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  const IntArray& entry = tensors[0].sizes();
  const int64_t ndim = tensors[0].dim();
  dim = wrap_dim(dim, ndim + 1);
  for (size_t i = 1; i < tensors.size(); ++i)
    STRIDELAB_CHECK(tensors[i].sizes() == entry, "stack expects each tensor to be equal size, but got ",
                    format_int_list(entry), " at entry 0 and ", format_int_list(tensors[i].sizes()), " at entry ", i);
  IntArray result_sizes = entry;
  result_sizes.insert(result_sizes.begin() + dim, static_cast<int64_t>(tensors.size()));
  if (dim < ndim) {
    // cat along `dim`, then split that dim in two: always possible as a view of the cat result,
    // which is what PyTorch returns (with the cat result's layout, e.g. channels-last).
    Tensor out = cat(tensors, dim);
    IntArray strides = compute_view_strides(out.sizes(), out.strides(), result_sizes).value();
    return with_metadata(std::move(out), std::move(result_sizes), std::move(strides));
  }
  std::vector<Tensor> unsqueezed;
  unsqueezed.reserve(tensors.size());
  for (const Tensor& t : tensors) unsqueezed.push_back(unsqueeze(t, dim));
  return cat(unsqueezed, dim);
}

Tensor repeat(const Tensor& self, const IntArray& repeats) {
  STRIDELAB_CHECK(static_cast<int64_t>(repeats.size()) >= self.dim(),
                  "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t n = repeats.size();
  const size_t added = n - static_cast<size_t>(self.dim());
  IntArray padded(added, 1), padded_strides(added, 0);
  padded.insert(padded.end(), self.sizes().begin(), self.sizes().end());
  padded_strides.insert(padded_strides.end(), self.strides().begin(), self.strides().end());
  IntArray target(n);
  bool zero = false;
  for (size_t i = 0; i < n; ++i) {
    zero = zero || repeats[i] == 0;
    target[i] = wrapping_mul(padded[i], repeats[i]);  // PyTorch's product wraps: refused as negative
  }
  Tensor out = empty(target, self.dtype());
  if (zero || out.numel() == 0) return out;
  // The result seen as (r0, s0, r1, s1, ...): tile k of dim i starts at k * s_i rows of the
  // result; the source is read with stride 0 along every r_i.
  IntArray tiled_sizes, dst_strides, src_strides;
  for (size_t i = 0; i < n; ++i) {
    int64_t stride = out.strides()[i];
    tiled_sizes.insert(tiled_sizes.end(), {repeats[i], padded[i]});
    dst_strides.insert(dst_strides.end(), {stride * padded[i], stride});
    src_strides.insert(src_strides.end(), {int64_t{0}, padded_strides[i]});
  }
  Tensor dst = make_view(out, tiled_sizes, dst_strides, 0);
  Tensor src = make_view(self, tiled_sizes, src_strides, self.storage_offset());
  copy_(dst, src);
  return out;
}

Tensor flip(const Tensor& self, const IntArray& dims) {
  const int64_t ndim = self.dim();
  std::vector<bool> flipped(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    STRIDELAB_CHECK(!flipped[w], "dim ", w, " appears multiple times in the list of dims");
    flipped[w] = true;
  }
  Tensor out = empty_like(self);
  // The source read backwards along the flipped dims: start at the last element, negative stride.
  IntArray strides = self.strides();
  int64_t offset = self.storage_offset();
  for (int64_t d = 0; d < ndim; ++d) {
    int64_t size = self.sizes()[d];
    if (!flipped[d] || size <= 1) continue;
    offset += (size - 1) * strides[d];
    strides[d] = -strides[d];
  }
  copy_(out, make_view(self, self.sizes(), std::move(strides), offset));
  return out;
}

// ---- tril triu diag -------------------------------------------------------------------------

namespace {

// Zeroes the cells of each matrix (the last two dims) on the wrong side of diagonal k: above it
// for tril (j - i > k), below it for triu (j - i < k).
void zero_triangle(const Tensor& t, int64_t k, bool lower) {
  const int64_t nd = t.dim(), rows = t.sizes()[nd - 2], cols = t.sizes()[nd - 1];
  const int64_t rs = t.strides()[nd - 2], cs = t.strides()[nd - 1];
  IntArray lead_sizes(t.sizes().begin(), t.sizes().end() - 2), lead_strides(t.strides().begin(), t.strides().end() - 2);
  const int64_t batches = numel_of(lead_sizes);
  dispatch_all(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* base = t.data<T>();
    for (int64_t b = 0; b < batches; ++b) {
      int64_t off = 0, rest = b;
      for (int64_t d = static_cast<int64_t>(lead_sizes.size()) - 1; d >= 0; --d) {
        off += (rest % lead_sizes[d]) * lead_strides[d];
        rest /= lead_sizes[d];
      }
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j)
          if (lower ? j - i > k : j - i < k) base[off + i * rs + j * cs] = T(0);
    }
  });
}

Tensor triangle(const Tensor& self, int64_t k, bool lower) {
  (void)wrap_dim(-2, self.dim());  // PyTorch's IndexError for fewer than 2 dims
  Tensor out = empty(self.sizes(), self.dtype());
  copy_(out, self);
  zero_triangle(out, k, lower);
  return out;
}

}  // namespace

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, true); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, false); }

void tril_(const Tensor& self, int64_t diagonal) {
  (void)wrap_dim(-2, self.dim());
  zero_triangle(self, diagonal, true);
}

void triu_(const Tensor& self, int64_t diagonal) {
  (void)wrap_dim(-2, self.dim());
  zero_triangle(self, diagonal, false);
}

Tensor diag(const Tensor& self, int64_t k) {
  STRIDELAB_CHECK(self.dim() == 1 || self.dim() == 2, "matrix or a vector expected");
  if (self.dim() == 2) return contiguous(clone(diagonal(self, k, 0, 1)));
  const int64_t n = self.sizes()[0] + (k < 0 ? -k : k);
  Tensor out = zeros({n, n}, self.dtype());
  copy_(diagonal(out, k, 0, 1), self);
  return out;
}

}  // namespace stridelab::core
