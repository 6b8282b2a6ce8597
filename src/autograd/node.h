// Node: one step of the backward graph (PyTorch's torch::autograd::Node, `grad_fn` in Python).
//
// A differentiable op run with grad mode on and an input that requires grad creates one Node and
// makes it the `grad_fn` of its outputs. The node records where the gradient of each input goes
// (`next_edges`, Python's `next_functions`: (node, input_nr) pairs, a null node where an input does
// not require grad) and saves the tensors its backward formula needs (SavedVariable, with the
// version of each at save time). During backward the engine calls apply() with one gradient per
// forward output and gets one gradient per forward input.
//
// NOTE [Sequence numbers]
// Every node takes the next number of one global counter when it is created, so a node created
// later in the forward pass has a higher number. The engine runs ready nodes highest number first
// (see engine.h). AccumulateGrad nodes take the largest number, so a leaf's gradient is stored as
// soon as it is complete.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace stridelab::autograd {

using core::Tensor;
using variable_list = std::vector<Tensor>;

class Node;
class SavedVariable;

// Where a gradient goes: input `input_nr` of `function` (null: nowhere, the input does not require
// grad).
struct Edge {
  Edge() = default;
  Edge(std::shared_ptr<Node> fn, uint32_t nr) : function(std::move(fn)), input_nr(nr) {}
  bool is_valid() const { return function != nullptr; }

  std::shared_ptr<Node> function;
  uint32_t input_nr = 0;
};

// Shape and dtype of one forward output of a node: the gradient flowing into that input of the node
// is summed down to this shape and cast to this dtype by the engine (validate_outputs).
struct InputMetadata {
  core::IntArray sizes;
  core::DType dtype = core::DType::Float32;
  bool defined = false;
};

// Called on the gradients flowing into a node before it runs; returns them, possibly replaced.
class FunctionPreHook {
 public:
  virtual ~FunctionPreHook() = default;
  virtual variable_list operator()(const variable_list& grads) = 0;
};

// A tensor hook (Tensor.register_hook): gets the gradient and returns a replacement, or an undefined
// tensor (Python's None) to keep it. `name` is the hook's __name__ for error messages.
struct GradHook {
  std::function<Tensor(const Tensor&)> fn;
  std::string name = "hook";
};

// One tensor's hooks in registration order (Python's `tensor._backward_hooks`, an OrderedDict keyed
// by handle id). Shared between the tensor and the node that calls the hooks.
class HookDict {
 public:
  uint64_t add(GradHook hook);
  void remove(uint64_t id);
  bool empty() const { return hooks_.empty(); }
  // Runs every hook on grad in order, each seeing the previous one's result. Checks what a hook
  // returns as PyTorch does ("hook 'h' has changed the size of value").
  Tensor run(Tensor grad) const;

 private:
  std::vector<std::pair<uint64_t, GradHook>> hooks_;
};

// What register_hook returns; remove() unregisters the hook (a no-op when already removed).
class RemovableHandle {
 public:
  RemovableHandle() = default;
  RemovableHandle(std::weak_ptr<HookDict> dict, uint64_t id) : dict_(std::move(dict)), id_(id) {}
  void remove() const;
  uint64_t id() const { return id_; }

 private:
  std::weak_ptr<HookDict> dict_;
  uint64_t id_ = 0;
};

// The pre-hook a node runs for the hooks of the tensor that is its output `value_idx`.
class TensorPreHook : public FunctionPreHook {
 public:
  TensorPreHook(std::shared_ptr<HookDict> dict, uint32_t value_idx) : dict_(std::move(dict)), value_idx_(value_idx) {}
  variable_list operator()(const variable_list& grads) override;

 private:
  std::shared_ptr<HookDict> dict_;
  uint32_t value_idx_;
};

// A saved tensor as the trace and Python's `grad_fn._saved_<name>` see it. `index` is the position
// in a saved list (IndexBackward0's `_saved_indices`), -1 for a single tensor.
struct SavedTensorRef {
  std::string name;  // "_saved_self", "_saved_other", "_saved_result", ...
  int index = -1;
  const SavedVariable* saved = nullptr;
};

// A saved non-tensor value (`grad_fn._saved_dim`, `_saved_exponent`, `_saved_self_sym_sizes`):
// None, bool, int, float, a Python number, a list of ints, a dtype, or a str.
using SavedValue =
    std::variant<std::monostate, bool, int64_t, double, core::Scalar, core::IntArray, core::DType, std::string>;
struct SavedAttribute {
  std::string name;
  SavedValue value;
};

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();  // takes the next sequence number
  explicit Node(uint64_t sequence_nr);
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // grad_fn.name(): "MulBackward0", "torch::autograd::AccumulateGrad".
  virtual std::string name() const = 0;
  // type(grad_fn).__name__: "MulBackward0", "AccumulateGrad".
  virtual std::string type_name() const { return name(); }
  // One gradient per forward output in, one per forward input (next edge) out. Undefined tensors
  // stand for zero gradients that were never materialised.
  virtual variable_list apply(variable_list&& grads) = 0;
  // Frees the saved tensors (after a backward without retain_graph).
  virtual void release_variables() {}
  virtual std::vector<SavedTensorRef> saved_tensors() const { return {}; }
  // Hands over everything this node keeps alive (the next nodes, the saved tensors) just before it
  // is deleted, so that freeing a long graph is a loop rather than a deep recursion (new_node).
  virtual void release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors);
  virtual std::vector<SavedAttribute> saved_attributes() const { return {}; }

  uint64_t sequence_nr() const { return sequence_nr_; }

  const std::vector<Edge>& next_edges() const { return next_edges_; }
  const Edge& next_edge(size_t i) const { return next_edges_.at(i); }
  size_t num_outputs() const { return next_edges_.size(); }
  void set_next_edges(std::vector<Edge> edges) { next_edges_ = std::move(edges); }
  void add_next_edge(Edge edge) { next_edges_.push_back(std::move(edge)); }

  // Records a forward output of this node; returns its index (the output_nr of the tensor).
  uint32_t add_input_metadata(const Tensor& t);
  uint32_t add_input_metadata(InputMetadata metadata);
  size_t num_inputs() const { return input_metadata_.size(); }
  const InputMetadata& input_metadata(size_t i) const { return input_metadata_.at(i); }

  // Whether forward input i needs a gradient: its edge leads somewhere (what an op checks to
  // decide what to save).
  bool should_compute_output(size_t i) const { return i < next_edges_.size() && next_edges_[i].is_valid(); }
  // The same while this node runs in backward: inside a torch.autograd.grad call, also whether the
  // edge is on a path to a requested input.
  bool task_should_compute_output(size_t i) const;

  void add_pre_hook(std::unique_ptr<FunctionPreHook> hook) { pre_hooks_.push_back(std::move(hook)); }
  const std::vector<std::unique_ptr<FunctionPreHook>>& pre_hooks() const { return pre_hooks_; }
  // retain_grad's hooks, one per output, run after every other pre-hook.
  void add_retains_grad_hook(std::unique_ptr<FunctionPreHook> hook, uint32_t output_nr);
  std::unique_ptr<FunctionPreHook> pop_retains_grad_hook(uint32_t output_nr);
  const std::map<uint32_t, std::unique_ptr<FunctionPreHook>>& retains_grad_hooks() const { return retains_grad_hooks_; }

 private:
  uint64_t sequence_nr_;
  std::vector<Edge> next_edges_;
  std::vector<InputMetadata> input_metadata_;
  std::vector<std::unique_ptr<FunctionPreHook>> pre_hooks_;
  std::map<uint32_t, std::unique_ptr<FunctionPreHook>> retains_grad_hooks_;
};

// Creates a node. Every node is made this way: its deleter frees the graph below it iteratively, so
// dropping the result of a very long computation cannot overflow the stack.
void delete_node(Node* node);
template <class N, class... Args>
std::shared_ptr<N> new_node(Args&&... args) {
  return std::shared_ptr<N>(new N(std::forward<Args>(args)...), delete_node);
}

// The sequence number the next node will take.
uint64_t peek_sequence_nr();

// Runs the roots of a backward call with more than one root tensor (PyTorch's GraphRoot).
class GraphRoot : public Node {
 public:
  GraphRoot(std::vector<Edge> roots, variable_list grads);
  std::string name() const override { return "GraphRoot"; }
  variable_list apply(variable_list&& grads) override { return outputs_; }
  void release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors) override;

 private:
  variable_list outputs_;
};

// Stands for an input of torch.autograd.grad that no graph reaches.
class Identity : public Node {
 public:
  std::string name() const override { return "torch::autograd::Identity"; }
  std::string type_name() const override { return "Identity"; }
  variable_list apply(variable_list&& grads) override { return std::move(grads); }
};

}  // namespace stridelab::autograd
