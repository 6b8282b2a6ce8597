// Elementwise ops and their backward formulas (PyTorch's derivatives.yaml), forward and backward
// side by side. Gradients are computed with the differentiable ops themselves, so with
// create_graph=True they get a history of their own.
#include <array>
#include <cmath>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::BinaryOp;
using core::UnaryOp;
using detail::any_defined;
using detail::any_requires_grad;
using detail::collect_next_edges;
using detail::make_node;
using detail::maybe_multiply;
using detail::SavedField;
using detail::SavingNode;
using detail::with_history;
using detail::wrapped;

namespace {

Tensor zero_scalar(const Tensor& like) { return core::scalar_tensor(Scalar(0.0), like.dtype()); }

// ---- binary ops ----------------------------------------------------------------------------------

struct RsubBackward1 : Node {
  NODE_NAME(RsubBackward1)
  Scalar alpha;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_alpha", alpha}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = maybe_multiply(autograd::neg(grads[0]), alpha);
    return out;
  }
};

struct SubBackward1 : Node {
  NODE_NAME(SubBackward1)
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

// torch.div(a, b, rounding_mode=...): with a rounding mode (trunc, floor) the result is piecewise
// constant and both gradients are zeros shaped like the incoming gradient; with rounding_mode=None
// the gradients are true division's.
struct DivBackward2 : SavingNode<DivBackward2> {
  NODE_NAME(DivBackward2)
  SavedVariable self_, other_;
  bool rounded = false;
  DType self_scalar_type{}, other_scalar_type{};
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &DivBackward2::self_}, Field{"_saved_other", &DivBackward2::other_}};
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

Tensor pow_backward_exponent(const Tensor& grad, const Tensor& self, const Tensor& exponent, const Tensor& result) {
  Tensor zero = zero_scalar(grad);
  Tensor cond = core::binary(BinaryOp::LogicalAnd, core::binary(BinaryOp::Eq, self, wrapped(Scalar(0.0))),
                             core::binary(BinaryOp::Ge, exponent, wrapped(Scalar(0.0))));
  return autograd::mul(grad, autograd::where(cond, zero, autograd::mul(result, autograd::log(self))));
}

struct PowBackward1 : SavingNode<PowBackward1> {
  NODE_NAME(PowBackward1)
  SavedVariable self_, exponent_, result_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &PowBackward1::self_}, Field{"_saved_exponent", &PowBackward1::exponent_},
                      Field{"_saved_result", &PowBackward1::result_}};
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

struct PowBackward2 : SavingNode<PowBackward2> {
  NODE_NAME(PowBackward2)
  Scalar self;
  SavedVariable exponent_, result_;
  static auto saved_fields() {
    return std::array{Field{"_saved_exponent", &PowBackward2::exponent_},
                      Field{"_saved_result", &PowBackward2::result_}};
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
struct ThresholdBackwardBackward0 : SavingNode<ThresholdBackwardBackward0> {
  NODE_NAME(ThresholdBackwardBackward0)
  SavedVariable self_;
  Scalar threshold;
  static auto saved_fields() { return std::array{Field{"_saved_self", &ThresholdBackwardBackward0::self_}}; }
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

// The backward of an activation's backward, sigmoid_backward(grad_output, output) or
// tanh_backward(grad_output, output): saves both; Derived::formulas gives the gradients of
// grad_output and output.
template <class Derived>
struct ActivationBackwardBackward : SavingNode<Derived> {
  SavedVariable grad_output_, output_;
  static auto saved_fields() {
    using Field = SavedField<Derived>;
    return std::array{Field{"_saved_grad_output", &Derived::grad_output_}, Field{"_saved_output", &Derived::output_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor grad_output = grad_output_.unpack(), output = output_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (this->task_should_compute_output(0)) out[0] = Derived::grad_output_formula(grads[0], output);
    if (this->task_should_compute_output(1)) out[1] = Derived::output_formula(grads[0], grad_output, output);
    return out;
  }
};

// sigmoid_backward(grad_output, output) = grad_output * (1 - output) * output.
struct SigmoidBackwardBackward0 : ActivationBackwardBackward<SigmoidBackwardBackward0> {
  NODE_NAME(SigmoidBackwardBackward0)
  static Tensor grad_output_formula(const Tensor& grad, const Tensor& output) {
    return autograd::sigmoid_backward(grad, output);
  }
  static Tensor output_formula(const Tensor& grad, const Tensor& grad_output, const Tensor& output) {
    return autograd::mul(autograd::mul(grad, grad_output),
                         autograd::add(autograd::mul_scalar(output, Scalar(int64_t{-2})), wrapped(Scalar(int64_t{1}))));
  }
};

// tanh_backward(grad_output, output) = grad_output * (1 - output * output).
struct TanhBackwardBackward0 : ActivationBackwardBackward<TanhBackwardBackward0> {
  NODE_NAME(TanhBackwardBackward0)
  static Tensor grad_output_formula(const Tensor& grad, const Tensor& output) {
    return autograd::tanh_backward(grad, output);
  }
  static Tensor output_formula(const Tensor& grad, const Tensor& grad_output, const Tensor& output) {
    return autograd::mul(grad, autograd::mul(autograd::mul_scalar(output, Scalar(int64_t{-2})), grad_output));
  }
};

// ---- unary ops -----------------------------------------------------------------------------------

// A unary op's node: saves its input (`_saved_self`) or its result (`_saved_result`), or nothing;
// Derived::formula(grad, saved) is the gradient of self.
enum class Saves { nothing, self, result };

template <class Derived, Saves kSaves>
struct UnaryBackward : SavingNode<Derived> {
  SavedVariable saved_;
  static auto saved_fields() {
    using Field = SavedField<Derived>;
    if constexpr (kSaves == Saves::self) return std::array{Field{"_saved_self", &Derived::saved_}};
    else if constexpr (kSaves == Saves::result) return std::array{Field{"_saved_result", &Derived::saved_}};
    else return std::array<Field, 0>{};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor saved = saved_.unpack(kSaves == Saves::result ? this->shared_from_this() : nullptr);
    variable_list out(1);
    if (any_defined(grads) && this->task_should_compute_output(0)) out[0] = Derived::formula(grads[0], saved);
    return out;
  }
};

// The node class of one unary op; the formula sees `grad` and what the node saves under its name
// (`self` or `result`).
#define UNARY_NODE(node, saves, backward)                                               \
  struct node : UnaryBackward<node, Saves::saves> {                                     \
    NODE_NAME(node)                                                                     \
    static Tensor formula(const Tensor& grad, const Tensor& saves) { return backward; } \
  };

#define UNARY_OP(name, op, node, saves, backward, ...) UNARY_NODE(node, saves, backward)
#include "autograd/unary_ops.def"
// The unary nodes of ops whose forward is not a plain core::unary (reciprocal, round(decimals=),
// nan_to_num): their forwards are below.
UNARY_NODE(ReciprocalBackward0, result, autograd::mul(autograd::neg(grad), autograd::mul(result, result)))
UNARY_NODE(RoundBackward1, nothing, detail::zeros_like(grad))
UNARY_NODE(NanToNumBackward0, self, autograd::mul(grad, core::unary(UnaryOp::IsFinite, self)))

// Runs `run` (the core op, returning the result) and records node N, which saves self or the
// result as its formula needs.
template <class N, class F>
Tensor unary_with(const Tensor& self, F&& run) {
  auto fn = make_node<N>(self);
  Tensor result = run();
  if (fn) {
    impl::set_history(result, fn);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::self>, N>) fn->saved_ = SavedVariable(self, false);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::result>, N>) fn->saved_ = SavedVariable(result, true);
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
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = make_node<N>(self);
  if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::self>, N>)
    if (fn) fn->saved_ = SavedVariable(autograd::clone(self), false);
  write();
  self.bump_version();
  if (fn) {
    impl::rebase_history(self, fn);
    if constexpr (std::is_base_of_v<UnaryBackward<N, Saves::result>, N>)
      fn->saved_ = SavedVariable(self, true, is_view(self));
  }
  return self;
}

template <class N>
Tensor& unary_op_(UnaryOp op, Tensor& self) {
  return unary_with_<N>(self, [&] { core::unary_(op, self); });
}

// ---- clamp, maximum, where, masked_fill ------------------------------------------------------------

struct ClampBackward1 : SavingNode<ClampBackward1> {
  NODE_NAME(ClampBackward1)
  SavedVariable self_;
  std::optional<Scalar> min, max;
  static auto saved_fields() { return std::array{Field{"_saved_self", &ClampBackward1::self_}}; }
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
struct ClampBackward0 : SavingNode<ClampBackward0> {
  NODE_NAME(ClampBackward0)
  SavedVariable self_, min_, max_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &ClampBackward0::self_}, Field{"_saved_min", &ClampBackward0::min_},
                      Field{"_saved_max", &ClampBackward0::max_}};
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
struct ClampBoundBackward0 : SavingNode<ClampBoundBackward0<kMin>> {
  using Field = SavedField<ClampBoundBackward0>;
  std::string name() const override { return kMin ? "ClampMinBackward0" : "ClampMaxBackward0"; }
  SavedVariable self_;
  Scalar bound;
  static auto saved_fields() { return std::array{Field{"_saved_self", &ClampBoundBackward0::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{kMin ? "_saved_min" : "_saved_max", bound}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !this->task_should_compute_output(0)) return out;
    Tensor kept = core::binary(kMin ? BinaryOp::Ge : BinaryOp::Le, self, wrapped(bound));
    out[0] = autograd::where(kept, grads[0], zero_scalar(grads[0]));
    return out;
  }
};

// With a tensor bound (ClampMinBackward1, ClampMaxBackward1): self's gradient where it is kept,
// the bound's where the bound was taken.
template <bool kMin>
struct ClampBoundBackward1 : SavingNode<ClampBoundBackward1<kMin>> {
  using Field = SavedField<ClampBoundBackward1>;
  std::string name() const override { return kMin ? "ClampMinBackward1" : "ClampMaxBackward1"; }
  SavedVariable self_, bound_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &ClampBoundBackward1::self_},
                      Field{kMin ? "_saved_min" : "_saved_max", &ClampBoundBackward1::bound_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), bound = bound_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    Tensor kept = core::binary(kMin ? BinaryOp::Ge : BinaryOp::Le, self, bound);
    if (this->task_should_compute_output(0)) out[0] = autograd::where(kept, grad, zero_scalar(grad));
    if (this->task_should_compute_output(1)) out[1] = autograd::where(kept, zero_scalar(grad), grad);
    return out;
  }
};

// When a binary node saves an input (autograd/binary_ops.def): always, never, or only when the
// gradient of self (output 0) or of other (output 1), whose formula reads it, is wanted.
enum class When { always, never, for_self, for_other };

template <When kWhen>
bool wanted(const Node& fn) {
  if constexpr (kWhen == When::for_self) return fn.should_compute_output(0);
  else if constexpr (kWhen == When::for_other) return fn.should_compute_output(1);
  else return kWhen == When::always;
}

// The `_saved_<attribute>` name a binary node keeps its Python number under (nullptr for `none`).
constexpr const char* attribute_name(std::string_view attribute, const char* name) {
  return attribute == "none" ? nullptr : name;
}

// The Python number a binary node keeps (alpha, a Scalar operand), listed as Derived::kAttribute.
template <class Derived>
struct KeepsScalar {
  Scalar scalar_;
  std::vector<SavedAttribute> scalar_attribute() const {
    if (!Derived::kAttribute) return {};
    return {{Derived::kAttribute, scalar_}};
  }
};

// The node of a binary op of two tensors (BINARY_OP and BINARY_ARITH rows): saves self and other
// as kSelf and kOther say; Derived's self_formula and other_formula give the gradients.
template <class Derived, When kSelf, When kOther>
struct BinaryBackward : SavingNode<Derived>, KeepsScalar<Derived> {
  static constexpr When kSavesSelf = kSelf, kSavesOther = kOther;
  SavedVariable self_, other_;
  static auto saved_fields() {
    using Field = SavedField<Derived>;
    constexpr Field self{"_saved_self", &Derived::self_}, other{"_saved_other", &Derived::other_};
    if constexpr (kSelf != When::never && kOther != When::never) return std::array{self, other};
    else if constexpr (kSelf != When::never) return std::array{self};
    else if constexpr (kOther != When::never) return std::array{other};
    else return std::array<Field, 0>{};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return this->scalar_attribute(); }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), other = other_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Derived& d = static_cast<const Derived&>(*this);
    if (this->task_should_compute_output(0)) out[0] = d.self_formula(grads[0], self, other);
    if (this->task_should_compute_output(1)) out[1] = d.other_formula(grads[0], self, other);
    return out;
  }
};

// The node of a tensor and a Python number (BINARY_SCALAR rows): saves self or nothing;
// Derived::formula gives self's gradient.
template <class Derived, When kSelf>
struct BinaryScalarBackward : SavingNode<Derived>, KeepsScalar<Derived> {
  static constexpr When kSavesSelf = kSelf;
  SavedVariable self_;
  static auto saved_fields() {
    using Field = SavedField<Derived>;
    if constexpr (kSelf != When::never) return std::array{Field{"_saved_self", &Derived::self_}};
    else return std::array<Field, 0>{};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return this->scalar_attribute(); }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (any_defined(grads) && this->task_should_compute_output(0))
      out[0] = static_cast<const Derived&>(*this).formula(grads[0], self);
    return out;
  }
};

// maximum / minimum: grad where this input won, half of it on a tie, 0 where it lost (`loses`
// compares self with other), as PyTorch's at::where(self == other, grad / 2, grad).masked_fill_(...).
Tensor min_max_backward(const Tensor& grad, const Tensor& self, const Tensor& other, BinaryOp loses) {
  Tensor tie = core::binary(BinaryOp::Eq, self, other);
  Tensor g = autograd::where(tie, autograd::div_scalar(grad, Scalar(int64_t{2})), grad);
  return autograd::masked_fill_(g, core::binary(loses, self, other), Scalar(int64_t{0}));
}

// The node classes of the table's rows. The formulas see `grad`, `self`, `other` and the row's
// attribute under its name (`alpha`, `exponent`).
#define BINARY_NODE(node, saves_self, saves_other, attribute, self_backward, other_backward)    \
  struct node : BinaryBackward<node, When::saves_self, When::saves_other> {                     \
    NODE_NAME(node)                                                                             \
    static constexpr const char* kAttribute = attribute_name(#attribute, "_saved_" #attribute); \
    Tensor self_formula(const Tensor& grad, const Tensor& self, const Tensor& other) const {    \
      [[maybe_unused]] const Scalar& attribute = this->scalar_;                                 \
      return self_backward;                                                                     \
    }                                                                                           \
    Tensor other_formula(const Tensor& grad, const Tensor& self, const Tensor& other) const {   \
      [[maybe_unused]] const Scalar& attribute = this->scalar_;                                 \
      return other_backward;                                                                    \
    }                                                                                           \
  };
#define BINARY_OP(name, op, node, self_backward, other_backward, ...) \
  BINARY_NODE(node, always, always, none, self_backward, other_backward)
#define BINARY_ARITH(name, op, node, saves_self, saves_other, attribute, self_backward, other_backward) \
  BINARY_NODE(node, saves_self, saves_other, attribute, self_backward, other_backward)
#define BINARY_SCALAR(name, op, node, saves_self, attribute, backward, inplace)                 \
  struct node : BinaryScalarBackward<node, When::saves_self> {                                  \
    NODE_NAME(node)                                                                             \
    static constexpr const char* kAttribute = attribute_name(#attribute, "_saved_" #attribute); \
    Tensor formula(const Tensor& grad, const Tensor& self) const {                              \
      [[maybe_unused]] const Scalar& attribute = this->scalar_;                                 \
      return backward;                                                                          \
    }                                                                                           \
  };
#include "autograd/binary_ops.def"
#undef BINARY_NODE

struct WhereBackward0 : SavingNode<WhereBackward0> {
  NODE_NAME(WhereBackward0)
  SavedVariable condition_;
  static auto saved_fields() { return std::array{Field{"_saved_condition", &WhereBackward0::condition_}}; }
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

struct MaskedFillBackward0 : SavingNode<MaskedFillBackward0> {
  NODE_NAME(MaskedFillBackward0)
  SavedVariable mask_;
  static auto saved_fields() { return std::array{Field{"_saved_mask", &MaskedFillBackward0::mask_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor mask = mask_.unpack();
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] = autograd::masked_fill(grads[0], mask, Scalar(int64_t{0}));
    return out;
  }
};

// masked_fill with a 0-d tensor value: the value gets the sum of the gradient where the mask is set.
struct MaskedFillBackward1 : SavingNode<MaskedFillBackward1> {
  NODE_NAME(MaskedFillBackward1)
  SavedVariable mask_;
  static auto saved_fields() { return std::array{Field{"_saved_mask", &MaskedFillBackward1::mask_}}; }
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

// The forwards of the table's rows. A node is created before the kernel runs; an in-place form
// saves a clone of self (taken before the write) when its node saves self.
template <class N>
void save_inputs(N& fn, const Tensor& self, const Tensor& other, bool inplace) {
  if (wanted<N::kSavesSelf>(fn)) fn.self_ = SavedVariable(inplace ? autograd::clone(self) : self, false);
  if (wanted<N::kSavesOther>(fn)) fn.other_ = SavedVariable(other, false);
}

template <class N>
Tensor binary_forward(BinaryOp op, const Tensor& self, const Tensor& other, Scalar alpha) {
  auto fn = make_node<N>(self, other);
  if (fn) {
    fn->scalar_ = alpha;
    save_inputs(*fn, self, other, false);
  }
  return with_history(core::binary(op, self, other, alpha), fn);
}

template <class N>
Tensor& binary_forward_(BinaryOp op, Tensor& self, const Tensor& other, Scalar alpha) {
  bool rg = any_requires_grad(self, other);
  impl::check_inplace(self, rg);
  auto fn = inplace_node<N>(self, other, rg);
  if (fn) {
    fn->scalar_ = alpha;
    save_inputs(*fn, self, other, true);
  }
  core::binary_(op, self, other, alpha);
  finish_inplace(self, fn);
  return self;
}

template <class N>
Tensor binary_scalar_forward(BinaryOp op, const Tensor& self, Scalar other) {
  auto fn = make_node<N>(self);
  if (fn) {
    if (wanted<N::kSavesSelf>(*fn)) fn->self_ = SavedVariable(self, false);
    fn->scalar_ = other;
  }
  return with_history(core::binary(op, self, wrapped(other)), fn);
}

template <class N>
Tensor& binary_scalar_forward_(BinaryOp op, Tensor& self, Scalar other) {
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = make_node<N>(self);
  if (fn) {
    if (wanted<N::kSavesSelf>(*fn)) fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->scalar_ = other;
  }
  core::binary_(op, self, wrapped(other));
  finish_inplace(self, fn);
  return self;
}

}  // namespace

// ---- out of place ------------------------------------------------------------------------------------

Tensor sub_scalar(const Tensor& self, Scalar other, Scalar alpha) {
  auto fn = make_node<SubBackward1>(self);
  Tensor result = core::binary(BinaryOp::Sub, self, wrapped(other), alpha);
  return with_history(result, fn);
}

Tensor rsub(const Tensor& self, Scalar other, Scalar alpha) {
  auto fn = make_node<RsubBackward1>(self);
  if (fn) fn->alpha = alpha;
  Tensor result = core::binary(BinaryOp::Sub, wrapped(other), self, alpha);
  return with_history(result, fn);
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

Tensor sgn(const Tensor& self) {
  auto fn = make_node<SgnBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->self_dtype = self.dtype();
  }
  return with_history(detail::sign(self), fn);
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
  return with_history(result, fn);
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

// Tensor exp(const Tensor& self), Tensor& exp_(Tensor& self), ... for every row of the table.
#define UNARY_OP(name, op, node, ...)                                           \
  Tensor name(const Tensor& self) { return unary_op<node>(UnaryOp::op, self); } \
  Tensor& name##_(Tensor& self) { return unary_op_<node>(UnaryOp::op, self); }
#include "autograd/unary_ops.def"

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
  return with_history(result, fn);
}

Tensor unary(UnaryOp op, const Tensor& self) {
  switch (op) {
    // clang-format off
#define UNARY_OP(name, op, ...) case UnaryOp::op: return name(self);
#include "autograd/unary_ops.def"
    // clang-format on
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
  return with_history(result, fn);
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
  return with_history(result, fn);
}

Tensor clamp_min(const Tensor& self, Scalar min) { return clamp_bound<true>(self, min); }
Tensor clamp_max(const Tensor& self, Scalar max) { return clamp_bound<false>(self, max); }
Tensor clamp_min(const Tensor& self, const Tensor& min) { return clamp_bound<true>(self, min); }
Tensor clamp_max(const Tensor& self, const Tensor& max) { return clamp_bound<false>(self, max); }

Tensor clamp(const Tensor& self, const Tensor& min, const Tensor& max) {
  STRIDELAB_CHECK(min.defined() || max.defined(), "torch.clamp: At least one of 'min' or 'max' must not be None");
  auto fn = make_node<ClampBackward0>(self, min, max);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->min_ = SavedVariable(min, false);
    fn->max_ = SavedVariable(max, false);
  }
  // PyTorch's kernel: min(max(self, lo), hi), NaN from any operand propagating.
  Tensor result = self;
  if (min.defined()) result = core::binary(BinaryOp::Maximum, result, min);
  if (max.defined()) result = core::binary(BinaryOp::Minimum, result, max);
  if (result.is_same(self)) result = core::clone(self);
  return with_history(result, fn);
}

// The forwards of every row of autograd/binary_ops.def: Tensor maximum(const Tensor& self, const
// Tensor& other), Tensor add(..., Scalar alpha) and Tensor& add_(...), Tensor mul_scalar(const
// Tensor& self, Scalar other), Tensor& pow_(Tensor& self, Scalar other), ...
#define ALPHA_PARAM_alpha , Scalar alpha
#define ALPHA_PARAM_none
#define ALPHA_ARG_alpha alpha
#define ALPHA_ARG_none Scalar(int64_t{1})
#define SCALAR_INPLACE_yes(name, op, node) \
  Tensor& name##_(Tensor& self, Scalar other) { return binary_scalar_forward_<node>(BinaryOp::op, self, other); }
#define SCALAR_INPLACE_no(name, op, node)
#define BINARY_OP(name, op, node, ...)                                          \
  Tensor name(const Tensor& self, const Tensor& other) {                        \
    return binary_forward<node>(BinaryOp::op, self, other, Scalar(int64_t{1})); \
  }
#define BINARY_ARITH(name, op, node, saves_self, saves_other, attribute, ...)       \
  Tensor name(const Tensor& self, const Tensor& other ALPHA_PARAM_##attribute) {    \
    return binary_forward<node>(BinaryOp::op, self, other, ALPHA_ARG_##attribute);  \
  }                                                                                 \
  Tensor& name##_(Tensor& self, const Tensor& other ALPHA_PARAM_##attribute) {      \
    return binary_forward_<node>(BinaryOp::op, self, other, ALPHA_ARG_##attribute); \
  }
#define BINARY_SCALAR(name, op, node, saves_self, attribute, backward, inplace)                                    \
  Tensor name(const Tensor& self, Scalar other) { return binary_scalar_forward<node>(BinaryOp::op, self, other); } \
  SCALAR_INPLACE_##inplace(name, op, node)
#include "autograd/binary_ops.def"
#undef ALPHA_PARAM_alpha
#undef ALPHA_PARAM_none
#undef ALPHA_ARG_alpha
#undef ALPHA_ARG_none
#undef SCALAR_INPLACE_yes
#undef SCALAR_INPLACE_no

Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other) {
  auto fn = make_node<WhereBackward0>(self, other);
  if (fn) fn->condition_ = SavedVariable(condition, false);
  Tensor result = core::where(condition, self, other);
  return with_history(result, fn);
}

// A uint8 mask still works, with PyTorch's deprecation warning (each masked_fill_ call).
static void warn_uint8_mask(const Tensor& mask) {
  if (mask.dtype() == core::DType::UInt8)
    warn(
        "masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask with "
        "dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1646.)");
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value) {
  warn_uint8_mask(mask);
  auto fn = make_node<MaskedFillBackward0>(self);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::IntArray shape = core::broadcast_shapes(mask.sizes(), self.sizes());
  Tensor result = core::empty(shape, self.dtype());
  core::copy_(result, core::expand(self, shape));
  core::masked_fill_(result, mask, value);
  return with_history(result, fn);
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  check_fill_value(value);
  warn_uint8_mask(mask);
  auto fn = make_node<MaskedFillBackward1>(self, value);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::IntArray shape = core::broadcast_shapes(mask.sizes(), self.sizes());
  Tensor result = core::empty(shape, self.dtype());
  core::copy_(result, core::expand(self, shape));
  core::masked_fill_(result, mask, core::item(value));
  return with_history(result, fn);
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

Tensor& unary_(UnaryOp op, Tensor& self) {
  switch (op) {
    // clang-format off
#define UNARY_OP(name, op, ...) case UnaryOp::op: return name##_(self);
#include "autograd/unary_ops.def"
    // clang-format on
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
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = make_node<ClampBoundBackward0<kMin>>(self);
  if (fn) {
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
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = make_node<ClampBackward1>(self);
  if (fn) {
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->min = min;
    fn->max = max;
  }
  core::clamp_(self, min, max);
  finish_inplace(self, fn);
  return self;
}

Tensor& clamp_(Tensor& self, const Tensor& min, const Tensor& max) {
  STRIDELAB_CHECK(min.defined() || max.defined(), "torch.clamp: At least one of 'min' or 'max' must not be None");
  const bool rg =
      any_requires_grad(self) || (min.defined() && requires_grad(min)) || (max.defined() && requires_grad(max));
  impl::check_inplace(self, rg);
  auto fn = make_node<ClampBackward0>(self, min, max);
  if (fn) {
    fn->self_ = SavedVariable(autograd::clone(self), false);
    fn->min_ = SavedVariable(min, false);
    fn->max_ = SavedVariable(max, false);
  }
  if (min.defined()) core::binary_(BinaryOp::Maximum, self, min);
  if (max.defined()) core::binary_(BinaryOp::Minimum, self, max);
  finish_inplace(self, fn);
  return self;
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, Scalar value) {
  impl::check_inplace(self, any_requires_grad(self));
  warn_uint8_mask(mask);
  auto fn = make_node<MaskedFillBackward0>(self);
  if (fn) { fn->mask_ = SavedVariable(mask, false); }
  core::masked_fill_(self, mask, value);
  finish_inplace(self, fn);
  return self;
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, const Tensor& value) {
  check_fill_value(value);
  bool rg = any_requires_grad(self, value);
  impl::check_inplace(self, rg);
  warn_uint8_mask(mask);
  auto fn = inplace_node<MaskedFillBackward1>(self, value, rg);
  if (fn) fn->mask_ = SavedVariable(mask, false);
  core::masked_fill_(self, mask, core::item(value));
  finish_inplace(self, fn);
  return self;
}

}  // namespace stridelab::autograd
