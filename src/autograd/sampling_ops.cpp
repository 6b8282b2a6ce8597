// bernoulli and bernoulli_: random draws whose gradient is zero, recorded as PyTorch records them.
#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/sampling.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::any_requires_grad;
using detail::collect_next_edges;
using detail::make_node;
using detail::with_history;

namespace {

// The bernoulli nodes: a zero gradient for each input.
struct BernoulliBackward : Node {
  std::string name_;
  size_t inputs = 1;
  std::string name() const override { return name_; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(inputs);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = detail::zeros_like(grads[0]);
    return out;
  }
};

std::shared_ptr<BernoulliBackward> named(std::shared_ptr<BernoulliBackward> fn, const char* name, size_t inputs) {
  if (fn) {
    fn->name_ = name;
    fn->inputs = inputs;
  }
  return fn;
}

}  // namespace

Tensor bernoulli(const Tensor& p) {
  auto fn = named(make_node<BernoulliBackward>(p), "BernoulliBackward0", 1);
  Tensor result = core::empty_like(p);
  core::bernoulli_tensor_(result, p);
  return with_history(result, fn);
}

Tensor bernoulli(const Tensor& self, double p) {
  Tensor result = core::empty_like(self);
  core::bernoulli_scalar_(result, p);
  return result;
}

Tensor& bernoulli_(Tensor& self, const Tensor& p) {
  bool rg = any_requires_grad(self, p);
  impl::check_inplace(self, rg);
  std::shared_ptr<BernoulliBackward> fn;
  if (rg) {
    fn = named(new_node<BernoulliBackward>(), "BernoulliBackward1", 2);
    fn->set_next_edges(collect_next_edges(self, p));
  }
  core::bernoulli_tensor_(self, p);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

Tensor& bernoulli_(Tensor& self, double p) {
  bool rg = any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<BernoulliBackward> fn;
  if (rg) {
    fn = named(new_node<BernoulliBackward>(), "BernoulliBackward2", 1);
    fn->set_next_edges(collect_next_edges(self));
  }
  core::bernoulli_scalar_(self, p);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

}  // namespace stridelab::autograd
