#include "autograd/saved_variable.h"

#include "autograd/variable.h"
#include "core/error.h"
#include "core/ops.h"

namespace stridelab::autograd {

const char* const kBackwardTwiceMessage =
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.";

SavedVariable::SavedVariable(const Tensor& t, bool is_output, bool is_inplace_on_view) {
  if (!t.defined()) return;
  STRIDELAB_CHECK(!t.is_inference(),
                  "Inference tensors cannot be saved for backward. To work around you can make a clone to get a "
                  "normal tensor and use it in autograd.");
  saved_ = true;
  saved_version_ = t.version();
  is_leaf_ = is_leaf(t);
  is_output_ = is_output;
  is_inplace_on_view_ = is_inplace_on_view;
  if (is_inplace_on_view) weak_grad_fn_ = grad_fn(t);
  if (!is_output || is_leaf_) {
    saved_original_ = true;
    data_ = t;
    return;
  }
  // An output: keep everything but the history (see the note in the header).
  output_nr_ = output_nr(t);
  version_counter_ = t.impl()->version_;
  requires_grad_ = requires_grad(t);
  data_ = core::alias(t);
}

uint32_t SavedVariable::current_version() const {
  if (!data_.defined()) return 0;
  return saved_original_ ? data_.version() : version_counter_->version;
}

Tensor SavedVariable::unpack(const std::shared_ptr<Node>& saved_for) const {
  if (!saved_) return Tensor();
  STRIDELAB_CHECK(data_.defined(), kBackwardTwiceMessage);

  std::shared_ptr<Node> fn;
  if (is_inplace_on_view_) fn = weak_grad_fn_.lock();
  else if (saved_original_) fn = grad_fn(data_);
  if (!is_leaf_ && !fn) {
    STRIDELAB_CHECK(saved_for != nullptr,
                    "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_()."
                    "This is not supported, please use out-of-place `.detach()` instead");
    fn = saved_for;
  }

  uint32_t current = current_version();
  if (current != saved_version_) {
    std::string where;
    // PyTorch reports output_nr_, which it only records for saved outputs (0 for inputs).
    if (fn) where = core::str(", which is output ", output_nr_, " of ", fn->name(), ",");
    STRIDELAB_CHECK(false,
                    "one of the variables needed for gradient computation has been modified by an inplace "
                    "operation: [",
                    core::legacy_type_name(data_.dtype()), " ", core::format_int_list(data_.sizes()), "]", where,
                    " is at version ", current, "; expected version ", saved_version_,
                    " instead. Hint: enable anomaly detection to find the operation that failed to compute its "
                    "gradient, with torch.autograd.set_detect_anomaly(True).");
  }

  if (saved_original_) return data_;

  // Rebuild the output: the same storage and version counter, with its history.
  Tensor var = core::alias(data_);
  AutogradMeta* meta = impl::materialize_meta(var);
  if (fn) {
    meta->grad_fn = fn;
    meta->output_nr = output_nr_;
  } else {
    meta->requires_grad = requires_grad_;
  }
  return var;
}

}  // namespace stridelab::autograd
