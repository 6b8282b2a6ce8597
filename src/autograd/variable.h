// The autograd side of a tensor: requires_grad, grad, grad_fn, is_leaf, hooks, and views.
//
// A core::Tensor carries an opaque std::shared_ptr<AutogradMeta>; a tensor without one is a leaf
// that does not require grad. Everything below reads or writes that meta the way PyTorch's
// Variable does.
//
// NOTE [Differentiable views and in-place ops]
// A view made by a differentiable view op (view, select, slice, transpose, ...) records that it is
// a view of its base (core's `_base`, always the root base) and how it was made: normally, under
// no_grad, or as one output of an op that returns several views (unbind, split, chunk). An
// in-place op on a view of a tensor that requires grad rewrites the base's history: the base gets
// a CopySlices node wrapping the in-place op's node, so that in backward the gradient of the
// written region goes through the op and the rest of the base's gradient passes unchanged (an
// overwritten element gets zero gradient). Every other view of that base sees the shared version
// counter move; the next time its grad_fn is asked for, it is rebuilt as an AsStridedBackward0 of
// the base's new history. Views made under no_grad or by multi-output ops cannot take part in this
// and raise PyTorch's errors instead.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autograd/node.h"

namespace stridelab::autograd {

// How a view was made (PyTorch's CreationMeta).
enum class CreationMeta : uint8_t { Default, MultiOutputNode, NoGradMode };

struct AutogradMeta {
  // The leaf flag: requires_grad of a leaf; a non-leaf requires grad through its grad_fn.
  bool requires_grad = false;
  Tensor grad;
  std::shared_ptr<Node> grad_fn;
  std::weak_ptr<Node> grad_accumulator;  // leaves: the AccumulateGrad node while a graph uses it
  uint32_t output_nr = 0;
  bool retains_grad = false;
  std::shared_ptr<HookDict> hooks;  // register_hook's hooks (Python's _backward_hooks)
  // Differentiable views (see the note above).
  bool is_view = false;
  CreationMeta creation_meta = CreationMeta::Default;
  uint32_t attr_version = 0;  // the version when grad_fn was last set
};

// ---- Python's Tensor attributes ---------------------------------------------------------------
bool requires_grad(const Tensor& t);
// Which Python spelling set the flag: each raises its own message.
enum class RequiresGradCall {
  Method,     // t.requires_grad_(b)
  Attribute,  // t.requires_grad = b
  Factory,    // torch.tensor(..., requires_grad=True), torch.ones(..., requires_grad=True), ...
};
void set_requires_grad(const Tensor& t, bool requires_grad, RequiresGradCall call = RequiresGradCall::Method);
// t.grad: undefined for None. Warns (see set_warning_handler) on a non-leaf that does not retain
// its grad, as PyTorch does.
Tensor grad(const Tensor& t);
// t.grad = g (undefined g: None), with PyTorch's checks.
void set_grad(const Tensor& t, const Tensor& g);
// t.grad_fn: null for leaves. A view whose base was modified in place gets its new grad_fn here.
std::shared_ptr<Node> grad_fn(const Tensor& t);
bool is_leaf(const Tensor& t);
uint32_t output_nr(const Tensor& t);
void retain_grad(const Tensor& t);
bool retains_grad(const Tensor& t);
RemovableHandle register_hook(const Tensor& t, GradHook hook);
// t.detach(): same storage and version counter, no history, not a view.
Tensor detach(const Tensor& t);
// t.detach_(): drops t's history and requires_grad in place.
void detach_(const Tensor& t);
// t.data: same storage, a fresh version counter, no history.
Tensor data(const Tensor& t);
// Whether t is a differentiable view (then core's t.base() is its base).
bool is_view(const Tensor& t);
CreationMeta creation_meta(const Tensor& t);

// ---- Warnings PyTorch prints on stderr (UserWarning) -------------------------------------------
struct Warning {
  std::string category;  // "UserWarning"
  std::string message;
};
using WarningHandler = std::function<void(const Warning&)>;
// The interpreter installs one that prints as Python's warnings module does; by default warnings
// are dropped.
void set_warning_handler(WarningHandler handler);
void warn(std::string message, std::string category = "UserWarning");
// PyTorch's TORCH_WARN_ONCE: only the first warning with this key in a program is given.
void warn_once(const char* key, std::string message, std::string category = "UserWarning");
// Forgets which once-only warnings were given (a new program starts, as a new Python process would).
void reset_warn_once();
extern const char* const kNonLeafGradWarning;

// ---- For the ops and the engine ------------------------------------------------------------------
namespace impl {
AutogradMeta* get_meta(const Tensor& t);          // null when the tensor has none
AutogradMeta* materialize_meta(const Tensor& t);  // creates it when missing
// Where t's gradient goes: (grad_fn, output_nr), or (t's AccumulateGrad, 0) for a leaf that
// requires grad, or a null edge.
Edge gradient_edge(const Tensor& t);
// The AccumulateGrad of a leaf that requires grad, created on first use and kept weakly.
std::shared_ptr<Node> grad_accumulator(const Tensor& t);
std::shared_ptr<Node> try_get_grad_accumulator(const Tensor& t);
void set_gradient_edge(const Tensor& t, Edge edge);
// Makes fn the grad_fn of output t (its next output slot).
void set_history(const Tensor& t, const std::shared_ptr<Node>& fn);
// After an in-place op on t: fn becomes t's grad_fn, through a CopySlices on the base when t is a
// view.
void rebase_history(const Tensor& t, std::shared_ptr<Node> fn);
// An in-place op computed out of place (addmm_, subtract_(Scalar, Scalar)): result's values are
// written into t, t's version moves once, and result's grad_fn (its output 0 already describes a
// tensor like t) becomes t's, through a CopySlices when t is a view. check_inplace comes first.
void adopt_result(const Tensor& t, const Tensor& result);
// PyTorch's checks before an in-place op on t (requires_grad: whether any input requires grad).
void check_inplace(const Tensor& t, bool requires_grad);
// Records that `view` (just made by a view op from `input`) is a differentiable view.
void as_view(const Tensor& input, const Tensor& view, CreationMeta requested = CreationMeta::Default);
}  // namespace impl

}  // namespace stridelab::autograd
