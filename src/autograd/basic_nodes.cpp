#include "autograd/basic_nodes.h"

#include <cstdint>
#include <unordered_set>
#include <utility>

#include "autograd/engine.h"
#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/saved_variable.h"
#include "core/error.h"

namespace stridelab::autograd {

namespace {

// PyTorch's gradient layout contract: a dense variable's grad has the variable's strides (ignoring
// dims of size 1), any other variable's grad is contiguous.
bool obeys_layout_contract(const Tensor& grad, const Tensor& variable) {
  if (!core::is_non_overlapping_and_dense(variable)) return grad.is_contiguous();
  for (int64_t d = 0; d < grad.dim(); ++d) {
    if (grad.sizes()[d] != 1) {
      if (grad.strides()[d] != variable.strides()[d]) return false;
    } else if (grad.strides()[d] == 0) {
      return false;
    }
  }
  return true;
}

Tensor clone_obey_contract(const Tensor& new_grad, const Tensor& variable) {
  if (core::is_non_overlapping_and_dense(variable)) {
    Tensor out = core::empty_strided(variable.sizes(), variable.strides(), new_grad.dtype());
    autograd::copy_(out, new_grad);
    return out;
  }
  return autograd::clone(new_grad, MemoryFormat::Contiguous);
}

}  // namespace

namespace {
const void* g_owner = nullptr;
// Every live AccumulateGrad, for break_grad_cycles (NOTE [Gradient cycles]).
std::unordered_set<AccumulateGrad*>& live_accumulators() {
  static auto* live = new std::unordered_set<AccumulateGrad*>;  // outlives every node
  return *live;
}
}  // namespace

AccumulateGrad::AccumulateGrad(Tensor variable) : Node(UINT64_MAX), variable_(std::move(variable)), owner_(g_owner) {
  add_input_metadata(variable_);
  live_accumulators().insert(this);
}

AccumulateGrad::~AccumulateGrad() { live_accumulators().erase(this); }

const void* set_grad_cycle_owner(const void* owner) { return std::exchange(g_owner, owner); }

void break_grad_cycles(const void* owner) {
  // Collected first: dropping a gradient may free accumulators, which leave the set.
  std::vector<Tensor> leaves;
  for (AccumulateGrad* acc : live_accumulators())
    if (acc->owner() == owner && acc->variable().defined()) leaves.push_back(acc->variable());
  for (const Tensor& leaf : leaves) {
    Tensor g = grad(leaf);
    if (g.defined() && grad_fn(g)) set_grad(leaf, Tensor());
  }
}

void accumulate_grad(const Tensor& variable, Tensor& grad, Tensor new_grad, long num_expected_refs) {
  if (!grad.defined()) {
    if (!GradMode::is_enabled() && new_grad.impl_ptr().use_count() <= num_expected_refs &&
        obeys_layout_contract(new_grad, variable)) {
      grad = detach(new_grad);  // nobody else holds it: keep it rather than copy
    } else {
      grad = clone_obey_contract(new_grad, variable);
    }
  } else if (!GradMode::is_enabled()) {
    core::binary_(core::BinaryOp::Add, grad, new_grad);  // grad += new_grad
    grad.bump_version();
  } else {
    grad = autograd::add(grad, new_grad);
  }
}

variable_list AccumulateGrad::apply(variable_list&& grads) {
  if (grads.empty() || !grads[0].defined()) return {};
  STRIDELAB_CHECK(!grad_fn(variable_), "leaf variable has been moved into the graph interior");
  if (!requires_grad(variable_)) return {};
  Tensor new_grad = std::move(grads[0]);
  AutogradMeta* meta = impl::materialize_meta(variable_);
  if (meta->hooks) new_grad = meta->hooks->run(std::move(new_grad));
  accumulate_grad(variable_, meta->grad, std::move(new_grad), 1);
  return {};
}

CopySlices::CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn)
    : base_sizes_(base.sizes()),
      base_strides_(base.strides()),
      base_offset_(base.storage_offset()),
      view_sizes_(view.sizes()),
      view_strides_(view.strides()),
      view_offset_(view.storage_offset()),
      fn_(std::move(fn)) {
  add_input_metadata(base);
  add_next_edge(impl::gradient_edge(base));
  for (size_t i = 1; i < fn_->num_outputs(); ++i) add_next_edge(fn_->next_edge(i));
}

variable_list CopySlices::apply(variable_list&& grads) {
  STRIDELAB_CHECK(fn_ != nullptr, kBackwardTwiceMessage);
  const Tensor& grad = grads.at(0);
  variable_list grad_inputs(num_outputs());
  if (!grad.defined()) return grad_inputs;
  // The base's gradient in the base's layout; the view's region of it goes through fn.
  Tensor result = core::empty_strided(base_sizes_, base_strides_, grad.dtype());
  autograd::copy_(result, grad);
  for (const Edge& next : fn_->next_edges()) {
    if (next.is_valid()) engine_mark_needed(next.function.get());
  }
  Tensor grad_slice =
      autograd::as_strided(result, view_sizes_, view_strides_, view_offset_ - base_offset_ + result.storage_offset());
  variable_list res = (*fn_).apply({autograd::clone(grad_slice, MemoryFormat::Contiguous)});
  for (size_t i = 0; i < res.size() && i < grad_inputs.size(); ++i) {
    if (!task_should_compute_output(i)) continue;
    if (i == 0) {
      if (res[0].defined()) autograd::copy_(grad_slice, res[0]);
      else autograd::zero_(grad_slice);
      grad_inputs[0] = std::move(result);
    } else {
      grad_inputs[i] = std::move(res[i]);
    }
  }
  return grad_inputs;
}

}  // namespace stridelab::autograd
