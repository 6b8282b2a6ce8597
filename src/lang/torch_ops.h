// The operations the torch binding calls, in one place: each name here is the differentiable
// version when the autograd layer provides one, else the core's (see torch_grad.cpp).
// In-place ops bump the version counter here, as PyTorch's in-place kernels do.
#pragma once
#include "core/ops.h"
#include "core/random.h"

namespace stridelab::lang::torch::op {

using core::BinaryOp;
using core::IntArray;
using core::Scalar;
using core::Tensor;
using core::UnaryOp;

// out of place (autograd records history)
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
Tensor unary(UnaryOp op, const Tensor& a);
Tensor view(const Tensor& self, IntArray sizes);
Tensor reshape(const Tensor& self, IntArray sizes);
Tensor transpose(const Tensor& self, int64_t d0, int64_t d1);
Tensor permute(const Tensor& self, IntArray dims);
Tensor t(const Tensor& self);
Tensor mT(const Tensor& self);
Tensor flatten(const Tensor& self, int64_t s, int64_t e);
Tensor unflatten(const Tensor& self, int64_t dim, IntArray sizes);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);
Tensor unsqueeze(const Tensor& self, int64_t dim);
Tensor expand(const Tensor& self, IntArray sizes);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& self, int64_t dim, int64_t index);
std::vector<Tensor> unbind(const Tensor& self, int64_t dim);
std::vector<Tensor> split(const Tensor& self, int64_t size, int64_t dim);
std::vector<Tensor> split_with_sizes(const Tensor& self, const IntArray& sizes, int64_t dim);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim);
Tensor diagonal(const Tensor& self, int64_t offset, int64_t d1, int64_t d2);
Tensor movedim(const Tensor& self, IntArray src, IntArray dst);
Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step);
Tensor as_strided(const Tensor& self, IntArray sizes, IntArray strides, std::optional<int64_t> offset);
Tensor detach(const Tensor& self);
Tensor clone(const Tensor& self);
Tensor contiguous(const Tensor& self);
Tensor to(const Tensor& self, core::DType dtype, bool copy = false);
Tensor sum(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<core::DType> dtype);
Tensor mean(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<core::DType> dtype);
Tensor prod(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
Tensor var(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim);
Tensor std(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim);
Tensor norm(const Tensor& self, double p, const IntArray& dims, bool keepdim);
Tensor max(const Tensor& self);
Tensor min(const Tensor& self);
std::pair<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim);
std::pair<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim);
Tensor softmax(const Tensor& self, int64_t dim, std::optional<core::DType> dtype);
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<core::DType> dtype);
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b);
Tensor clamp(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi);
Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value);
Tensor index(const Tensor& self, const std::vector<core::TensorIndex>& idx);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);
Tensor cat(const std::vector<Tensor>& ts, int64_t dim);
Tensor stack(const std::vector<Tensor>& ts, int64_t dim);
Tensor repeat(const Tensor& self, const IntArray& r);
Tensor flip(const Tensor& self, const IntArray& dims);

enum class Reduction { None = 0, Mean = 1, Sum = 2 };
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias);
Tensor mse_loss(const Tensor& self, const Tensor& target, Reduction r);
Tensor cross_entropy(const Tensor& self, const Tensor& target, Reduction r, int64_t ignore_index);
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, Reduction r);

// in place: check, write, bump the version
void binary_(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
void unary_(UnaryOp op, const Tensor& a);
void copy_(const Tensor& self, const Tensor& src);
void fill_(const Tensor& self, Scalar v);
void clamp_(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi);
void masked_fill_(const Tensor& self, const Tensor& mask, Scalar v);
void index_put_(const Tensor& self, const std::vector<core::TensorIndex>& idx, const Tensor& v, bool accumulate);
void uniform_(const Tensor& self, double a, double b);
void normal_(const Tensor& self, double mean, double std);

// Marks a fresh tensor as requiring grad (factories' requires_grad=True).
Tensor set_requires_grad(const Tensor& t, bool on);

}  // namespace stridelab::lang::torch::op
