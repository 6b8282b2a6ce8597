// Helpers shared by the files that define differentiable ops and their nodes (not a public API).
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "autograd/saved_variable.h"
#include "autograd/table_macros.h"
#include "autograd/variable.h"
#include "core/ops.h"

namespace stridelab::autograd::detail {

inline bool is_differentiable(core::DType d) { return core::is_floating(d); }

// Grad mode is on and some (defined) input requires grad.
template <class... Ts>
bool any_requires_grad(const Ts&... ts) {
  return GradMode::is_enabled() && (... || (ts.defined() && requires_grad(ts)));
}
bool any_requires_grad_list(const std::vector<Tensor>& ts);

// One edge per input, in order (a null edge for an input that does not require grad).
template <class... Ts>
std::vector<Edge> collect_next_edges(const Ts&... ts) {
  std::vector<Edge> edges;
  edges.reserve(sizeof...(ts));
  (edges.push_back(ts.defined() ? impl::gradient_edge(ts) : Edge()), ...);
  return edges;
}
std::vector<Edge> collect_next_edges_list(const std::vector<Tensor>& ts);

// A new node of type N with one next edge per input, or null when no input requires grad (or grad
// mode is off). Created before the op runs, as PyTorch does, so it takes its sequence number then.
template <class N, class... Ts>
std::shared_ptr<N> make_node(const Ts&... inputs) {
  if (!any_requires_grad(inputs...)) return nullptr;
  auto fn = new_node<N>();
  fn->set_next_edges(collect_next_edges(inputs...));
  return fn;
}

// Makes fn (when there is one) the grad_fn of a forward's result, and returns the result.
template <class N>
Tensor with_history(Tensor result, const std::shared_ptr<N>& fn) {
  if (fn) impl::set_history(result, fn);
  return result;
}

// True when any gradient is defined (the generated nodes return undefined gradients otherwise).
bool any_defined(const variable_list& grads);

// The user-visible side of an in-place write: one version bump.
inline void bump_version(const Tensor& t) { t.bump_version(); }

// PyTorch's at::sum_to: sums grad down to shape (leading dims, and dims where shape has 1).
Tensor sum_to(const Tensor& grad, const core::IntArray& shape);
// A zero tensor with t's sizes and dtype (contiguous).
Tensor zeros_like(const Tensor& t);
Tensor zeros(const core::IntArray& sizes, core::DType dtype);
// The sign of each element (0 at 0), no history.
Tensor sign(const Tensor& t);
// t cast to dtype, no history.
Tensor cast(const Tensor& t, core::DType dtype);
// A 0-d tensor holding a Python number, as PyTorch wraps one (lowest promotion priority).
Tensor wrapped(core::Scalar v);
// grad * s, skipping the multiplication when s is 1 (PyTorch's maybe_multiply).
Tensor maybe_multiply(const Tensor& t, core::Scalar s);

// The backward of the ops that pick elements places the incoming gradient into zeros, as PyTorch's
// _index_put_impl_, scatter, scatter_add, index_add_ and masked_scatter_ on zeros do: computed
// without recording, and recorded under that op's node name with its two edges (the zeros, which
// need no gradient, and the incoming gradient). Its own backward takes the same elements back out
// of the incoming gradient (`take`).
struct PlaceIntoZerosBackward : Node {
  std::string name_;
  std::function<Tensor(const Tensor&)> take;
  std::string name() const override { return name_; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(2);
    if (any_defined(grads) && task_should_compute_output(1)) out[1] = take(grads[0]);
    return out;
  }
};

template <class F>
Tensor place_into_zeros(const char* name, const Tensor& grad, F&& compute, std::function<Tensor(const Tensor&)> take) {
  std::shared_ptr<PlaceIntoZerosBackward> fn;
  if (any_requires_grad(grad)) {
    fn = new_node<PlaceIntoZerosBackward>();
    fn->set_next_edges({Edge(), impl::gradient_edge(grad)});
  }
  Tensor result;
  {
    NoGradGuard no_grad;
    result = compute();
  }
  if (fn) {
    fn->name_ = name;
    fn->take = std::move(take);
    impl::set_history(result, fn);
  }
  return result;
}

// The node a view gets when its base was modified in place after it was made.
std::shared_ptr<Node> make_as_strided_backward(const Tensor& base, const Tensor& view);

// ---- nodes -----------------------------------------------------------------------------------------

// grad_fn.name(): a node class is named as PyTorch names it, and NODE_NAME(MulBackward0) says so.
#define NODE_NAME(N) \
  std::string name() const override { return #N; }

// One saved tensor of a node: the name Python sees (`grad_fn._saved_self`) and the member holding it.
template <class N>
struct SavedField {
  const char* name;
  SavedVariable N::*member;
};

// Orders saved tensors by name, as PyTorch's dir(grad_fn) lists them: one function for every node
// type (a std::sort per type cost 78 KB of WebAssembly).
void sort_by_name(std::vector<SavedTensorRef>& refs);

// A node whose saved tensors are declared once, as a list: Derived has
//   static auto saved_fields() { return std::array{Field{"_saved_self", &Derived::self_}, ...}; }
// and this derives release_variables() (which frees them in that order) and saved_tensors() (which
// lists them by name, as PyTorch's dir(grad_fn) does) from it.
template <class Derived>
struct SavingNode : Node {
  using Field = SavedField<Derived>;
  void release_variables() override {
    for (const Field& f : Derived::saved_fields()) (static_cast<Derived*>(this)->*f.member).reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override {
    std::vector<SavedTensorRef> refs;
    for (const Field& f : Derived::saved_fields())
      refs.push_back({f.name, -1, &(static_cast<const Derived*>(this)->*f.member)});
    sort_by_name(refs);
    return refs;
  }
};

// A node with one input whose gradient is a formula of the incoming gradients and of what the node
// keeps (numbers and self's sizes, no tensors): the nodes of the rows of autograd/view_ops.def and
// autograd/join_ops.def (NOTE [View nodes from the table] in autograd/view_ops.cpp).
template <class Derived>
struct FormulaNode : Node {
  core::IntArray self_sizes;
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = static_cast<const Derived*>(this)->formula(grads);
    return out;
  }
};

// The node of such a row: a member for each of the (parenthesized) params, the (parenthesized)
// attributes as grad_fn._saved_x, and the formula, which sees `grads` and `grad` (the first).
#define STRIDELAB_FORMULA_NODE(node, params, attributes, backward)                                           \
  struct node : detail::FormulaNode<node> {                                                                  \
    NODE_NAME(node)                                                                                          \
    STRIDELAB_FOR_EACH(STRIDELAB_PARAM_MEMBER, STRIDELAB_UNPAREN params)                                     \
    std::vector<SavedAttribute> saved_attributes() const override { return {STRIDELAB_UNPAREN attributes}; } \
    Tensor formula(const variable_list& grads) const {                                                       \
      [[maybe_unused]] const Tensor& grad = grads[0];                                                        \
      return backward;                                                                                       \
    }                                                                                                        \
  };

}  // namespace stridelab::autograd::detail
