// Reductions, scans and softmax, with their backward formulas. The nodes and forwards are made from
// the rows of autograd/reduce_ops.def; the formulas too long for a row are functions here.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>
#include <type_traits>

#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "autograd/ops.h"
#include "core/elementwise_kernels.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::BinaryOp;
using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::SavedField;
using detail::SavingNode;
using detail::with_history;
using detail::wrapped;

namespace {

IntArray wrap_dims(const IntArray& dims, int64_t ndim) {
  IntArray out;
  for (int64_t d : dims) out.push_back(core::wrap_dim(d, std::max<int64_t>(ndim, 1)));
  return out;
}

// Puts back the reduced dims of a keepdim=False result, lowest first.
Tensor unsqueeze_multiple(const Tensor& t, const IntArray& dims, int64_t ndim) {
  IntArray sorted = wrap_dims(dims, ndim);
  std::sort(sorted.begin(), sorted.end());
  Tensor out = t;
  for (int64_t d : sorted) out = autograd::unsqueeze(out, d);
  return out;
}

Tensor sum_backward(const Tensor& grad, const IntArray& sizes, const IntArray& dims, bool keepdim) {
  if (!keepdim && !sizes.empty() && !dims.empty()) {
    return autograd::expand(unsqueeze_multiple(grad, dims, static_cast<int64_t>(sizes.size())), sizes);
  }
  return autograd::expand(grad, sizes);
}

int64_t safe_size(const IntArray& sizes, const IntArray& dims) {
  if (sizes.empty()) return 1;
  int64_t n = 1;
  for (int64_t d : wrap_dims(dims, static_cast<int64_t>(sizes.size()))) n *= sizes[d];
  return n;
}

// The product of every element of its row but itself, along dim (no history): the gradient of
// prod where the input has zeros.
Tensor prod_of_others(const Tensor& input, int64_t dim) {
  Tensor moved = core::contiguous(core::to(core::movedim(input, {dim}, {-1}), core::DType::Float64));
  Tensor out = core::empty(moved.sizes(), core::DType::Float64);
  int64_t n = moved.dim() == 0 ? 1 : moved.sizes().back();
  int64_t rows = n == 0 ? 0 : moved.numel() / n;
  const double* in = moved.data<double>();
  double* o = out.data<double>();
  for (int64_t r = 0; r < rows; ++r) {
    double prefix = 1;
    for (int64_t i = 0; i < n; ++i) {
      o[r * n + i] = prefix;
      prefix *= in[r * n + i];
    }
    double suffix = 1;
    for (int64_t i = n - 1; i >= 0; --i) {
      o[r * n + i] *= suffix;
      suffix *= in[r * n + i];
    }
  }
  return core::to(core::movedim(out, {-1}, {dim}), input.dtype());
}

int64_t count_zeros(const Tensor& t) {
  Tensor z = core::binary(BinaryOp::Eq, t, core::scalar_tensor(Scalar(0.0), t.dtype()));
  return core::item(core::sum(z)).to_int();
}

// ProdBackward0: the product of all elements.
Tensor prod_backward(const Tensor& grad, const Tensor& self, const Tensor& result) {
  if (self.dim() == 0) return grad;
  if (count_zeros(self) == 0) return autograd::mul(grad, autograd::div(result, self));
  Tensor flat = core::reshape(core::contiguous(self), {-1});
  return autograd::mul(grad, core::reshape(prod_of_others(flat, 0), self.sizes()));
}

// ProdBackward1: the product along dim.
Tensor prod_backward(Tensor grad, const Tensor& self, Tensor result, int64_t dim, bool keepdim) {
  if (self.dim() == 0) return grad;
  int64_t d = core::wrap_dim(dim, self.dim());
  if (!keepdim && self.dim() != 1) {
    grad = autograd::unsqueeze(grad, d);
    result = autograd::unsqueeze(result, d);
  }
  if (count_zeros(self) == 0) return autograd::mul(grad, autograd::div(result, self));
  return autograd::mul(grad, prod_of_others(self, d));
}

Tensor var_backward(Tensor grad, const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim) {
  if (self.dim() == 0 || dims.empty()) {
    int64_t dof = self.numel() - correction;
    if (dof <= 0) {
      Tensor m = core::binary(BinaryOp::Eq, self, core::mean(self));
      Tensor fill = core::where(m, core::scalar_tensor(Scalar(std::numeric_limits<double>::quiet_NaN()), grad.dtype()),
                                core::scalar_tensor(Scalar(std::numeric_limits<double>::infinity()), grad.dtype()));
      return autograd::mul(grad, fill);
    }
    return autograd::mul(autograd::mul_scalar(grad, Scalar(2.0 / static_cast<double>(dof))),
                         autograd::sub(self, autograd::mean(self)));
  }
  if (!keepdim && self.dim() > 1) grad = unsqueeze_multiple(grad, dims, self.dim());
  int64_t dof = safe_size(self.sizes(), dims) - correction;
  return autograd::mul(autograd::mul_scalar(grad, Scalar(2.0 / static_cast<double>(dof))),
                       autograd::sub(self, autograd::mean(self, dims, true)));
}

Tensor std_backward(const Tensor& grad, const Tensor& self, const Tensor& result, const IntArray& dims,
                    int64_t correction, bool keepdim) {
  Tensor g = autograd::div(grad, autograd::mul_scalar(result, Scalar(int64_t{2})));
  autograd::masked_fill_(g, core::binary(BinaryOp::Eq, result, wrapped(Scalar(int64_t{0}))), Scalar(int64_t{0}));
  return var_backward(g, self, dims, correction, keepdim);
}

// The p-norm's gradient (undefined for p = 0).
Tensor norm_backward(Tensor grad, const Tensor& self, Tensor norm, double p, const IntArray& dim, bool keepdim) {
  if (!keepdim && self.dim() != 0) {
    grad = unsqueeze_multiple(grad, dim, self.dim());
    norm = unsqueeze_multiple(norm, dim, self.dim());
  }
  Tensor norm_zero = core::binary(BinaryOp::Eq, norm, wrapped(Scalar(int64_t{0})));
  if (p == 0.0) return Tensor();
  if (p == 1.0) return autograd::mul(autograd::sgn(self), grad);
  if (p == 2.0) {
    Tensor scaled = autograd::div(self, norm);
    return autograd::mul(grad, autograd::masked_fill_(scaled, norm_zero, Scalar(int64_t{0})));
  }
  if (std::isinf(p)) {
    Tensor self_abs = core::unary(core::UnaryOp::Abs, self);
    Tensor mask = core::binary(BinaryOp::LogicalOr, core::binary(BinaryOp::Eq, self_abs, norm),
                               core::binary(BinaryOp::Ne, self_abs, self_abs));
    Tensor count = core::sum(mask, dim.empty() ? IntArray{} : dim, true);
    return autograd::mul(autograd::sgn(self), autograd::mul(autograd::div(grad, count), core::to(mask, grad.dtype())));
  }
  if (p < 2.0) {
    Tensor self_scaled = autograd::mul(autograd::sgn(self), autograd::pow(autograd::abs(self), Scalar(p - 1)));
    if (p < 1.0) {
      autograd::masked_fill_(self_scaled, core::binary(BinaryOp::Eq, self, wrapped(Scalar(int64_t{0}))),
                             Scalar(int64_t{0}));
      return autograd::mul(autograd::mul(self_scaled, grad), autograd::pow(norm, Scalar(1 - p)));
    }
    Tensor scale = autograd::div(grad, autograd::pow(norm, Scalar(p - 1)));
    return autograd::mul(self_scaled, autograd::masked_fill_(scale, norm_zero, Scalar(int64_t{0})));
  }
  Tensor self_scaled = autograd::mul(self, autograd::pow(autograd::abs(self), Scalar(p - 2)));
  Tensor scale = autograd::div(grad, autograd::pow(norm, Scalar(p - 1)));
  return autograd::mul(self_scaled, autograd::masked_fill_(scale, norm_zero, Scalar(int64_t{0})));
}

// max() / min() over all elements: zeros with grad / count where self is the result (the NaNs when
// the result is NaN), PyTorch's evenly_distribute_backward.
Tensor evenly_distribute_backward(const Tensor& grad, const Tensor& self, const Tensor& result) {
  bool result_nan = std::isnan(core::item(result).to_double());
  Tensor mask = result_nan ? core::binary(BinaryOp::Ne, self, self) : core::binary(BinaryOp::Eq, self, result);
  Tensor count = core::sum(mask);
  Tensor share = autograd::div(grad, count);
  Tensor zeros = detail::zeros(self.sizes(), grad.dtype());
  return autograd::masked_fill_(zeros, mask, share);
}

// max(dim) / min(dim): the gradient goes to the element each index picked, PyTorch's
// value_selecting_reduction_backward.
Tensor value_selecting_backward(Tensor grad, int64_t dim, Tensor indices, const IntArray& self_sizes, bool keepdim) {
  if (self_sizes.empty()) return grad;
  int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
  if (!keepdim) {
    grad = autograd::unsqueeze(grad, d);
    indices = core::unsqueeze(indices, d);
  }
  // One-hot along d: position i of dim d is picked where indices == i.
  IntArray positions_shape(self_sizes.size(), 1);
  positions_shape[d] = self_sizes[d];
  Tensor positions = core::reshape(
      core::arange(Scalar(int64_t{0}), Scalar(self_sizes[d]), Scalar(int64_t{1}), core::DType::Int64), positions_shape);
  Tensor picked = core::binary(BinaryOp::Eq, indices, positions);
  // zeros(self_sizes).scatter(d, indices, grad): ScatterBackward0 under create_graph.
  return detail::place_into_zeros(
      "ScatterBackward0", grad,
      [&] {
        return autograd::where(picked, autograd::expand(grad, self_sizes),
                               core::scalar_tensor(Scalar(0.0), grad.dtype()));
      },
      [d, indices](const Tensor& g) { return autograd::gather(g, d, indices); });
}

// NOTE [Softmax backward as PyTorch computes it]
// Over the last dim of contiguous float32 tensors, PyTorch's CPU kernels (AVX2 build) compute each
// row with 8-lane vectors: the row's sum is accumulated lane-wise (the tail added into the first
// lanes), then the lanes folded as a tree ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)); a row shorter
// than 8 is summed in order. log_softmax: sum = sum(grad), grad_input = grad - exp(out) * sum as
// one fused multiply-add, exp being SLEEF's (core's exp_f32). softmax: sum = sum(grad * out), the
// products after the first vector fused into the accumulation, grad_input = (grad - sum) * out.
// Used when the backward itself is not recorded (no create_graph); values then match bit for bit.
float row_sum_f32(const float* g, const float* o, int64_t n) {
  auto term = [&](int64_t i) { return o ? g[i] * o[i] : g[i]; };
  auto acc_add = [&](float acc, int64_t i) { return o ? std::fma(g[i], o[i], acc) : acc + g[i]; };
  if (n < 8) {
    float acc = term(0);
    for (int64_t i = 1; i < n; ++i) acc = acc + term(i);
    return acc;
  }
  float lane[8];
  for (int64_t l = 0; l < 8; ++l) lane[l] = term(l);
  int64_t d = 8;
  for (; d + 8 <= n; d += 8)
    for (int64_t l = 0; l < 8; ++l) lane[l] = acc_add(lane[l], d + l);
  for (int64_t l = 0; d + l < n; ++l) lane[l] = acc_add(lane[l], d + l);
  float a[4];
  for (int l = 0; l < 4; ++l) a[l] = lane[l] + lane[l + 4];
  const float b0 = a[0] + a[2], b1 = a[1] + a[3];
  return b0 + b1;
}

// The backward of softmax (log: log_softmax) over the last dim, PyTorch's way, or an undefined
// tensor where that path does not apply.
Tensor softmax_backward_lastdim(const Tensor& grad, const Tensor& result, int64_t dim, bool log) {
  if (GradMode::is_enabled() || grad.dtype() != DType::Float32 || result.dtype() != DType::Float32 ||
      grad.sizes() != result.sizes() || !grad.is_contiguous() || !result.is_contiguous() || result.dim() == 0 ||
      core::wrap_dim(dim, result.dim()) != result.dim() - 1 || result.numel() == 0)
    return Tensor();
  const int64_t n = result.sizes().back(), rows = result.numel() / n;
  Tensor out = core::empty(result.sizes(), DType::Float32);
  const float* g = grad.data<float>();
  const float* o = result.data<float>();
  float* r = out.data<float>();
  for (int64_t row = 0; row < rows; ++row, g += n, o += n, r += n) {
    const float sum = row_sum_f32(g, log ? nullptr : o, n);
    for (int64_t i = 0; i < n; ++i)
      r[i] = log ? std::fma(-core::kernels::exp_f32(o[i]), sum, g[i]) : (g[i] - sum) * o[i];
  }
  return out;
}

// _softmax_backward_data (kLog: _log_softmax_backward_data) as a recorded op, derivatives.yaml's
// formulas: w.r.t. grad_output the op again (log: grad - sum(grad * exp(output))), w.r.t. output
// softmax_double_backward (log: -sum(grad_output) * exp(output) * grad).
template <bool kLog>
struct SoftmaxBackwardDataBackward0T : SavingNode<SoftmaxBackwardDataBackward0T<kLog>> {
  using Field = SavedField<SoftmaxBackwardDataBackward0T>;
  std::string name() const override {
    return kLog ? "LogSoftmaxBackwardDataBackward0" : "SoftmaxBackwardDataBackward0";
  }
  SavedVariable grad_output_, output_;
  static auto saved_fields() {
    return std::array{Field{"_saved_grad_output", &SoftmaxBackwardDataBackward0T::grad_output_},
                      Field{"_saved_output", &SoftmaxBackwardDataBackward0T::output_}};
  }
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor output = output_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if constexpr (kLog) {
      if (this->task_should_compute_output(0))
        out[0] = autograd::sub(grad, autograd::sum(autograd::mul(grad, autograd::exp(output)), {dim}, true));
      if (this->task_should_compute_output(1)) {
        Tensor grad_output = grad_output_.unpack();
        out[1] = autograd::mul(
            autograd::mul(autograd::neg(autograd::sum(grad_output, {dim}, true)), autograd::exp(output)), grad);
      }
    } else {
      Tensor grad_output = grad_output_.unpack();
      if (this->task_should_compute_output(0)) out[0] = autograd::softmax_backward_data(grad, output, dim, false);
      if (this->task_should_compute_output(1))
        out[1] = autograd::sub(
            autograd::sub(autograd::mul(grad_output, grad),
                          autograd::mul(autograd::sum(autograd::mul(output, grad_output), {dim}, true), grad)),
            autograd::mul(grad_output, autograd::sum(autograd::mul(output, grad), {dim}, true)));
    }
    return out;
  }
};

// grad (or result) of a reduction over dims with its reduced dims put back (PyTorch's
// restore_reduced_dims), so that it broadcasts against self.
// amax/amin reshape (restore_reduced_dims: ReshapeAliasBackward0 under create_graph), an empty dim
// list standing for every dim; logsumexp unsqueezes (unsqueeze_multiple).
Tensor restore_reduced(const Tensor& t, const IntArray& dims, bool keepdim, int64_t ndim, bool reshape) {
  if (keepdim || ndim == 0) return t;
  if (!reshape) return dims.empty() ? t : unsqueeze_multiple(t, dims, ndim);
  IntArray shape(static_cast<size_t>(ndim), 0);
  if (dims.empty()) std::fill(shape.begin(), shape.end(), 1);
  for (int64_t d : dims) shape[static_cast<size_t>(core::wrap_dim(d, ndim))] = 1;
  size_t j = 0;
  for (int64_t s : t.sizes()) {
    while (shape[j] > 0) ++j;
    shape[j++] = s;
  }
  return autograd::reshape(t, shape);
}

// amax / amin: the gradient shared equally among the elements equal to the result.
Tensor amax_backward(const Tensor& grad, const Tensor& self, const Tensor& result, const IntArray& dim) {
  Tensor mask = core::binary(BinaryOp::Eq, result, self);
  return autograd::mul(autograd::div(grad, core::sum(mask, dim, true)), mask);
}

Tensor logsumexp_backward(const Tensor& grad, const Tensor& self, const Tensor& result, const IntArray&) {
  return autograd::mul(grad, autograd::exp(autograd::sub(self, result)));
}

// grad.flip(dim).cumsum(dim).flip(dim): each input feeds every later running sum.
Tensor reversed_cumsum(const Tensor& t, int64_t dim) {
  return autograd::flip(autograd::cumsum(autograd::flip(t, {dim}), dim), {dim});
}

Tensor cumsum_backward(const Tensor& grad_in, int64_t dim, DType self_scalar_type) {
  Tensor grad = autograd::to(grad_in, self_scalar_type);
  const bool trivial = grad.numel() <= 1 || grad.dim() == 0 || grad.size(core::wrap_dim(dim, grad.dim())) == 1;
  return trivial ? grad : reversed_cumsum(grad, dim);
}

// With zeros in the input, grad_input[k] = sum over j >= k of grad[j] * prod over i <= j, i != k of
// input[i], computed directly per row in double (PyTorch divides only where no zero came first).
Tensor cumprod_backward_with_zeros(const Tensor& grad, const Tensor& self, int64_t dim) {
  const int64_t d = core::wrap_dim(dim, self.dim());
  Tensor x = core::contiguous(core::movedim(core::to(self, DType::Float64), {d}, {-1}));
  Tensor g = core::contiguous(core::movedim(core::to(grad, DType::Float64), {d}, {-1}));
  Tensor r = core::empty(x.sizes(), DType::Float64);
  const int64_t n = self.sizes()[d], rows = x.numel() / n;
  const double* xs = x.data<double>();
  const double* gs = g.data<double>();
  double* rs = r.data<double>();
  for (int64_t row = 0; row < rows; ++row) {
    const double* xr = xs + row * n;
    const double* gr = gs + row * n;
    double before = 1;  // product of xr[0..k)
    for (int64_t k = 0; k < n; ++k) {
      double p = before, acc = 0;
      for (int64_t j = k; j < n; ++j) {
        if (j > k) p *= xr[j];
        acc += gr[j] * p;
      }
      rs[row * n + k] = acc;
      before *= xr[k];
    }
  }
  Tensor out = core::empty(self.sizes(), grad.dtype());
  core::copy_(out, core::movedim(r, {-1}, {d}));
  return out;
}

Tensor cumprod_backward(const Tensor& grad_in, const Tensor& self, const Tensor& result, int64_t dim,
                        DType self_scalar_type) {
  Tensor grad = autograd::to(grad_in, self_scalar_type);
  if (self.dim() == 0 || self.numel() == 0 || self.size(core::wrap_dim(dim, self.dim())) == 1) return grad;
  const bool has_zero = core::item(core::any(core::binary(BinaryOp::Eq, self, wrapped(Scalar(int64_t{0}))))).to<bool>();
  return has_zero ? cumprod_backward_with_zeros(grad, self, dim)
                  : autograd::div(reversed_cumsum(autograd::mul(result, grad), dim), self);
}

// PyTorch's trace_backward: zeros(n * m).index_fill_(0, arange(0, n * m, m + 1), grad).view(n, m)
// (IndexFillBackward1, whose gradient w.r.t. the value sums the filled elements).
Tensor trace_backward(const Tensor& grad, const IntArray& self_sizes) {
  const int64_t n = self_sizes[0], m = self_sizes[1];
  Tensor positions = core::arange(Scalar(int64_t{0}), Scalar(n * m), Scalar(m + 1), core::DType::Int64);
  Tensor flat = detail::place_into_zeros(
      "IndexFillBackward1", grad,
      [&] {
        // Every (m + 1)-th element, as PyTorch fills them (past the diagonal for tall matrices).
        Tensor z = detail::zeros({n * m}, grad.dtype());
        core::index_put_(z, {core::TensorIndex::make_tensor(positions)}, grad, false);
        return z;
      },
      [positions](const Tensor& g) { return autograd::sum(autograd::index_select(g, 0, positions)); });
  return autograd::view(flat, self_sizes);
}

// NOTE [Reduction nodes from the table]
// Every REDUCTION row of autograd/reduce_ops.def is a node `struct Node : ReductionNode<Node>` and
// a forward. The node keeps the forward's parameters as members of the same names, self's sizes,
// numel and dtype, and the tensors the row saves; apply() unpacks what was saved (self, then the
// result, then the indices, which checks their versions), and when self's gradient is wanted hands
// grad and them to the row's formula. The forward creates the node before the kernel runs (its
// sequence number), saves self before and the result or indices after it, and sets the history on
// the result (the values of a TensorPair).
template <class Derived>
struct ReductionNode : SavingNode<Derived> {
  static constexpr bool kSaves_self = false, kSaves_result = false, kSaves_indices = false;
  SavedVariable self_, result_, indices_;
  IntArray self_sizes;
  int64_t self_numel = 0;
  DType self_scalar_type{};
  variable_list apply(variable_list&& grads) override {
    Tensor self, result, indices;
    if constexpr (Derived::kSaves_self) self = self_.unpack();
    if constexpr (Derived::kSaves_result) result = result_.unpack(this->shared_from_this());
    if constexpr (Derived::kSaves_indices) indices = indices_.unpack(this->shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !this->task_should_compute_output(0)) return out;
    out[0] = static_cast<const Derived*>(this)->formula(grads[0], self, result, indices);
    return out;
  }
};

Tensor& values_of(Tensor& r) { return r; }
Tensor& values_of(TensorPair& r) { return r.first; }
Tensor indices_of(const Tensor&) { return Tensor(); }
const Tensor& indices_of(const TensorPair& r) { return r.second; }

}  // namespace

#define STRIDELAB_SAVES_FLAG(x) static constexpr bool kSaves_##x = true;
#define STRIDELAB_SAVES_COUNT(x) +1
#define STRIDELAB_SAVES_FIELD(x) Field{"_saved_" #x, &Self::x##_},
#define REDUCTION(name, node, returns, params, input, kernel, saves, attributes, backward)                         \
  namespace {                                                                                                      \
  struct node : ReductionNode<node> {                                                                              \
    using Self = node;                                                                                             \
    NODE_NAME(node)                                                                                                \
    STRIDELAB_FOR_EACH(STRIDELAB_PARAM_MEMBER, params)                                                             \
    STRIDELAB_FOR_EACH(STRIDELAB_SAVES_FLAG, saves)                                                                \
    static auto saved_fields() {                                                                                   \
      return std::array<Field, 0 STRIDELAB_FOR_EACH(STRIDELAB_SAVES_COUNT, saves)>{                                \
          STRIDELAB_FOR_EACH(STRIDELAB_SAVES_FIELD, saves)};                                                       \
    }                                                                                                              \
    std::vector<SavedAttribute> saved_attributes() const override { return {attributes}; }                         \
    Tensor formula(const Tensor& grad, [[maybe_unused]] const Tensor& self, [[maybe_unused]] const Tensor& result, \
                   [[maybe_unused]] const Tensor& indices) const {                                                 \
      return backward;                                                                                             \
    }                                                                                                              \
  };                                                                                                               \
  }                                                                                                                \
  returns name(const Tensor& self_arg STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params)) {                           \
    const Tensor self = [&](const Tensor& self) -> Tensor { return input; }(self_arg);                             \
    auto fn = make_node<node>(self);                                                                               \
    if (fn) {                                                                                                      \
      STRIDELAB_FOR_EACH(STRIDELAB_PARAM_STORE, params)                                                            \
      fn->self_sizes = self.sizes();                                                                               \
      fn->self_numel = self.numel();                                                                               \
      fn->self_scalar_type = self.dtype();                                                                         \
      if constexpr (node::kSaves_self) fn->self_ = SavedVariable(self, false);                                     \
    }                                                                                                              \
    returns result = kernel;                                                                                       \
    if (fn) {                                                                                                      \
      impl::set_history(values_of(result), fn);                                                                    \
      if constexpr (node::kSaves_result) fn->result_ = SavedVariable(values_of(result), true);                     \
      if constexpr (node::kSaves_indices) fn->indices_ = SavedVariable(indices_of(result), true);                  \
    }                                                                                                              \
    return result;                                                                                                 \
  }
#include "autograd/reduce_ops.def"
#undef STRIDELAB_SAVES_FLAG
#undef STRIDELAB_SAVES_COUNT
#undef STRIDELAB_SAVES_FIELD

Tensor softmax_backward_data(const Tensor& grad, const Tensor& output, int64_t dim, bool log) {
  // The node first (it takes its sequence number before the op runs), the values without recording.
  std::shared_ptr<SoftmaxBackwardDataBackward0T<true>> log_fn;
  std::shared_ptr<SoftmaxBackwardDataBackward0T<false>> fn;
  if (log) log_fn = make_node<SoftmaxBackwardDataBackward0T<true>>(grad, output);
  else fn = make_node<SoftmaxBackwardDataBackward0T<false>>(grad, output);
  Tensor result;
  {
    NoGradGuard no_grad;
    result = softmax_backward_lastdim(grad, output, dim, log);
    if (!result.defined())
      result =
          log ? autograd::sub(grad, autograd::mul(autograd::exp(output), autograd::sum(grad, {dim}, true)))
              : autograd::mul(output, autograd::sub(grad, autograd::sum(autograd::mul(grad, output), {dim}, true)));
  }
  auto record = [&](auto& node) {
    node->grad_output_ = SavedVariable(grad, false);
    node->output_ = SavedVariable(output, false);
    node->dim = dim;
    impl::set_history(result, node);
  };
  if (log_fn) record(log_fn);
  if (fn) record(fn);
  return result;
}

Tensor frobenius_norm(const Tensor& self, const IntArray& dims, bool keepdim) {
  // PyTorch 1.13 writes the Frobenius norm over two dims as autograd::sqrt(autograd::sum(x * x)),
  // and over one dim or all of them as the 2-norm.
  if (dims.size() == 2) return autograd::sqrt(autograd::sum(autograd::mul(self, self), dims, keepdim));
  return autograd::norm(self, 2.0, dims, keepdim);
}

namespace {

// In place: the scan written back into self, recorded as the out-of-place node (PyTorch's
// cumsum_ / cumprod_), which sees self's old values through a clone when it needs them.
template <class N>
Tensor& scan_(Tensor& self, int64_t dim, bool product) {
  const bool rg = detail::any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<N> fn;
  if (rg) {
    fn = new_node<N>();
    fn->set_next_edges(detail::collect_next_edges(self));
    fn->dim = dim;
    fn->self_scalar_type = self.dtype();
    if constexpr (std::is_same_v<N, CumprodBackward0>) fn->self_ = SavedVariable(autograd::clone(self), false);
  }
  core::copy_(self, product ? core::cumprod(self, dim, self.dtype()) : core::cumsum(self, dim, self.dtype()));
  self.bump_version();
  if (fn) {
    impl::rebase_history(self, fn);
    if constexpr (std::is_same_v<N, CumprodBackward0>) fn->result_ = SavedVariable(self, true, is_view(self));
  }
  return self;
}

}  // namespace

Tensor& cumsum_(Tensor& self, int64_t dim) { return scan_<CumsumBackward0>(self, dim, false); }
Tensor& cumprod_(Tensor& self, int64_t dim) { return scan_<CumprodBackward0>(self, dim, true); }

}  // namespace stridelab::autograd
