// The backward engine: Tensor.backward, torch.autograd.backward and torch.autograd.grad.
//
// NOTE [Execution order]
// As PyTorch's CPU engine does: first count, for every node reachable from the roots, how many
// edges lead to it; then run nodes from a ready queue, a binary heap ordered by sequence number
// (highest first; see NOTE [Sequence numbers] in node.h). A node becomes ready when all the
// gradients flowing into it have arrived (summed when several edges lead to one input). Ties
// (AccumulateGrad nodes all share the largest number) are broken by the heap's own order, which is
// reproduced exactly (the sift-down and sift-up of libstdc++'s std::priority_queue), so the nodes
// run in PyTorch's order whatever standard library builds the playground.
//
// Before a node runs, its pre-hooks (register_hook on a non-leaf) and then its retain_grad hooks see
// the incoming gradients. After it runs, each gradient it produces is summed down to the shape of
// the input it belongs to and cast to its dtype (broadcasting and type promotion in the forward
// pass). Without retain_graph every node frees its saved tensors once it has run.
#pragma once

#include <optional>
#include <vector>

#include "autograd/node.h"

namespace stridelab::autograd {

// Sees every node the engine runs, in order (the trace steps through backward with it). The
// tensors are only valid during the call: copy what you need, do not keep references (holding a
// gradient changes whether the engine may reuse its memory, as it would in PyTorch).
class EngineObserver {
 public:
  virtual ~EngineObserver() = default;
  // roots: the gradient edges of the tensors backward starts from, with their gradients.
  virtual void on_backward_begin(const std::vector<Edge>& roots, const variable_list& grads) {}
  // grads: what the node receives, after its hooks.
  virtual void on_node_begin(const Node& node, const variable_list& grads) {}
  // grads: what it produced, one per next edge, summed to shape and cast (undefined: no gradient).
  virtual void on_node_end(const Node& node, const variable_list& grads) {}
  // A torch.autograd.grad input's gradient, taken from the gradients flowing into `node`.
  virtual void on_capture(const Node& node, size_t input_index, const Tensor& grad) {}
  // Also when backward stops with an error (a node's on_node_begin without on_node_end names the
  // node that raised it).
  virtual void on_backward_end() {}
};

// One observer at a time (null to remove).
void set_engine_observer(EngineObserver* observer);

// torch.autograd.backward(tensors, grad_tensors, retain_graph, create_graph); tensor.backward() is
// backward({tensor}, {gradient}). An undefined (or missing) gradient is created for a scalar output
// (ones), else "grad can be implicitly created only for scalar outputs". retain_graph defaults to
// create_graph.
void backward(const std::vector<Tensor>& tensors, const std::vector<Tensor>& grad_tensors = {},
              std::optional<bool> retain_graph = {}, bool create_graph = false);

// torch.autograd.grad: the gradients of outputs with respect to inputs, without touching .grad.
// An input the graph does not reach gets an undefined tensor when allow_unused, else PyTorch's error.
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs = {}, std::optional<bool> retain_graph = {},
                         bool create_graph = false, bool allow_unused = false);

// Inside a torch.autograd.grad call: whether `fn` is on a path to a requested input (always true
// outside one). Node::should_compute_output uses it.
bool engine_should_execute(const Node* fn);
// Inside a torch.autograd.grad call: marks fn as needed (CopySlices runs the node it wraps, which
// the walk from the root does not see).
void engine_mark_needed(const Node* fn);

}  // namespace stridelab::autograd
