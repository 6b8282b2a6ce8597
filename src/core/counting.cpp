// unique and bincount.
#include "core/counting.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/error.h"
#include "core/ops.h"
#include "support/budget.h"

namespace stridelab::core {

namespace {

Tensor int64_tensor(const std::vector<int64_t>& v, const IntArray& sizes) {
  std::vector<Scalar> s(v.begin(), v.end());
  return from_values(s, sizes, DType::Int64);
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> unique_sorted(const Tensor& self) {
  const int64_t n = self.numel();
  // The sorted copy PyTorch makes, counted against the storage limit before the vectors below are
  // made (an expanded tensor may have 10**12 elements).
  (void)contiguous(self);
  std::vector<double> values(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) {
    values[static_cast<size_t>(k)] = get_flat(self, k).to_double();
    support::poll_deadline();
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return values[static_cast<size_t>(a)] < values[static_cast<size_t>(b)];
  });
  std::vector<Scalar> distinct;
  std::vector<int64_t> inverse(static_cast<size_t>(n)), counts;
  for (size_t i = 0; i < order.size(); ++i) {
    size_t k = static_cast<size_t>(order[i]);
    if (i == 0 || values[k] != values[static_cast<size_t>(order[i - 1])]) {
      distinct.push_back(get_flat(self, order[i]));
      counts.push_back(0);
    }
    ++counts.back();
    inverse[k] = static_cast<int64_t>(distinct.size()) - 1;
  }
  const int64_t m = static_cast<int64_t>(distinct.size());
  return {from_values(distinct, {m}, self.dtype()), int64_tensor(inverse, self.sizes()), int64_tensor(counts, {m})};
}

std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim());
  const int64_t n = self.size(dim);
  // Each slice as a row of values, in row-major order of the slice.
  std::vector<std::vector<double>> rows;
  for (int64_t i = 0; i < n; ++i) {
    Tensor slice = select(self, dim, i);
    std::vector<double> row;
    for (int64_t k = 0; k < slice.numel(); ++k) row.push_back(get_flat(slice, k).to_double());
    rows.push_back(std::move(row));
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return rows[static_cast<size_t>(a)] < rows[static_cast<size_t>(b)]; });
  std::vector<int64_t> keep, inverse(static_cast<size_t>(n)), counts;
  for (size_t i = 0; i < order.size(); ++i) {
    size_t k = static_cast<size_t>(order[i]);
    if (i == 0 || rows[k] != rows[static_cast<size_t>(order[i - 1])]) {
      keep.push_back(order[i]);
      counts.push_back(0);
    }
    ++counts.back();
    inverse[k] = static_cast<int64_t>(keep.size()) - 1;
  }
  const int64_t m = static_cast<int64_t>(keep.size());
  Tensor values = index_select(self, dim, int64_tensor(keep, {m}));
  return {values, int64_tensor(inverse, {n}), int64_tensor(counts, {m})};
}

Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength) {
  STRIDELAB_CHECK(is_integral(self.dtype(), false), "\"bincount_cpu\" not implemented for '",
                  scalar_type_name(self.dtype()), "'");
  STRIDELAB_CHECK(minlength >= 0, "minlength should be >= 0");
  if (self.dim() == 1 && self.numel() == 0) return zeros({minlength}, DType::Int64);
  int64_t mn = 0, mx = -1;
  if (self.dim() == 1) {
    for (int64_t k = 0; k < self.numel(); ++k) {
      support::poll_deadline();  // an expanded input may have 10**12 elements
      int64_t v = get_flat(self, k).to_int();
      mn = std::min(mn, v);
      mx = std::max(mx, v);
    }
  }
  STRIDELAB_CHECK(self.dim() == 1 && mn >= 0, "bincount only supports 1-d non-negative integral inputs.");
  if (weights)
    STRIDELAB_CHECK(weights->dim() == 1 && weights->size(0) == self.size(0),
                    "weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(mx + 1, minlength);
  (void)zeros({bins}, DType::Int64);  // the result, counted against the storage limit first
  if (!weights) {
    std::vector<int64_t> counts(static_cast<size_t>(bins), 0);
    for (int64_t k = 0; k < self.numel(); ++k) ++counts[static_cast<size_t>(get_flat(self, k).to_int())];
    return int64_tensor(counts, {bins});
  }
  DType out = weights->dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
  std::vector<double> sums(static_cast<size_t>(bins), 0.0);
  for (int64_t k = 0; k < self.numel(); ++k) {
    double& cell = sums[static_cast<size_t>(get_flat(self, k).to_int())];
    const double w = get_flat(*weights, k).to_double();
    // float weights are summed in float, as PyTorch sums them in the weights' dtype
    cell = out == DType::Float32 ? static_cast<double>(static_cast<float>(cell) + static_cast<float>(w)) : cell + w;
  }
  std::vector<Scalar> s(sums.begin(), sums.end());
  return from_values(s, {bins}, out);
}

}  // namespace stridelab::core
