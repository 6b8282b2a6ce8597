// Differentiable operations: each runs the core op (src/core/ops.h) and, when grad mode is on and
// an input requires grad, records a node named as PyTorch names it (MulBackward0, ViewBackward0,
// CopySlices, ...) with the tensors its backward needs. Names, argument order, the nodes created,
// what they save and the version bumps follow PyTorch 1.13; errors are PyTorch's, word for word.
//
// Python numbers: `x * 2` in Python multiplies by a 0-d "wrapped number" tensor, which is what
// PyTorch saves (MulBackward0's `_saved_other` is tensor(2)); pass core::scalar_tensor(v, dtype,
// /*wrapped_number=*/true) for them, or use the Scalar overloads where PyTorch has a Scalar op
// (pow(x, 2) is PowBackward0, rsub(x, 1) is `1 - x`).
//
// In-place ops (name_) bump the version counter once, check PyTorch's in-place rules first, and
// rewrite the history of self (see NOTE [Differentiable views and in-place ops] in variable.h).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "autograd/variable.h"
#include "core/ops.h"

namespace stridelab::autograd {

using core::DType;
using core::IntArray;
using core::Scalar;

// ---- elementwise (math_ops.cpp) -------------------------------------------------------------------
// The binary ops of autograd/binary_ops.def:
//   BINARY_OP     Tensor maximum(const Tensor& self, const Tensor& other)
//   BINARY_ARITH  Tensor add(const Tensor& self, const Tensor& other, Scalar alpha = 1) and its
//                 in-place form add_ (mul, div, remainder without alpha)
//   BINARY_SCALAR Tensor mul_scalar(const Tensor& self, Scalar other): tensor * Scalar as ATen's
//                 own C++ computes it (MulBackward1); pow(x, 2) (PowBackward0) and pow_, x % 2
//                 (RemainderBackward0) and remainder_
#define ALPHA_PARAM_alpha , Scalar alpha = Scalar(int64_t{1})
#define ALPHA_PARAM_none
#define SCALAR_INPLACE_yes(name) Tensor& name##_(Tensor& self, Scalar other);
#define SCALAR_INPLACE_no(name)
#define BINARY_OP(name, ...) Tensor name(const Tensor& self, const Tensor& other);
#define BINARY_ARITH(name, op, node, saves_self, saves_other, attribute, ...)   \
  Tensor name(const Tensor& self, const Tensor& other ALPHA_PARAM_##attribute); \
  Tensor& name##_(Tensor& self, const Tensor& other ALPHA_PARAM_##attribute);
#define BINARY_SCALAR(name, op, node, saves_self, attribute, backward, inplace) \
  Tensor name(const Tensor& self, Scalar other);                                \
  SCALAR_INPLACE_##inplace(name)
#include "autograd/binary_ops.def"
#undef ALPHA_PARAM_alpha
#undef ALPHA_PARAM_none
#undef SCALAR_INPLACE_yes
#undef SCALAR_INPLACE_no
Tensor rsub(const Tensor& self, Scalar other, Scalar alpha = Scalar(int64_t{1}));  // other - alpha * self
// torch.div(a, b, rounding_mode=...) (DivBackward2, also for rounding_mode=None): trunc or floor
// rounding, whose gradients are zeros, or none.
enum class DivRounding { None, Trunc, Floor };
Tensor div(const Tensor& self, const Tensor& other, DivRounding mode);
// x.sgn(), as the formulas of abs and the 1-norm use it (SgnBackward0, whose gradient is zeros).
Tensor sgn(const Tensor& self);
Tensor pow(const Tensor& self, const Tensor& exponent);  // PowBackward1 (also `2 ** x`, self wrapped)
Tensor pow(Scalar self, const Tensor& exponent);         // PowBackward2 (torch.pow(2, x))
// The unary ops of autograd/unary_ops.def: Tensor exp(const Tensor& self) and its in-place form
// Tensor& exp_(Tensor& self), for neg, exp, log, ..., tan.
#define UNARY_OP(name, ...)        \
  Tensor name(const Tensor& self); \
  Tensor& name##_(Tensor& self);
#include "autograd/unary_ops.def"
Tensor reciprocal(const Tensor& self);
// Backward formulas that PyTorch computes as ops of their own, so that a double backward records
// them and reaches the saved tensor too: relu's threshold_backward(grad, result, 0)
// (ThresholdBackwardBackward0), sigmoid_backward(grad, result) and tanh_backward(grad, result)
// (SigmoidBackwardBackward0, TanhBackwardBackward0).
Tensor threshold_backward(const Tensor& grad, const Tensor& self, Scalar threshold);
Tensor sigmoid_backward(const Tensor& grad, const Tensor& output);
Tensor tanh_backward(const Tensor& grad, const Tensor& output);
// Any unary op: the table's (the non-differentiable ones, isnan, logical_not ..., record nothing).
Tensor unary(core::UnaryOp op, const Tensor& self);
Tensor round(const Tensor& self, int64_t decimals);  // RoundBackward1
Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);
Tensor clamp_min(const Tensor& self, Scalar min);         // ClampMinBackward0
Tensor clamp_min(const Tensor& self, const Tensor& min);  // ClampMinBackward1
Tensor clamp_max(const Tensor& self, Scalar max);
Tensor clamp_max(const Tensor& self, const Tensor& max);
Tensor clamp(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
// torch.clamp(x, min_tensor, max_tensor): ClampBackward0; an undefined bound is None.
Tensor clamp(const Tensor& self, const Tensor& min, const Tensor& max);
Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other);
Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value);         // MaskedFillBackward0
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);  // MaskedFillBackward1 (0-d value)
// PyTorch records these but has no derivative for them: a NotImplemented node whose backward raises
// "derivative for aten::remainder is not implemented".
Tensor remainder(Scalar self, const Tensor& other);            // 2 % x
Tensor floor_divide(const Tensor& self, Scalar other);         // x // 2
Tensor floor_divide(const Tensor& self, const Tensor& other);  // x // y
// A binary op without a derivative (comparisons, logical and bitwise ops): the core op, no history.
Tensor binary_nondiff(core::BinaryOp op, const Tensor& a, const Tensor& b);

// ---- in place (math_ops.cpp, copy_ops.cpp, index_ops.cpp) ----------------------------------------
Tensor& div_(Tensor& self, const Tensor& other, DivRounding mode);
Tensor& floor_divide_(Tensor& self, const Tensor& other);  // x //= y: a NotImplemented node
Tensor& pow_(Tensor& self, const Tensor& exponent);
Tensor& clamp_(Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor& clamp_min_(Tensor& self, Scalar min);
Tensor& clamp_max_(Tensor& self, Scalar max);
Tensor& clamp_min_(Tensor& self, const Tensor& min);  // ClampMinBackward1
Tensor& clamp_max_(Tensor& self, const Tensor& max);
Tensor& unary_(core::UnaryOp op, Tensor& self);  // the table's in-place forms (exp_ ...), by UnaryOp
Tensor& round_(Tensor& self, int64_t decimals);
Tensor& reciprocal_(Tensor& self);  // ReciprocalBackward0; integer tensors can't hold the result
Tensor& nan_to_num_(Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf);
Tensor& masked_fill_(Tensor& self, const Tensor& mask, Scalar value);
Tensor& masked_fill_(Tensor& self, const Tensor& mask, const Tensor& value);
Tensor& zero_(Tensor& self);
Tensor& fill_(Tensor& self, Scalar value);         // FillBackward2
Tensor& fill_(Tensor& self, const Tensor& value);  // FillBackward3 (a 0-d tensor)
Tensor& copy_(Tensor& self, const Tensor& src);
Tensor& normal_(Tensor& self, double mean = 0, double std = 1);
Tensor& uniform_(Tensor& self, double from = 0, double to = 1);
Tensor& exponential_(Tensor& self, double lambd = 1);

// ---- reductions (reduce_ops.cpp) -------------------------------------------------------------------
// The rows of autograd/reduce_ops.def: Tensor sum(const Tensor& self, std::optional<DType> dtype = {})
// (SumBackward0), Tensor sum(const Tensor& self, const IntArray& dim, bool keepdim = false,
// std::optional<DType> dtype = {}) (SumBackward1), mean, prod, var, std, norm, max and min (over all
// elements, and over a dim as a TensorPair of values and indices), softmax, log_softmax, amax, amin,
// logsumexp, cumsum, cumprod, trace: each with the parameters of its row.
using TensorPair = std::pair<Tensor, Tensor>;
#define REDUCTION(name, node, returns, params, ...) \
  returns name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DECL, params));
#include "autograd/reduce_ops.def"
// torch.norm's default p="fro": SqrtBackward0 over two dims, else the 2-norm.
Tensor frobenius_norm(const Tensor& self, const IntArray& dims, bool keepdim = false);
// The backward of softmax / log_softmax, _softmax_backward_data / _log_softmax_backward_data(grad,
// output, dim), an op of its own (SoftmaxBackwardDataBackward0, LogSoftmaxBackwardDataBackward0).
Tensor softmax_backward_data(const Tensor& grad, const Tensor& output, int64_t dim, bool log);
Tensor& cumsum_(Tensor& self, int64_t dim);  // CumsumBackward0
Tensor& cumprod_(Tensor& self, int64_t dim);

// ---- matrix products (linalg_ops.cpp) ----------------------------------------------------------------
// matmul decomposes as PyTorch 1.13 does: dot, mv, unsqueeze+mm+squeeze_, mm, folding the batch of a
// 3-D operand into mm, or expand+reshape+bmm+_unsafe_view, so the nodes are PyTorch's.
// The rows of autograd/linalg_ops.def: Tensor mm(const Tensor& self, const Tensor& mat2), bmm, mv
// (vec), dot (tensor).
#define PRODUCT(name, node, other, ...) Tensor name(const Tensor& self, const Tensor& other);
#include "autograd/linalg_ops.def"
Tensor matmul(const Tensor& self, const Tensor& other);
Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, Scalar beta = Scalar(int64_t{1}),
             Scalar alpha = Scalar(int64_t{1}));

// ---- views (view_ops.cpp): each result is a view sharing self's storage and version counter -----
// The rows of autograd/view_ops.def: Tensor view(const Tensor& self, const IntArray& size)
// (ViewBackward0), reshape_alias (reshape where a view will do), unsafe_view (_unsafe_view: a
// reshape of a fresh result that is not recorded as a view), transpose, permute, t, expand,
// squeeze (all dims, and one), unsqueeze, select, slice, diagonal, unfold, alias (x[...]), and the
// splits returning the pieces (unbind, split, split_with_sizes): each with the parameters of its row.
#define VIEW_OP(name, node, kind, params, ...) \
  STRIDELAB_VIEW_RETURNS_##kind name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DECL, params));
#include "autograd/view_ops.def"
Tensor view_as(const Tensor& self, const Tensor& other);
Tensor reshape(const Tensor& self, const IntArray& sizes);  // ReshapeAliasBackward0, or a copy:
                                                            // CloneBackward0 + UnsafeViewBackward0
Tensor reshape_as(const Tensor& self, const Tensor& other);
Tensor T(const Tensor& self);   // x.T: permute with the dims reversed
Tensor mT(const Tensor& self);  // transpose(-2, -1)
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& self, int64_t dim, const IntArray& sizes);
Tensor& squeeze_(Tensor& self, int64_t dim);  // in place on metadata (SqueezeBackward3)
Tensor expand_as(const Tensor& self, const Tensor& other);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
Tensor movedim(const Tensor& self, const IntArray& source, const IntArray& destination);
Tensor as_strided(const Tensor& self, const IntArray& sizes, const IntArray& strides,
                  std::optional<int64_t> storage_offset = {});

// ---- copies (copy_ops.cpp, join_ops.cpp) ------------------------------------------------------------
enum class MemoryFormat { Preserve, Contiguous };
Tensor clone(const Tensor& self, MemoryFormat format = MemoryFormat::Preserve);
Tensor contiguous(const Tensor& self);                          // self when already contiguous
Tensor to(const Tensor& self, DType dtype, bool copy = false);  // self when the dtype matches
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
// The rows of autograd/join_ops.def: Tensor repeat(const Tensor& self, const IntArray& repeats)
// (RepeatBackward0), flip, tril and triu (int64_t diagonal = 0), diag, roll.
#define SHAPE_OP(name, node, params, ...) \
  Tensor name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DECL, params));
#include "autograd/join_ops.def"
Tensor& tril_(Tensor& self, int64_t diagonal = 0);  // TrilBackward0
Tensor& triu_(Tensor& self, int64_t diagonal = 0);

// ---- indexing (index_ops.cpp) ------------------------------------------------------------------------
// self[indices] as Python's __getitem__ does it: ints select, slices slice, None unsqueezes, then
// any tensor indices index (IndexBackward0). `tuple` is whether the subscript was a tuple (x[0:2,]
// vs x[0:2]): PyTorch skips a full-range slice only inside a tuple.
Tensor index(const Tensor& self, const std::vector<core::TensorIndex>& indices, bool tuple = true);
// self[indices] = value (__setitem__): the same slicing, then copy_ / fill_ into the view, or
// index_put_ when there are tensor indices.
void index_put(Tensor& self, const std::vector<core::TensorIndex>& indices, const Tensor& value, bool tuple = true);
// Tensor.index_put_(indices, values, accumulate): indices are int64 or bool tensors, one per
// leading dim (a Slice entry stands for an undefined index, as None in PyTorch's Tensor?[]).
Tensor& index_put_(Tensor& self, const std::vector<core::TensorIndex>& indices, const Tensor& values,
                   bool accumulate = false);
// at::index: advanced indexing with tensors only (and full slices for undefined entries).
Tensor index_tensors(const Tensor& self, const std::vector<core::TensorIndex>& indices);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);
// (values, indices); values record SortBackward0 / TopkBackward0, whose gradient goes back to the
// positions the indices name.
std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim = -1, bool descending = false, bool stable = false);
std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim = -1, bool largest = true,
                               bool sorted = true);

// ---- losses and nn.functional (loss_ops.cpp) ------------------------------------------------------
enum class Reduction { None = 0, Mean = 1, Sum = 2 };
Tensor mse_loss(const Tensor& self, const Tensor& target, Reduction reduction = Reduction::Mean);
// Its backward, mse_loss_backward(grad, self, target): norm * (self - target) * grad, an op of its
// own (MseLossBackwardBackward0) whose operands must all have self's dtype, as PyTorch's
// TensorIterator checks them ("Found dtype Long but expected Float").
Tensor mse_loss_backward(const Tensor& grad, const Tensor& self, const Tensor& target, Reduction reduction);
// nll_loss of a 1-D or 2-D input; `weight` (one per class) scales each picked term and, for the
// mean, divides by the picked weights' sum.
Tensor nll_loss(const Tensor& self, const Tensor& target, Reduction reduction = Reduction::Mean,
                int64_t ignore_index = -100, const Tensor& weight = Tensor());
// F.cross_entropy as PyTorch 1.13 computes it: class-index targets are log_softmax over dim 1 (dim
// 0 for a 1-D input) then nll_loss, mixed with the smoothing term when label_smoothing > 0; a
// target of the input's shape holds class probabilities.
Tensor cross_entropy(const Tensor& self, const Tensor& target, Reduction reduction = Reduction::Mean,
                     int64_t ignore_index = -100, const Tensor& weight = Tensor(), double label_smoothing = 0.0);
// weight scales each element's loss; pos_weight the positive term, broadcast along the last dim.
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, Reduction reduction = Reduction::Mean,
                                        const Tensor& weight = Tensor(), const Tensor& pos_weight = Tensor());
// F.linear: addmm for a 2-D input with bias, else matmul with weight.t() (+ bias in place).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor());

}  // namespace stridelab::autograd
