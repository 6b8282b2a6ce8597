// Reductions and softmax, with their backward formulas.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

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

struct SumBackward0 : Node {
  NODE_NAME(SumBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = autograd::expand(grads[0], self_sizes);
    return out;
  }
};

struct SumBackward1 : Node {
  NODE_NAME(SumBackward1)
  IntArray self_sizes, dim;
  bool keepdim = false;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}, {"_saved_self_sym_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = sum_backward(grads[0], self_sizes, dim, keepdim);
    return out;
  }
};

struct MeanBackward0 : Node {
  NODE_NAME(MeanBackward0)
  IntArray self_sizes;
  int64_t self_numel = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_self_numel", self_numel}, {"_saved_self_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] = autograd::div_scalar(autograd::expand(grads[0], self_sizes), Scalar(self_numel));
    return out;
  }
};

struct MeanBackward1 : SavingNode<MeanBackward1> {
  NODE_NAME(MeanBackward1)
  IntArray self_sizes, dim;
  bool keepdim = false;
  SavedVariable self_;
  static auto saved_fields() { return std::array{Field{"_saved_self", &MeanBackward1::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}, {"_saved_self_sym_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] =
          autograd::div_scalar(sum_backward(grads[0], self_sizes, dim, keepdim), Scalar(safe_size(self_sizes, dim)));
    return out;
  }
};

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

struct ProdBackward0 : SavingNode<ProdBackward0> {
  NODE_NAME(ProdBackward0)
  SavedVariable self_, result_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &ProdBackward0::self_}, Field{"_saved_result", &ProdBackward0::result_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    if (self.dim() == 0) {
      out[0] = grad;
    } else if (count_zeros(self) == 0) {
      out[0] = autograd::mul(grad, autograd::div(result, self));
    } else {
      Tensor flat = core::reshape(core::contiguous(self), {-1});
      out[0] = autograd::mul(grad, core::reshape(prod_of_others(flat, 0), self.sizes()));
    }
    return out;
  }
};

struct ProdBackward1 : SavingNode<ProdBackward1> {
  NODE_NAME(ProdBackward1)
  SavedVariable self_, result_;
  int64_t dim = 0;
  bool keepdim = false;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &ProdBackward1::self_}, Field{"_saved_result", &ProdBackward1::result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = grads[0];
    if (self.dim() == 0) {
      out[0] = grad;
      return out;
    }
    int64_t d = core::wrap_dim(dim, self.dim());
    if (!keepdim && self.dim() != 1) {
      grad = autograd::unsqueeze(grad, d);
      result = autograd::unsqueeze(result, d);
    }
    if (count_zeros(self) == 0) out[0] = autograd::mul(grad, autograd::div(result, self));
    else out[0] = autograd::mul(grad, prod_of_others(self, d));
    return out;
  }
};

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

struct VarBackward0 : SavingNode<VarBackward0> {
  NODE_NAME(VarBackward0)
  SavedVariable self_;
  IntArray dim;
  int64_t correction = 1;
  bool keepdim = false;
  static auto saved_fields() { return std::array{Field{"_saved_self", &VarBackward0::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_correction", correction},
            {"_saved_dim", dim.empty() ? SavedValue() : SavedValue(dim)},
            {"_saved_keepdim", keepdim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] = var_backward(grads[0], self, dim, correction, keepdim);
    return out;
  }
};

struct StdBackward0 : SavingNode<StdBackward0> {
  NODE_NAME(StdBackward0)
  SavedVariable self_, result_;
  IntArray dim;
  int64_t correction = 1;
  bool keepdim = false;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &StdBackward0::self_}, Field{"_saved_result", &StdBackward0::result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_correction", correction},
            {"_saved_dim", dim.empty() ? SavedValue() : SavedValue(dim)},
            {"_saved_keepdim", keepdim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor g = autograd::div(grads[0], autograd::mul_scalar(result, Scalar(int64_t{2})));
    autograd::masked_fill_(g, core::binary(BinaryOp::Eq, result, wrapped(Scalar(int64_t{0}))), Scalar(int64_t{0}));
    out[0] = var_backward(g, self, dim, correction, keepdim);
    return out;
  }
};

struct NormBackward1 : SavingNode<NormBackward1> {
  NODE_NAME(NormBackward1)
  SavedVariable self_, result_;
  double p = 2;
  IntArray dim;
  bool keepdim = false;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &NormBackward1::self_}, Field{"_saved_result", &NormBackward1::result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}, {"_saved_p", Scalar(p)}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    Tensor norm = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = grads[0];
    if (!keepdim && self.dim() != 0) {
      grad = unsqueeze_multiple(grad, dim, self.dim());
      norm = unsqueeze_multiple(norm, dim, self.dim());
    }
    Tensor norm_zero = core::binary(BinaryOp::Eq, norm, wrapped(Scalar(int64_t{0})));
    if (p == 0.0) return out;
    if (p == 1.0) {
      out[0] = autograd::mul(autograd::sgn(self), grad);
    } else if (p == 2.0) {
      Tensor scaled = autograd::div(self, norm);
      out[0] = autograd::mul(grad, autograd::masked_fill_(scaled, norm_zero, Scalar(int64_t{0})));
    } else if (std::isinf(p)) {
      Tensor self_abs = core::unary(core::UnaryOp::Abs, self);
      Tensor mask = core::binary(BinaryOp::LogicalOr, core::binary(BinaryOp::Eq, self_abs, norm),
                                 core::binary(BinaryOp::Ne, self_abs, self_abs));
      Tensor count = core::sum(mask, dim.empty() ? IntArray{} : dim, true);
      out[0] =
          autograd::mul(autograd::sgn(self), autograd::mul(autograd::div(grad, count), core::to(mask, grad.dtype())));
    } else if (p < 2.0) {
      Tensor self_scaled = autograd::mul(autograd::sgn(self), autograd::pow(autograd::abs(self), Scalar(p - 1)));
      if (p < 1.0) {
        autograd::masked_fill_(self_scaled, core::binary(BinaryOp::Eq, self, wrapped(Scalar(int64_t{0}))),
                               Scalar(int64_t{0}));
        out[0] = autograd::mul(autograd::mul(self_scaled, grad), autograd::pow(norm, Scalar(1 - p)));
      } else {
        Tensor scale = autograd::div(grad, autograd::pow(norm, Scalar(p - 1)));
        out[0] = autograd::mul(self_scaled, autograd::masked_fill_(scale, norm_zero, Scalar(int64_t{0})));
      }
    } else {
      Tensor self_scaled = autograd::mul(self, autograd::pow(autograd::abs(self), Scalar(p - 2)));
      Tensor scale = autograd::div(grad, autograd::pow(norm, Scalar(p - 1)));
      out[0] = autograd::mul(self_scaled, autograd::masked_fill_(scale, norm_zero, Scalar(int64_t{0})));
    }
    return out;
  }
};

// autograd::max() / autograd::min() over all elements: the gradient is shared evenly by the elements equal to the
// result (the NaNs when the result is NaN).
template <bool kMax>
struct MaxBackward1T : SavingNode<MaxBackward1T<kMax>> {
  using Field = SavedField<MaxBackward1T>;
  std::string name() const override { return kMax ? "MaxBackward1" : "MinBackward1"; }
  SavedVariable self_, result_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &MaxBackward1T::self_}, Field{"_saved_result", &MaxBackward1T::result_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    Tensor result = result_.unpack(this->shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !this->task_should_compute_output(0)) return out;
    bool result_nan = std::isnan(core::item(result).to_double());
    Tensor mask = result_nan ? core::binary(BinaryOp::Ne, self, self) : core::binary(BinaryOp::Eq, self, result);
    Tensor count = core::sum(mask);
    // evenly_distribute_backward: zeros with grad / count filled in where self is the result.
    Tensor share = autograd::div(grads[0], count);
    Tensor zeros = detail::zeros(self.sizes(), grads[0].dtype());
    out[0] = autograd::masked_fill_(zeros, mask, share);
    return out;
  }
};
using MaxBackward1 = MaxBackward1T<true>;
using MinBackward1 = MaxBackward1T<false>;

// autograd::max(dim) / autograd::min(dim): the gradient goes to the element each index picked.
template <bool kMax>
struct MaxBackward0T : SavingNode<MaxBackward0T<kMax>> {
  using Field = SavedField<MaxBackward0T>;
  std::string name() const override { return kMax ? "MaxBackward0" : "MinBackward0"; }
  SavedVariable indices_;
  static auto saved_fields() { return std::array{Field{"_saved_indices", &MaxBackward0T::indices_}}; }
  IntArray self_sizes;
  int64_t dim = 0;
  bool keepdim = false;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}, {"_saved_self_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor indices = indices_.unpack(this->shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !this->task_should_compute_output(0)) return out;
    Tensor grad = grads[0];
    if (self_sizes.empty()) {
      out[0] = grad;
      return out;
    }
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    if (!keepdim) {
      grad = autograd::unsqueeze(grad, d);
      indices = core::unsqueeze(indices, d);
    }
    // One-hot along d: position i of dim d is picked where indices == i.
    IntArray positions_shape(self_sizes.size(), 1);
    positions_shape[d] = self_sizes[d];
    Tensor positions =
        core::reshape(core::arange(Scalar(int64_t{0}), Scalar(self_sizes[d]), Scalar(int64_t{1}), core::DType::Int64),
                      positions_shape);
    Tensor picked = core::binary(BinaryOp::Eq, indices, positions);
    // zeros(self_sizes).scatter(d, indices, grad): ScatterBackward0 under create_graph.
    out[0] = detail::place_into_zeros(
        "ScatterBackward0", grad,
        [&] {
          return autograd::where(picked, autograd::expand(grad, self_sizes),
                                 core::scalar_tensor(Scalar(0.0), grad.dtype()));
        },
        [d, indices](const Tensor& g) { return autograd::gather(g, d, indices); });
    return out;
  }
};
using MaxBackward0 = MaxBackward0T<true>;
using MinBackward0 = MaxBackward0T<false>;

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

struct SoftmaxBackward0 : SavingNode<SoftmaxBackward0> {
  NODE_NAME(SoftmaxBackward0)
  SavedVariable result_;
  int64_t dim = 0;
  DType self_scalar_type{};
  static auto saved_fields() { return std::array{Field{"_saved_result", &SoftmaxBackward0::result_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) {
      out[0] = autograd::softmax_backward_data(grads[0], result, dim, false);
    }
    return out;
  }
};

struct LogSoftmaxBackward0 : SavingNode<LogSoftmaxBackward0> {
  NODE_NAME(LogSoftmaxBackward0)
  SavedVariable result_;
  int64_t dim = 0;
  DType self_scalar_type{};
  static auto saved_fields() { return std::array{Field{"_saved_result", &LogSoftmaxBackward0::result_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) {
      out[0] = autograd::softmax_backward_data(grads[0], result, dim, true);
    }
    return out;
  }
};

// ---- amax amin logsumexp trace cumsum cumprod ---------------------------------------------------

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

// A reduction over dims whose node saves self and the result (autograd/reduce_ops.def):
// Derived::formula gets the gradient and the result with the reduced dims put back, so that both
// broadcast against self.
template <class Derived>
struct ReduceSelfResultBackward : SavingNode<Derived> {
  SavedVariable self_, result_;
  IntArray dim;
  bool keepdim = false;
  static auto saved_fields() {
    using Field = SavedField<Derived>;
    return std::array{Field{"_saved_self", &Derived::self_}, Field{"_saved_result", &Derived::result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_keepdim", keepdim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), result = result_.unpack(this->shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !this->task_should_compute_output(0)) return out;
    out[0] = Derived::formula(restore_reduced(grads[0], dim, keepdim, self.dim(), Derived::kReshape), self,
                              restore_reduced(result, dim, keepdim, self.dim(), Derived::kReshape), dim);
    return out;
  }
};

// amax / amin: the gradient shared equally among the elements equal to the result.
Tensor amax_backward(const Tensor& grad, const Tensor& self, const Tensor& result, const IntArray& dim) {
  Tensor mask = core::binary(BinaryOp::Eq, result, self);
  return autograd::mul(autograd::div(grad, core::sum(mask, dim, true)), mask);
}

#define REDUCE_OP(name, node, restore, backward, ...)                                                          \
  struct node : ReduceSelfResultBackward<node> {                                                               \
    NODE_NAME(node)                                                                                            \
    static constexpr bool kReshape = std::string_view(#restore) == "reshape";                                  \
    static Tensor formula(const Tensor& grad, const Tensor& self, const Tensor& result, const IntArray& dim) { \
      return backward;                                                                                         \
    }                                                                                                          \
  };
#include "autograd/reduce_ops.def"

// The gradient lands on the diagonal of a zero matrix.
struct TraceBackward0 : Node {
  NODE_NAME(TraceBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    // PyTorch's trace_backward: zeros(n * m).index_fill_(0, arange(0, n * m, m + 1), grad).view(n, m)
    // (IndexFillBackward1, whose gradient w.r.t. the value sums the filled elements).
    const Tensor& grad = grads[0];
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
    out[0] = autograd::view(flat, self_sizes);
    return out;
  }
};

// grad.flip(dim).cumsum(dim).flip(dim): each input feeds every later running sum.
Tensor reversed_cumsum(const Tensor& t, int64_t dim) {
  return autograd::flip(autograd::cumsum(autograd::flip(t, {dim}), dim), {dim});
}

struct CumsumBackward0 : Node {
  NODE_NAME(CumsumBackward0)
  int64_t dim = 0;
  DType self_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = autograd::to(grads[0], self_scalar_type);
    const bool trivial = grad.numel() <= 1 || grad.dim() == 0 || grad.size(core::wrap_dim(dim, grad.dim())) == 1;
    out[0] = trivial ? grad : reversed_cumsum(grad, dim);
    return out;
  }
};

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

struct CumprodBackward0 : SavingNode<CumprodBackward0> {
  NODE_NAME(CumprodBackward0)
  SavedVariable self_, result_;
  int64_t dim = 0;
  DType self_scalar_type{};
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &CumprodBackward0::self_},
                      Field{"_saved_result", &CumprodBackward0::result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = autograd::to(grads[0], self_scalar_type);
    if (self.dim() == 0 || self.numel() == 0 || self.size(core::wrap_dim(dim, self.dim())) == 1) {
      out[0] = grad;
      return out;
    }
    const bool has_zero =
        core::item(core::any(core::binary(BinaryOp::Eq, self, wrapped(Scalar(int64_t{0}))))).to<bool>();
    out[0] = has_zero ? cumprod_backward_with_zeros(grad, self, dim)
                      : autograd::div(reversed_cumsum(autograd::mul(result, grad), dim), self);
    return out;
  }
};

}  // namespace

Tensor sum(const Tensor& self, std::optional<DType> dtype) {
  auto fn = make_node<SumBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  Tensor result = core::sum(self, {}, false, dtype);
  return with_history(result, fn);
}

Tensor sum(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<DType> dtype) {
  auto fn = make_node<SumBackward1>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dims;
    fn->keepdim = keepdim;
  }
  Tensor result = core::sum(self, dims, keepdim, dtype);
  return with_history(result, fn);
}

Tensor mean(const Tensor& self, std::optional<DType> dtype) {
  auto fn = make_node<MeanBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->self_numel = self.numel();
  }
  Tensor result = core::mean(self, {}, false, dtype);
  return with_history(result, fn);
}

Tensor mean(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<DType> dtype) {
  auto fn = make_node<MeanBackward1>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dims;
    fn->keepdim = keepdim;
    fn->self_ = SavedVariable(self, false);
  }
  Tensor result = core::mean(self, dims, keepdim, dtype);
  return with_history(result, fn);
}

Tensor prod(const Tensor& self) {
  auto fn = make_node<ProdBackward0>(self);
  if (fn) fn->self_ = SavedVariable(self, false);
  Tensor result = core::prod(self);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor prod(const Tensor& self, int64_t dim, bool keepdim) {
  auto fn = make_node<ProdBackward1>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->dim = dim;
    fn->keepdim = keepdim;
  }
  Tensor result = core::prod(self, dim, keepdim);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor var(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim) {
  auto fn = make_node<VarBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->dim = dims;
    fn->correction = correction;
    fn->keepdim = keepdim;
  }
  Tensor result = core::var(self, dims, correction, keepdim);
  return with_history(result, fn);
}

Tensor std(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim) {
  auto fn = make_node<StdBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->dim = dims;
    fn->correction = correction;
    fn->keepdim = keepdim;
  }
  Tensor result = core::std(self, dims, correction, keepdim);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor frobenius_norm(const Tensor& self, const IntArray& dims, bool keepdim) {
  // PyTorch 1.13 writes the Frobenius norm over two dims as autograd::sqrt(autograd::sum(x * x)),
  // and over one dim or all of them as the 2-norm.
  if (dims.size() == 2) return autograd::sqrt(autograd::sum(autograd::mul(self, self), dims, keepdim));
  return autograd::norm(self, 2.0, dims, keepdim);
}

Tensor norm(const Tensor& self, double p, const IntArray& dims, bool keepdim) {
  auto fn = make_node<NormBackward1>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->p = p;
    fn->dim = dims;
    fn->keepdim = keepdim;
  }
  Tensor result = core::norm(self, p, dims, keepdim);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

template <bool kMax>
Tensor max_all(const Tensor& self) {
  auto fn = make_node<MaxBackward1T<kMax>>(self);
  if (fn) fn->self_ = SavedVariable(self, false);
  Tensor result = kMax ? core::max(self) : core::min(self);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor max(const Tensor& self) { return max_all<true>(self); }
Tensor min(const Tensor& self) { return max_all<false>(self); }

template <bool kMax>
std::pair<Tensor, Tensor> max_dim(const Tensor& self, int64_t dim, bool keepdim) {
  auto fn = make_node<MaxBackward0T<kMax>>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
    fn->keepdim = keepdim;
  }
  auto result = kMax ? core::max(self, dim, keepdim) : core::min(self, dim, keepdim);
  if (fn) {
    impl::set_history(result.first, fn);
    fn->indices_ = SavedVariable(result.second, true);
  }
  return result;
}

std::pair<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim) {
  return max_dim<true>(self, dim, keepdim);
}
std::pair<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim) {
  return max_dim<false>(self, dim, keepdim);
}

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

Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  Tensor input = dtype ? autograd::to(self, *dtype) : self;
  auto fn = make_node<SoftmaxBackward0>(input);
  if (fn) {
    fn->dim = dim;
    fn->self_scalar_type = input.dtype();
  }
  Tensor result = core::softmax(input, dim);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  Tensor input = dtype ? autograd::to(self, *dtype) : self;
  auto fn = make_node<LogSoftmaxBackward0>(input);
  if (fn) {
    fn->dim = dim;
    fn->self_scalar_type = input.dtype();
  }
  Tensor result = core::log_softmax(input, dim);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

// ---- amax amin logsumexp trace cumsum cumprod ---------------------------------------------------

namespace {

// Runs the reduction and records node N, which saves self and the result.
template <class N, class F>
Tensor reduce_self_result(const Tensor& self, const IntArray& dims, bool keepdim, F&& run) {
  auto fn = make_node<N>(self);
  if (fn) {
    fn->dim = dims;
    fn->keepdim = keepdim;
    fn->self_ = SavedVariable(self, false);
  }
  Tensor result = run();
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

}  // namespace

// Tensor amax(const Tensor& self, const IntArray& dims, bool keepdim), ... for every row of the table.
#define REDUCE_OP(name, node, ...)                                                                         \
  Tensor name(const Tensor& self, const IntArray& dims, bool keepdim) {                                    \
    return reduce_self_result<node>(self, dims, keepdim, [&] { return core::name(self, dims, keepdim); }); \
  }
#include "autograd/reduce_ops.def"

Tensor trace(const Tensor& self) {
  auto fn = make_node<TraceBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  Tensor result = core::trace(self);
  return with_history(result, fn);
}

namespace {

// cumsum / cumprod (N is CumsumBackward0 or CumprodBackward0; the latter saves self and result).
template <class N>
Tensor scan(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool product) {
  auto fn = make_node<N>(self);
  if (fn) {
    fn->dim = dim;
    fn->self_scalar_type = self.dtype();
    if constexpr (std::is_same_v<N, CumprodBackward0>) fn->self_ = SavedVariable(self, false);
  }
  Tensor result = product ? core::cumprod(self, dim, dtype) : core::cumsum(self, dim, dtype);
  if (fn) {
    impl::set_history(result, fn);
    if constexpr (std::is_same_v<N, CumprodBackward0>) fn->result_ = SavedVariable(result, true);
  }
  return result;
}

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

Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return scan<CumsumBackward0>(self, dim, dtype, false);
}
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return scan<CumprodBackward0>(self, dim, dtype, true);
}
Tensor& cumsum_(Tensor& self, int64_t dim) { return scan_<CumsumBackward0>(self, dim, false); }
Tensor& cumprod_(Tensor& self, int64_t dim) { return scan_<CumprodBackward0>(self, dim, true); }

}  // namespace stridelab::autograd
