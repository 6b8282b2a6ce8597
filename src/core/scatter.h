// Writes along one dim by an index tensor: scatter (with add / multiply), scatter_add, index_add,
// index_copy and index_fill, in place into self's cells with PyTorch 1.13's checks and error texts.
// No version bump (see copy_): the autograd layer bumps it.
#pragma once

#include "core/scalar.h"
#include "core/tensor.h"

namespace stridelab::core {

enum class ScatterReduce { None, Add, Multiply };

// PyTorch's reduce= strings: "add", "multiply"; anything else raises its error.
ScatterReduce scatter_reduce_from_string(const std::string& reduce);
// self[..., index[i], ...] (op)= src[i] along dim for every position i of index (scatter, scatter_add).
void scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, ScatterReduce reduce);
void scatter_value_(const Tensor& self, int64_t dim, const Tensor& index, Scalar value, ScatterReduce reduce);
// self.select(dim, index[i]) += alpha * source.select(dim, i).
void index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha);
void index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
void index_fill_(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);

// The index that repeat_interleave selects with: i repeated repeats[i] times (repeats' dtype).
Tensor repeat_interleave_index(const Tensor& repeats);
// torch.roll: a contiguous copy with each dims[k] rotated by shifts[k] (no dims: the flattened
// tensor rotated by shifts[0], in self's shape).
Tensor roll(const Tensor& self, const IntArray& shifts, const IntArray& dims);

}  // namespace stridelab::core
