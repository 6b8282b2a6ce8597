#include "autograd/node.h"

#include "autograd/engine.h"
#include "autograd/saved_variable.h"
#include "core/error.h"

namespace stridelab::autograd {

namespace {
uint64_t next_sequence_nr = 0;
uint64_t next_hook_id = 0;
}  // namespace

uint64_t peek_sequence_nr() { return next_sequence_nr; }

void Node::release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors) {
  for (Edge& e : next_edges_) {
    if (e.function) nodes.push_back(std::move(e.function));
  }
  for (const SavedTensorRef& ref : saved_tensors()) {
    Tensor t = const_cast<SavedVariable*>(ref.saved)->take_data();
    if (t.defined()) tensors.push_back(std::move(t));
  }
}

void GraphRoot::release_for_deletion(std::vector<std::shared_ptr<Node>>& nodes, std::vector<Tensor>& tensors) {
  Node::release_for_deletion(nodes, tensors);
  for (Tensor& t : outputs_) tensors.push_back(std::move(t));
}

namespace {
// NOTE [Deleting long graphs]
// A node owns the nodes below it (its edges) and the tensors it saved, which own their grad_fn in
// turn. Letting destructors run that chain would recurse once per node: a loop of a hundred
// thousand ops would overflow the stack (the browser's is small). Instead the first deletion
// collects what each dying node owned and drops it in a loop; deletions it triggers only add to
// the collection.
bool deleting = false;
std::vector<std::shared_ptr<Node>> node_graveyard;
std::vector<Tensor> tensor_graveyard;
}  // namespace

void delete_node(Node* node) {
  node->release_for_deletion(node_graveyard, tensor_graveyard);
  delete node;
  if (deleting) return;
  deleting = true;
  while (!node_graveyard.empty() || !tensor_graveyard.empty()) {
    if (!tensor_graveyard.empty()) {
      Tensor t = std::move(tensor_graveyard.back());
      tensor_graveyard.pop_back();
    } else {
      std::shared_ptr<Node> fn = std::move(node_graveyard.back());
      node_graveyard.pop_back();
    }
  }
  deleting = false;
}

Node::Node() : sequence_nr_(next_sequence_nr++) {}
Node::Node(uint64_t sequence_nr) : sequence_nr_(sequence_nr) {}

uint32_t Node::add_input_metadata(const Tensor& t) {
  if (!t.defined()) return add_input_metadata(InputMetadata{});
  return add_input_metadata(InputMetadata{t.sizes(), t.dtype(), true});
}

uint32_t Node::add_input_metadata(InputMetadata metadata) {
  input_metadata_.push_back(std::move(metadata));
  return static_cast<uint32_t>(input_metadata_.size() - 1);
}

bool Node::task_should_compute_output(size_t i) const {
  if (i >= next_edges_.size()) return false;
  const Edge& next = next_edges_[i];
  if (!next.is_valid()) return false;
  return engine_should_execute(next.function.get());
}

void Node::add_retains_grad_hook(std::unique_ptr<FunctionPreHook> hook, uint32_t output_nr) {
  retains_grad_hooks_[output_nr] = std::move(hook);
}

std::unique_ptr<FunctionPreHook> Node::pop_retains_grad_hook(uint32_t output_nr) {
  auto it = retains_grad_hooks_.find(output_nr);
  if (it == retains_grad_hooks_.end()) return nullptr;
  auto hook = std::move(it->second);
  retains_grad_hooks_.erase(it);
  return hook;
}

GraphRoot::GraphRoot(std::vector<Edge> roots, variable_list grads) : outputs_(std::move(grads)) {
  set_next_edges(std::move(roots));
  for (const Tensor& g : outputs_) add_input_metadata(g);
}

// ---- hooks ---------------------------------------------------------------------------------------

uint64_t HookDict::add(GradHook hook) {
  uint64_t id = next_hook_id++;
  hooks_.emplace_back(id, std::move(hook));
  return id;
}

void HookDict::remove(uint64_t id) {
  for (auto it = hooks_.begin(); it != hooks_.end(); ++it) {
    if (it->first == id) {
      hooks_.erase(it);
      return;
    }
  }
}

Tensor HookDict::run(Tensor grad) const {
  // A copy: a hook may register or remove hooks while it runs.
  auto hooks = hooks_;
  for (const auto& [id, hook] : hooks) {
    Tensor result = hook.fn(grad);
    if (!result.defined()) continue;
    STRIDELAB_CHECK(grad.defined(), "can't replace a None gradient with a non-None value");
    STRIDELAB_CHECK(result.dtype() == grad.dtype(), "hook '", hook.name, "' has changed the type of value (was ",
                    core::legacy_type_name(grad.dtype()), " got ", core::legacy_type_name(result.dtype()), ")");
    STRIDELAB_CHECK(result.sizes() == grad.sizes(), "hook '", hook.name, "' has changed the size of value");
    grad = std::move(result);
  }
  return grad;
}

void RemovableHandle::remove() const {
  if (auto dict = dict_.lock()) dict->remove(id_);
}

variable_list TensorPreHook::operator()(const variable_list& grads) {
  variable_list results = grads;
  if (value_idx_ < results.size()) results[value_idx_] = dict_->run(results[value_idx_]);
  return results;
}

}  // namespace stridelab::autograd
