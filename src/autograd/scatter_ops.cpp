// The scatter / index family: scatter, scatter_add, index_add, index_copy, index_fill (each out of
// place and in place) and take_along_dim, with PyTorch 1.13's nodes and formulas
// (derivatives.yaml): the gradients are themselves these ops, gather and index_select.
#include <algorithm>
#include <array>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::any_requires_grad;
using detail::collect_next_edges;
using detail::maybe_multiply;
using detail::SavingNode;
using detail::with_history;

namespace {

Scalar zero() { return Scalar(int64_t{0}); }

// The nodes saving dim and index (and, for index_add / index_copy, source).
template <class Derived>
struct DimIndexNode : SavingNode<Derived> {
  SavedVariable index_;
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
};

struct ScatterBackward0 : DimIndexNode<ScatterBackward0> {
  NODE_NAME(ScatterBackward0)
  static auto saved_fields() { return std::array{Field{"_saved_index", &ScatterBackward0::index_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::scatter(grads[0], dim, index, zero());
    if (task_should_compute_output(1)) out[1] = autograd::gather(grads[0], dim, index);
    return out;
  }
};

struct ScatterBackward1 : DimIndexNode<ScatterBackward1> {
  NODE_NAME(ScatterBackward1)
  static auto saved_fields() { return std::array{Field{"_saved_index", &ScatterBackward1::index_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(1);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::scatter(grads[0], dim, index, zero());
    return out;
  }
};

struct ScatterAddBackward0 : DimIndexNode<ScatterAddBackward0> {
  NODE_NAME(ScatterAddBackward0)
  static auto saved_fields() { return std::array{Field{"_saved_index", &ScatterAddBackward0::index_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = grads[0];
    if (task_should_compute_output(1)) out[1] = autograd::gather(grads[0], dim, index);
    return out;
  }
};

// d/d source of index_add and index_copy: the selected slices of grad, shaped as source.
Tensor source_gradient(const Tensor& grad, int64_t dim, const Tensor& index, int64_t source_dim,
                       const IntArray& source_sizes) {
  if (source_dim > 0) return autograd::expand(autograd::index_select(grad, dim, index), source_sizes);
  return autograd::index_select(grad, dim, core::squeeze(index, 0));
}

struct IndexAddBackward0 : DimIndexNode<IndexAddBackward0> {
  NODE_NAME(IndexAddBackward0)
  SavedVariable source_;
  Scalar alpha;
  int64_t source_dim = 0;
  IntArray source_sizes;
  static auto saved_fields() {
    return std::array{Field{"_saved_index", &IndexAddBackward0::index_},
                      Field{"_saved_source", &IndexAddBackward0::source_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_alpha", alpha}, {"_saved_dim", dim}, {"_saved_source_dim", source_dim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = grads[0];
    if (task_should_compute_output(1))
      out[1] = maybe_multiply(source_gradient(grads[0], dim, index, source_dim, source_sizes), alpha);
    return out;
  }
};

struct IndexCopyBackward0 : DimIndexNode<IndexCopyBackward0> {
  NODE_NAME(IndexCopyBackward0)
  SavedVariable source_;
  int64_t source_dim = 0;
  IntArray source_sizes;
  static auto saved_fields() {
    return std::array{Field{"_saved_index", &IndexCopyBackward0::index_},
                      Field{"_saved_source", &IndexCopyBackward0::source_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_source_dim", source_dim}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(2);
    if (!any_defined(grads)) return out;
    if (task_should_compute_output(0)) out[0] = autograd::index_fill(grads[0], dim, index, zero());
    if (task_should_compute_output(1)) out[1] = source_gradient(grads[0], dim, index, source_dim, source_sizes);
    return out;
  }
};

// The distinct values of a 1-d (or 0-d) int64 index, sorted: PyTorch's _unique(index, false).
Tensor unique_index(const Tensor& index) {
  std::vector<int64_t> v;
  for (int64_t k = 0; k < index.numel(); ++k) v.push_back(core::get_flat(index, k).to_int());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  std::vector<Scalar> s(v.begin(), v.end());
  return core::from_values(s, {static_cast<int64_t>(s.size())}, core::DType::Int64);
}

template <int N>
struct IndexFillBackward : DimIndexNode<IndexFillBackward<N>> {
  using Field = typename SavingNode<IndexFillBackward<N>>::Field;
  std::string name() const override { return N == 0 ? "IndexFillBackward0" : "IndexFillBackward1"; }
  static auto saved_fields() { return std::array{Field{"_saved_index", &IndexFillBackward<N>::index_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor index = this->index_.unpack();
    variable_list out(N + 1);
    if (!any_defined(grads)) return out;
    if (this->task_should_compute_output(0)) out[0] = autograd::index_fill(grads[0], this->dim, index, zero());
    if constexpr (N == 1) {
      if (this->task_should_compute_output(1))
        out[1] = autograd::sum(autograd::index_select(grads[0], this->dim, unique_index(index)));
    }
    return out;
  }
};

// An op PyTorch records but cannot differentiate (scatter with reduce=).
struct NotImplementedScatter : Node {
  std::string name() const override { return "torch::autograd::NotImplemented"; }
  std::string type_name() const override { return "NotImplemented"; }
  variable_list apply(variable_list&&) override {
    STRIDELAB_CHECK(false, "derivative for aten::scatter is not implemented");
    return {};
  }
};

// A contiguous copy of self to write into (the out-of-place forms' result).
Tensor fresh_copy(const Tensor& self) {
  Tensor result = core::empty(self.sizes(), self.dtype());
  core::copy_(result, self);
  return result;
}

// Runs the kernel into a fresh copy of self (out of place) or into self (in place), recording fn.
template <class N, class Kernel>
Tensor run_out_of_place(const std::shared_ptr<N>& fn, const Tensor& self, Kernel&& kernel) {
  Tensor result = fresh_copy(self);
  kernel(result);
  return with_history(result, fn);
}

template <class N, class Kernel>
Tensor& run_in_place(const std::shared_ptr<N>& fn, Tensor& self, Kernel&& kernel) {
  kernel(self);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

// The node of a scatter-family op over (self, other), other may be undefined.
template <class N>
std::shared_ptr<N> node_for(const Tensor& self, const Tensor& other, int64_t dim, const Tensor& index) {
  if (!(other.defined() ? any_requires_grad(self, other) : any_requires_grad(self))) return nullptr;
  auto fn = new_node<N>();
  if (other.defined()) fn->set_next_edges(collect_next_edges(self, other));
  else fn->set_next_edges(collect_next_edges(self));
  if constexpr (!std::is_same_v<N, NotImplementedScatter>) {
    fn->dim = dim;
    fn->index_ = SavedVariable(index, false);
  }
  return fn;
}

std::shared_ptr<Node> scatter_node(const Tensor& self, const Tensor& src, int64_t dim, const Tensor& index,
                                   ScatterReduce reduce) {
  if (reduce != ScatterReduce::None) {
    auto fn = node_for<NotImplementedScatter>(self, src, dim, index);
    if (fn) {
      // Only the inputs with a gradient edge are linked, as PyTorch's NotImplemented node does.
      std::vector<Edge> edges = src.defined() ? collect_next_edges(self, src) : collect_next_edges(self);
      std::erase_if(edges, [](const Edge& e) { return !e.is_valid(); });
      fn->set_next_edges(std::move(edges));
    }
    return fn;
  }
  if (src.defined()) return node_for<ScatterBackward0>(self, src, dim, index);
  return node_for<ScatterBackward1>(self, Tensor(), dim, index);
}

}  // namespace

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, ScatterReduce reduce) {
  auto fn = scatter_node(self, src, dim, index, reduce);
  return run_out_of_place(fn, self, [&](const Tensor& r) { core::scatter_(r, dim, index, src, reduce); });
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value, ScatterReduce reduce) {
  auto fn = scatter_node(self, Tensor(), dim, index, reduce);
  return run_out_of_place(fn, self, [&](const Tensor& r) { core::scatter_value_(r, dim, index, value, reduce); });
}

Tensor& scatter_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, ScatterReduce reduce) {
  impl::check_inplace(self, any_requires_grad(self, src));
  auto fn = scatter_node(self, src, dim, index, reduce);
  return run_in_place(fn, self, [&](const Tensor& r) { core::scatter_(r, dim, index, src, reduce); });
}

Tensor& scatter_(Tensor& self, int64_t dim, const Tensor& index, Scalar value, ScatterReduce reduce) {
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = scatter_node(self, Tensor(), dim, index, reduce);
  return run_in_place(fn, self, [&](const Tensor& r) { core::scatter_value_(r, dim, index, value, reduce); });
}

Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  auto fn = node_for<ScatterAddBackward0>(self, src, dim, index);
  return run_out_of_place(fn, self, [&](const Tensor& r) { core::scatter_(r, dim, index, src, ScatterReduce::Add); });
}

Tensor& scatter_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  impl::check_inplace(self, any_requires_grad(self, src));
  auto fn = node_for<ScatterAddBackward0>(self, src, dim, index);
  return run_in_place(fn, self, [&](const Tensor& r) { core::scatter_(r, dim, index, src, ScatterReduce::Add); });
}

namespace {

template <class N>
std::shared_ptr<N> source_node(const Tensor& self, const Tensor& source, int64_t dim, const Tensor& index) {
  auto fn = node_for<N>(self, source, dim, index);
  if (fn) {
    fn->source_ = SavedVariable(source, false);
    fn->source_dim = source.dim();
    fn->source_sizes = source.sizes();
  }
  return fn;
}

}  // namespace

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha) {
  auto fn = source_node<IndexAddBackward0>(self, source, dim, index);
  if (fn) fn->alpha = alpha;
  return run_out_of_place(fn, self, [&](const Tensor& r) { core::index_add_(r, dim, index, source, alpha); });
}

Tensor& index_add_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha) {
  impl::check_inplace(self, any_requires_grad(self, source));
  auto fn = source_node<IndexAddBackward0>(self, source, dim, index);
  if (fn) fn->alpha = alpha;
  return run_in_place(fn, self, [&](const Tensor& r) { core::index_add_(r, dim, index, source, alpha); });
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  auto fn = source_node<IndexCopyBackward0>(self, source, dim, index);
  return run_out_of_place(fn, self, [&](const Tensor& r) { core::index_copy_(r, dim, index, source); });
}

Tensor& index_copy_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  impl::check_inplace(self, any_requires_grad(self, source));
  auto fn = source_node<IndexCopyBackward0>(self, source, dim, index);
  return run_in_place(fn, self, [&](const Tensor& r) { core::index_copy_(r, dim, index, source); });
}

namespace {

void check_fill_value(const Tensor& value) {
  STRIDELAB_CHECK(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                  value.dim(), " dimension(s).");
}

}  // namespace

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value) {
  auto fn = node_for<IndexFillBackward<0>>(self, Tensor(), dim, index);
  Tensor result = core::clone(self);
  core::index_fill_(result, dim, index, value);
  return with_history(result, fn);
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  auto fn = node_for<IndexFillBackward<1>>(self, value, dim, index);
  Tensor result = core::clone(self);
  check_fill_value(value);
  core::index_fill_(result, dim, index, core::item(value));
  return with_history(result, fn);
}

Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, Scalar value) {
  impl::check_inplace(self, any_requires_grad(self));
  auto fn = node_for<IndexFillBackward<0>>(self, Tensor(), dim, index);
  return run_in_place(fn, self, [&](const Tensor& r) { core::index_fill_(r, dim, index, value); });
}

Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  impl::check_inplace(self, any_requires_grad(self, value));
  auto fn = node_for<IndexFillBackward<1>>(self, value, dim, index);
  return run_in_place(fn, self, [&](const Tensor& r) {
    check_fill_value(value);
    core::index_fill_(r, dim, index, core::item(value));
  });
}

Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> opt_dim) {
  if (!opt_dim) return autograd::gather(autograd::view(self, {-1}), 0, autograd::view(indices, {-1}));
  STRIDELAB_CHECK(self.dim() == indices.dim(),
                  "torch.take_along_dim(): input and indices should have the same number of dimensions, but got ",
                  self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  STRIDELAB_CHECK(indices.dtype() == core::DType::Int64,
                  "torch.take_along_dim(): dtype of indices should be Long but got ",
                  core::scalar_type_name(indices.dtype()));
  int64_t dim = core::wrap_dim(*opt_dim, self.dim());
  IntArray self_sizes = self.sizes();
  self_sizes[static_cast<size_t>(dim)] = indices.size(dim);
  Tensor indices_b = autograd::expand(indices, core::broadcast_shapes(self_sizes, indices.sizes()));
  IntArray indices_sizes = indices.sizes();
  indices_sizes[static_cast<size_t>(dim)] = self.size(dim);
  Tensor self_b = autograd::expand(self, core::broadcast_shapes(indices_sizes, self.sizes()));
  return autograd::gather(self_b, dim, indices_b);
}

}  // namespace stridelab::autograd
