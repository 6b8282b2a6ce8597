// cat and stack; repeat, flip, tril, triu, diag, roll (the rows of autograd/join_ops.def, with their
// formulas).
#include <algorithm>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"
#include "core/scatter.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::with_history;

namespace {

struct CatBackward0 : Node {
  NODE_NAME(CatBackward0)
  std::vector<IntArray> sizes;
  std::vector<DType> dtypes;
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(sizes.size());
    const Tensor& grad = grads.at(0);
    if (!grad.defined()) return out;
    // cat's legacy rule: a 1-D empty input does not count for the dim.
    int64_t ndim = 0;
    for (const IntArray& s : sizes) {
      if (!(s.size() == 1 && s[0] == 0)) ndim = static_cast<int64_t>(s.size());
    }
    int64_t d = ndim == 0 ? dim : core::wrap_dim(dim, ndim);
    int64_t offset = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i].size() == 1 && sizes[i][0] == 0) {
        if (task_should_compute_output(i)) out[i] = detail::zeros({0}, grad.dtype());
        continue;
      }
      int64_t size = sizes[i][d];
      if (task_should_compute_output(i)) out[i] = autograd::narrow(grad, d, offset, size);
      offset += size;
    }
    return out;
  }
};

struct StackBackward0 : Node {
  NODE_NAME(StackBackward0)
  size_t count = 0;
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(count);
    const Tensor& grad = grads.at(0);
    if (!grad.defined()) return out;
    for (size_t i = 0; i < count; ++i) {
      if (task_should_compute_output(i)) out[i] = autograd::select(grad, dim, static_cast<int64_t>(i));
    }
    return out;
  }
};

Tensor repeat_backward(Tensor grad, const IntArray& self_sizes, const IntArray& repeats) {
  if (std::find(repeats.begin(), repeats.end(), 0) != repeats.end()) return detail::zeros(self_sizes, grad.dtype());
  int64_t input_dims = static_cast<int64_t>(self_sizes.size());
  int64_t unsqueezed = grad.dim() - input_dims;
  for (int64_t i = 0; i < unsqueezed; ++i) grad = autograd::sum(grad, {0}, false);
  IntArray grad_size, sum_dims;
  for (int64_t d = 0; d < input_dims; ++d) {
    int64_t r = repeats[d + unsqueezed];
    if (r != 1) {
      grad_size.push_back(r);
      sum_dims.push_back(static_cast<int64_t>(grad_size.size()) - 1);
    }
    grad_size.push_back(self_sizes[d]);
  }
  if (!sum_dims.empty()) grad = autograd::sum(autograd::reshape(grad, grad_size), sum_dims);
  return grad;
}

// diag: a 1-D input gets the diagonal of the gradient back; a 2-D one a matrix with the gradient
// on its diagonal.
Tensor diag_backward(const Tensor& grad, const IntArray& self_sizes, int64_t diagonal) {
  if (self_sizes.size() == 1 || self_sizes[0] == self_sizes[1]) return autograd::diag(grad, diagonal);
  Tensor z = detail::zeros(self_sizes, grad.dtype());
  core::copy_(core::diagonal(z, diagonal, 0, 1), grad);
  return z;
}

Tensor roll_backward(const Tensor& grad, const IntArray& shifts, const IntArray& dims) {
  IntArray back_shifts(shifts.rbegin(), shifts.rend()), back_dims(dims.rbegin(), dims.rend());
  for (int64_t& s : back_shifts) s = -s;
  return autograd::roll(grad, back_shifts, back_dims);
}

}  // namespace

#define SHAPE_OP(name, node, params, kernel, attributes, backward, ...)             \
  namespace {                                                                       \
  STRIDELAB_FORMULA_NODE(node, (params), (attributes), backward)                    \
  }                                                                                 \
  Tensor name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params)) { \
    auto fn = make_node<node>(self);                                                \
    if (fn) {                                                                       \
      fn->self_sizes = self.sizes();                                                \
      STRIDELAB_FOR_EACH(STRIDELAB_PARAM_STORE, params)                             \
    }                                                                               \
    Tensor result = kernel;                                                         \
    return with_history(result, fn);                                                \
  }
#include "autograd/join_ops.def"

namespace {

// tril_ / triu_: in place, recorded as the rows' TrilBackward0 / TriuBackward0.
template <class N>
Tensor& triangle_(Tensor& self, int64_t diagonal, bool lower) {
  const bool rg = detail::any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<N> fn;
  if (rg) {
    fn = new_node<N>();
    fn->set_next_edges(detail::collect_next_edges(self));
    fn->diagonal = diagonal;
  }
  if (lower) core::tril_(self, diagonal);
  else core::triu_(self, diagonal);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

}  // namespace

Tensor& tril_(Tensor& self, int64_t diagonal) { return triangle_<TrilBackward0>(self, diagonal, true); }
Tensor& triu_(Tensor& self, int64_t diagonal) { return triangle_<TriuBackward0>(self, diagonal, false); }

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  std::shared_ptr<CatBackward0> fn;
  if (detail::any_requires_grad_list(tensors)) {
    fn = new_node<CatBackward0>();
    fn->set_next_edges(detail::collect_next_edges_list(tensors));
    for (const Tensor& t : tensors) {
      fn->sizes.push_back(t.sizes());
      fn->dtypes.push_back(t.dtype());
    }
    fn->dim = dim;
  }
  Tensor result = core::cat(tensors, dim);
  return with_history(result, fn);
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  std::shared_ptr<StackBackward0> fn;
  if (detail::any_requires_grad_list(tensors)) {
    fn = new_node<StackBackward0>();
    fn->set_next_edges(detail::collect_next_edges_list(tensors));
    fn->count = tensors.size();
  }
  Tensor result = core::stack(tensors, dim);
  if (fn) {
    fn->dim = core::wrap_dim(dim, result.dim());
    impl::set_history(result, fn);
  }
  return result;
}

}  // namespace stridelab::autograd
