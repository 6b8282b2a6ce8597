// torch.unique (sorted, with inverse and counts, over elements or slices along a dim) and
// torch.bincount. Results carry no history.
#pragma once

#include <optional>
#include <tuple>

#include "core/tensor.h"

namespace stridelab::core {

// (values, inverse, counts): the distinct elements in ascending order, for each input element the
// position of its value (input's shape), and how often each value occurs.
std::tuple<Tensor, Tensor, Tensor> unique_sorted(const Tensor& self);
// The same over the slices self.select(dim, i), ordered lexicographically.
std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim);
Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength);

}  // namespace stridelab::core
