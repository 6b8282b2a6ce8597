// cat, stack, repeat, flip; tril, triu, diag.
#include <algorithm>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

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

struct RepeatBackward0 : Node {
  NODE_NAME(RepeatBackward0)
  IntArray self_sizes, repeats;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_repeats", repeats}, {"_saved_self_sym_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor grad = grads[0];
    if (std::find(repeats.begin(), repeats.end(), 0) != repeats.end()) {
      out[0] = detail::zeros(self_sizes, grad.dtype());
      return out;
    }
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
    out[0] = grad;
    return out;
  }
};

struct FlipBackward0 : Node {
  NODE_NAME(FlipBackward0)
  IntArray dims;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dims", dims}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = autograd::flip(grads[0], dims);
    return out;
  }
};

// tril / triu: the gradient keeps the same triangle.
template <bool kLower>
struct TriangleBackward : Node {
  std::string name() const override { return kLower ? "TrilBackward0" : "TriuBackward0"; }
  int64_t diagonal = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_diagonal", diagonal}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0))
      out[0] = kLower ? autograd::tril(grads[0], diagonal) : autograd::triu(grads[0], diagonal);
    return out;
  }
};

// diag: a 1-D input gets the diagonal of the gradient back; a 2-D one a matrix with the gradient
// on its diagonal.
struct DiagBackward0 : Node {
  NODE_NAME(DiagBackward0)
  IntArray self_sizes;
  int64_t diagonal = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_diagonal", diagonal}, {"_saved_self_sym_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    if (self_sizes.size() == 1 || self_sizes[0] == self_sizes[1]) {
      out[0] = autograd::diag(grads[0], diagonal);
      return out;
    }
    Tensor z = detail::zeros(self_sizes, grads[0].dtype());
    core::copy_(core::diagonal(z, diagonal, 0, 1), grads[0]);
    out[0] = z;
    return out;
  }
};

template <bool kLower>
Tensor triangle(const Tensor& self, int64_t diagonal) {
  auto fn = make_node<TriangleBackward<kLower>>(self);
  if (fn) fn->diagonal = diagonal;
  Tensor result = kLower ? core::tril(self, diagonal) : core::triu(self, diagonal);
  return with_history(result, fn);
}

template <bool kLower>
Tensor& triangle_(Tensor& self, int64_t diagonal) {
  const bool rg = detail::any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<TriangleBackward<kLower>> fn;
  if (rg) {
    fn = new_node<TriangleBackward<kLower>>();
    fn->set_next_edges(detail::collect_next_edges(self));
    fn->diagonal = diagonal;
  }
  if (kLower) core::tril_(self, diagonal);
  else core::triu_(self, diagonal);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

}  // namespace

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle<true>(self, diagonal); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle<false>(self, diagonal); }
Tensor& tril_(Tensor& self, int64_t diagonal) { return triangle_<true>(self, diagonal); }
Tensor& triu_(Tensor& self, int64_t diagonal) { return triangle_<false>(self, diagonal); }

Tensor diag(const Tensor& self, int64_t diagonal) {
  auto fn = make_node<DiagBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->diagonal = diagonal;
  }
  Tensor result = core::diag(self, diagonal);
  return with_history(result, fn);
}

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

Tensor repeat(const Tensor& self, const IntArray& repeats) {
  auto fn = make_node<RepeatBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->repeats = repeats;
  }
  Tensor result = core::repeat(self, repeats);
  return with_history(result, fn);
}

Tensor flip(const Tensor& self, const IntArray& dims) {
  auto fn = make_node<FlipBackward0>(self);
  if (fn) fn->dims = dims;
  Tensor result = core::flip(self, dims);
  return with_history(result, fn);
}

}  // namespace stridelab::autograd
