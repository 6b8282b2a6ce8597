// The operations the torch binding calls, in one place (dispatch.cpp): each is the autograd
// layer's differentiable op where PyTorch records history (src/autograd/ops.h), else the core's.
// In-place ops check PyTorch's in-place rules and bump the version counter exactly once, as
// PyTorch's in-place kernels do (the autograd layer does both for the differentiable ones).
//
// View ops also note where their result came from (view_origin() in binding.h) while the
// trace asks for it.
#pragma once
#include "autograd/ops.h"
#include "core/ops.h"
#include "core/random.h"

namespace stridelab::torch::op {

using autograd::TensorPair;
using core::BinaryOp;
using core::DType;
using core::IntArray;
using core::Scalar;
using core::Tensor;
using core::UnaryOp;
using Reduction = autograd::Reduction;

// ---- elementwise -------------------------------------------------------------------------------
// a op b. A wrapped Python number as `b` picks PyTorch's Scalar overload where one exists
// (x ** 2 is PowBackward0).
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
// A reflected operator with a Python number (wrapped 0-d tensor) on the left, as Tensor's
// __rsub__ / __rtruediv__ / __rpow__ ... compute it: `1 - x` is rsub (RsubBackward1), `2 / x` is
// x.reciprocal() * 2, `2 ** x` is torch.tensor(2, dtype=result_type) ** x (PowBackward1).
Tensor reflected(BinaryOp op, const Tensor& self, const Tensor& number);
// `self op number` (`number op self` when reflected) for a Python number: binary / reflected with
// the number wrapped, without making the 0-d tensor where no history is recorded.
Tensor binary_number(BinaryOp op, const Tensor& self, Scalar number, bool reflected);
Tensor pow(Scalar self, const Tensor& exponent);  // torch.pow(2, x): PowBackward2
Tensor unary(UnaryOp op, const Tensor& a);
Tensor reciprocal(const Tensor& self);
// torch.div(a, b, rounding_mode=...) and a.div_(b, rounding_mode=...): DivBackward2.
Tensor div(const Tensor& a, const Tensor& b, autograd::DivRounding mode);
void div_(const Tensor& self, const Tensor& b, autograd::DivRounding mode);
Tensor clamp(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi);
Tensor clamp(const Tensor& self, const Tensor& lo, const Tensor& hi);  // tensor bounds; undefined is None
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b);
Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value);
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);  // a 0-d tensor value
Tensor round(const Tensor& self, int64_t decimals);                               // torch.round(x, decimals=d)
Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);
Tensor clamp_min(const Tensor& self, const Tensor& min);  // a wrapped number takes the Scalar overload
Tensor clamp_max(const Tensor& self, const Tensor& max);

// ---- views (each notes its origin) ---------------------------------------------------------------
// The rows of autograd/view_ops.def that name an origin, with the same parameters: op::view(self,
// size), op::transpose(self, dim0, dim1), op::squeeze(self), op::squeeze(self, dim), op::unbind,
// op::split, ...
#define VIEW_OP(name, node, kind, params, kernel, attributes, backward, ...) \
  __VA_OPT__(STRIDELAB_VIEW_RETURNS_##kind name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params));)
#include "autograd/view_ops.def"
Tensor reshape(const Tensor& self, IntArray sizes);
Tensor ravel(const Tensor& self);  // contiguous().view(-1)
Tensor T(const Tensor& self);      // x.T, with PyTorch's warning for other than 2 dims
Tensor mT(const Tensor& self);
Tensor flatten(const Tensor& self, int64_t s, int64_t e);
Tensor unflatten(const Tensor& self, int64_t dim, IntArray sizes);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim);
Tensor movedim(const Tensor& self, IntArray src, IntArray dst);
Tensor as_strided(const Tensor& self, IntArray sizes, IntArray strides, std::optional<int64_t> offset);
Tensor detach(const Tensor& self);
// self[indices] (__getitem__); `tuple`: whether the subscript was a tuple (x[0:2,] vs x[0:2]).
Tensor index(const Tensor& self, const std::vector<core::TensorIndex>& idx, bool tuple);

// ---- copies ------------------------------------------------------------------------------------------
Tensor clone(const Tensor& self);
Tensor contiguous(const Tensor& self);
Tensor to(const Tensor& self, core::DType dtype, bool copy = false);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);
Tensor cat(const std::vector<Tensor>& ts, int64_t dim);
Tensor stack(const std::vector<Tensor>& ts, int64_t dim);
// The rows of autograd/join_ops.def, with the same parameters: op::repeat(self, repeats), op::flip,
// op::tril, op::triu, op::diag, op::roll.
#define SHAPE_OP(name, node, params, ...) \
  Tensor name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params));
#include "autograd/join_ops.def"

// ---- reductions ----------------------------------------------------------------------------------------
// The rows of autograd/reduce_ops.def, with the same parameters: op::sum(self, dtype),
// op::sum(self, dim, keepdim, dtype), ...
#define REDUCTION(name, node, returns, params, ...) \
  returns name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params));
#include "autograd/reduce_ops.def"
Tensor frobenius_norm(const Tensor& self, const IntArray& dims, bool keepdim);
std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending, bool stable);
std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted);

// ---- matrix products -------------------------------------------------------------------------------------
Tensor matmul(const Tensor& a, const Tensor& b);
// The rows of autograd/linalg_ops.def: op::mm(self, mat2), op::bmm, op::mv, op::dot.
#define PRODUCT(name, node, other, ...) Tensor name(const Tensor& self, const Tensor& other);
#include "autograd/linalg_ops.def"

// ---- nn -------------------------------------------------------------------------------------------------
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias);
Tensor mse_loss(const Tensor& self, const Tensor& target, Reduction r);
Tensor cross_entropy(const Tensor& self, const Tensor& target, Reduction r, int64_t ignore_index);
Tensor nll_loss(const Tensor& self, const Tensor& target, Reduction r, int64_t ignore_index);
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, Reduction r);

// ---- in place: check, write, bump the version once --------------------------------------------------------
void binary_(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
// `self op= number` for a Python number: binary_ with the number wrapped, without making the 0-d
// tensor where no history is recorded.
void binary_number_(BinaryOp op, const Tensor& self, Scalar number);
void unary_(UnaryOp op, const Tensor& a);
void copy_(const Tensor& self, const Tensor& src);
void fill_(const Tensor& self, Scalar v);
void fill_(const Tensor& self, const Tensor& v);  // a 0-d tensor value (FillBackward3)
void zero_(const Tensor& self);
void clamp_(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi);
void clamp_min_(const Tensor& self, const Tensor& min);  // a wrapped number takes the Scalar overload
void clamp_max_(const Tensor& self, const Tensor& max);
void cumsum_(const Tensor& self, int64_t dim);
void cumprod_(const Tensor& self, int64_t dim);
void round_(const Tensor& self, int64_t decimals);
void reciprocal_(const Tensor& self);
void nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                 std::optional<double> neginf);
void tril_(const Tensor& self, int64_t diagonal);
void triu_(const Tensor& self, int64_t diagonal);
void masked_fill_(const Tensor& self, const Tensor& mask, Scalar v);
void masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& v);
// Tensor.index_put_(indices, values, accumulate): tensor indices only.
void index_put_(const Tensor& self, const std::vector<core::TensorIndex>& idx, const Tensor& v, bool accumulate);
// self[indices] = value (__setitem__).
void setitem(const Tensor& self, const std::vector<core::TensorIndex>& idx, const Tensor& value, bool tuple);
void uniform_(const Tensor& self, double a, double b);
void normal_(const Tensor& self, double mean, double std);

// Marks a fresh tensor as requiring grad (factories' requires_grad=True).
Tensor set_requires_grad(const Tensor& t, bool on);

}  // namespace stridelab::torch::op
