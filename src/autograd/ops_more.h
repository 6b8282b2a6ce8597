// More differentiable ops: the scatter / index family (scatter_ops.cpp) and the matrix products
// built on bmm and mv (linalg_more_ops.cpp). Each records PyTorch 1.13's node and saves what it saves.
#pragma once

#include <optional>
#include <tuple>
#include <string>
#include <vector>

#include "autograd/variable.h"
#include "core/scatter.h"

namespace stridelab::autograd {

using core::Scalar;
using core::ScatterReduce;

// ---- scatter_ops.cpp ---------------------------------------------------------------------------
// scatter with src: ScatterBackward0; with a value: ScatterBackward1; with reduce=: PyTorch has no
// derivative (a NotImplemented node).
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
               ScatterReduce reduce = ScatterReduce::None);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value,
               ScatterReduce reduce = ScatterReduce::None);
Tensor& scatter_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                 ScatterReduce reduce = ScatterReduce::None);
Tensor& scatter_(Tensor& self, int64_t dim, const Tensor& index, Scalar value,
                 ScatterReduce reduce = ScatterReduce::None);
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor& scatter_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha);
Tensor& index_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha);
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor& index_copy_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);  // IndexFillBackward0
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index,
                  const Tensor& value);  // IndexFillBackward1 (a 0-d value)
Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, Scalar value);
Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
// take_along_dim: broadcast_to both, then gather; without dim, gather over the flattened input.
Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim);

// ---- math_ops.cpp ------------------------------------------------------------------------------
// Tensor.subtract(Scalar other, Scalar alpha): ATen's sub.Scalar, self - alpha * other
// (SubBackward1, which keeps nothing).
Tensor sub_scalar(const Tensor& self, Scalar other, Scalar alpha);

// ---- linalg_more_ops.cpp -----------------------------------------------------------------------
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha);
// torch.addbmm: beta * self + alpha * (batch1[0] @ batch2[0] + batch1[1] @ batch2[1] + ...), summed
// one batch at a time as PyTorch's addbmm_impl_ does (AddbmmBackward0).
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha);
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha);
// torch.einsum as PyTorch 1.13 computes it (diagonals, permutes, then left-to-right pairwise
// contractions by bmm), so the graph has PyTorch's nodes.
Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands);

// ---- shape_more_ops.cpp ------------------------------------------------------------------------
// repeat_interleave: index_select by the repeated indices (the input flattened when dim is None).
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim);
Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim);
// torch.meshgrid: each input viewed along its own dim and expanded ("xy" swaps the first two).
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing);

// ---- pad_ops.cpp -------------------------------------------------------------------------------
// F.pad: "constant" is constant_pad_nd (ConstantPadNdBackward0); "reflect" and "replicate" pick
// input positions along the last 1, 2 or 3 dims (ReflectionPad1DBackward0, ReplicationPad2DBackward0, ...).
Tensor pad(const Tensor& self, const core::IntArray& pad, const std::string& mode, std::optional<double> value);
// F.one_hot: int64 of self's shape plus num_classes (-1: the largest class + 1).
Tensor one_hot(const Tensor& self, int64_t num_classes);
// F.normalize and F.cosine_similarity, composed as PyTorch 1.13 composes them.
Tensor normalize(const Tensor& input, double p, int64_t dim, double eps);
Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps);

// ---- pad_ops.cpp (unique) ------------------------------------------------------------------------
// torch.unique: (values, inverse, counts); PyTorch records Unique2Backward0 / UniqueDimBackward0 on
// values, whose backward raises (no derivative).
std::tuple<Tensor, Tensor, Tensor> unique(const Tensor& self, std::optional<int64_t> dim);

// ---- sampling_ops.cpp ---------------------------------------------------------------------------
// torch.bernoulli(p): BernoulliBackward0 (zero gradient); torch.bernoulli(x, p) records nothing;
// bernoulli_(p tensor): BernoulliBackward1; bernoulli_(p number): BernoulliBackward2.
Tensor bernoulli(const Tensor& p);
Tensor bernoulli(const Tensor& self, double p);
Tensor& bernoulli_(Tensor& self, const Tensor& p);
Tensor& bernoulli_(Tensor& self, double p);
// clamp_(Tensor? min, Tensor? max): ClampBackward0 on self, which saves a clone of self.
Tensor& clamp_(Tensor& self, const Tensor& min, const Tensor& max);

}  // namespace stridelab::autograd
