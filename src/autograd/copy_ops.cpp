// Copies, casts and the in-place writes that replace a tensor's values (copy_, fill_, zero_, the
// random fills).
#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"
#include "core/random.h"
#include "core/sampling.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::any_requires_grad;
using detail::collect_next_edges;
using detail::make_node;
using detail::with_history;

namespace {

struct CloneBackward0 : Node {
  NODE_NAME(CloneBackward0)
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = grads[0];
    return out;
  }
};

struct ToCopyBackward0 : Node {
  NODE_NAME(ToCopyBackward0)
  DType self_dtype{};
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = autograd::to(grads[0], self_dtype);
    return out;
  }
};

// A hand-written node in PyTorch (not generated), so its name() carries the namespace.
struct CopyBackwards : Node {
  std::string name() const override { return "torch::autograd::CopyBackwards"; }
  std::string type_name() const override { return "CopyBackwards"; }
  DType src_dtype{};
  variable_list apply(variable_list&& grads) override {
    variable_list out(2);
    const Tensor& grad = grads.at(0);
    if (!grad.defined()) return out;
    if (task_should_compute_output(0)) out[0] = detail::zeros_like(grad);
    if (task_should_compute_output(1)) out[1] = autograd::to(grad, src_dtype);
    return out;
  }
};

// A node whose input's old values are gone: zero gradient (fill_, zero_, normal_, uniform_).
struct OverwriteBackward : Node {
  explicit OverwriteBackward(const char* name) : name_(name) {}
  std::string name() const override { return name_; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(num_outputs());
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = detail::zeros_like(grads[0]);
    // FillBackward3: the 0-d value gets the sum of the gradient.
    if (num_outputs() > 1 && task_should_compute_output(1)) out[1] = autograd::sum(grads[0]);
    return out;
  }

 private:
  const char* name_;
};

// Runs write(self) as an in-place op whose node is `name` with inputs (self, others...).
template <class Write>
Tensor& overwrite(Tensor& self, const char* name, const Tensor& value, Write write) {
  bool rg = value.defined() ? any_requires_grad(self, value) : any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<OverwriteBackward> fn;
  if (rg) {
    fn = new_node<OverwriteBackward>(name);
    fn->set_next_edges(value.defined() ? collect_next_edges(self, value) : collect_next_edges(self));
  }
  write();
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

}  // namespace

// A copy of an inference tensor made outside inference mode starts at version 1: PyTorch counts
// the copy_ into it (NOTE [Inference tensors] in core/tensor.h).
static void copied_from_inference(const Tensor& self, const Tensor& result) {
  if (self.is_inference() && !core::InferenceMode::enabled) result.bump_version();
}

Tensor clone(const Tensor& self, MemoryFormat format) {
  auto fn = make_node<CloneBackward0>(self);
  Tensor result;
  if (format == MemoryFormat::Preserve) {
    result = core::clone(self);
  } else {
    result = core::empty(self.sizes(), self.dtype());
    core::copy_(result, self);
  }
  copied_from_inference(self, result);
  return with_history(result, fn);
}

Tensor contiguous(const Tensor& self) {
  if (self.is_contiguous()) return self;
  return autograd::clone(self, MemoryFormat::Contiguous);
}

Tensor to(const Tensor& self, DType dtype, bool copy) {
  if (self.dtype() == dtype && !copy) return self;
  std::shared_ptr<ToCopyBackward0> fn;
  if (detail::is_differentiable(dtype)) fn = make_node<ToCopyBackward0>(self);
  if (fn) fn->self_dtype = self.dtype();
  Tensor result = core::to(self, dtype, true);
  copied_from_inference(self, result);
  return with_history(result, fn);
}

Tensor& copy_(Tensor& self, const Tensor& src) {
  bool rg = any_requires_grad(self, src) && detail::is_differentiable(self.dtype());
  impl::check_inplace(self, rg);
  std::shared_ptr<CopyBackwards> fn;
  if (rg) {
    fn = new_node<CopyBackwards>();
    fn->set_next_edges(collect_next_edges(self, src));
    fn->src_dtype = src.dtype();
  }
  core::copy_(self, src);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

Tensor& fill_(Tensor& self, Scalar value) {
  return overwrite(self, "FillBackward2", Tensor(), [&] { core::fill_(self, value); });
}

Tensor& fill_(Tensor& self, const Tensor& value) {
  STRIDELAB_CHECK(value.dim() == 0, "fill_ only supports 0-dimension value tensor but got tensor with ", value.dim(),
                  " dimensions.");
  return overwrite(self, "FillBackward3", value, [&] { core::fill_(self, core::item(value)); });
}

Tensor& zero_(Tensor& self) {
  return overwrite(self, "ZeroBackward0", Tensor(), [&] { core::fill_(self, Scalar(int64_t{0})); });
}

Tensor& exponential_(Tensor& self, double lambd) {
  return overwrite(self, "ExponentialBackward0", Tensor(), [&] { core::exponential_(self, lambd); });
}

Tensor& normal_(Tensor& self, double mean, double std) {
  return overwrite(self, "NormalBackward0", Tensor(), [&] { core::normal_(self, mean, std); });
}

Tensor& uniform_(Tensor& self, double from, double to) {
  return overwrite(self, "UniformBackward0", Tensor(), [&] { core::uniform_(self, from, to); });
}

}  // namespace stridelab::autograd
