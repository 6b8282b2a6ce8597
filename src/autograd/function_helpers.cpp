#include "autograd/function_helpers.h"

#include <algorithm>
#include <string_view>

#include "autograd/ops.h"

namespace stridelab::autograd::detail {

bool any_requires_grad_list(const std::vector<Tensor>& ts) {
  if (!GradMode::is_enabled()) return false;
  for (const Tensor& t : ts) {
    if (t.defined() && requires_grad(t)) return true;
  }
  return false;
}

std::vector<Edge> collect_next_edges_list(const std::vector<Tensor>& ts) {
  std::vector<Edge> edges;
  edges.reserve(ts.size());
  for (const Tensor& t : ts) edges.push_back(t.defined() ? impl::gradient_edge(t) : Edge());
  return edges;
}

bool any_defined(const variable_list& grads) {
  for (const Tensor& g : grads) {
    if (g.defined()) return true;
  }
  return false;
}

Tensor sum_to(const Tensor& grad, const core::IntArray& shape) {
  if (shape.empty()) return autograd::sum(grad);
  const core::IntArray& sizes = grad.sizes();
  int64_t leading = static_cast<int64_t>(sizes.size()) - static_cast<int64_t>(shape.size());
  core::IntArray dims;
  for (int64_t i = 0; i < leading; ++i) dims.push_back(i);
  for (int64_t i = leading; i < static_cast<int64_t>(sizes.size()); ++i) {
    if (shape[i - leading] == 1 && sizes[i] != 1) dims.push_back(i);
  }
  Tensor t = grad;
  if (!dims.empty()) t = autograd::sum(t, dims, /*keepdim=*/true);
  return leading > 0 ? autograd::view(t, shape) : t;
}

Tensor zeros(const core::IntArray& sizes, core::DType dtype) { return core::zeros(sizes, dtype); }

Tensor zeros_like(const Tensor& t) { return core::zeros(t.sizes(), t.dtype()); }

Tensor sign(const Tensor& t) {
  Tensor zero = core::scalar_tensor(Scalar(int64_t{0}), t.dtype());
  Tensor pos = core::to(core::binary(core::BinaryOp::Gt, t, zero), t.dtype());
  Tensor neg = core::to(core::binary(core::BinaryOp::Lt, t, zero), t.dtype());
  return core::binary(core::BinaryOp::Sub, pos, neg);
}

Tensor cast(const Tensor& t, core::DType dtype) { return core::to(t, dtype); }

Tensor wrapped(Scalar v) { return core::scalar_tensor(v, v.dtype(), /*wrapped_number=*/true); }

Tensor maybe_multiply(const Tensor& t, Scalar s) {
  bool is_one = s.is_float() ? s.to_double() == 1.0 : s.to_int() == 1;
  return is_one ? t : autograd::mul(t, wrapped(s));
}

void sort_by_name(std::vector<SavedTensorRef>& refs) {
  std::sort(refs.begin(), refs.end(),
            [](const SavedTensorRef& a, const SavedTensorRef& b) { return std::string_view(a.name) < b.name; });
}

}  // namespace stridelab::autograd::detail
