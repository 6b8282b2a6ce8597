// Losses of torch.nn.functional: mse_loss, nll_loss / cross_entropy, binary_cross_entropy_with_logits.
#include <cmath>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::BinaryOp;
using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::wrapped;

namespace {

#define NODE_NAME(N) \
  std::string name() const override { return #N; }

Tensor reduce(const Tensor& loss, Reduction reduction) {
  if (reduction == Reduction::Mean) return core::mean(loss);
  if (reduction == Reduction::Sum) return core::sum(loss);
  return loss;
}

struct MseLossBackward0 : Node {
  NODE_NAME(MseLossBackward0)
  SavedVariable self_, target_;
  int64_t reduction = 1;
  void release_variables() override {
    self_.reset_data();
    target_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_self", -1, &self_}, {"_saved_target", -1, &target_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    double norm = reduction == static_cast<int64_t>(Reduction::Mean) ? 2.0 / static_cast<double>(self.numel()) : 2.0;
    if (task_should_compute_output(0)) out[0] = autograd::mul(autograd::mul(wrapped(Scalar(norm)), autograd::sub(self, target)), grad);
    if (task_should_compute_output(1)) out[1] = autograd::mul(autograd::mul(wrapped(Scalar(norm)), autograd::sub(target, self)), grad);
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

struct NllLossBackward0 : Node {
  NODE_NAME(NllLossBackward0)
  SavedVariable self_, target_, weight_, total_weight_;
  int64_t reduction = 1, ignore_index = -100;
  void release_variables() override {
    self_.reset_data();
    target_.reset_data();
    weight_.reset_data();
    total_weight_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_self", -1, &self_}, {"_saved_target", -1, &target_}, {"_saved_total_weight", -1, &total_weight_},
            {"_saved_weight", -1, &weight_}};
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
    NllPicks p = nll_picks(self, target, ignore_index);
    Tensor z = detail::zeros(self.sizes(), grad.dtype());
    Tensor picked;
    if (reduction == static_cast<int64_t>(Reduction::None) && self.dim() == 2) {
      picked = autograd::neg(autograd::index_tensors(grad, {core::TensorIndex::make_tensor(p.rows)}));
    } else {
      picked = autograd::neg(grad);
      if (reduction == static_cast<int64_t>(Reduction::Mean)) picked = autograd::div(picked, total_weight);
    }
    if (self.dim() == 2) {
      autograd::index_put_(z, {core::TensorIndex::make_tensor(p.rows), core::TensorIndex::make_tensor(p.classes)}, picked, false);
    } else if (p.classes.numel() > 0) {
      autograd::index_put_(z, {core::TensorIndex::make_tensor(p.classes)}, picked, false);
    }
    out[0] = z;
    return out;
  }
};

struct BinaryCrossEntropyWithLogitsBackward0 : Node {
  NODE_NAME(BinaryCrossEntropyWithLogitsBackward0)
  SavedVariable self_, target_, weight_, pos_weight_;
  int64_t reduction = 1;
  void release_variables() override {
    self_.reset_data();
    target_.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    return {{"_saved_pos_weight", -1, &pos_weight_}, {"_saved_self", -1, &self_}, {"_saved_target", -1, &target_},
            {"_saved_weight", -1, &weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_reduction", reduction}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), target = target_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    bool mean = reduction == static_cast<int64_t>(Reduction::Mean);
    if (task_should_compute_output(0)) {
      Tensor g = autograd::mul(autograd::sub(autograd::sigmoid(self), target), grad);
      out[0] = mean ? autograd::div(g, wrapped(Scalar(self.numel()))) : g;
    }
    if (task_should_compute_output(1)) {
      Tensor g = autograd::mul(autograd::neg(self), grad);
      out[1] = mean ? autograd::div(g, wrapped(Scalar(target.numel()))) : g;
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
  auto fn = make_node<MseLossBackward0>(self, target);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->reduction = static_cast<int64_t>(reduction);
  }
  Tensor diff = core::binary(BinaryOp::Sub, self, target);
  Tensor result = reduce(core::binary(BinaryOp::Mul, diff, diff), reduction);
  if (fn) impl::set_history(result, fn);
  return result;
}

Tensor nll_loss(const Tensor& self, const Tensor& target, Reduction reduction, int64_t ignore_index) {
  STRIDELAB_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  STRIDELAB_CHECK(target.dim() <= 1,
                  "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  STRIDELAB_CHECK_VALUE(no_batch_dim || self.sizes()[0] == target.sizes()[0], "Expected input batch_size (",
                  self.sizes()[0], ") to match target batch_size (", target.dim() == 0 ? 1 : target.sizes()[0], ").");
  STRIDELAB_CHECK(target.dtype() == core::DType::Int64, "expected scalar type Long but found ",
                  core::scalar_type_name(target.dtype()));
  auto fn = make_node<NllLossBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->reduction = static_cast<int64_t>(reduction);
    fn->ignore_index = ignore_index;
  }
  NllPicks p = nll_picks(self, target, ignore_index);
  Tensor picked = self.dim() == 2 ? core::index(self, {core::TensorIndex::make_tensor(p.rows), core::TensorIndex::make_tensor(p.classes)})
                                  : core::index(self, {core::TensorIndex::make_tensor(p.classes)});
  Tensor total_weight = core::scalar_tensor(Scalar(static_cast<double>(p.classes.numel())), self.dtype());
  Tensor result;
  if (reduction == Reduction::None && self.dim() == 2) {
    // One loss per row (0 for ignored rows).
    result = core::zeros({p.batch}, self.dtype());
    core::index_put_(result, {core::TensorIndex::make_tensor(p.rows)}, core::unary(core::UnaryOp::Neg, picked), false);
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

Tensor cross_entropy(const Tensor& self, const Tensor& target, Reduction reduction, int64_t ignore_index) {
  int64_t class_dim = self.dim() == 1 ? 0 : 1;
  return autograd::nll_loss(autograd::log_softmax(self, class_dim, self.dtype()), target, reduction, ignore_index);
}

Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target, Reduction reduction) {
  STRIDELAB_CHECK_VALUE(self.sizes() == target.sizes(), "Target size (torch.Size(", core::format_int_list(target.sizes()),
                        ")) must be the same as input size (torch.Size(", core::format_int_list(self.sizes()), "))");
  auto fn = make_node<BinaryCrossEntropyWithLogitsBackward0>(self, target);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->target_ = SavedVariable(target, false);
    fn->reduction = static_cast<int64_t>(reduction);
  }
  // loss = (1 - target) * x + max_val + autograd::log(autograd::exp(-max_val) + autograd::exp(-x - max_val)), max_val = autograd::max(-x, 0)
  using core::UnaryOp;
  Tensor neg_x = core::unary(UnaryOp::Neg, self);
  Tensor max_val = core::clamp(neg_x, Scalar(int64_t{0}), std::nullopt);
  Tensor one = wrapped(Scalar(int64_t{1}));
  Tensor loss = core::binary(BinaryOp::Mul, core::binary(BinaryOp::Sub, one, target), self);
  loss = core::binary(BinaryOp::Add, loss, max_val);
  Tensor e1 = core::unary(UnaryOp::Exp, core::unary(UnaryOp::Neg, max_val));
  Tensor e2 = core::unary(UnaryOp::Exp, core::binary(BinaryOp::Sub, neg_x, max_val));
  loss = core::binary(BinaryOp::Add, loss, core::unary(UnaryOp::Log, core::binary(BinaryOp::Add, e1, e2)));
  Tensor result = reduce(loss, reduction);
  if (fn) impl::set_history(result, fn);
  return result;
}

}  // namespace stridelab::autograd
