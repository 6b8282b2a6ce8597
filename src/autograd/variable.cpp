#include "autograd/variable.h"

#include <vector>

#include "autograd/basic_nodes.h"
#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

const char* const kNonLeafGradWarning =
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
    "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
    "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor "
    "by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
    "for more informations. (Triggered internally at  ./build/aten/src/ATen/core/TensorBody.h:480.)";

namespace {

WarningHandler warning_handler;
std::vector<std::string> warned_keys;

// The messages of PyTorch's handle_view_on_rebase: an in-place op on a view that cannot be
// recorded (made under no_grad, or one output of a multi-output view op). `indirect`: the base or
// another view was modified, noticed when this view's grad_fn is asked for.
void handle_view_on_rebase(const Tensor& t, AutogradMeta* meta, bool indirect) {
  if (meta->creation_meta == CreationMeta::Default) return;
  // A view made with grad mode on from a view made under no_grad: PyTorch 1.13 trips its own
  // assertion here, and the learner sees exactly that.
  STRIDELAB_CHECK(!(meta->creation_meta == CreationMeta::NoGradMode && meta->grad_fn),
                  "!grad_fn INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/variable.cpp\":792, please report a bug "
                  "to PyTorch. ");
  std::string modified = indirect ? "its base or another view of its base has been" : "is being";
  std::string msg;
  if (meta->grad_fn) {
    msg = core::str("Output ", meta->output_nr, " of ", meta->grad_fn->name(), " is a view and ", modified,
                    " modified inplace.");
  } else {
    msg = core::str("A view was created in no_grad mode and ", modified, " modified inplace with grad mode enabled.");
  }
  if (meta->creation_meta == CreationMeta::MultiOutputNode) {
    msg +=
        " This view is the output of a function that returns multiple views. Such functions do not allow the "
        "output views to be modified inplace. You should replace the inplace operation by an out-of-place one.";
  } else {
    msg +=
        " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by "
        "moving both the view and the inplace either both inside the no_grad block (if you don't want the "
        "inplace to be tracked) or both outside (if you want the inplace to be tracked).";
  }
  STRIDELAB_CHECK(false, msg);
}

// retain_grad's hook: copies the gradient flowing into the tensor's grad_fn into its .grad.
class RetainGradHook : public FunctionPreHook {
 public:
  RetainGradHook(std::weak_ptr<core::TensorImpl> tensor, uint32_t value_idx)
      : tensor_(std::move(tensor)), value_idx_(value_idx) {}
  variable_list operator()(const variable_list& grads) override {
    auto impl = tensor_.lock();
    if (!impl || value_idx_ >= grads.size() || !grads[value_idx_].defined()) return grads;
    Tensor var(impl);
    AutogradMeta* meta = impl::materialize_meta(var);
    if (!meta->grad.defined()) meta->grad = autograd::clone(grads[value_idx_], MemoryFormat::Contiguous);
    else meta->grad = autograd::add(meta->grad, grads[value_idx_]);
    return grads;
  }

 private:
  std::weak_ptr<core::TensorImpl> tensor_;
  uint32_t value_idx_;
};

// A tensor's grad_fn changed (in-place op, or a view's grad_fn rebuilt): its retain_grad hook
// moves to the new node. Its register_hook hooks stay with the old node, as in PyTorch 1.13.
void move_retains_grad_hook(AutogradMeta* meta, const std::shared_ptr<Node>& old_fn, uint32_t old_nr,
                            const std::shared_ptr<Node>& new_fn) {
  if (!meta->retains_grad || !old_fn || old_fn == new_fn) return;
  auto hook = old_fn->pop_retains_grad_hook(old_nr);
  if (hook) new_fn->add_retains_grad_hook(std::move(hook), meta->output_nr);
}

}  // namespace

void set_warning_handler(WarningHandler handler) { warning_handler = std::move(handler); }

void warn(std::string message, std::string category) {
  if (warning_handler) warning_handler(Warning{std::move(category), std::move(message)});
}

void warn_once(const char* key, std::string message, std::string category) {
  for (const std::string& k : warned_keys) {
    if (k == key) return;
  }
  warned_keys.emplace_back(key);
  warn(std::move(message), std::move(category));
}

void reset_warn_once() { warned_keys.clear(); }

// ---- impl ------------------------------------------------------------------------------------------

namespace impl {

AutogradMeta* get_meta(const Tensor& t) { return t.impl()->autograd_meta_.get(); }

AutogradMeta* materialize_meta(const Tensor& t) {
  auto& meta = t.impl()->autograd_meta_;
  if (!meta) meta = std::make_shared<AutogradMeta>();
  return meta.get();
}

std::shared_ptr<Node> try_get_grad_accumulator(const Tensor& t) {
  AutogradMeta* meta = get_meta(t);
  return meta ? meta->grad_accumulator.lock() : nullptr;
}

std::shared_ptr<Node> grad_accumulator(const Tensor& t) {
  AutogradMeta* meta = get_meta(t);
  if (!meta || !meta->requires_grad) return nullptr;
  STRIDELAB_INTERNAL_ASSERT(!meta->grad_fn, "grad_accumulator() should be only called on leaf Variables");
  if (auto acc = meta->grad_accumulator.lock()) return acc;
  auto acc = new_node<AccumulateGrad>(t);
  meta->grad_accumulator = acc;
  return acc;
}

Edge gradient_edge(const Tensor& t) {
  if (auto fn = grad_fn(t)) return Edge(std::move(fn), output_nr(t));
  return Edge(grad_accumulator(t), 0);
}

void set_gradient_edge(const Tensor& t, Edge edge) {
  AutogradMeta* meta = materialize_meta(t);
  meta->grad_fn = std::move(edge.function);
  meta->output_nr = edge.input_nr;
  if (meta->is_view) meta->attr_version = t.version();
}

void set_history(const Tensor& t, const std::shared_ptr<Node>& fn) {
  if (!t.defined()) {
    fn->add_input_metadata(InputMetadata{});
    return;
  }
  STRIDELAB_INTERNAL_ASSERT(detail::is_differentiable(t.dtype()));
  uint32_t nr = fn->add_input_metadata(t);
  set_gradient_edge(t, Edge(fn, nr));
}

namespace {
void rebase_described(const Tensor& t, std::shared_ptr<Node> fn);
}

void rebase_history(const Tensor& t, std::shared_ptr<Node> fn) {
  fn->add_input_metadata(t);
  rebase_described(t, std::move(fn));
}

void adopt_result(const Tensor& t, const Tensor& result) {
  core::copy_(t, result);
  t.bump_version();
  AutogradMeta* meta = get_meta(result);
  if (meta && meta->grad_fn) rebase_described(t, meta->grad_fn);
}

namespace {
void rebase_described(const Tensor& t, std::shared_ptr<Node> fn) {
  AutogradMeta* meta = materialize_meta(t);
  if (meta->is_view) {
    // check_inplace has already refused the views that cannot be rebased.
    STRIDELAB_INTERNAL_ASSERT(meta->creation_meta == CreationMeta::Default);
    Tensor base = t.base();
    auto copy_slices = new_node<CopySlices>(base, t, std::move(fn));
    set_gradient_edge(base, Edge(std::move(copy_slices), 0));
    grad_fn(t);  // rebuilds the view's grad_fn on the base's new history
    return;
  }
  std::shared_ptr<Node> old_fn = meta->grad_fn;
  uint32_t old_nr = meta->output_nr;
  set_gradient_edge(t, Edge(fn, 0));
  move_retains_grad_hook(meta, old_fn, old_nr, fn);
}
}  // namespace

void check_inplace(const Tensor& t, bool requires_grad_any) {
  if (!requires_grad_any || !GradMode::is_enabled()) return;
  AutogradMeta* meta = get_meta(t);
  if (meta && meta->is_view) {
    handle_view_on_rebase(t, meta, /*indirect=*/false);
    STRIDELAB_CHECK(!(requires_grad(t) && is_leaf(t.base())),
                    "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
  STRIDELAB_CHECK(!(requires_grad(t) && is_leaf(t)),
                  "a leaf Variable that requires grad is being used in an in-place operation.");
}

void as_view(const Tensor& input, const Tensor& view, CreationMeta requested) {
  CreationMeta cm = GradMode::is_enabled() ? requested : CreationMeta::NoGradMode;
  AutogradMeta* in_meta = get_meta(input);
  if (in_meta && in_meta->is_view && cm == CreationMeta::Default) cm = in_meta->creation_meta;
  AutogradMeta* meta = materialize_meta(view);
  meta->is_view = true;
  meta->creation_meta = cm;
  meta->attr_version = view.version();
}

}  // namespace impl

// ---- Python's Tensor attributes ---------------------------------------------------------------------

bool requires_grad(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  if (!meta) return false;
  if (meta->requires_grad || meta->grad_fn) return true;
  return meta->is_view && t.is_view() && requires_grad(t.base());
}

std::shared_ptr<Node> grad_fn(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  if (!meta) return nullptr;
  if (meta->is_view && t.is_view()) {
    Tensor base = t.base();
    if (!meta->grad_fn && !requires_grad(base)) return nullptr;
    if (meta->attr_version != t.version()) {
      // The base (or another view of it) was modified in place: this view's history is now a
      // strided view of the base's new history.
      handle_view_on_rebase(t, meta, /*indirect=*/true);
      std::shared_ptr<Node> old_fn = meta->grad_fn;
      uint32_t old_nr = meta->output_nr;
      auto fn = detail::make_as_strided_backward(base, t);
      meta->grad_fn = fn;
      meta->output_nr = 0;
      meta->attr_version = t.version();
      move_retains_grad_hook(meta, old_fn, old_nr, fn);
    }
  }
  return meta->grad_fn;
}

bool is_leaf(const Tensor& t) { return grad_fn(t) == nullptr; }

uint32_t output_nr(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  return meta ? meta->output_nr : 0;
}

void set_requires_grad(const Tensor& t, bool flag, RequiresGradCall call) {
  bool floating = detail::is_differentiable(t.dtype());
  STRIDELAB_CHECK(!(flag && t.is_inference() && !core::InferenceMode::enabled),
                  "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
  switch (call) {
    case RequiresGradCall::Method:
      STRIDELAB_CHECK(is_leaf(t) || flag,
                      "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                      "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
      STRIDELAB_CHECK(!flag || floating, "only Tensors of floating point dtype can require gradients");
      break;
    case RequiresGradCall::Attribute:
      STRIDELAB_CHECK(is_leaf(t), "you can only change requires_grad flags of leaf variables.",
                      flag ? ""
                           : " If you want to use a computed variable in a subgraph that doesn't require "
                             "differentiation use var_no_grad = var.detach().");
      STRIDELAB_CHECK(!flag || floating, "only Tensors of floating point and complex dtype can require gradients");
      break;
    case RequiresGradCall::Factory:
      STRIDELAB_CHECK(!flag || floating, "Only Tensors of floating point and complex dtype can require gradients");
      break;
  }
  if (!flag && !impl::get_meta(t)) return;
  impl::materialize_meta(t)->requires_grad = flag;
}

Tensor grad(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  Tensor g = meta ? meta->grad : Tensor();
  if (!g.defined() && !is_leaf(t) && !retains_grad(t)) warn(kNonLeafGradWarning);
  return g;
}

void set_grad(const Tensor& t, const Tensor& g) {
  if (!g.defined()) {
    if (AutogradMeta* meta = impl::get_meta(t)) meta->grad = Tensor();
    return;
  }
  STRIDELAB_CHECK(!t.is_same(g), "can't assign Variable as its own grad");
  STRIDELAB_CHECK(g.dtype() == t.dtype(), "assigned grad has data of a different type");
  STRIDELAB_CHECK(g.sizes() == t.sizes(), "assigned grad has data of a different size");
  impl::materialize_meta(t)->grad = g;
}

bool retains_grad(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  return meta && meta->retains_grad;
}

void retain_grad(const Tensor& t) {
  STRIDELAB_CHECK(requires_grad(t), "can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf(t)) return;  // a leaf's .grad is populated anyway
  AutogradMeta* meta = impl::get_meta(t);
  if (meta->retains_grad) return;
  auto fn = grad_fn(t);
  fn->add_retains_grad_hook(std::make_unique<RetainGradHook>(t.impl_ptr(), meta->output_nr), meta->output_nr);
  meta->retains_grad = true;
}

RemovableHandle register_hook(const Tensor& t, GradHook hook) {
  STRIDELAB_CHECK(requires_grad(t), "cannot register a hook on a tensor that doesn't require gradient");
  AutogradMeta* meta = impl::materialize_meta(t);
  if (!meta->hooks) {
    meta->hooks = std::make_shared<HookDict>();
    // A non-leaf's hooks run as a pre-hook of its grad_fn (the one it has now); a leaf's run in its
    // AccumulateGrad.
    if (auto fn = grad_fn(t)) fn->add_pre_hook(std::make_unique<TensorPreHook>(meta->hooks, meta->output_nr));
  }
  uint64_t id = meta->hooks->add(std::move(hook));
  return RemovableHandle(meta->hooks, id);
}

Tensor detach(const Tensor& t) { return core::alias(t); }

void detach_(const Tensor& t) {
  STRIDELAB_CHECK(!is_view(t),
                  "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) "
                  "for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and "
                  "hence detach_() cannot be called on these gradients. To fix this error, please refer to the "
                  "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  AutogradMeta* meta = impl::materialize_meta(t);
  meta->requires_grad = false;
  meta->grad_fn.reset();
  meta->output_nr = 0;
}

Tensor data(const Tensor& t) { return core::shallow_copy(t); }

bool is_view(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  return meta && meta->is_view && t.is_view();
}

CreationMeta creation_meta(const Tensor& t) {
  AutogradMeta* meta = impl::get_meta(t);
  return meta ? meta->creation_meta : CreationMeta::Default;
}

}  // namespace stridelab::autograd
