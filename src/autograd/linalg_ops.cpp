// Matrix products. matmul is not a primitive: it decomposes into dot / mv / mm / bmm and view ops
// exactly as PyTorch 1.13's _matmul_impl does, so the graph has PyTorch's nodes.
#include <array>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::maybe_multiply;
using detail::SavingNode;
using detail::with_history;
using detail::wrapped;

namespace {

// d(mat1 @ mat2)/d mat1. A column-major mat1 gets a column-major gradient, as in PyTorch.
Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2, const IntArray& sizes, const IntArray& strides,
                        Scalar alpha) {
  if (strides[0] == 1 && strides[1] == sizes[0])
    return maybe_multiply(autograd::t(autograd::mm(mat2, autograd::t(grad))), alpha);
  return maybe_multiply(autograd::mm(grad, autograd::t(mat2)), alpha);
}

Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1, const IntArray& sizes, const IntArray& strides,
                        Scalar alpha) {
  if (strides[0] == 1 && strides[1] == sizes[0])
    return maybe_multiply(autograd::t(autograd::mm(autograd::t(grad), mat1)), alpha);
  return maybe_multiply(autograd::mm(autograd::t(mat1), grad), alpha);
}

}  // namespace

// NOTE [Product nodes from the table]
// Every PRODUCT row of autograd/linalg_ops.def is a node and a forward. The node keeps both inputs'
// sizes and strides, and saves self (for the gradient of other) and other (for the gradient of self)
// only when that gradient is wanted; apply() unpacks them and runs each formula whose input wants a
// gradient. The forward creates the node before the kernel runs (its sequence number), saves
// before it, and sets the history on the result.
#define PRODUCT(name, node, other, kernel, attributes, self_backward, other_backward, ...)             \
  namespace {                                                                                          \
  struct node : SavingNode<node> {                                                                     \
    NODE_NAME(node)                                                                                    \
    SavedVariable self_, other##_;                                                                     \
    IntArray self_sizes, self_strides, other##_sizes, other##_strides;                                 \
    static auto saved_fields() {                                                                       \
      return std::array{Field{"_saved_self", &node::self_}, Field{"_saved_" #other, &node::other##_}}; \
    }                                                                                                  \
    std::vector<SavedAttribute> saved_attributes() const override { return {attributes}; }             \
    variable_list apply(variable_list&& grads) override {                                              \
      Tensor self = self_.unpack(), other = other##_.unpack();                                         \
      variable_list out(2);                                                                            \
      if (!any_defined(grads)) return out;                                                             \
      const Tensor& grad = grads[0];                                                                   \
      if (task_should_compute_output(0)) out[0] = self_backward;                                       \
      if (task_should_compute_output(1)) out[1] = other_backward;                                      \
      return out;                                                                                      \
    }                                                                                                  \
  };                                                                                                   \
  }                                                                                                    \
  Tensor name(const Tensor& self, const Tensor& other) {                                               \
    auto fn = make_node<node>(self, other);                                                            \
    if (fn) {                                                                                          \
      if (fn->should_compute_output(1)) fn->self_ = SavedVariable(self, false);                        \
      fn->self_sizes = self.sizes();                                                                   \
      fn->self_strides = self.strides();                                                               \
      fn->other##_sizes = other.sizes();                                                               \
      fn->other##_strides = other.strides();                                                           \
      if (fn->should_compute_output(0)) fn->other##_ = SavedVariable(other, false);                    \
    }                                                                                                  \
    Tensor result = kernel;                                                                            \
    return with_history(result, fn);                                                                   \
  }
#include "autograd/linalg_ops.def"

namespace {

struct AddmmBackward0 : SavingNode<AddmmBackward0> {
  NODE_NAME(AddmmBackward0)
  SavedVariable mat1_, mat2_;
  IntArray mat1_sizes, mat1_strides, mat2_sizes, mat2_strides;
  Scalar alpha, beta;
  static auto saved_fields() {
    return std::array{Field{"_saved_mat1", &AddmmBackward0::mat1_}, Field{"_saved_mat2", &AddmmBackward0::mat2_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_alpha", alpha},
            {"_saved_beta", beta},
            {"_saved_mat1_sym_sizes", mat1_sizes},
            {"_saved_mat1_sym_strides", mat1_strides},
            {"_saved_mat2_sym_sizes", mat2_sizes},
            {"_saved_mat2_sym_strides", mat2_strides}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor mat1 = mat1_.unpack(), mat2 = mat2_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = maybe_multiply(grad, beta);
    if (task_should_compute_output(1)) out[1] = mm_mat1_backward(grad, mat2, mat1_sizes, mat1_strides, alpha);
    if (task_should_compute_output(2)) out[2] = mm_mat2_backward(grad, mat1, mat2_sizes, mat2_strides, alpha);
    return out;
  }
};

// PyTorch 1.13's should_fold: fold a >=3-D operand's batch into mm rows, unless it is a 3-D
// tensor whose last two dims are transposed (bmm handles those without a copy).
bool should_fold(const Tensor& t1, int64_t dim2) {
  int64_t dim1 = t1.dim();
  if (dim1 >= 3 && (dim2 == 1 || dim2 == 2)) {
    const IntArray& s = t1.sizes();
    const IntArray& st = t1.strides();
    if (dim1 == 3 && dim2 == 2 && st.back() != 1 && st.front() == s[1] * s[2]) return false;
    return true;
  }
  return false;
}

}  // namespace

Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, Scalar beta, Scalar alpha) {
  // addmm's meta function checks the dtypes first (F.linear's 2-D path reaches it with bias as self).
  STRIDELAB_CHECK(self.dtype() == mat2.dtype(), "self and mat2 must have the same dtype");
  STRIDELAB_CHECK(mat1.dtype() == mat2.dtype(), "mat1 and mat2 must have the same dtype");
  auto fn = make_node<AddmmBackward0>(self, mat1, mat2);
  if (fn) {
    fn->mat1_sizes = mat1.sizes();
    fn->mat1_strides = mat1.strides();
    if (fn->should_compute_output(2)) fn->mat1_ = SavedVariable(mat1, false);
    fn->mat2_sizes = mat2.sizes();
    fn->mat2_strides = mat2.strides();
    if (fn->should_compute_output(1)) fn->mat2_ = SavedVariable(mat2, false);
    fn->alpha = alpha;
    fn->beta = beta;
  }
  Tensor product = core::mm(mat1, mat2);
  Tensor result;
  {
    // beta * self + alpha * (mat1 @ mat2), in the product's layout.
    Tensor scaled_self = core::binary(core::BinaryOp::Mul, self, wrapped(beta));
    result = core::binary(core::BinaryOp::Add, core::expand(scaled_self, product.sizes()), product, alpha);
  }
  return with_history(result, fn);
}

Tensor matmul(const Tensor& tensor1, const Tensor& tensor2) {
  int64_t dim1 = tensor1.dim(), dim2 = tensor2.dim();
  STRIDELAB_CHECK(dim1 != 0 && dim2 != 0, "both arguments to matmul need to be at least 1D, but they are ", dim1,
                  "D and ", dim2, "D");
  if (dim1 == 1 && dim2 == 1) return autograd::dot(tensor1, tensor2);
  if (dim1 == 2 && dim2 == 1) return autograd::mv(tensor1, tensor2);
  if (dim1 == 1 && dim2 == 2) {
    Tensor r = autograd::mm(autograd::unsqueeze(tensor1, 0), tensor2);
    return autograd::squeeze_(r, 0);
  }
  if (dim1 == 2 && dim2 == 2) return autograd::mm(tensor1, tensor2);
  if (should_fold(tensor1, dim2) || should_fold(tensor2, dim1)) {
    // Fold the batch of the larger operand into the rows of one mm (or mv).
    bool transpose_result = dim2 > dim1;
    Tensor t1 = transpose_result ? autograd::mT(tensor2) : tensor1;
    Tensor t2 = !transpose_result ? tensor2 : (dim1 == 2 ? autograd::t(tensor1) : tensor1);
    IntArray output_shape(t1.sizes().begin(), t1.sizes().end() - 1);
    int64_t folded = core::numel_of(output_shape);
    bool t2_is_matrix = t2.dim() == 2;
    if (t2_is_matrix) output_shape.push_back(t2.sizes()[1]);
    Tensor t1_folded = autograd::reshape(t1, {folded, t1.sizes().back()});
    if (t2_is_matrix) {
      Tensor output = autograd::unsafe_view(autograd::mm(t1_folded, t2), output_shape);
      return transpose_result ? autograd::contiguous(autograd::mT(output)) : output;
    }
    return autograd::unsafe_view(autograd::mv(t1_folded, t2), output_shape);
  }
  // Batched: broadcast the batch dims, flatten them, bmm, and view the result back.
  int64_t n = dim1 > 1 ? tensor1.sizes()[dim1 - 2] : 1;
  int64_t m1 = tensor1.sizes().back();
  IntArray batch1(tensor1.sizes().begin(), tensor1.sizes().begin() + std::max<int64_t>(dim1 - 2, 0));
  int64_t m2 = dim2 > 1 ? tensor2.sizes()[dim2 - 2] : tensor2.sizes().front();
  int64_t p = dim2 > 1 ? tensor2.sizes().back() : 1;
  IntArray batch2(tensor2.sizes().begin(), tensor2.sizes().begin() + std::max<int64_t>(dim2 - 2, 0));
  IntArray output_shape = core::broadcast_shapes(batch1, batch2);
  int64_t batch = core::numel_of(output_shape);
  IntArray expand1 = output_shape;
  expand1.push_back(n);
  expand1.push_back(m1);
  Tensor t1 = autograd::reshape(autograd::expand(tensor1, expand1), {batch, n, m1});
  bool vector_rhs = dim2 == 1;
  IntArray expand2 = output_shape;
  expand2.push_back(m2);
  if (!vector_rhs) expand2.push_back(p);
  Tensor t2 = autograd::expand(tensor2, expand2);
  t2 = vector_rhs ? autograd::unsqueeze(autograd::reshape(t2, {batch, m2}), 2) : autograd::reshape(t2, {batch, m2, p});
  if (dim1 > 1) output_shape.push_back(n);
  if (dim2 > 1) output_shape.push_back(p);
  Tensor product = autograd::bmm(t1, t2);
  if (vector_rhs) product = autograd::squeeze(product, -1);
  return autograd::unsafe_view(product, output_shape);
}

Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (input.dim() == 2 && bias.defined()) return autograd::addmm(bias, input, autograd::t(weight));
  if (bias.defined()) {
    if (input.is_contiguous() && input.dim() == 3) {
      const IntArray& s = input.sizes();
      // PyTorch builds weight.t() before input.view(...) (its compiler evaluates the arguments of
      // at::addmm right to left), and the engine's order follows the order nodes were made in.
      Tensor weight_t = autograd::t(weight);
      Tensor flat = autograd::view(input, {s[0] * s[1], s[2]});
      Tensor result = autograd::addmm(bias, flat, weight_t);
      return autograd::view(result, {s[0], s[1], result.sizes()[1]});
    }
    Tensor output = autograd::matmul(input, autograd::t(weight));
    autograd::add_(output, bias);
    return output;
  }
  return autograd::matmul(input, autograd::t(weight));
}

}  // namespace stridelab::autograd
