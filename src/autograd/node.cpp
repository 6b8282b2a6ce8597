#include "autograd/node.h"

#include "autograd/engine.h"
#include "core/error.h"

namespace stridelab::autograd {

namespace {
uint64_t next_sequence_nr = 0;
uint64_t next_hook_id = 0;
}  // namespace

uint64_t peek_sequence_nr() { return next_sequence_nr; }

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
