// The nodes that are not the backward of one op: AccumulateGrad (a leaf's gradient sink) and
// CopySlices (an in-place op through a view, recorded on the view's base).
#pragma once

#include "autograd/node.h"

namespace stridelab::autograd {

// The gradient sink of a leaf that requires grad: adds what it receives into the leaf's .grad
// (after the leaf's hooks run). One per leaf while a graph uses it: the leaf only keeps it weakly,
// the nodes of the graph keep it alive. It holds the leaf (Python's `grad_fn.variable`).
// NOTE [Gradient cycles]
// backward(create_graph=True) on a leaf gives it a gradient with a history, and that history ends
// in the leaf's AccumulateGrad, which holds the leaf: a reference cycle, which PyTorch warns about
// and leaks until the gradient is reset. The playground keeps that behaviour while a program runs
// and breaks the cycles when its interpreter goes: each AccumulateGrad records the owner that was
// current when it was made (the running interpreter), and break_grad_cycles(owner) resets the
// gradients that have a history on that owner's leaves.
class AccumulateGrad : public Node {
 public:
  explicit AccumulateGrad(Tensor variable);
  ~AccumulateGrad() override;
  std::string name() const override { return "torch::autograd::AccumulateGrad"; }
  std::string type_name() const override { return "AccumulateGrad"; }
  variable_list apply(variable_list&& grads) override;

  const Tensor& variable() const { return variable_; }
  const void* owner() const { return owner_; }
  void release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors) override {
    Node::release_for_deletion(nodes, tensors);
    tensors.push_back(std::move(variable_));
  }

 private:
  Tensor variable_;
  const void* owner_;
};

// The owner recorded by AccumulateGrads made from now on (NOTE [Gradient cycles]); returns the
// previous one, for restoring.
const void* set_grad_cycle_owner(const void* owner);
// Resets every gradient that has a history on a leaf whose AccumulateGrad belongs to `owner`.
void break_grad_cycles(const void* owner);

// Stores new_grad into variable's grad slot `grad` as PyTorch's AccumulateGrad does: steals it when
// nothing else holds it and its layout matches the variable's, else copies it into the variable's
// layout; later gradients are added (in place when not building a graph).
void accumulate_grad(const Tensor& variable, Tensor& grad, Tensor new_grad, long num_expected_refs);

// An in-place op `fn` applied to a view of `base`: in backward the gradient of the base passes
// through unchanged except for the view's region, which goes through fn (so the elements the op
// overwrote get fn's gradient, zero for a copy). Its next edge 0 is the base's history before the
// op; the others are fn's.
class CopySlices : public Node {
 public:
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn);
  std::string name() const override { return "torch::autograd::CopySlices"; }
  std::string type_name() const override { return "CopySlices"; }
  variable_list apply(variable_list&& grads) override;
  void release_variables() override { fn_ = nullptr; }
  void release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors) override {
    Node::release_for_deletion(nodes, tensors);
    if (fn_) nodes.push_back(std::move(fn_));
  }
  // The wrapped in-place op's node (null once released), for displaying what it saved.
  const std::shared_ptr<Node>& wrapped_fn() const { return fn_; }

 private:
  core::IntArray base_sizes_, base_strides_;
  int64_t base_offset_;
  core::IntArray view_sizes_, view_strides_;
  int64_t view_offset_;
  std::shared_ptr<Node> fn_;
};

}  // namespace stridelab::autograd
