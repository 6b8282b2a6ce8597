#include "autograd/engine.h"

#include <unordered_map>
#include <utility>

#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "autograd/ops.h"
#include "autograd/variable.h"
#include "core/error.h"

namespace stridelab::autograd {

namespace {

EngineObserver* observer = nullptr;

const char* const kCreateGraphWarning =
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
    "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid "
    "this. If you have to use this function, make sure to reset the .grad fields of your parameters to None after "
    "use to break the cycle and avoid the leak. (Triggered internally at  ./torch/csrc/autograd/engine.cpp:1059.)";

struct ExecInfo {
  bool needed = false;
  std::vector<std::pair<uint32_t, size_t>> captures;  // (input_nr of the node, output index)
  bool should_execute() const { return needed || !captures.empty(); }
};

struct GraphTask {
  bool keep_graph = false;
  std::unordered_map<const Node*, int> dependencies;
  std::unordered_map<const Node*, variable_list> not_ready;
  std::unordered_map<const Node*, ExecInfo> exec_info;  // empty: run everything
  variable_list captured;
};

GraphTask* current_task = nullptr;

struct NodeTask {
  std::shared_ptr<Node> fn;
  variable_list inputs;
};

// The ready queue: a max-heap on sequence_nr with the exact sift order of libstdc++'s
// std::priority_queue (push_heap / pop_heap), so ties pop in PyTorch's order.
class ReadyQueue {
 public:
  bool empty() const { return heap_.empty(); }
  void push(NodeTask task) {
    heap_.push_back(std::move(task));
    sift_up(heap_.size() - 1, 0, std::move(heap_.back()));
  }
  NodeTask pop() {
    NodeTask top = std::move(heap_.front());
    size_t last = heap_.size() - 1;
    if (last > 0) {
      NodeTask value = std::move(heap_[last]);
      adjust_down(0, last, std::move(value));
    }
    heap_.pop_back();
    return top;
  }

 private:
  static bool less(const NodeTask& a, const NodeTask& b) { return a.fn->sequence_nr() < b.fn->sequence_nr(); }
  void sift_up(size_t hole, size_t top, NodeTask value) {
    while (hole > top) {
      size_t parent = (hole - 1) / 2;
      if (!less(heap_[parent], value)) break;
      heap_[hole] = std::move(heap_[parent]);
      hole = parent;
    }
    heap_[hole] = std::move(value);
  }
  // Fills the hole at `hole` in heap_[0, len) with value: down to a leaf along the larger child,
  // then back up (libstdc++'s __adjust_heap).
  void adjust_down(size_t hole, size_t len, NodeTask value) {
    size_t top = hole;
    size_t child = hole;
    while (len >= 2 && child < (len - 1) / 2) {
      child = 2 * (child + 1);
      if (less(heap_[child], heap_[child - 1])) --child;
      heap_[hole] = std::move(heap_[child]);
      hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
      child = 2 * (child + 1);
      heap_[hole] = std::move(heap_[child - 1]);
      hole = child - 1;
    }
    sift_up(hole, top, std::move(value));
  }
  std::vector<NodeTask> heap_;
};

// Adds a gradient into slot pos of a node's input buffer (PyTorch 1.13's InputBuffer::add): the
// first one is kept as is, later ones are summed into a new tensor.
void buffer_add(variable_list& buffer, size_t pos, Tensor var) {
  if (!var.defined()) return;
  Tensor& old = buffer.at(pos);
  if (!old.defined()) old = std::move(var);
  else old = autograd::add(old, var);
}

bool is_expandable_to(const core::IntArray& shape, const core::IntArray& desired) {
  if (shape.size() > desired.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t size = shape[shape.size() - 1 - i];
    int64_t target = desired[desired.size() - 1 - i];
    if (size != target && size != 1) return false;
  }
  return true;
}

// Sums each gradient down to the shape of the input it flows into and casts it to that input's
// dtype; `prefix` starts the error message ("Function MulBackward0 returned an ").
void validate_outputs(const std::vector<Edge>& edges, variable_list& grads, const std::string& prefix) {
  STRIDELAB_CHECK(grads.size() == edges.size(), prefix, "invalid number of gradients - expected ", edges.size(),
                  ", but got ", grads.size());
  for (size_t i = 0; i < grads.size(); ++i) {
    const Edge& edge = edges[i];
    if (!edge.is_valid()) continue;
    Tensor& g = grads[i];
    if (!g.defined()) continue;
    const InputMetadata& meta = edge.function->input_metadata(edge.input_nr);
    if (!meta.defined) continue;
    if (g.sizes() != meta.sizes) {
      STRIDELAB_CHECK(is_expandable_to(meta.sizes, g.sizes()), prefix, "invalid gradient at index ", i, " - got ",
                      core::format_int_list(g.sizes()), " but expected shape compatible with ",
                      core::format_int_list(meta.sizes));
      g = detail::sum_to(g, meta.sizes);
    }
    if (g.dtype() != meta.dtype) g = autograd::to(g, meta.dtype);
  }
}

variable_list call_pre_hooks(Node& fn, variable_list inputs) {
  for (const auto& hook : fn.pre_hooks()) inputs = (*hook)(inputs);
  for (const auto& [nr, hook] : fn.retains_grad_hooks()) inputs = (*hook)(inputs);
  return inputs;
}

void compute_dependencies(Node* root, GraphTask& task) {
  std::vector<Node*> stack{root};
  std::unordered_map<const Node*, bool> seen;
  while (!stack.empty()) {
    Node* fn = stack.back();
    stack.pop_back();
    for (const Edge& edge : fn->next_edges()) {
      Node* next = edge.function.get();
      if (!next) continue;
      task.dependencies[next] += 1;
      if (!seen[next]) {
        seen[next] = true;
        stack.push_back(next);
      }
    }
  }
}

// Marks the nodes on a path from the root to a requested input (PyTorch's init_to_execute).
void init_to_execute(Node* root, const std::vector<Edge>& outputs, GraphTask& task) {
  task.exec_info[root].needed = true;
  size_t output_idx = 0;
  for (const Edge& out : outputs) task.exec_info[out.function.get()].captures.emplace_back(out.input_nr, output_idx++);
  task.captured.resize(output_idx);
  // Iterative post-order walk: a node is needed when one of its children should execute.
  struct Frame {
    Node* fn;
    size_t next = 0;
  };
  std::unordered_map<const Node*, bool> seen;
  auto should_execute = [&](const Node* fn) {
    auto it = task.exec_info.find(fn);
    return it != task.exec_info.end() && it->second.should_execute();
  };
  std::vector<Frame> stack{{root}};
  seen[root] = true;
  while (!stack.empty()) {
    Frame& frame = stack.back();
    Node* child = nullptr;
    while (frame.next < frame.fn->num_outputs()) {
      Node* c = frame.fn->next_edge(frame.next++).function.get();
      if (!c) continue;
      if (seen[c]) {
        if (should_execute(c)) task.exec_info[frame.fn].needed = true;
        continue;
      }
      child = c;
      break;
    }
    if (child) {
      seen[child] = true;
      stack.push_back({child});
    } else {
      Node* fn = frame.fn;
      stack.pop_back();
      if (should_execute(fn) && !stack.empty()) task.exec_info[stack.back().fn].needed = true;
    }
  }
}

void evaluate_function(GraphTask& task, const std::shared_ptr<Node>& func, variable_list inputs, ReadyQueue& queue) {
  if (!task.exec_info.empty()) {
    const ExecInfo& info = task.exec_info.at(func.get());
    for (const auto& [input_nr, output_idx] : info.captures) {
      task.captured[output_idx] = inputs.at(input_nr);
      if (observer) observer->on_capture(*func, output_idx, task.captured[output_idx]);
    }
    if (!info.needed) return;
  }

  Node& fn = *func;
  inputs = call_pre_hooks(fn, std::move(inputs));
  if (observer) observer->on_node_begin(fn, inputs);
  variable_list outputs = fn.apply(std::move(inputs));
  validate_outputs(fn.next_edges(), outputs, core::str("Function ", fn.name(), " returned an "));
  if (observer) observer->on_node_end(fn, outputs);
  if (!task.keep_graph) fn.release_variables();

  for (size_t i = 0; i < outputs.size(); ++i) {
    const Edge& next = fn.next_edge(i);
    if (!next.is_valid()) continue;
    const Node* key = next.function.get();
    bool is_ready = false;
    auto dep = task.dependencies.find(key);
    STRIDELAB_INTERNAL_ASSERT(dep != task.dependencies.end(), "dependency not found for ", next.function->name());
    if (--dep->second == 0) {
      task.dependencies.erase(dep);
      is_ready = true;
    }
    auto waiting = task.not_ready.find(key);
    if (waiting == task.not_ready.end()) {
      if (!task.exec_info.empty()) {
        auto it = task.exec_info.find(key);
        if (it == task.exec_info.end() || !it->second.should_execute()) continue;
      }
      variable_list buffer(next.function->num_inputs());
      buffer_add(buffer, next.input_nr, std::move(outputs[i]));
      if (is_ready) queue.push(NodeTask{next.function, std::move(buffer)});
      else task.not_ready.emplace(key, std::move(buffer));
    } else {
      buffer_add(waiting->second, next.input_nr, std::move(outputs[i]));
      if (is_ready) {
        queue.push(NodeTask{next.function, std::move(waiting->second)});
        task.not_ready.erase(waiting);
      }
    }
  }
}

// PyTorch's Engine::execute.
variable_list execute(const std::vector<Edge>& roots, variable_list grads, bool keep_graph, bool create_graph,
                      bool accumulate_grad, const std::vector<Edge>& outputs) {
  validate_outputs(roots, grads, "");
  if (accumulate_grad && create_graph) warn_once("backward(create_graph=True)", kCreateGraphWarning);
  GraphTask task;
  task.keep_graph = keep_graph;

  AutoGradMode grad_mode(create_graph);
  struct TaskScope {
    GraphTask* previous;
    explicit TaskScope(GraphTask* t) : previous(current_task) { current_task = t; }
    ~TaskScope() { current_task = previous; }
  } scope(&task);

  bool skip_dummy_node = roots.size() == 1;
  std::shared_ptr<Node> graph_root = skip_dummy_node ? roots[0].function : new_node<GraphRoot>(roots, grads);
  compute_dependencies(graph_root.get(), task);
  if (!outputs.empty()) init_to_execute(graph_root.get(), outputs, task);

  if (observer) observer->on_backward_begin(roots, grads);
  ReadyQueue queue;
  if (skip_dummy_node) {
    variable_list buffer(graph_root->num_inputs());
    buffer_add(buffer, roots[0].input_nr, std::move(grads[0]));
    queue.push(NodeTask{graph_root, std::move(buffer)});
  } else {
    queue.push(NodeTask{graph_root, {}});
  }
  try {
    while (!queue.empty()) {
      NodeTask task_item = queue.pop();
      evaluate_function(task, task_item.fn, std::move(task_item.inputs), queue);
    }
  } catch (...) {
    if (observer) observer->on_backward_end();
    throw;
  }
  if (observer) observer->on_backward_end();
  return std::move(task.captured);
}

// Python's _make_grads: the gradient of each output, ones for a scalar that requires grad.
variable_list make_grads(const std::vector<Tensor>& outputs, const std::vector<Tensor>& grads) {
  STRIDELAB_CHECK(grads.empty() || grads.size() == outputs.size(), "got ", outputs.size(), " tensors and ",
                  grads.size(), " gradients");
  variable_list result;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    Tensor g = grads.empty() ? Tensor() : grads[i];
    if (g.defined()) {
      STRIDELAB_CHECK(g.sizes() == out.sizes(), "Mismatch in shape: grad_output[", i, "] has a shape of torch.Size(",
                      core::format_int_list(g.sizes()), ") and output[", i, "] has a shape of torch.Size(",
                      core::format_int_list(out.sizes()), ").");
      result.push_back(g);
    } else if (requires_grad(out)) {
      STRIDELAB_CHECK(out.numel() == 1, "grad can be implicitly created only for scalar outputs");
      Tensor ones = core::empty_like(out);
      core::fill_(ones, Scalar(int64_t{1}));
      result.push_back(ones);
    } else {
      result.push_back(Tensor());
    }
  }
  return result;
}

// THPEngine_run_backward.
variable_list run_backward(const std::vector<Tensor>& tensors, const variable_list& grads, bool keep_graph,
                           bool create_graph, const std::vector<Tensor>* inputs, bool allow_unreachable) {
  std::vector<Edge> roots;
  variable_list root_grads;
  for (size_t i = 0; i < tensors.size(); ++i) {
    Edge edge = impl::gradient_edge(tensors[i]);
    STRIDELAB_CHECK(edge.is_valid(), "element ", i, " of tensors does not require grad and does not have a grad_fn");
    roots.push_back(std::move(edge));
    root_grads.push_back(grads[i]);
  }
  std::vector<Edge> output_edges;
  if (inputs) {
    for (const Tensor& input : *inputs) {
      uint32_t nr = output_nr(input);
      std::shared_ptr<Node> fn = grad_fn(input);
      if (!fn) fn = impl::try_get_grad_accumulator(input);
      STRIDELAB_CHECK(requires_grad(input), "One of the differentiated Tensors does not require grad");
      if (!fn) output_edges.emplace_back(new_node<Identity>(), 0);
      else output_edges.emplace_back(std::move(fn), nr);
    }
  }
  variable_list result =
      execute(roots, std::move(root_grads), keep_graph, create_graph, inputs == nullptr, output_edges);
  if (inputs) {
    for (const Tensor& r : result) {
      STRIDELAB_CHECK(allow_unreachable || r.defined(),
                      "One of the differentiated Tensors appears to not have been used in the graph. Set "
                      "allow_unused=True if this is the desired behavior.");
    }
  }
  return result;
}

}  // namespace

void set_engine_observer(EngineObserver* o) { observer = o; }

void engine_mark_needed(const Node* fn) {
  if (current_task && !current_task->exec_info.empty()) current_task->exec_info[fn].needed = true;
}

bool engine_should_execute(const Node* fn) {
  if (!current_task || current_task->exec_info.empty()) return true;
  auto it = current_task->exec_info.find(fn);
  return it != current_task->exec_info.end() && it->second.should_execute();
}

void backward(const std::vector<Tensor>& tensors, const std::vector<Tensor>& grad_tensors,
              std::optional<bool> retain_graph, bool create_graph) {
  variable_list grads = make_grads(tensors, grad_tensors);
  bool keep = retain_graph.value_or(create_graph);
  run_backward(tensors, grads, keep, create_graph, nullptr, true);
}

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, std::optional<bool> retain_graph, bool create_graph,
                         bool allow_unused) {
  variable_list grads = make_grads(outputs, grad_outputs);
  bool keep = retain_graph.value_or(create_graph);
  return run_backward(outputs, grads, keep, create_graph, &inputs, allow_unused);
}

}  // namespace stridelab::autograd
