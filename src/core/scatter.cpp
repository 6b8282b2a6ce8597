// scatter, scatter_add, index_add, index_copy, index_fill: the checks in the order PyTorch 1.13's
// meta functions make them, then a plain loop over the index.
#include "core/scatter.h"

#include <vector>

#include "core/error.h"
#include "core/ops.h"

namespace stridelab::core {

namespace {

// PyTorch's ensure_nonempty_dim / ensure_nonempty_size: a 0-d tensor counts as one dim of size 1.
// size(d) past the last dim raises PyTorch's IndexError, as its own size(d) call does.
int64_t nonempty_dim(const Tensor& t) { return t.dim() == 0 ? 1 : t.dim(); }
int64_t nonempty_size(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
int64_t nonempty_stride(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.stride(d); }

// Calls fn(coords) for every position of `sizes`, row-major.
template <class Fn>
void for_each_position(const IntArray& sizes, Fn&& fn) {
  if (numel_of(sizes) == 0) return;
  IntArray at(sizes.size(), 0);
  while (true) {
    fn(at);
    int64_t d = static_cast<int64_t>(sizes.size()) - 1;
    for (; d >= 0; --d) {
      if (++at[static_cast<size_t>(d)] < sizes[static_cast<size_t>(d)]) break;
      at[static_cast<size_t>(d)] = 0;
    }
    if (d < 0) return;
  }
}

int64_t offset_of(const Tensor& t, const IntArray& at, int64_t dim = -1, int64_t dim_value = 0) {
  int64_t off = 0;
  for (size_t d = 0; d < at.size(); ++d) {
    int64_t c = static_cast<int64_t>(d) == dim ? dim_value : at[d];
    off += c * nonempty_stride(t, static_cast<int64_t>(d));
  }
  return off;
}

void scatter_checks(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  STRIDELAB_CHECK(index.dtype() == DType::Int64, "scatter(): Expected dtype int64 for index");
  if (src) STRIDELAB_CHECK(self.dtype() == src->dtype(), "scatter(): Expected self.dtype to be equal to src.dtype");
  if (index.numel() == 0) return;
  STRIDELAB_CHECK(nonempty_dim(self) == nonempty_dim(index),
                  "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  int64_t ndim = nonempty_dim(self);
  for (int64_t d = 0; d < ndim && !wrong; ++d)
    if (d != dim && nonempty_size(index, d) > nonempty_size(self, d)) wrong = true;
  if (!wrong && src)
    for (int64_t d = 0; d < ndim && !wrong; ++d)
      if (nonempty_size(index, d) > nonempty_size(*src, d)) wrong = true;
  if (src)
    STRIDELAB_CHECK(!wrong, "Expected index ", format_int_list(index.sizes()), " to be smaller than self ",
                    format_int_list(self.sizes()), " apart from dimension ", dim, " and to be smaller size than src ",
                    format_int_list(src->sizes()));
  STRIDELAB_CHECK(!wrong, "Expected index ", format_int_list(index.sizes()), " to be smaller than self ",
                  format_int_list(self.sizes()), " apart from dimension ", dim);
}

// The scatter loop: value_at(coords) gives the element to combine into self.
template <class T, class ValueAt>
void scatter_loop(const Tensor& self, int64_t dim, const Tensor& index, ScatterReduce reduce, ValueAt&& value_at) {
  IntArray sizes = index.dim() == 0 ? IntArray{1} : index.sizes();
  const int64_t bound = nonempty_size(self, dim);
  T* out = self.data<T>();
  const int64_t* idx = index.data<int64_t>();
  for_each_position(sizes, [&](const IntArray& at) {
    int64_t v = idx[offset_of(index, at)];
    STRIDELAB_CHECK(v >= 0 && v < bound, "index ", v, " is out of bounds for dimension ", dim, " with size ", bound);
    T& cell = out[offset_of(self, at, dim, v)];
    T x = value_at(at);
    if (reduce == ScatterReduce::Add) cell = static_cast<T>(cell + x);
    else if (reduce == ScatterReduce::Multiply) cell = static_cast<T>(cell * x);
    else cell = x;
  });
}

}  // namespace

ScatterReduce scatter_reduce_from_string(const std::string& reduce) {
  if (reduce == "add") return ScatterReduce::Add;
  if (reduce == "multiply") return ScatterReduce::Multiply;
  STRIDELAB_CHECK(false, "reduce argument must be either add or multiply.");
  return ScatterReduce::None;
}

void scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, ScatterReduce reduce) {
  dim = wrap_dim(dim, nonempty_dim(self));
  scatter_checks(self, dim, index, &src);
  if (index.numel() == 0) return;
  dispatch(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = src.data<T>();
    scatter_loop<T>(self, dim, index, reduce, [&](const IntArray& at) { return s[offset_of(src, at)]; });
  });
}

void scatter_value_(const Tensor& self, int64_t dim, const Tensor& index, Scalar value, ScatterReduce reduce) {
  dim = wrap_dim(dim, nonempty_dim(self));
  scatter_checks(self, dim, index, nullptr);
  if (index.numel() == 0) return;
  dispatch(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v = value.to<T>();
    scatter_loop<T>(self, dim, index, reduce, [&](const IntArray&) { return v; });
  });
}

namespace {

std::vector<int64_t> index_list(const Tensor& index) {
  std::vector<int64_t> values;
  for (int64_t k = 0; k < index.numel(); ++k) values.push_back(get_flat(index, k).to_int());
  return values;
}

Tensor slice_at(const Tensor& t, int64_t dim, int64_t i) { return t.dim() == 0 ? t : select(t, dim, i); }

}  // namespace

void index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha) {
  dim = wrap_dim(dim, nonempty_dim(self));
  const int64_t numel = index.numel();
  STRIDELAB_CHECK_INDEX(index.dim() <= 1, "index_add_(): Index is supposed to be a vector, but got dim: ", index.dim(),
                        " with type: ", scalar_type_name(index.dtype()), " and size: ", format_int_list(index.sizes()));
  STRIDELAB_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32,
                  "index_add_(): Expected dtype int32/int64 for index but got: ", scalar_type_name(index.dtype()));
  STRIDELAB_CHECK(self.dtype() == source.dtype(), "index_add_(): self (", scalar_type_name(self.dtype()),
                  ") and source (", scalar_type_name(source.dtype()), ") must have the same scalar type");
  STRIDELAB_CHECK(dim == 0 || dim < source.dim(), "index_add_(): Indexing dim ", dim,
                  " is out of bounds of the source tensor with dim ", source.dim());
  const int64_t source_size = source.dim() == 0 ? 1 : source.size(dim);
  STRIDELAB_CHECK(numel == source_size, "index_add_(): Number of indices (", numel,
                  ") should be equal to source.size(dim): (", source_size, "), for dim: ", dim);
  if (self.dim() > 1 && numel > 0) {
    IntArray self_slice = select(self, dim, 0).sizes(), source_slice = select(source, dim, 0).sizes();
    IntArray shape = broadcast_shapes(self_slice, source_slice);
    STRIDELAB_CHECK(shape == self_slice, "output with shape ", format_int_list(self_slice),
                    " doesn't match the broadcast shape ", format_int_list(shape));
  }
  const int64_t bound = nonempty_size(self, dim);
  std::vector<int64_t> idx = index_list(index);
  for (int64_t i = 0; i < numel; ++i) {
    int64_t v = idx[static_cast<size_t>(i)];
    STRIDELAB_CHECK_INDEX(v >= 0 && v < bound, "index out of range in self");
    binary_(BinaryOp::Add, slice_at(self, dim, v), slice_at(source, dim, i), alpha);
  }
}

void index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  dim = wrap_dim(dim, nonempty_dim(self));
  STRIDELAB_CHECK_INDEX(index.dim() < 2, "index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")");
  const int64_t numel = index.numel();
  if (source.dim() == 0 && numel != 1)
    STRIDELAB_CHECK_INDEX(false, "index_copy_(): When source is scalar, index should have one element (got ", numel,
                          ")");
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    STRIDELAB_CHECK_INDEX(false,
                          "index_copy_(): When source and destination are not scalars, their dimensionality must "
                          "match. Source dimensionality (",
                          source.dim(), "), destination dimensionality (", self.dim(), ")");
  STRIDELAB_CHECK(index.dtype() == DType::Int64, "index_copy_(): Expected a long tensor for index, but got ",
                  scalar_type_name(index.dtype()));
  STRIDELAB_CHECK(self.dtype() == source.dtype(), "index_copy_(): self and source expected to have the same dtype, ",
                  "but got (self) ", scalar_type_name(self.dtype()), " and (source) ",
                  scalar_type_name(source.dtype()));
  IntArray self_sliced = self.sizes(), source_sliced = source.sizes();
  if (!self_sliced.empty()) self_sliced.erase(self_sliced.begin() + dim);
  if (!source_sliced.empty()) source_sliced.erase(source_sliced.begin() + dim);
  if (self_sliced != source_sliced) {
    // PyTorch prints these two shapes as bare space-separated numbers.
    auto bare = [](const IntArray& v) {
      std::string s;
      for (size_t k = 0; k < v.size(); ++k) s += (k ? " " : "") + std::to_string(v[k]);
      return s;
    };
    STRIDELAB_CHECK(false, "index_copy_(): Source/destination tensor must have same slice shapes. ",
                    "Destination slice shape: ", bare(self_sliced), " at dimension ", dim,
                    " and source slice shape: ", bare(source_sliced), " at dimension 0.");
  }
  const int64_t source_size = source.dim() == 0 ? 1 : source.size(dim);
  STRIDELAB_CHECK_INDEX(source.dim() == 0 || numel == source_size, "index_copy_(): Number of indices (", numel,
                        ") should be equal to source.size(dim) (", source_size, ")");
  const int64_t bound = nonempty_size(self, dim);
  std::vector<int64_t> idx = index_list(index);
  for (int64_t i = 0; i < numel; ++i) {
    int64_t v = idx[static_cast<size_t>(i)];
    STRIDELAB_CHECK_INDEX(v >= 0 && v < bound, "index_copy_(): index ", v, " is out of bounds for dimension ", dim,
                          " with size ", bound);
    copy_(slice_at(self, dim, v), slice_at(source, dim, i));
  }
}

void index_fill_(const Tensor& self, int64_t dim, const Tensor& index, Scalar value) {
  STRIDELAB_CHECK_INDEX(index.dtype() == DType::Int64, "index_fill_(): Expected dtype int64 for index.");
  Tensor target = self.dim() == 0 ? unsqueeze(self, -1) : self;
  dim = wrap_dim(dim, target.dim());
  STRIDELAB_CHECK(index.dim() <= 1, "Index has to be a vector/scalar");
  const int64_t bound = target.size(dim);
  for (int64_t v : index_list(index)) {
    STRIDELAB_CHECK_INDEX(v >= -bound && v < bound, "index ", v, " is out of bounds for dimension ", dim, " with size ",
                          bound);
    fill_(select(target, dim, v < 0 ? v + bound : v), value);
  }
}

Tensor repeat_interleave_index(const Tensor& repeats) {
  STRIDELAB_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32,
                  "\"repeat_interleave_cpu\" not implemented for '", scalar_type_name(repeats.dtype()), "'");
  STRIDELAB_CHECK(repeats.dim() == 1, "repeat_interleave only accept 1D vector as repeat");
  std::vector<Scalar> values;
  for (int64_t i = 0; i < repeats.numel(); ++i) {
    int64_t n = get_flat(repeats, i).to_int();
    STRIDELAB_CHECK(n >= 0, "repeats can not be negative");
    for (int64_t k = 0; k < n; ++k) values.push_back(Scalar(i));
  }
  return from_values(values, {static_cast<int64_t>(values.size())}, repeats.dtype());
}

Tensor roll(const Tensor& self, const IntArray& shifts, const IntArray& dims) {
  STRIDELAB_CHECK(!shifts.empty(), "`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    Tensor flat = view(contiguous(self), {self.numel()});
    return view(roll(flat, shifts, {0}), self.sizes());
  }
  STRIDELAB_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: ", shifts.size(),
                  ", dims:", dims.size());
  if (self.numel() == 0) return clone(self);
  Tensor result = self;
  for (size_t k = 0; k < dims.size(); ++k) {
    int64_t dim = wrap_dim(dims[k], self.dim());
    int64_t n = self.size(dim);
    std::vector<Scalar> idx;
    for (int64_t i = 0; i < n; ++i) idx.push_back(Scalar((((i - shifts[k]) % n) + n) % n));
    result = index_select(result, dim, from_values(idx, {n}, DType::Int64));
  }
  return contiguous(result);
}

}  // namespace stridelab::core
