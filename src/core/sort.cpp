// Sorting along a dim: sort and topk, as PyTorch's CPU kernels do them.
//
// NOTE [Order of ties in sort and topk]
// PyTorch's CPU sort (stable=False) runs std::sort over (value, index) pairs compared by value
// only, and topk runs std::partial_sort (when k * 64 <= n) or std::nth_element then std::sort
// over the first k - 1, on a vector of (value, index) pairs. Neither is stable in general, so
// the order of equal values is whatever those algorithms leave: we run the same algorithms on
// the same pairs with the same comparisons. They are libstdc++'s, written out in
// sort_algorithms.h, so the browser build (LLVM's libc++) orders ties as PyTorch does too. NaN
// compares as larger than every number, so it comes last ascending, first descending.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kernel_dtype.h"
#include "core/ops.h"
#include "core/sort_algorithms.h"
#include "support/budget.h"

namespace stridelab::core {
namespace {

template <class T>
bool is_nan(T v) {
  if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  return false;
}

// PyTorch's KeyValueCompAsc / KeyValueCompDesc over the values of (value, index) pairs.
template <class T>
bool less_first(const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
  return (!is_nan(a.first) && is_nan(b.first)) || a.first < b.first;
}
template <class T>
bool greater_first(const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
  return (is_nan(a.first) && !is_nan(b.first)) || a.first > b.first;
}

// The comparison `less`, polling the run's deadline at each call (NOTE [Deadline polling] in
// support/budget.h): one row may hold tens of millions of values. A throw leaves the row a
// permutation of itself, and the row is dropped.
template <class T>
auto polled(bool (*less)(const std::pair<T, int64_t>&, const std::pair<T, int64_t>&)) {
  return [less](const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
    support::poll_deadline();
    return less(a, b);
  };
}

// Calls fn(pairs) on each row along dim (as (value, position) pairs), then writes its first
// `keep` pairs into values and indices: laid out as self (sort), or contiguous with dim set to
// keep (topk), as PyTorch allocates them.
template <class Fn>
std::pair<Tensor, Tensor> per_row(const Tensor& self, int64_t dim, int64_t keep, Fn&& fn) {
  if (is_reduced_float(self.dtype())) {  // NOTE [16-bit floats]: sorted as float32, values exact
    auto [values, indices] = per_row(to(self, DType::Float32), dim, keep, fn);
    return {to(values, self.dtype()), indices};
  }
  if (is_small_int(self.dtype())) {  // NOTE [Small integers computed in int32]: the same comparisons
    auto [values, indices] = per_row(to(self, DType::Int32), dim, keep, fn);
    return {to(values, self.dtype()), indices};
  }
  IntArray sizes = self.sizes();
  const bool whole = self.dim() == 0 || keep == sizes[dim];
  if (!whole) sizes[dim] = keep;
  Tensor values = whole ? empty_like(self) : empty(sizes, self.dtype());
  Tensor indices = whole ? empty_like(self, DType::Int64) : empty(sizes, DType::Int64);
  if (self.dim() == 0) {
    copy_(values, self);
    fill_(indices, Scalar(int64_t{0}));
    return {values, indices};
  }
  const int64_t n = self.sizes()[dim];
  Tensor rows = contiguous(movedim(self, {dim}, {-1}));
  Tensor vrows = empty(movedim(values, {dim}, {-1}).sizes(), self.dtype());
  Tensor irows = empty(vrows.sizes(), DType::Int64);
  const int64_t count = n == 0 ? 0 : rows.numel() / n;
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = rows.data<T>();
    T* vo = vrows.data<T>();
    int64_t* io = irows.data<int64_t>();
    std::vector<std::pair<T, int64_t>> row(static_cast<size_t>(n));
    for (int64_t r = 0; r < count; ++r) {
      for (int64_t i = 0; i < n; ++i) row[i] = {in[r * n + i], i};
      fn(row);
      for (int64_t i = 0; i < keep; ++i) {
        vo[r * keep + i] = row[i].first;
        io[r * keep + i] = row[i].second;
      }
    }
  });
  copy_(values, movedim(vrows, {-1}, {dim}));
  copy_(indices, movedim(irows, {-1}, {dim}));
  return {values, indices};
}

}  // namespace

std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending, bool stable) {
  const int64_t d = wrap_dim(dim, self.dim());
  const int64_t n = self.dim() == 0 ? 1 : self.sizes()[d];
  return per_row(self, d, n, [&](auto& row) {
    using T = typename std::decay_t<decltype(row)>::value_type::first_type;
    auto cmp = polled(descending ? &greater_first<T> : &less_first<T>);
    if (stable) std::stable_sort(row.begin(), row.end(), cmp);
    else sort_algorithms::sort(row.begin(), row.end(), cmp);
  });
}

std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  const int64_t d = wrap_dim(dim, self.dim());
  const int64_t n = self.dim() == 0 ? 1 : self.sizes()[d];
  STRIDELAB_CHECK(k >= 0 && k <= n, "selected index k out of range");
  STRIDELAB_CHECK(self.dtype() != DType::Float16, "\"topk_cpu\" not implemented for 'Half'");
  return per_row(self, d, k, [&](auto& row) {
    using T = typename std::decay_t<decltype(row)>::value_type::first_type;
    if (k == 0) return;
    auto cmp = polled(largest ? &greater_first<T> : &less_first<T>);
    if (k * 64 <= n) {
      sort_algorithms::partial_sort(row.begin(), row.begin() + k, row.end(), cmp);
      return;
    }
    sort_algorithms::nth_element(row.begin(), row.begin() + (k - 1), row.end(), cmp);
    if (sorted) sort_algorithms::sort(row.begin(), row.begin() + (k - 1), cmp);
  });
}

}  // namespace stridelab::core
