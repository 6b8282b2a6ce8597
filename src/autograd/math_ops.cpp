// Elementwise ops and their backward formulas (PyTorch's derivatives.yaml), forward and backward
// side by side. Gradients are computed with the differentiable ops themselves, so with
// create_graph=True they get a history of their own.
#include <cmath>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::BinaryOp;
using core::UnaryOp;
using detail::any_defined;
using detail::any_requires_grad;
using detail::collect_next_edges;
using detail::make_node;
using detail::wrapped;

namespace {

// grad * s, skipping the multiplication when s is 1 (PyTorch's maybe_multiply).
Tensor maybe_multiply(const Tensor& t, Scalar s) {
  bool is_one = s.is_float() ? s.to_double() == 1.0 : s.to_int() == 1;
  return is_one ? t : autograd::mul(t, wrapped(s));
}

Tensor zero_scalar(const Tensor& like) { return core::scalar_tensor(Scalar(0.0), like.dtype()); }

#define NODE_NAME(N) \
  std::string name() const override { return #N; }

// ---- binary ops ----------------------------------------------------------------------------------

struct AddBackward0 : Node {
  NODE_NAME(AddBackward0)
  Scalar alpha;
  DType self_scalar_type{}, other_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_alpha", alpha}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = grads[0];
    if (task_should_compute_output(1)) out[1] = maybe_multiply(grads[0], alpha);
    return out;
  }
};

struct SubBackward0 : Node {
  NODE_NAME(SubBackward0)
  Scalar alpha;
  DType self_scalar_type{}, other_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_alpha", alpha}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = grads[0];
    if (task_should_compute_output(1)) out[1] = maybe_multiply(autograd::neg(grads[0]), alpha);
    return out;
  }
};

struct RsubBackward1 : Node {
  NODE_NAME(RsubBackward1)
  Scalar alpha;
  DType self_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_alpha", alpha}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = maybe_multiply(autograd::neg(grads[0]), alpha);
    return out;
  }
};

struct MulBackward0 : Node {
  NODE_NAME(MulBackward0)
  SavedVariable self_, other_;
  DType self_scalar_type{}, other_scalar_type{};
  void release_variables() override {
    self_.reset_data();
    other_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_other", -1, &other_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), other = other_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::mul(grads[0], other);
    if (task_should_compute_output(1)) out[1] = autograd::mul(grads[0], self);
    return out;
  }
};

struct DivBackward0 : Node {
  NODE_NAME(DivBackward0)
  SavedVariable self_, other_;
  DType self_scalar_type{};
  void release_variables() override {
    self_.reset_data();
    other_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_other", -1, &other_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), other = other_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::div(grads[0], other);
    if (task_should_compute_output(1))
      out[1] = autograd::mul(autograd::neg(grads[0]), autograd::div(autograd::div(self, other), other));
    return out;
  }
};

// tensor * Scalar and tensor / Scalar as ATen's C++ writes them (mul.Scalar, div.Scalar): the
// losses' own arithmetic, `(1 - label_smoothing) * nll` and `sum / (numel / n_classes)`.
struct MulBackward1 : Node {
  NODE_NAME(MulBackward1)
  Scalar other;
  DType self_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_other", other}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = autograd::mul(grads[0], wrapped(other));
    return out;
  }
};

struct AddBackward1 : Node {
  NODE_NAME(AddBackward1)
  DType self_scalar_type{};
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = grads[0];
    return out;
  }
};

// sgn's gradient for real inputs: zeros of self's shape (PyTorch's sgn_backward).
struct SgnBackward0 : Node {
  NODE_NAME(SgnBackward0)
  core::IntArray self_sizes;
  DType self_dtype{};
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = detail::zeros(self_sizes, self_dtype);
    return out;
  }
};

struct DivBackward1 : Node {
  NODE_NAME(DivBackward1)
  Scalar other;
  DType self_scalar_type{};
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_other", other}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = autograd::div(grads[0], wrapped(other));
    return out;
  }
};

// torch.div(a, b, rounding_mode=...): with a rounding mode (trunc, floor) the result is piecewise
// constant and both gradients are zeros shaped like the incoming gradient; with rounding_mode=None
// the gradients are true division's.
struct DivBackward2 : Node {
  NODE_NAME(DivBackward2)
  SavedVariable self_, other_;
  bool rounded = false;
  DType self_scalar_type{}, other_scalar_type{};
  void release_variables() override {
    self_.reset_data();
    other_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_other", -1, &other_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(2);
    Tensor self = self_.unpack(), other = other_.unpack();
    if (!any_defined(grads)) return out;
    if (rounded) {
      if (task_should_compute_output(0)) out[0] = core::zeros(grads[0].sizes(), self_scalar_type);
      if (task_should_compute_output(1)) out[1] = core::zeros(grads[0].sizes(), other_scalar_type);
      return out;
    }
    if (task_should_compute_output(0)) out[0] = autograd::div(grads[0], other);
    if (task_should_compute_output(1))
      out[1] = autograd::mul(autograd::neg(grads[0]), autograd::div(autograd::div(self, other), other));
    return out;
  }
};

// d/dx x^e = e * x^(e-1), computed with e as a double as PyTorch does.
Tensor pow_backward(const Tensor& grad, const Tensor& self, Scalar exponent) {
  double e = exponent.to_double();
  if (e == 0.0) return detail::zeros_like(self);
  return autograd::mul(grad, autograd::mul_scalar(autograd::pow(self, Scalar(e - 1)), Scalar(e)));
}

struct PowBackward0 : Node {
  NODE_NAME(PowBackward0)
  SavedVariable self_;
  Scalar exponent;
  void release_variables() override { self_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_self", -1, &self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_exponent", exponent}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = pow_backward(grads[0], self, exponent);
    return out;
  }
};

Tensor pow_backward_exponent(const Tensor& grad, const Tensor& self, const Tensor& exponent, const Tensor& result) {
  Tensor zero = zero_scalar(grad);
  Tensor cond = core::binary(BinaryOp::LogicalAnd, core::binary(BinaryOp::Eq, self, wrapped(Scalar(0.0))),
                             core::binary(BinaryOp::Ge, exponent, wrapped(Scalar(0.0))));
  return autograd::mul(grad, autograd::where(cond, zero, autograd::mul(result, autograd::log(self))));
}

struct PowBackward1 : Node {
  NODE_NAME(PowBackward1)
  SavedVariable self_, exponent_, result_;
  void release_variables() override {
    self_.reset_data();
    exponent_.reset_data();
    result_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_exponent", -1, &exponent_}, {"_saved_result", -1, &result_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), exponent = exponent_.unpack();
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) {
      Tensor cond = core::binary(BinaryOp::Eq, exponent, wrapped(Scalar(0.0)));
      out[0] = autograd::where(
          cond, zero_scalar(grad),
          autograd::mul(
              grad,
              autograd::mul(exponent, autograd::pow(self, autograd::sub(exponent, wrapped(Scalar(int64_t{1})))))));
    }
    if (task_should_compute_output(1)) out[1] = pow_backward_exponent(grad, self, exponent, result);
    return out;
  }
};

struct PowBackward2 : Node {
  NODE_NAME(PowBackward2)
  Scalar self;
  SavedVariable exponent_, result_;
  void release_variables() override {
    exponent_.reset_data();
    result_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_exponent", -1, &exponent_}, {"_saved_result", -1, &result_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self", self}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor exponent = exponent_.unpack();
    Tensor result = result_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    double base = self.to_double();
    Tensor term = autograd::mul(result, wrapped(Scalar(std::log(base))));
    if (base == 0.0) {
      Tensor cond = core::binary(BinaryOp::Ge, exponent, wrapped(Scalar(0.0)));
      out[0] = autograd::mul(grad, autograd::where(cond, zero_scalar(grad), term));
    } else {
      out[0] = autograd::mul(grad, term);
    }
    return out;
  }
};

// ---- backward formulas that are ops of their own ----------------------------------------------------

// threshold_backward(grad_output, self, threshold): the gradient w.r.t. grad_output is
// threshold_backward again, the one w.r.t. self zeros (derivatives.yaml).
struct ThresholdBackwardBackward0 : Node {
  NODE_NAME(ThresholdBackwardBackward0)
  SavedVariable self_;
  Scalar threshold;
  void release_variables() override { self_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_self", -1, &self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_threshold", threshold}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::threshold_backward(grads[0], self, threshold);
    if (task_should_compute_output(1)) out[1] = detail::zeros_like(grads[0]);
    return out;
  }
};

// sigmoid_backward(grad_output, output) = grad_output * (1 - output) * output.
struct SigmoidBackwardBackward0 : Node {
  NODE_NAME(SigmoidBackwardBackward0)
  SavedVariable grad_output_, output_;
  void release_variables() override {
    grad_output_.reset_data();
    output_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_grad_output", -1, &grad_output_}, {"_saved_output", -1, &output_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor grad_output = grad_output_.unpack(), output = output_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = autograd::sigmoid_backward(grad, output);
    if (task_should_compute_output(1))
      out[1] =
          autograd::mul(autograd::mul(grad, grad_output),
                        autograd::add(autograd::mul_scalar(output, Scalar(int64_t{-2})), wrapped(Scalar(int64_t{1}))));
    return out;
  }
};

// tanh_backward(grad_output, output) = grad_output * (1 - output * output).
struct TanhBackwardBackward0 : Node {
  NODE_NAME(TanhBackwardBackward0)
  SavedVariable grad_output_, output_;
  void release_variables() override {
    grad_output_.reset_data();
    output_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_grad_output", -1, &grad_output_}, {"_saved_output", -1, &output_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor grad_output = grad_output_.unpack(), output = output_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = autograd::tanh_backward(grad, output);
    if (task_should_compute_output(1))
      out[1] = autograd::mul(grad, autograd::mul(autograd::mul_scalar(output, Scalar(int64_t{-2})), grad_output));
    return out;
  }
};

// ---- unary ops -----------------------------------------------------------------------------------

// A unary op's node: saves its input (`_saved_self`) or its result (`_saved_result`), or nothing.
enum class Saves { Nothing, Self, Result };

template <class Derived, Saves kSaves>
struct UnaryBackward : Node {
  SavedVariable saved_;
  void release_variables() override { saved_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override {
    if constexpr (kSaves == Saves::Self) return {{"_saved_self", -1, &saved_}};
    if constexpr (kSaves == Saves::Result) return {{"_saved_result", -1, &saved_}};
    return {};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor saved = saved_.unpack(kSaves == Saves::Result ? shared_from_this() : nullptr);
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = Derived::formula(grads[0], saved);
    return out;
  }
};

#define UNARY_NODE(N, SAVES, FORMULA)                                                  \
  struct N : UnaryBackward<N, Saves::SAVES> {                                          \
    NODE_NAME(N)                                                                       \
    static Tensor formula(const Tensor& grad, const Tensor& saved) { return FORMULA; } \
  };

UNARY_NODE(NegBackward0, Nothing, autograd::neg(grad))
UNARY_NODE(ExpBackward0, Result, autograd::mul(grad, saved))
UNARY_NODE(LogBackward0, Self, autograd::div(grad, saved))
UNARY_NODE(SqrtBackward0, Result, autograd::div(grad, autograd::mul_scalar(saved, Scalar(int64_t{2}))))
UNARY_NODE(AbsBackward0, Self, autograd::mul(grad, autograd::sgn(saved)))
UNARY_NODE(SinBackward0, Self, autograd::mul(grad, autograd::cos(saved)))
UNARY_NODE(CosBackward0, Self, autograd::mul(grad, autograd::neg(autograd::sin(saved))))
UNARY_NODE(TanhBackward0, Result, autograd::tanh_backward(grad, saved))
UNARY_NODE(SigmoidBackward0, Result, autograd::sigmoid_backward(grad, saved))
UNARY_NODE(ReluBackward0, Result, autograd::threshold_backward(grad, saved, Scalar(int64_t{0})))
UNARY_NODE(ReciprocalBackward0, Result, autograd::mul(autograd::neg(grad), autograd::mul(saved, saved)))
// Piecewise constant: the gradient is zero (shaped like grad, as PyTorch's zeros_like(grad)).
UNARY_NODE(FloorBackward0, Nothing, detail::zeros_like(grad))
UNARY_NODE(CeilBackward0, Nothing, detail::zeros_like(grad))
UNARY_NODE(RoundBackward0, Nothing, detail::zeros_like(grad))
UNARY_NODE(RoundBackward1, Nothing, detail::zeros_like(grad))
UNARY_NODE(TruncBackward0, Nothing, detail::zeros_like(grad))
UNARY_NODE(SignBackward0, Nothing, detail::zeros_like(grad))
UNARY_NODE(FracBackward0, Nothing, grad)
UNARY_NODE(RsqrtBackward0, Result,
           autograd::mul(autograd::mul_scalar(grad, Scalar(-0.5)), autograd::pow(saved, Scalar(int64_t{3}))))
UNARY_NODE(Log1PBackward0, Self, autograd::div(grad, autograd::add_scalar(saved, Scalar(int64_t{1}))))
UNARY_NODE(Expm1Backward0, Result, autograd::mul(grad, autograd::add_scalar(saved, Scalar(int64_t{1}))))
UNARY_NODE(Log2Backward0, Self, autograd::div(grad, autograd::mul_scalar(saved, Scalar(0.6931471805599453))))
UNARY_NODE(Log10Backward0, Self, autograd::div(grad, autograd::mul_scalar(saved, Scalar(2.302585092994046))))
UNARY_NODE(TanBackward0, Result,
           autograd::mul(grad, autograd::add_scalar(autograd::pow(saved, Scalar(int64_t{2})), Scalar(int64_t{1}))))
UNARY_NODE(NanToNumBackward0, Self, autograd::mul(grad, core::unary(UnaryOp::IsFinite, saved)))

// Runs `run` (the core op, returning the result) and records node N, which saves self or the
// result as its formula needs.
template <class N, class F>
Tensor unary_with(const Tensor& self, F&& run) {
  auto fn = make_node<N>(self);
  Tensor result = run();
  if (fn) {
    impl::set_history(result, fn);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::Self>, N>) fn->saved_ = SavedVariable(self, false);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::Result>, N>) fn->saved_ = SavedVariable(result, true);
  }
  return result;
}

template <class N>
Tensor unary_op(UnaryOp op, const Tensor& self) {
  return unary_with<N>(self, [&] { return core::unary(op, self); });
}

// In place: PyTorch saves a clone of self before the op when the formula needs the input, and self
// itself (now the result) after it.
template <class N, class F>
Tensor& unary_with_(Tensor& self, F&& write) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<N> fn;
  if (rg) {
    fn = new_node<N>();
    fn->set_next_edges(collect_next_edges(self));
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::Self>, N>)
      fn->saved_ = SavedVariable(autograd::clone(self), false);
  }
  write();
  self.bump_version();
  if (fn) {
    impl::rebase_history(self, fn);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::Result>, N>)
      fn->saved_ = SavedVariable(self, true, is_view(self));
  }
  return self;
}

template <class N>
Tensor& unary_op_(UnaryOp op, Tensor& self) {
  return unary_with_<N>(self, [&] { core::unary_(op, self); });
}

// ---- clamp, maximum, where, masked_fill ------------------------------------------------------------

struct ClampBackward1 : Node {
  NODE_NAME(ClampBackward1)
  SavedVariable self_;
  std::optional<Scalar> min, max;
  void release_variables() override { self_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_self", -1, &self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_max", max ? SavedValue(*max) : SavedValue()},
            {"_saved_min", min ? SavedValue(*min) : SavedValue()}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    Tensor mask;
    if (min) mask = core::binary(BinaryOp::Ge, self, wrapped(*min));
    if (max) {
      Tensor le = core::binary(BinaryOp::Le, self, wrapped(*max));
      mask = mask.defined() ? core::binary(BinaryOp::LogicalAnd, mask, le) : le;
    }
    out[0] = mask.defined() ? autograd::where(mask, grad, zero_scalar(grad)) : grad;
    return out;
  }
};

// clamp with tensor bounds: self's gradient where min <= self <= max; min's where self < min (and
// min < max when both are given), max's where self > max (or max < min), as PyTorch's
// clamp_backward_min_max. The engine sums each down to its input's shape.
struct ClampBackward0 : Node {
  NODE_NAME(ClampBackward0)
  SavedVariable self_, min_, max_;
  void release_variables() override {
    self_.reset_data();
    min_.reset_data();
    max_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_max", -1, &max_}, {"_saved_min", -1, &min_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), min = min_.unpack(), max = max_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    auto cmp = [](BinaryOp op, const Tensor& a, const Tensor& b) { return core::binary(op, a, b); };
    auto keep = [&](const Tensor& mask) { return autograd::where(mask, grad, zero_scalar(grad)); };
    if (task_should_compute_output(0)) {
      Tensor mask;
      if (min.defined()) mask = cmp(BinaryOp::Ge, self, min);
      if (max.defined()) {
        Tensor le = cmp(BinaryOp::Le, self, max);
        mask = mask.defined() ? cmp(BinaryOp::LogicalAnd, mask, le) : le;
      }
      out[0] = mask.defined() ? keep(mask) : grad;
    }
    bool both = min.defined() && max.defined();
    if (min.defined() && task_should_compute_output(1)) {
      Tensor mask = cmp(BinaryOp::Lt, self, min);
      if (both) mask = cmp(BinaryOp::LogicalAnd, mask, cmp(BinaryOp::Lt, min, max));
      out[1] = keep(mask);
    }
    if (max.defined() && task_should_compute_output(2)) {
      Tensor mask = cmp(BinaryOp::Gt, self, max);
      if (both) mask = cmp(BinaryOp::LogicalOr, mask, cmp(BinaryOp::Lt, max, min));
      out[2] = keep(mask);
    }
    return out;
  }
};

// clamp_min / clamp_max with a Python number (ClampMinBackward0, ClampMaxBackward0): the gradient
// passes where self is on the kept side of the bound (the bound itself included).
template <bool kMin>
struct ClampBoundBackward0 : Node {
  std::string name() const override { return kMin ? "ClampMinBackward0" : "ClampMaxBackward0"; }
  SavedVariable self_;
  Scalar bound;
  void release_variables() override { self_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_self", -1, &self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{kMin ? "_saved_min" : "_saved_max", bound}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor kept = core::binary(kMin ? BinaryOp::Ge : BinaryOp::Le, self, wrapped(bound));
    out[0] = autograd::where(kept, grads[0], zero_scalar(grads[0]));
    return out;
  }
};

// With a tensor bound (ClampMinBackward1, ClampMaxBackward1): self's gradient where it is kept,
// the bound's where the bound was taken.
template <bool kMin>
struct ClampBoundBackward1 : Node {
  std::string name() const override { return kMin ? "ClampMinBackward1" : "ClampMaxBackward1"; }
  SavedVariable self_, bound_;
  void release_variables() override {
    self_.reset_data();
    bound_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{kMin ? "_saved_min" : "_saved_max", -1, &bound_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), bound = bound_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    Tensor kept = core::binary(kMin ? BinaryOp::Ge : BinaryOp::Le, self, bound);
    if (task_should_compute_output(0)) out[0] = autograd::where(kept, grad, zero_scalar(grad));
    if (task_should_compute_output(1)) out[1] = autograd::where(kept, zero_scalar(grad), grad);
    return out;
  }
};

template <bool kMax>
struct MaximumBackwardT : Node {
  std::string name() const override { return kMax ? "MaximumBackward0" : "MinimumBackward0"; }
  SavedVariable self_, other_;
  void release_variables() override {
    self_.reset_data();
    other_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_other", -1, &other_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), other = other_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    Tensor tie = core::binary(BinaryOp::Eq, self, other);
    Tensor half = autograd::div_scalar(grad, Scalar(int64_t{2}));
    BinaryOp loses_self = kMax ? BinaryOp::Lt : BinaryOp::Gt;
    BinaryOp loses_other = kMax ? BinaryOp::Gt : BinaryOp::Lt;
    if (task_should_compute_output(0)) {
      Tensor g = autograd::where(tie, half, grad);
      out[0] = autograd::masked_fill_(g, core::binary(loses_self, self, other), Scalar(int64_t{0}));
    }
    if (task_should_compute_output(1)) {
      Tensor g = autograd::where(tie, half, grad);
      out[1] = autograd::masked_fill_(g, core::binary(loses_other, self, other), Scalar(int64_t{0}));
    }
    return out;
  }
};
using MaximumBackward0 = MaximumBackwardT<true>;
using MinimumBackward0 = MaximumBackwardT<false>;

struct WhereBackward0 : Node {
  NODE_NAME(WhereBackward0)
  SavedVariable condition_;
  void release_variables() override { condition_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_condition", -1, &condition_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor condition = condition_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = autograd::where(condition, grad, zero_scalar(grad));
    if (task_should_compute_output(1)) out[1] = autograd::where(condition, zero_scalar(grad), grad);
    return out;
  }
};

struct MaskedFillBackward0 : Node {
  NODE_NAME(MaskedFillBackward0)
  SavedVariable mask_;
  void release_variables() override { mask_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_mask", -1, &mask_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor mask = mask_.unpack();
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] = autograd::masked_fill(grads[0], mask, Scalar(int64_t{0}));
    return out;
  }
};

// masked_fill with a 0-d tensor value: the value gets the sum of the gradient where the mask is set.
struct MaskedFillBackward1 : Node {
  NODE_NAME(MaskedFillBackward1)
  SavedVariable mask_;
  void release_variables() override { mask_.reset_data(); }
  std::vector<SavedTensorRef> saved_tensors() const override { return {{"_saved_mask", -1, &mask_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor mask = mask_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = autograd::masked_fill(grad, mask, Scalar(int64_t{0}));
    if (task_should_compute_output(1)) out[1] = autograd::sum(autograd::where(mask, grad, zero_scalar(grad)));
    return out;
  }
};

struct RemainderBackward0 : Node {
  NODE_NAME(RemainderBackward0)
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = grads[0];
    return out;
  }
};

struct RemainderBackward1 : Node {
  NODE_NAME(RemainderBackward1)
  SavedVariable self_, other_;
  void release_variables() override {
    self_.reset_data();
    other_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_other", -1, &other_}, {"_saved_self", -1, &self_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), other = other_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = grads[0];
    if (task_should_compute_output(1))
      out[1] = autograd::mul(autograd::neg(grads[0]), core::binary(BinaryOp::FloorDivide, self, other));
    return out;
  }
};

// An op whose derivative PyTorch does not implement: backward through it raises.
struct NotImplemented : Node {
  explicit NotImplemented(const char* op) : op_(op) {}
  std::string name() const override { return "torch::autograd::NotImplemented"; }
  std::string type_name() const override { return "NotImplemented"; }
  variable_list apply(variable_list&& grads) override {
    STRIDELAB_CHECK(false, "derivative for aten::", op_, " is not implemented");
    return {};
  }

 private:
  const char* op_;
};

template <class... Ts>
Tensor not_differentiable(const char* op, Tensor result, const Ts&... inputs) {
  if (any_requires_grad(inputs...) && detail::is_differentiable(result.dtype())) {
    auto fn = new_node<NotImplemented>(op);
    // PyTorch's NotImplemented node links only the inputs that have a gradient edge:
    // torch.floor_divide(torch.ones(3), a) has one next edge, (AccumulateGrad, 0).
    std::vector<Edge> edges = collect_next_edges(inputs...);
    std::erase_if(edges, [](const Edge& e) { return !e.is_valid(); });
    fn->set_next_edges(std::move(edges));
    impl::set_history(result, fn);
  }
  return result;
}

void check_fill_value(const Tensor& value) {
  STRIDELAB_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                  value.dim(), " dimension(s).");
}

// The node an in-place binary op records, prepared before the op runs.
template <class N>
std::shared_ptr<N> inplace_node(Tensor& self, const Tensor& other, bool rg) {
  if (!rg) return nullptr;
  auto fn = new_node<N>();
  fn->set_next_edges(collect_next_edges(self, other));
  return fn;
}

template <class N>
void finish_inplace(Tensor& self, const std::shared_ptr<N>& fn) {
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
}

}  // namespace

// ---- out of place ------------------------------------------------------------------------------------

Tensor add(const Tensor& self, const Tensor& other, Scalar alpha) {
  auto fn = make_node<AddBackward0>(self, other);
  if (fn) {
    fn->alpha = alpha;
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  Tensor result = core::binary(BinaryOp::Add, self, other, alpha);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor sub(const Tensor& self, const Tensor& other, Scalar alpha) {
  auto fn = make_node<SubBackward0>(self, other);
  if (fn) {
    fn->alpha = alpha;
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  Tensor result = core::binary(BinaryOp::Sub, self, other, alpha);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor rsub(const Tensor& self, Scalar other, Scalar alpha) {
  auto fn = make_node<RsubBackward1>(self);
  if (fn) {
    fn->alpha = alpha;
    fn->self_scalar_type = self.dtype();
  }
  Tensor result = core::binary(BinaryOp::Sub, wrapped(other), self, alpha);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor mul(const Tensor& self, const Tensor& other) {
  auto fn = make_node<MulBackward0>(self, other);
  if (fn) {
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(self, false);
    fn->other_scalar_type = other.dtype();
    if (fn->should_compute_output(0)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
  }
  Tensor result = core::binary(BinaryOp::Mul, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor div(const Tensor& self, const Tensor& other) {
  auto fn = make_node<DivBackward0>(self, other);
  if (fn) {
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(self, false);
    if (fn->should_compute_output(0) || fn->should_compute_output(1)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
  }
  Tensor result = core::binary(BinaryOp::Div, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

namespace {

// Truncates every element of a dense floating-point tensor (a fresh result or a clone) in place.
void truncate_dense(const Tensor& t) {
  core::dispatch(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      T* p = t.data<T>();
      for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = std::trunc(p[i]);
    }
  });
}

// a / b rounded as PyTorch's div kernels round: trunc(a / b) for floats, C division for integers
// (through floor division, so that a zero divisor raises its ZeroDivisionError), floor division.
Tensor div_rounded(const Tensor& a, const Tensor& b, DivRounding mode) {
  if (mode == DivRounding::None) return core::binary(BinaryOp::Div, a, b);
  if (mode == DivRounding::Floor) return core::binary(BinaryOp::FloorDivide, a, b);
  if (core::is_floating(core::result_type(a, b))) {
    Tensor q = core::binary(BinaryOp::Div, a, b);
    truncate_dense(q);
    return q;
  }
  Tensor floor = core::binary(BinaryOp::FloorDivide, a, b);
  Tensor zero = core::scalar_tensor(Scalar(int64_t{0}), DType::Int64, true);
  Tensor rem = core::binary(BinaryOp::Remainder, a, b);
  Tensor signs_differ =
      core::binary(BinaryOp::Ne, core::binary(BinaryOp::Lt, a, zero), core::binary(BinaryOp::Lt, b, zero));
  Tensor inexact = core::binary(BinaryOp::LogicalAnd, core::binary(BinaryOp::Ne, rem, zero), signs_differ);
  return core::where(
      inexact, core::binary(BinaryOp::Add, floor, core::scalar_tensor(Scalar(int64_t{1}), DType::Int64, true)), floor);
}

}  // namespace

Tensor mul_scalar(const Tensor& self, Scalar other) {
  auto fn = make_node<MulBackward1>(self);
  if (fn) {
    fn->other = other;
    fn->self_scalar_type = self.dtype();
  }
  Tensor result = core::binary(BinaryOp::Mul, self, wrapped(other));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor add_scalar(const Tensor& self, Scalar other) {
  auto fn = make_node<AddBackward1>(self);
  if (fn) fn->self_scalar_type = self.dtype();
  Tensor result = core::binary(BinaryOp::Add, self, wrapped(other));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor sgn(const Tensor& self) {
  auto fn = make_node<SgnBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->self_dtype = self.dtype();
  }
  Tensor result = detail::sign(self);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor div_scalar(const Tensor& self, Scalar other) {
  auto fn = make_node<DivBackward1>(self);
  if (fn) {
    fn->other = other;
    fn->self_scalar_type = self.dtype();
  }
  Tensor result = core::binary(BinaryOp::Div, self, wrapped(other));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor div(const Tensor& self, const Tensor& other, DivRounding mode) {
  auto fn = make_node<DivBackward2>(self, other);
  if (fn) {
    fn->rounded = mode != DivRounding::None;
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(self, false);
    if (fn->should_compute_output(0) || fn->should_compute_output(1)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  Tensor result = div_rounded(self, other, mode);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor pow(const Tensor& self, Scalar exponent) {
  auto fn = make_node<PowBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->exponent = exponent;
  }
  Tensor result = core::binary(BinaryOp::Pow, self, wrapped(exponent));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor pow(const Tensor& self, const Tensor& exponent) {
  auto fn = make_node<PowBackward1>(self, exponent);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->exponent_ = SavedVariable(exponent, false);
  }
  Tensor result = core::binary(BinaryOp::Pow, self, exponent);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor pow(Scalar self, const Tensor& exponent) {
  auto fn = make_node<PowBackward2>(exponent);
  if (fn) {
    fn->self = self;
    fn->exponent_ = SavedVariable(exponent, false);
  }
  Tensor result = core::binary(BinaryOp::Pow, wrapped(self), exponent);
  if (fn) {
    impl::set_history(result, fn);
    fn->result_ = SavedVariable(result, true);
  }
  return result;
}

Tensor neg(const Tensor& self) { return unary_op<NegBackward0>(UnaryOp::Neg, self); }
Tensor exp(const Tensor& self) { return unary_op<ExpBackward0>(UnaryOp::Exp, self); }
Tensor log(const Tensor& self) { return unary_op<LogBackward0>(UnaryOp::Log, self); }
Tensor sqrt(const Tensor& self) { return unary_op<SqrtBackward0>(UnaryOp::Sqrt, self); }
Tensor abs(const Tensor& self) { return unary_op<AbsBackward0>(UnaryOp::Abs, self); }
Tensor sin(const Tensor& self) { return unary_op<SinBackward0>(UnaryOp::Sin, self); }
Tensor cos(const Tensor& self) { return unary_op<CosBackward0>(UnaryOp::Cos, self); }
Tensor tanh(const Tensor& self) { return unary_op<TanhBackward0>(UnaryOp::Tanh, self); }
Tensor sigmoid(const Tensor& self) { return unary_op<SigmoidBackward0>(UnaryOp::Sigmoid, self); }
Tensor relu(const Tensor& self) { return unary_op<ReluBackward0>(UnaryOp::Relu, self); }

Tensor threshold_backward(const Tensor& grad, const Tensor& self, Scalar threshold) {
  auto fn = make_node<ThresholdBackwardBackward0>(grad, self);
  Tensor result = core::where(core::binary(BinaryOp::Le, self, wrapped(threshold)), zero_scalar(grad), grad);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->threshold = threshold;
    impl::set_history(result, fn);
  }
  return result;
}

Tensor sigmoid_backward(const Tensor& grad, const Tensor& output) {
  auto fn = make_node<SigmoidBackwardBackward0>(grad, output);
  Tensor result = core::binary(
      BinaryOp::Mul,
      core::binary(BinaryOp::Mul, grad, core::binary(BinaryOp::Sub, wrapped(Scalar(int64_t{1})), output)), output);
  if (fn) {
    fn->grad_output_ = SavedVariable(grad, false);
    fn->output_ = SavedVariable(output, false);
    impl::set_history(result, fn);
  }
  return result;
}

Tensor tanh_backward(const Tensor& grad, const Tensor& output) {
  auto fn = make_node<TanhBackwardBackward0>(grad, output);
  Tensor result = core::binary(
      BinaryOp::Mul, grad,
      core::binary(BinaryOp::Sub, wrapped(Scalar(int64_t{1})), core::binary(BinaryOp::Mul, output, output)));
  if (fn) {
    fn->grad_output_ = SavedVariable(grad, false);
    fn->output_ = SavedVariable(output, false);
    impl::set_history(result, fn);
  }
  return result;
}

Tensor reciprocal(const Tensor& self) {
  auto fn = make_node<ReciprocalBackward0>(self);
  // 1 / x in the result dtype of a true division (an int tensor gives floats).
  Tensor result = core::binary(BinaryOp::Div, core::scalar_tensor(Scalar(int64_t{1}), self.dtype()), self);
  if (fn) {
    impl::set_history(result, fn);
    fn->saved_ = SavedVariable(result, true);
  }
  return result;
}

Tensor clamp(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  auto fn = make_node<ClampBackward1>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->min = min;
    fn->max = max;
  }
  Tensor result = core::clamp(self, min, max);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor unary(UnaryOp op, const Tensor& self) {
  switch (op) {
    case UnaryOp::Neg: return neg(self);
    case UnaryOp::Exp: return exp(self);
    case UnaryOp::Log: return log(self);
    case UnaryOp::Sqrt: return sqrt(self);
    case UnaryOp::Abs: return abs(self);
    case UnaryOp::Sin: return sin(self);
    case UnaryOp::Cos: return cos(self);
    case UnaryOp::Tanh: return tanh(self);
    case UnaryOp::Sigmoid: return sigmoid(self);
    case UnaryOp::Relu: return relu(self);
    case UnaryOp::Floor: return unary_op<FloorBackward0>(op, self);
    case UnaryOp::Ceil: return unary_op<CeilBackward0>(op, self);
    case UnaryOp::Round: return unary_op<RoundBackward0>(op, self);
    case UnaryOp::Trunc: return unary_op<TruncBackward0>(op, self);
    case UnaryOp::Frac: return unary_op<FracBackward0>(op, self);
    case UnaryOp::Sign: return unary_op<SignBackward0>(op, self);
    case UnaryOp::Rsqrt: return unary_op<RsqrtBackward0>(op, self);
    case UnaryOp::Log1p: return unary_op<Log1PBackward0>(op, self);
    case UnaryOp::Expm1: return unary_op<Expm1Backward0>(op, self);
    case UnaryOp::Log2: return unary_op<Log2Backward0>(op, self);
    case UnaryOp::Log10: return unary_op<Log10Backward0>(op, self);
    case UnaryOp::Tan: return unary_op<TanBackward0>(op, self);
    default: return core::unary(op, self);  // not differentiable: logical_not, isnan, ...
  }
}

Tensor round(const Tensor& self, int64_t decimals) {
  return unary_with<RoundBackward1>(self, [&] { return core::round_decimals(self, decimals); });
}

Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  return unary_with<NanToNumBackward0>(self, [&] { return core::nan_to_num(self, nan, posinf, neginf); });
}

template <bool kMin>
Tensor clamp_bound(const Tensor& self, Scalar bound) {
  auto fn = make_node<ClampBoundBackward0<kMin>>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->bound = bound;
  }
  Tensor result = kMin ? core::clamp(self, bound, std::nullopt) : core::clamp(self, std::nullopt, bound);
  if (fn) impl::set_history(result, fn);
  return result;
}

template <bool kMin>
Tensor clamp_bound(const Tensor& self, const Tensor& bound) {
  auto fn = make_node<ClampBoundBackward1<kMin>>(self, bound);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->bound_ = SavedVariable(bound, false);
  }
  // PyTorch's kernel: max(self, bound) (min for clamp_max), NaN from either propagating.
  Tensor result = core::binary(kMin ? BinaryOp::Maximum : BinaryOp::Minimum, self, bound);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor clamp_min(const Tensor& self, Scalar min) { return clamp_bound<true>(self, min); }
Tensor clamp_max(const Tensor& self, Scalar max) { return clamp_bound<false>(self, max); }
Tensor clamp_min(const Tensor& self, const Tensor& min) { return clamp_bound<true>(self, min); }
Tensor clamp_max(const Tensor& self, const Tensor& max) { return clamp_bound<false>(self, max); }

Tensor clamp(const Tensor& self, const Tensor& min, const Tensor& max) {
  STRIDELAB_CHECK(min.defined() || max.defined(), "torch.clamp: At least one of 'min' or 'max' must not be None");
  std::shared_ptr<ClampBackward0> fn;
  if (any_requires_grad(self, min, max)) {
    fn = new_node<ClampBackward0>();
    fn->set_next_edges(collect_next_edges(self, min, max));
    fn->self_ = SavedVariable(self, false);
    fn->min_ = SavedVariable(min, false);
    fn->max_ = SavedVariable(max, false);
  }
  // PyTorch's kernel: min(max(self, lo), hi), NaN from any operand propagating.
  Tensor result = self;
  if (min.defined()) result = core::binary(BinaryOp::Maximum, result, min);
  if (max.defined()) result = core::binary(BinaryOp::Minimum, result, max);
  if (result.is_same(self)) result = core::clone(self);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor maximum(const Tensor& self, const Tensor& other) {
  auto fn = make_node<MaximumBackward0>(self, other);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->other_ = SavedVariable(other, false);
  }
  Tensor result = core::binary(BinaryOp::Maximum, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor minimum(const Tensor& self, const Tensor& other) {
  auto fn = make_node<MinimumBackward0>(self, other);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->other_ = SavedVariable(other, false);
  }
  Tensor result = core::binary(BinaryOp::Minimum, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other) {
  auto fn = make_node<WhereBackward0>(self, other);
  if (fn) fn->condition_ = SavedVariable(condition, false);
  Tensor result = core::where(condition, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value) {
  auto fn = make_node<MaskedFillBackward0>(self);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::IntArray shape = core::broadcast_shapes(mask.sizes(), self.sizes());
  Tensor result = core::empty(shape, self.dtype());
  core::copy_(result, core::expand(self, shape));
  core::masked_fill_(result, mask, value);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  check_fill_value(value);
  auto fn = make_node<MaskedFillBackward1>(self, value);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::IntArray shape = core::broadcast_shapes(mask.sizes(), self.sizes());
  Tensor result = core::empty(shape, self.dtype());
  core::copy_(result, core::expand(self, shape));
  core::masked_fill_(result, mask, core::item(value));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor remainder(const Tensor& self, Scalar other) {
  auto fn = make_node<RemainderBackward0>(self);
  Tensor result = core::binary(BinaryOp::Remainder, self, wrapped(other));
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor remainder(const Tensor& self, const Tensor& other) {
  auto fn = make_node<RemainderBackward1>(self, other);
  if (fn) {
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(self, false);
    if (fn->should_compute_output(1)) fn->other_ = SavedVariable(other, false);
  }
  Tensor result = core::binary(BinaryOp::Remainder, self, other);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor remainder(Scalar self, const Tensor& other) {
  return not_differentiable("remainder", core::binary(BinaryOp::Remainder, wrapped(self), other), other);
}

Tensor floor_divide(const Tensor& self, Scalar other) {
  return not_differentiable("floor_divide", core::binary(BinaryOp::FloorDivide, self, wrapped(other)), self);
}

Tensor floor_divide(const Tensor& self, const Tensor& other) {
  return not_differentiable("floor_divide", core::binary(BinaryOp::FloorDivide, self, other), self, other);
}

Tensor binary_nondiff(core::BinaryOp op, const Tensor& a, const Tensor& b) { return core::binary(op, a, b); }

// ---- in place ------------------------------------------------------------------------------------------

Tensor& add_(Tensor& self, const Tensor& other, Scalar alpha) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<AddBackward0>(self, other, rg);
  if (fn) {
    fn->alpha = alpha;
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  core::binary_(BinaryOp::Add, self, other, alpha);
  finish_inplace(self, fn);
  return self;
}

Tensor& sub_(Tensor& self, const Tensor& other, Scalar alpha) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<SubBackward0>(self, other, rg);
  if (fn) {
    fn->alpha = alpha;
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  core::binary_(BinaryOp::Sub, self, other, alpha);
  finish_inplace(self, fn);
  return self;
}

Tensor& mul_(Tensor& self, const Tensor& other) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<MulBackward0>(self, other, rg);
  if (fn) {
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->other_scalar_type = other.dtype();
    if (fn->should_compute_output(0)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
  }
  core::binary_(BinaryOp::Mul, self, other);
  finish_inplace(self, fn);
  return self;
}

Tensor& div_(Tensor& self, const Tensor& other) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<DivBackward0>(self, other, rg);
  if (fn) {
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(autograd::clone(self), false);
    if (fn->should_compute_output(0) || fn->should_compute_output(1)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
  }
  core::binary_(BinaryOp::Div, self, other);
  finish_inplace(self, fn);
  return self;
}

Tensor& div_(Tensor& self, const Tensor& other, DivRounding mode) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<DivBackward2>(self, other, rg);
  if (fn) {
    fn->rounded = mode != DivRounding::None;
    if (fn->should_compute_output(1)) fn->self_ = SavedVariable(autograd::clone(self), false);
    if (fn->should_compute_output(0) || fn->should_compute_output(1)) fn->other_ = SavedVariable(other, false);
    fn->self_scalar_type = self.dtype();
    fn->other_scalar_type = other.dtype();
  }
  if (mode != DivRounding::Trunc) {
    core::binary_(mode == DivRounding::Floor ? BinaryOp::FloorDivide : BinaryOp::Div, self, other);
  } else if (core::is_floating(self.dtype())) {
    core::binary_(BinaryOp::Div, self, other);
    Tensor t = core::clone(self);
    truncate_dense(t);
    core::copy_(self, t);
  } else {
    // The checks of an in-place division (shapes, dtypes, a zero divisor) on a copy, then the value.
    core::binary_(BinaryOp::FloorDivide, core::clone(self), other);
    core::copy_(self, div_rounded(self, other, mode));
  }
  finish_inplace(self, fn);
  return self;
}

Tensor& remainder_(Tensor& self, Scalar other) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<RemainderBackward0> fn;
  if (rg) {
    fn = new_node<RemainderBackward0>();
    fn->set_next_edges(collect_next_edges(self));
  }
  core::binary_(BinaryOp::Remainder, self, wrapped(other));
  finish_inplace(self, fn);
  return self;
}

Tensor& remainder_(Tensor& self, const Tensor& other) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<RemainderBackward1>(self, other, rg);
  if (fn && fn->should_compute_output(1)) {
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->other_ = SavedVariable(other, false);
  }
  core::binary_(BinaryOp::Remainder, self, other);
  finish_inplace(self, fn);
  return self;
}

Tensor& floor_divide_(Tensor& self, const Tensor& other) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  std::shared_ptr<NotImplemented> fn;
  if (rg && detail::is_differentiable(self.dtype())) {
    fn = new_node<NotImplemented>("floor_divide_");
    std::vector<Edge> edges = collect_next_edges(self, other);
    std::erase_if(edges, [](const Edge& e) { return !e.is_valid(); });
    fn->set_next_edges(std::move(edges));
  }
  core::binary_(BinaryOp::FloorDivide, self, other);
  finish_inplace(self, fn);
  return self;
}

Tensor& pow_(Tensor& self, Scalar exponent) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<PowBackward0> fn;
  if (rg) {
    fn = new_node<PowBackward0>();
    fn->set_next_edges(collect_next_edges(self));
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->exponent = exponent;
  }
  core::binary_(BinaryOp::Pow, self, wrapped(exponent));
  finish_inplace(self, fn);
  return self;
}

Tensor& pow_(Tensor& self, const Tensor& exponent) {
  bool rg = any_requires_grad(self, exponent);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<PowBackward1>(self, exponent, rg);
  if (fn) {
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->exponent_ = SavedVariable(exponent, false);
  }
  core::binary_(BinaryOp::Pow, self, exponent);
  finish_inplace(self, fn);
  if (fn) fn->result_ = SavedVariable(self, true, is_view(self));
  return self;
}

Tensor& exp_(Tensor& self) { return unary_op_<ExpBackward0>(UnaryOp::Exp, self); }
Tensor& log_(Tensor& self) { return unary_op_<LogBackward0>(UnaryOp::Log, self); }
Tensor& sqrt_(Tensor& self) { return unary_op_<SqrtBackward0>(UnaryOp::Sqrt, self); }
Tensor& sin_(Tensor& self) { return unary_op_<SinBackward0>(UnaryOp::Sin, self); }
Tensor& cos_(Tensor& self) { return unary_op_<CosBackward0>(UnaryOp::Cos, self); }
Tensor& neg_(Tensor& self) { return unary_op_<NegBackward0>(UnaryOp::Neg, self); }
Tensor& abs_(Tensor& self) { return unary_op_<AbsBackward0>(UnaryOp::Abs, self); }
Tensor& relu_(Tensor& self) { return unary_op_<ReluBackward0>(UnaryOp::Relu, self); }
Tensor& tanh_(Tensor& self) { return unary_op_<TanhBackward0>(UnaryOp::Tanh, self); }
Tensor& sigmoid_(Tensor& self) { return unary_op_<SigmoidBackward0>(UnaryOp::Sigmoid, self); }

Tensor& unary_(UnaryOp op, Tensor& self) {
  switch (op) {
    case UnaryOp::Neg: return neg_(self);
    case UnaryOp::Exp: return exp_(self);
    case UnaryOp::Log: return log_(self);
    case UnaryOp::Sqrt: return sqrt_(self);
    case UnaryOp::Abs: return abs_(self);
    case UnaryOp::Sin: return sin_(self);
    case UnaryOp::Cos: return cos_(self);
    case UnaryOp::Tanh: return tanh_(self);
    case UnaryOp::Sigmoid: return sigmoid_(self);
    case UnaryOp::Relu: return relu_(self);
    case UnaryOp::Floor: return unary_op_<FloorBackward0>(op, self);
    case UnaryOp::Ceil: return unary_op_<CeilBackward0>(op, self);
    case UnaryOp::Round: return unary_op_<RoundBackward0>(op, self);
    case UnaryOp::Trunc: return unary_op_<TruncBackward0>(op, self);
    case UnaryOp::Frac: return unary_op_<FracBackward0>(op, self);
    case UnaryOp::Sign: return unary_op_<SignBackward0>(op, self);
    case UnaryOp::Rsqrt: return unary_op_<RsqrtBackward0>(op, self);
    case UnaryOp::Log1p: return unary_op_<Log1PBackward0>(op, self);
    case UnaryOp::Expm1: return unary_op_<Expm1Backward0>(op, self);
    case UnaryOp::Log2: return unary_op_<Log2Backward0>(op, self);
    case UnaryOp::Log10: return unary_op_<Log10Backward0>(op, self);
    case UnaryOp::Tan: return unary_op_<TanBackward0>(op, self);
    default:  // not differentiable (logical_not_, bitwise_not_): no history to rewrite
      impl::check_inplace(self, any_requires_grad(self));
      core::unary_(op, self);
      self.bump_version();
      return self;
  }
}

Tensor& reciprocal_(Tensor& self) {
  return unary_with_<ReciprocalBackward0>(self, [&] {
    Tensor r = core::binary(BinaryOp::Div, core::scalar_tensor(Scalar(int64_t{1}), self.dtype()), self);
    STRIDELAB_CHECK(r.dtype() == self.dtype(), "result type ", core::scalar_type_name(r.dtype()),
                    " can't be cast to the desired output type ", core::scalar_type_name(self.dtype()));
    core::copy_(self, r);
  });
}

Tensor& round_(Tensor& self, int64_t decimals) {
  return unary_with_<RoundBackward1>(self, [&] { core::round_decimals_(self, decimals); });
}

Tensor& nan_to_num_(Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf) {
  return unary_with_<NanToNumBackward0>(self, [&] { core::nan_to_num_(self, nan, posinf, neginf); });
}

template <bool kMin>
Tensor& clamp_bound_(Tensor& self, Scalar bound) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<ClampBoundBackward0<kMin>> fn;
  if (rg) {
    fn = new_node<ClampBoundBackward0<kMin>>();
    fn->set_next_edges(collect_next_edges(self));
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->bound = bound;
  }
  if (kMin) core::clamp_(self, bound, std::nullopt);
  else core::clamp_(self, std::nullopt, bound);
  finish_inplace(self, fn);
  return self;
}

template <bool kMin>
Tensor& clamp_bound_(Tensor& self, const Tensor& bound) {
  bool rg = any_requires_grad(self, bound);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<ClampBoundBackward1<kMin>>(self, bound, rg);
  if (fn) {
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->bound_ = SavedVariable(bound, false);
  }
  core::binary_(kMin ? BinaryOp::Maximum : BinaryOp::Minimum, self, bound);
  finish_inplace(self, fn);
  return self;
}

Tensor& clamp_min_(Tensor& self, Scalar min) { return clamp_bound_<true>(self, min); }
Tensor& clamp_max_(Tensor& self, Scalar max) { return clamp_bound_<false>(self, max); }
Tensor& clamp_min_(Tensor& self, const Tensor& min) { return clamp_bound_<true>(self, min); }
Tensor& clamp_max_(Tensor& self, const Tensor& max) { return clamp_bound_<false>(self, max); }

Tensor& clamp_(Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<ClampBackward1> fn;
  if (rg) {
    fn = new_node<ClampBackward1>();
    fn->set_next_edges(collect_next_edges(self));
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->min = min;
    fn->max = max;
  }
  core::clamp_(self, min, max);
  finish_inplace(self, fn);
  return self;
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, Scalar value) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<MaskedFillBackward0> fn;
  if (rg) {
    fn = new_node<MaskedFillBackward0>();
    fn->set_next_edges(collect_next_edges(self));
    fn->mask_ = SavedVariable(mask, false);
  }
  core::masked_fill_(self, mask, value);
  finish_inplace(self, fn);
  return self;
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, const Tensor& value) {
  check_fill_value(value);
  bool rg = any_requires_grad(self, value);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<MaskedFillBackward1>(self, value, rg);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::masked_fill_(self, mask, core::item(value));
  finish_inplace(self, fn);
  return self;
}

}  // namespace stridelab::autograd
