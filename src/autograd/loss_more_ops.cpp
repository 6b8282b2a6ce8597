// l1_loss, smooth_l1_loss, binary_cross_entropy, kl_div.
#include "autograd/loss_more_ops.h"

#include <algorithm>
#include <cmath>

#include "autograd/function_helpers.h"
#include "core/error.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::make_node;
using detail::with_history;

namespace {

Tensor reduce(const Tensor& loss, Reduction reduction) {
  if (reduction == Reduction::Mean) return autograd::mean(loss);
  if (reduction == Reduction::Sum) return autograd::sum(loss);
  return loss;
}

Tensor reduce_core(const Tensor& loss, Reduction reduction) {
  if (reduction == Reduction::Mean) return core::mean(loss);
  if (reduction == Reduction::Sum) return core::sum(loss);
  return loss;
}

// f(x, t) elementwise over same-shaped contiguous copies, in x's floating dtype.
template <class F>
Tensor map2(const Tensor& a_, const Tensor& b_, F&& f) {
  Tensor a = core::contiguous(a_), b = core::contiguous(core::expand(b_, a_.sizes()));
  Tensor out = core::empty(a.sizes(), a.dtype());
  core::dispatch(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = a.data<T>();
      const T* y = b.data<T>();
      T* o = out.data<T>();
      for (int64_t i = 0, n = a.numel(); i < n; ++i) o[i] = f(x[i], y[i]);
    }
  });
  return out;
}

struct SmoothL1LossBackward0 : detail::SavingNode<SmoothL1LossBackward0> {
  NODE_NAME(SmoothL1LossBackward0)
  SavedVariable self_, target_;
  double beta = 1.0;
  int64_t reduction = 1;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &SmoothL1LossBackward0::self_},
                      Field{"_saved_target", &SmoothL1LossBackward0::target_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_beta", beta}, {"_saved_reduction", reduction}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    NoGradGuard no_grad;
    const double norm =
        reduction == static_cast<int64_t>(Reduction::Mean) ? 1.0 / static_cast<double>(self.numel()) : 1.0;
    Tensor grad = core::contiguous(core::expand(grads[0], self.sizes()));
    Tensor diff = core::binary(core::BinaryOp::Sub, self, target);
    const double b = beta;
    Tensor g = map2(diff, grad, [&](auto x, auto gy) {
      using T = decltype(x);
      const T n = static_cast<T>(norm);
      if (x < -static_cast<T>(b)) return static_cast<T>(-n * gy);
      if (x > static_cast<T>(b)) return static_cast<T>(n * gy);
      if (b == 0) return T(0);  // beta 0 is the L1 loss, whose gradient at 0 is 0
      return static_cast<T>(n * x / static_cast<T>(b) * gy);
    });
    if (task_should_compute_output(0)) out[0] = g;
    if (task_should_compute_output(1)) out[1] = core::unary(core::UnaryOp::Neg, g);
    return out;
  }
};

struct BinaryCrossEntropyBackward0 : detail::SavingNode<BinaryCrossEntropyBackward0> {
  NODE_NAME(BinaryCrossEntropyBackward0)
  SavedVariable self_, target_, weight_;
  int64_t reduction = 1;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &BinaryCrossEntropyBackward0::self_},
                      Field{"_saved_target", &BinaryCrossEntropyBackward0::target_},
                      Field{"_saved_weight", &BinaryCrossEntropyBackward0::weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack(), weight = weight_.unpack();
    variable_list out(3);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    const double norm =
        reduction == static_cast<int64_t>(Reduction::Mean) ? 1.0 / static_cast<double>(self.numel()) : 1.0;
    Tensor grad = core::contiguous(core::expand(grads[0], self.sizes()));
    Tensor t = core::contiguous(core::expand(target, self.sizes()));
    Tensor g = map2(self, t, [](auto x, auto y) {
      using T = decltype(x);
      return static_cast<T>((x - y) / std::max((T(1) - x) * x, static_cast<T>(1e-12)));
    });
    g = core::binary(core::BinaryOp::Mul, g, grad);
    if (weight.defined()) g = core::binary(core::BinaryOp::Mul, g, weight);
    if (norm != 1.0) g = core::binary_scalar(core::BinaryOp::Mul, g, Scalar(norm));
    out[0] = g;
    return out;
  }
};

}  // namespace

Tensor l1_loss(const Tensor& self, const Tensor& target, Reduction reduction) {
  return reduce(autograd::abs(autograd::sub(self, target)), reduction);
}

Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, Reduction reduction, double beta) {
  STRIDELAB_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  auto fn = make_node<SmoothL1LossBackward0>(self, target);
  Tensor diff = core::binary(core::BinaryOp::Sub, self, target);
  Tensor loss = map2(diff, diff, [&](auto x, auto) {
    using T = decltype(x);
    const T z = std::abs(x), b = static_cast<T>(beta);
    return z < b ? static_cast<T>(T(0.5) * z * z / b) : static_cast<T>(z - T(0.5) * b);
  });
  Tensor result = reduce_core(loss, reduction);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->beta = beta;
    fn->reduction = static_cast<int64_t>(reduction);
  }
  return with_history(result, fn);
}

Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight, Reduction reduction) {
  STRIDELAB_CHECK(core::is_floating(self.dtype()), "\"binary_cross_entropy\" not implemented for '",
                  core::scalar_type_name(self.dtype()), "'");
  bool in_range = true;
  Tensor x = core::contiguous(self);
  core::dispatch(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>)
      for (int64_t i = 0, n = x.numel(); i < n; ++i)
        if (!(x.data<T>()[i] >= T(0) && x.data<T>()[i] <= T(1))) in_range = false;
  });
  STRIDELAB_CHECK(in_range, "all elements of input should be between 0 and 1");
  auto fn = make_node<BinaryCrossEntropyBackward0>(self, target, weight);
  Tensor loss = map2(x, target, [](auto p, auto y) {
    using T = decltype(p);
    return static_cast<T>((y - T(1)) * std::max(static_cast<T>(std::log1p(-p)), T(-100)) -
                          y * std::max(static_cast<T>(std::log(p)), T(-100)));
  });
  if (weight.defined()) loss = core::binary(core::BinaryOp::Mul, loss, weight);
  Tensor result = reduce_core(loss, reduction);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->weight_ = SavedVariable(weight, false);
    fn->reduction = static_cast<int64_t>(reduction);
  }
  return with_history(result, fn);
}

Tensor kl_div(const Tensor& self, const Tensor& target, Reduction reduction, bool log_target) {
  if (log_target) return reduce(autograd::mul(autograd::exp(target), autograd::sub(target, self)), reduction);
  // xlogy(target, target) - target * input
  Tensor xlogy =
      core::where(core::binary_scalar(core::BinaryOp::Eq, target, Scalar(int64_t{0})), core::zeros({}, target.dtype()),
                  core::binary(core::BinaryOp::Mul, target, core::unary(core::UnaryOp::Log, target)));
  return reduce(autograd::sub(xlogy, autograd::mul(target, self)), reduction);
}

}  // namespace stridelab::autograd
