// SavedVariable: a tensor a node keeps for its backward formula, with the version it had then.
//
// NOTE [Saved tensors and versions]
// An op saves what its backward needs (`pow` its input, `exp` its result, `mul` of two tensors
// both, `mul` by a Python number the 0-d number tensor), together with the value of the tensor's
// version counter at that moment. In-place ops bump the counter, which views share with their base
// (see NOTE [Version counter sharing] in core/tensor.h), so at backward time a saved tensor whose
// counter has moved was overwritten and the gradient would be wrong: unpack() raises PyTorch's
// "one of the variables needed for gradient computation has been modified by an inplace
// operation" naming the tensor's current grad_fn (the in-place op's node), its version and the
// saved one. `x.data` has its own counter, so writes through it escape the check, as in PyTorch.
//
// An input is saved as the tensor itself; an output is saved without its grad_fn (which is the
// saving node: keeping it would be a reference cycle) and rebuilt with it on unpack. After a
// backward without retain_graph the data is released and unpack raises "Trying to backward
// through the graph a second time".
#pragma once

#include <memory>

#include "autograd/node.h"

namespace stridelab::autograd {

extern const char* const kBackwardTwiceMessage;

class SavedVariable {
 public:
  SavedVariable() = default;
  // is_output: t is an output of the saving node. is_inplace_on_view: t is a view an in-place op
  // just wrote through (its grad_fn is remembered weakly).
  SavedVariable(const Tensor& t, bool is_output, bool is_inplace_on_view = false);

  // The saved tensor after checking its version; saved_for is the node that saved it (the grad_fn
  // an output is rebuilt with).
  Tensor unpack(const std::shared_ptr<Node>& saved_for = nullptr) const;
  void reset_data() { data_ = Tensor(); }
  // Moves the data out (the node is being deleted).
  Tensor take_data() { return std::move(data_); }

  // Something was saved (a tensor, possibly released since), as opposed to an unused slot.
  bool was_saved() const { return saved_; }
  bool is_released() const { return saved_ && !data_.defined(); }
  bool is_output() const { return is_output_; }
  uint32_t saved_version() const { return saved_version_; }
  // The version counter's value now (0 when released).
  uint32_t current_version() const;
  // The saved data without checks, for display: the tensor itself for inputs, a tensor sharing
  // the output's storage, metadata and version counter for outputs. Undefined once released.
  const Tensor& data() const { return data_; }

 private:
  Tensor data_;
  std::shared_ptr<core::VersionCounter> version_counter_;
  std::weak_ptr<Node> weak_grad_fn_;      // is_inplace_on_view only
  std::weak_ptr<Node> grad_accumulator_;  // saved leaf outputs only
  uint32_t saved_version_ = 0;
  uint32_t output_nr_ = 0;
  bool saved_ = false;
  bool saved_original_ = false;  // data_ is the tensor itself (an input, or a leaf)
  bool is_leaf_ = false;
  bool is_output_ = false;
  bool is_inplace_on_view_ = false;
  bool requires_grad_ = false;
};

}  // namespace stridelab::autograd
