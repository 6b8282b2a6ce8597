// Losses of torch.nn.functional: mse_loss, nll_loss / cross_entropy, binary_cross_entropy_with_logits.
#include <algorithm>
#include <bit>
#include <cmath>
#include <array>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::BinaryOp;
using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::SavingNode;
using detail::with_history;
using detail::wrapped;

namespace {

Tensor reduce(const Tensor& loss, Reduction reduction) {
  if (reduction == Reduction::Mean) return core::mean(loss);
  if (reduction == Reduction::Sum) return core::sum(loss);
  return loss;
}

struct MseLossBackward0 : SavingNode<MseLossBackward0> {
  NODE_NAME(MseLossBackward0)
  SavedVariable self_, target_;
  int64_t reduction = 1;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &MseLossBackward0::self_},
                      Field{"_saved_target", &MseLossBackward0::target_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    const auto r = static_cast<Reduction>(reduction);
    if (task_should_compute_output(0)) out[0] = autograd::mse_loss_backward(grad, self, target, r);
    if (task_should_compute_output(1)) out[1] = autograd::mse_loss_backward(grad, target, self, r);
    return out;
  }
};

// mse_loss_double_backward: 2 * grad, divided by the element count for the mean.
Tensor mse_double_backward(const Tensor& grad, const Tensor& input, int64_t reduction) {
  Tensor g = autograd::mul_scalar(grad, Scalar(int64_t{2}));
  if (reduction == static_cast<int64_t>(Reduction::Mean)) g = autograd::div_scalar(g, Scalar(input.numel()));
  return g;
}

struct MseLossBackwardBackward0 : SavingNode<MseLossBackwardBackward0> {
  NODE_NAME(MseLossBackwardBackward0)
  SavedVariable grad_output_, self_, target_;
  int64_t reduction = 1;
  static auto saved_fields() {
    return std::array{Field{"_saved_grad_output", &MseLossBackwardBackward0::grad_output_},
                      Field{"_saved_self", &MseLossBackwardBackward0::self_},
                      Field{"_saved_target", &MseLossBackwardBackward0::target_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor grad_output = grad_output_.unpack(), self = self_.unpack(), target = target_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    const auto r = static_cast<Reduction>(reduction);
    if (task_should_compute_output(0)) {
      // mse_loss_double_backward_grad_output
      if (r == Reduction::None) {
        out[0] = autograd::mse_loss_backward(grad, self, target, r);
      } else {
        Tensor ones = core::full(grad_output.sizes(), Scalar(int64_t{1}), grad_output.dtype());
        out[0] = autograd::sum(autograd::mul(autograd::mse_loss_backward(ones, self, target, r), grad));
      }
    }
    if (task_should_compute_output(1) || task_should_compute_output(2)) {
      Tensor gg = autograd::mul(grad, grad_output);
      if (task_should_compute_output(1)) out[1] = mse_double_backward(gg, self, reduction);
      if (task_should_compute_output(2)) out[2] = autograd::neg(mse_double_backward(gg, target, reduction));
    }
    return out;
  }
};

// The rows (batch index, class) nll_loss reads, leaving out ignore_index.
struct NllPicks {
  Tensor rows, classes;  // int64, one entry per counted target
  int64_t batch = 0;
};

NllPicks nll_picks(const Tensor& self, const Tensor& target, int64_t ignore_index) {
  NllPicks p;
  bool batched = self.dim() == 2;
  int64_t classes = self.sizes().back();
  p.batch = batched ? self.sizes()[0] : 1;
  std::vector<core::Scalar> rows, cls;
  for (int64_t i = 0; i < p.batch; ++i) {
    int64_t t = batched ? core::get_flat(target, i).to_int() : core::item(target).to_int();
    if (t == ignore_index) continue;
    STRIDELAB_CHECK_INDEX(t >= 0 && t < classes, "Target ", t, " is out of bounds.");
    rows.push_back(Scalar(i));
    cls.push_back(Scalar(t));
  }
  IntArray n{static_cast<int64_t>(rows.size())};
  p.rows = core::from_values(rows, n, core::DType::Int64);
  p.classes = core::from_values(cls, n, core::DType::Int64);
  return p;
}

// nll_loss_backward(grad_output, self, target, ...): w.r.t. grad_output nll_loss of the incoming
// gradient, w.r.t. self zeros (derivatives.yaml).
struct NllLossBackwardBackward0 : SavingNode<NllLossBackwardBackward0> {
  NODE_NAME(NllLossBackwardBackward0)
  SavedVariable target_, weight_;
  int64_t reduction = 1, ignore_index = -100;
  static auto saved_fields() {
    return std::array{Field{"_saved_target", &NllLossBackwardBackward0::target_},
                      Field{"_saved_weight", &NllLossBackwardBackward0::weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_ignore_index", ignore_index}, {"_saved_reduction", reduction}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor target = target_.unpack(), weight = weight_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0))
      out[0] = autograd::nll_loss(grads[0], target, static_cast<Reduction>(reduction), ignore_index, weight);
    if (task_should_compute_output(1)) out[1] = detail::zeros_like(grads[0]);
    return out;
  }
};

struct NllLossBackward0 : SavingNode<NllLossBackward0> {
  NODE_NAME(NllLossBackward0)
  SavedVariable self_, target_, weight_, total_weight_;
  int64_t reduction = 1, ignore_index = -100;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &NllLossBackward0::self_},
                      Field{"_saved_target", &NllLossBackward0::target_},
                      Field{"_saved_weight", &NllLossBackward0::weight_},
                      Field{"_saved_total_weight", &NllLossBackward0::total_weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_ignore_index", ignore_index}, {"_saved_reduction", reduction}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    Tensor total_weight = total_weight_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = grads[0];
    Tensor weight = weight_.unpack();
    // nll_loss_backward is an op of its own (NllLossBackwardBackward0): recorded with edges to grad
    // and self, computed without recording.
    auto fn = make_node<NllLossBackwardBackward0>(grad, self);
    {
      NoGradGuard no_grad;
      out[0] = backward_value(grad, self, target, weight, total_weight);
    }
    if (fn) {
      fn->target_ = SavedVariable(target, false);
      if (weight.defined()) fn->weight_ = SavedVariable(weight, false);
      fn->reduction = reduction;
      fn->ignore_index = ignore_index;
      impl::set_history(out[0], fn);
    }
    return out;
  }
  Tensor backward_value(const Tensor& grad, const Tensor& self, const Tensor& target, const Tensor& weight,
                        const Tensor& total_weight) const {
    NllPicks p = nll_picks(self, target, ignore_index);
    Tensor z = detail::zeros(self.sizes(), grad.dtype());
    Tensor picked;
    if (reduction == static_cast<int64_t>(Reduction::None) && self.dim() == 2) {
      picked = autograd::neg(autograd::index_tensors(grad, {core::TensorIndex::make_tensor(p.rows)}));
    } else {
      picked = autograd::neg(grad);
      if (reduction == static_cast<int64_t>(Reduction::Mean)) picked = autograd::div(picked, total_weight);
    }
    if (weight.defined())
      picked = autograd::mul(picked, core::index(weight, {core::TensorIndex::make_tensor(p.classes)}));
    if (self.dim() == 2) {
      autograd::index_put_(z, {core::TensorIndex::make_tensor(p.rows), core::TensorIndex::make_tensor(p.classes)},
                           picked, false);
    } else if (p.classes.numel() > 0) {
      autograd::index_put_(z, {core::TensorIndex::make_tensor(p.classes)}, picked, false);
    }
    return z;
  }
};

struct BinaryCrossEntropyWithLogitsBackward0 : SavingNode<BinaryCrossEntropyWithLogitsBackward0> {
  NODE_NAME(BinaryCrossEntropyWithLogitsBackward0)
  SavedVariable self_, target_, weight_, pos_weight_;
  int64_t reduction = 1;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &BinaryCrossEntropyWithLogitsBackward0::self_},
                      Field{"_saved_target", &BinaryCrossEntropyWithLogitsBackward0::target_},
                      Field{"_saved_weight", &BinaryCrossEntropyWithLogitsBackward0::weight_},
                      Field{"_saved_pos_weight", &BinaryCrossEntropyWithLogitsBackward0::pos_weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    Tensor weight = weight_.unpack(), pos_weight = pos_weight_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    bool mean = reduction == static_cast<int64_t>(Reduction::Mean);
    if (task_should_compute_output(0)) {
      Tensor g;
      if (pos_weight.defined()) {
        // ((pos_weight * t + 1 - t) * sigmoid(x) - pos_weight * t) * grad
        Tensor t = autograd::mul(pos_weight, target);
        g = autograd::mul(
            autograd::sub(autograd::mul(autograd::sub(autograd::add(t, wrapped(Scalar(int64_t{1}))), target),
                                        autograd::sigmoid(self)),
                          t),
            grad);
      } else {
        g = autograd::mul(autograd::sub(autograd::sigmoid(self), target), grad);
      }
      if (weight.defined()) g = autograd::mul(g, weight);
      out[0] = mean ? autograd::div_scalar(g, Scalar(self.numel())) : g;
    }
    if (task_should_compute_output(1)) {
      Tensor g;
      if (pos_weight.defined()) {
        // (log_sigmoid(-x) - pos_weight * log_sigmoid(x)) * grad
        Tensor ls_neg = autograd::log(autograd::sigmoid(autograd::neg(self)));
        Tensor ls = autograd::log(autograd::sigmoid(self));
        g = autograd::mul(autograd::sub(ls_neg, autograd::mul(pos_weight, ls)), grad);
      } else {
        g = autograd::mul(autograd::neg(self), grad);
      }
      if (weight.defined()) g = autograd::mul(g, weight);
      out[1] = mean ? autograd::div_scalar(g, Scalar(target.numel())) : g;
    }
    return out;
  }
};

}  // namespace

Tensor mse_loss(const Tensor& self_in, const Tensor& target_in, Reduction reduction) {
  if (self_in.sizes() != target_in.sizes()) {
    warn(core::str("Using a target size (torch.Size(", core::format_int_list(target_in.sizes()),
                   ")) that is different to the input size (torch.Size(", core::format_int_list(self_in.sizes()),
                   ")). This will likely lead to incorrect results due to broadcasting. Please ensure they have the "
                   "same size."));
  }
  // torch.broadcast_tensors: an operand already of the common shape is used as is.
  IntArray shape = core::broadcast_shapes(self_in.sizes(), target_in.sizes());
  Tensor self = self_in.sizes() == shape ? self_in : autograd::expand(self_in, shape);
  Tensor target = target_in.sizes() == shape ? target_in : autograd::expand(target_in, shape);
  // The CPU kernel runs in the operands' common dtype, floating types only.
  const DType common = core::promote_types(self.dtype(), target.dtype());
  STRIDELAB_CHECK(core::is_floating(common), "\"mse_cpu\" not implemented for '", core::scalar_type_name(common), "'");
  auto fn = make_node<MseLossBackward0>(self, target);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->reduction = static_cast<int64_t>(reduction);
  }
  Tensor diff = core::binary(BinaryOp::Sub, core::to(self, common), core::to(target, common));
  Tensor result = reduce(core::binary(BinaryOp::Mul, diff, diff), reduction);
  return with_history(result, fn);
}

Tensor mse_loss_backward(const Tensor& grad, const Tensor& self, const Tensor& target, Reduction reduction) {
  // TensorIterator's check_all_same_dtype: every operand has the first input's (self's) dtype.
  for (const Tensor* t : {&self, &target, &grad})
    STRIDELAB_CHECK(t->dtype() == self.dtype(), "Found dtype ", core::scalar_type_name(t->dtype()), " but expected ",
                    core::scalar_type_name(self.dtype()));
  auto fn = make_node<MseLossBackwardBackward0>(grad, self, target);
  const double norm = reduction == Reduction::Mean ? 2.0 / static_cast<double>(self.numel()) : 2.0;
  Tensor result =
      core::binary(BinaryOp::Mul,
                   core::binary(BinaryOp::Mul, wrapped(Scalar(norm)), core::binary(BinaryOp::Sub, self, target)), grad);
  if (fn) {
    fn->grad_output_ = SavedVariable(grad, false);
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->reduction = static_cast<int64_t>(reduction);
    impl::set_history(result, fn);
  }
  return result;
}

namespace {

// The reduced nll_loss of a 2-D input as PyTorch 1.13's CPU kernel sums it, value for value: one
// pass over the batch adding -x[b, t] (times weight[t]) into the first of 8 cascade levels, each
// level carried up when the batch index's bits of that level are all zero (levels of
// max(4, ceil_log2(batch) / 8) bits), then the levels added in order. Returns {loss sum, weight
// sum}; without weights the weight sum is the count of targets not ignored.
template <class T>
std::pair<T, T> nll_cascade(const Tensor& self, const Tensor& target, const Tensor& weight, int64_t ignore_index) {
  constexpr int kLevels = 8;
  const int64_t batch = self.sizes()[0];
  const int64_t ceil_log2 = batch <= 1 ? 0 : std::bit_width(static_cast<uint64_t>(batch - 1));
  const int64_t level_power = std::max<int64_t>(4, ceil_log2 / kLevels);
  const int64_t level_mask = (int64_t{1} << level_power) - 1;
  T loss[kLevels] = {}, wsum[kLevels] = {};
  const T* x = self.data<T>();
  const int64_t s0 = self.strides()[0], s1 = self.strides()[1];
  int64_t ignored = 0;
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t t = core::get_flat(target, b).to_int();
    if (t == ignore_index) {
      ++ignored;
      continue;
    }
    const T v = x[b * s0 + t * s1];
    if (weight.defined()) {
      const T w = static_cast<T>(core::get_flat(weight, t).to_double());
      loss[0] -= v * w;
      wsum[0] += w;
    } else {
      loss[0] -= v;
    }
    for (int j = 0; j + 1 < kLevels; ++j) {
      if ((b & (level_mask << (j * level_power))) != 0) break;
      loss[j + 1] += loss[j];
      wsum[j + 1] += wsum[j];
      loss[j] = 0;
      wsum[j] = 0;
    }
  }
  T total = 0, weights = 0;
  for (int j = 0; j < kLevels; ++j) total += loss[j];
  for (int j = 0; j < kLevels; ++j) weights += wsum[j];
  if (!weight.defined()) weights = static_cast<T>(batch - ignored);
  return {total, weights};
}

}  // namespace

Tensor nll_loss(const Tensor& self, const Tensor& target, Reduction reduction, int64_t ignore_index,
                const Tensor& weight) {
  STRIDELAB_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  STRIDELAB_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  STRIDELAB_CHECK_VALUE(no_batch_dim || self.sizes()[0] == target.sizes()[0], "Expected input batch_size (",
                        self.sizes()[0], ") to match target batch_size (", target.dim() == 0 ? 1 : target.sizes()[0],
                        ").");
  const int64_t n_classes = self.sizes().back();
  STRIDELAB_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
                  "weight tensor should be defined either for all ", n_classes,
                  " classes or no classes but got weight tensor of shape: ", core::format_int_list(weight.sizes()));
  // The meta function's checks above, then the kernel's dispatch on the input's dtype, then the
  // target's.
  STRIDELAB_CHECK(core::is_floating(self.dtype()), "\"nll_loss_out_frame\" not implemented for '",
                  core::scalar_type_name(self.dtype()), "'");
  STRIDELAB_CHECK(target.dtype() == core::DType::Int64, "expected scalar type Long but found ",
                  core::scalar_type_name(target.dtype()));
  STRIDELAB_CHECK(!weight.defined() || weight.dtype() == self.dtype(), "expected scalar type ",
                  core::scalar_type_name(self.dtype()), " but found ",
                  core::scalar_type_name(weight.defined() ? weight.dtype() : self.dtype()));
  auto fn = make_node<NllLossBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    if (weight.defined()) fn->weight_ = SavedVariable(weight, false);
    fn->reduction = static_cast<int64_t>(reduction);
    fn->ignore_index = ignore_index;
  }
  NllPicks p = nll_picks(self, target, ignore_index);
  Tensor picked =
      self.dim() == 2
          ? core::index(self, {core::TensorIndex::make_tensor(p.rows), core::TensorIndex::make_tensor(p.classes)})
          : core::index(self, {core::TensorIndex::make_tensor(p.classes)});
  Tensor picked_weight = weight.defined() ? core::index(weight, {core::TensorIndex::make_tensor(p.classes)}) : Tensor();
  if (picked_weight.defined()) picked = core::binary(BinaryOp::Mul, picked, picked_weight);
  Tensor total_weight = core::scalar_tensor(Scalar(static_cast<double>(p.classes.numel())), self.dtype());
  if (picked_weight.defined()) total_weight = core::sum(picked_weight);
  Tensor result;
  if (reduction == Reduction::None && self.dim() == 2) {
    // One loss per row (0 for ignored rows).
    result = core::zeros({p.batch}, self.dtype());
    core::index_put_(result, {core::TensorIndex::make_tensor(p.rows)}, core::unary(core::UnaryOp::Neg, picked), false);
  } else if (self.dim() == 2 && core::is_floating(self.dtype())) {
    core::dispatch(self.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>) {
        auto [sum, weights] = nll_cascade<T>(self, target, weight, ignore_index);
        total_weight = core::scalar_tensor(Scalar(static_cast<double>(weights)), self.dtype());
        T out = reduction == Reduction::Mean ? sum / weights : sum;
        result = core::scalar_tensor(Scalar(static_cast<double>(out)), self.dtype());
      }
    });
  } else {
    result = core::unary(core::UnaryOp::Neg, core::sum(picked));
    if (reduction == Reduction::Mean) result = core::binary(BinaryOp::Div, result, total_weight);
  }
  if (fn) {
    impl::set_history(result, fn);
    fn->total_weight_ = SavedVariable(total_weight, true);
  }
  return result;
}

namespace {

// cross_entropy with class probabilities as the target (its shape is the input's).
Tensor cross_entropy_probabilities(const Tensor& self, const Tensor& target, Reduction reduction,
                                   const Tensor& weight) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  const int64_t n_classes = self.sizes()[static_cast<size_t>(class_dim)];
  Tensor input = autograd::log_softmax(self, class_dim, self.dtype());
  Tensor terms = autograd::mul(input, target);
  if (weight.defined()) {
    IntArray shape(static_cast<size_t>(self.dim()), 1);
    shape[static_cast<size_t>(class_dim)] = weight.numel();
    terms = autograd::mul(terms, autograd::view(weight, shape));
  }
  switch (reduction) {
    case Reduction::Mean:
      return autograd::div_scalar(autograd::neg(autograd::sum(terms)), Scalar(input.numel() / n_classes));
    case Reduction::Sum: return autograd::neg(autograd::sum(terms));
    default: return autograd::neg(autograd::sum(terms, {class_dim}));
  }
}

// cross_entropy with class indices and label_smoothing > 0: (1 - s) * nll + s / C * smooth, with
// smooth the summed negative log-probabilities of each row (weighted, ignored rows 0), reduced.
Tensor cross_entropy_smoothed(const Tensor& self, const Tensor& target, Reduction reduction, int64_t ignore_index,
                              const Tensor& weight, double smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  const int64_t n_classes = self.sizes()[static_cast<size_t>(class_dim)];
  Tensor input = autograd::log_softmax(self, class_dim, self.dtype());
  Tensor nll = autograd::nll_loss(input, target, reduction, ignore_index, weight);
  Tensor ignore_mask = core::binary(BinaryOp::Eq, target, wrapped(Scalar(ignore_index)));
  Tensor smooth;
  if (weight.defined()) {
    IntArray shape(static_cast<size_t>(self.dim()), 1);
    shape[static_cast<size_t>(class_dim)] = weight.numel();
    smooth = autograd::neg(autograd::sum(autograd::mul(input, autograd::view(weight, shape)), {class_dim}));
  } else {
    smooth = autograd::neg(autograd::sum(input, {class_dim}));
  }
  autograd::masked_fill_(smooth, ignore_mask, Scalar(0.0));
  Tensor ret;
  switch (reduction) {
    case Reduction::Mean:
      if (weight.defined()) {
        Tensor kept = core::masked_select(target, core::unary(core::UnaryOp::LogicalNot, ignore_mask));
        ret = autograd::div(autograd::sum(smooth),
                            core::sum(core::index(weight, {core::TensorIndex::make_tensor(kept)})));
      } else {
        ret = autograd::div(autograd::sum(smooth), core::sum(core::unary(core::UnaryOp::LogicalNot, ignore_mask)));
      }
      break;
    case Reduction::Sum: ret = autograd::sum(smooth); break;
    default: ret = smooth; break;
  }
  return autograd::add(autograd::mul_scalar(nll, Scalar(1 - smoothing)),
                       autograd::mul_scalar(ret, Scalar(smoothing / static_cast<double>(n_classes))));
}

}  // namespace

Tensor cross_entropy(const Tensor& self, const Tensor& target, Reduction reduction, int64_t ignore_index,
                     const Tensor& weight, double label_smoothing) {
  int64_t class_dim = self.dim() == 1 ? 0 : 1;
  if (self.sizes() == target.sizes()) {
    STRIDELAB_CHECK(core::is_floating(target.dtype()),
                    "Expected floating point type for target with class probabilities, got ",
                    core::scalar_type_name(target.dtype()));
    STRIDELAB_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    STRIDELAB_CHECK(label_smoothing >= 0.0 && label_smoothing <= 1.0,
                    "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    if (label_smoothing > 0.0) {
      const double n_classes = static_cast<double>(self.sizes()[static_cast<size_t>(class_dim)]);
      Tensor smoothed = autograd::add(autograd::mul_scalar(target, Scalar(1 - label_smoothing)),
                                      wrapped(Scalar(label_smoothing / n_classes)));
      return cross_entropy_probabilities(self, smoothed, reduction, weight);
    }
    return cross_entropy_probabilities(self, target, reduction, weight);
  }
  if (label_smoothing > 0.0) {
    STRIDELAB_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    return cross_entropy_smoothed(self, target, reduction, ignore_index, weight, label_smoothing);
  }
  return autograd::nll_loss(autograd::log_softmax(self, class_dim, self.dtype()), target, reduction, ignore_index,
                            weight);
}

Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, Reduction reduction,
                                        const Tensor& weight, const Tensor& pos_weight) {
  STRIDELAB_CHECK_VALUE(self.sizes() == target.sizes(), "Target size (torch.Size(",
                        core::format_int_list(target.sizes()), ")) must be the same as input size (torch.Size(",
                        core::format_int_list(self.sizes()), "))");
  // PyTorch 1.13 computes (1 - target).mul_(input).add_(max_val).add_(...exp_()...log_()) with
  // max_val = (-input).clamp_min_(0): its in-place steps refuse what they cannot write back, and
  // the loss takes the target's dtype.
  using core::DType;
  STRIDELAB_CHECK(self.dtype() != DType::Bool,
                  "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
                  "use the `~` or `logical_not()` operator instead.");
  STRIDELAB_CHECK(target.dtype() != DType::Bool,
                  "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                  "`logical_xor()` operator instead.");
  if (!core::is_floating(target.dtype())) {
    const DType product = core::promote_types(target.dtype(), self.dtype());
    STRIDELAB_CHECK(!core::is_floating(product), "result type ", core::scalar_type_name(product),
                    " can't be cast to the desired output type ", core::scalar_type_name(target.dtype()));
  }
  STRIDELAB_CHECK(core::is_floating(self.dtype()), "result type ", core::scalar_type_name(core::kDefaultFloat),
                  " can't be cast to the desired output type ", core::scalar_type_name(self.dtype()));
  auto fn = make_node<BinaryCrossEntropyWithLogitsBackward0>(self, target);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    if (weight.defined()) fn->weight_ = SavedVariable(weight, false);
    if (pos_weight.defined()) fn->pos_weight_ = SavedVariable(pos_weight, false);
    fn->reduction = static_cast<int64_t>(reduction);
  }
  // max_val = max(-x, 0); loss = (1 - t) * x + max_val + log(exp(-max_val) + exp(-x - max_val)), the
  // last two terms times log_weight = (pos_weight - 1) * t + 1 when there is a pos_weight.
  using core::UnaryOp;
  // Both floating here: the values in the target's dtype, the dtype of the in-place chain.
  const Tensor x = core::to(self, target.dtype());
  Tensor neg_x = core::unary(UnaryOp::Neg, x);
  Tensor max_val = core::clamp(neg_x, Scalar(int64_t{0}), std::nullopt);
  Tensor one = wrapped(Scalar(int64_t{1}));
  Tensor loss = core::binary(BinaryOp::Mul, core::binary(BinaryOp::Sub, one, target), x);
  Tensor e1 = core::unary(UnaryOp::Exp, core::unary(UnaryOp::Neg, max_val));
  Tensor e2 = core::unary(UnaryOp::Exp, core::binary(BinaryOp::Sub, neg_x, max_val));
  Tensor log_term = core::unary(UnaryOp::Log, core::binary(BinaryOp::Add, e1, e2));
  if (pos_weight.defined()) {
    Tensor log_weight = core::binary(
        BinaryOp::Add, core::binary(BinaryOp::Mul, core::binary(BinaryOp::Sub, pos_weight, one), target), one);
    loss = core::binary(BinaryOp::Add, loss,
                        core::binary(BinaryOp::Mul, log_weight, core::binary(BinaryOp::Add, log_term, max_val)));
  } else {
    loss = core::binary(BinaryOp::Add, loss, max_val);
    loss = core::binary(BinaryOp::Add, loss, log_term);
  }
  if (weight.defined()) loss = core::binary(BinaryOp::Mul, loss, weight);
  Tensor result = reduce(loss, reduction);
  return with_history(result, fn);
}

}  // namespace stridelab::autograd
