// The trace recorder: one step per line event (and per autograd node inside backward), each step
// recording what changed since the one before.
//
// The recorder does not know the interpreter. At every step the front end (src/trace/adapter.cpp
// for the Python subset) hands it a Snapshot: the frames with their variables, every live object
// the program can reach (tensors among them), the stdout the step printed. The recorder turns the
// tensors into records of their metadata and their storages' contents, diffs everything against
// the previous step and keeps only the difference (a delta). state(n) replays the deltas to give
// the full state at step n, in the shape docs/trace-format.md describes.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/storage.h"
#include "core/tensor.h"
#include "support/json.h"

namespace stridelab::trace {

using support::Json;

constexpr int kTraceFormatVersion = 1;

// One Python object as the trace shows it.
struct ObjectInfo {
  std::string key;                                         // stable for the object's life: "o12"
  std::string type;                                        // type(x).__name__
  uint64_t id = 0;                                         // id(x): its address
  std::string repr;                                        // short text for the variables panel ("" for tensors)
  core::Tensor tensor;                                     // set when the object is a tensor
  std::vector<std::pair<std::string, std::string>> items;  // container/attribute entries: label -> object key
};

struct FrameInfo {
  std::string name;  // "<module>", or the function's name
  int line = 0;
  std::vector<std::pair<std::string, std::string>> variables;  // name -> object key, in a stable order
};

// What autograd knows about a tensor, and the graph behind it; filled by the front end.
struct GraphNodeInfo {
  std::string key;                // "n3"
  std::string name;               // "MulBackward0"
  std::vector<std::string> next;  // keys of next nodes
  struct Saved {
    std::string name;  // "self", "other", "result"
    core::Tensor tensor;
    uint32_t saved_version = 0;
  };
  std::vector<Saved> saved;
  core::Tensor variable;  // AccumulateGrad's leaf
  bool released = false;  // saved tensors freed by a backward without retain_graph
};

struct TensorAutograd {
  bool requires_grad = false;
  bool is_leaf = true;
  std::string grad_fn;  // node key, "" if none
  core::Tensor grad;
};

// How a view was made, for the stride-arithmetic panel; set by the front end when it knows.
struct ViewOrigin {
  core::Tensor source;
  std::string op;          // "slice", "t", "expand", "reshape", ...
  std::string text;        // "x[1:3, 1:3]"
  int64_t broke_dim = -1;  // a reshape that had to copy: the dimension that broke the view rule
};

struct BackwardStep {
  std::string node;  // key
  std::string name;
  std::vector<core::Tensor> grad_inputs;   // gradients it received
  std::vector<core::Tensor> grad_outputs;  // gradients it produced
};

// NOTE [Cell reads]
// Which storage cells the step read: the cells offset + sum(i_d * stride_d) of one storage for
// every index (i_0, ...) < sizes, i.e. the cells a tensor's elements map to (or part of them, for
// a print that summarises). The front end says which tensors a call read (src/trace/call_reads.h);
// the recorder keeps the reads of storages the step can show and writes them compactly, as cell
// ranges or as (offset, shape, stride) blocks, whichever is smaller (docs/trace-format.md).
struct CellRead {
  uint64_t storage = 0;  // core::StorageImpl::id()
  int64_t offset = 0;
  core::IntArray sizes, strides;
};

// The read of every element of t.
CellRead read_of(const core::Tensor& t);

struct Snapshot {
  std::string kind = "line";  // line, call, return, exception, backward
  int line = 0;
  std::vector<FrameInfo> frames;
  std::vector<ObjectInfo> objects;
  std::function<TensorAutograd(const core::Tensor&)> autograd;  // may be empty
  std::vector<GraphNodeInfo> graph;
  std::function<std::optional<ViewOrigin>(const core::Tensor&)> view_origin;  // may be empty
  std::optional<BackwardStep> backward;
  std::string stdout_text;        // printed during this step
  std::optional<Json> exception;  // {"type", "message", "line"}
  std::vector<CellRead> reads;    // cells read during this step, in order
};

struct RecorderOptions {
  // Storages with more elements than this keep only `summary_edge` values at each end.
  int64_t max_cells = 1024;
  int64_t summary_edge = 64;
};

class Recorder : public core::StorageObserver {
 public:
  explicit Recorder(RecorderOptions options = {});
  ~Recorder() override;

  // Installs the recorder as the core's storage observer until finish().
  void begin(std::string source);
  void record(const Snapshot& snapshot);
  void finish(const std::string& stdout_text, const std::string& stderr_text, std::optional<Json> error);

  int64_t step_count() const { return static_cast<int64_t>(deltas_.size()); }
  // The full state at step n (n < 0 counts from the end).
  Json state(int64_t n);
  // The whole trace: {"format": "stridelab-trace", "version": 1, "source", "steps": [deltas], "result"}.
  Json trace() const;
  // The same as JSON text, written without copying the steps first.
  std::string trace_text() const;

  void on_allocate(const core::StorageImpl& storage) override;
  void on_free(const core::StorageImpl& storage) override;

 private:
  std::string tensor_key(const core::Tensor& t);
  Json tensor_record(const core::Tensor& t, const Snapshot& snap, std::vector<core::Tensor>& more);
  Json storage_record(const core::StorageImpl& s, uint64_t* hash);
  void diff_map(const char* name, std::map<std::string, Json>&& now, std::map<std::string, Json>& before, Json& delta);

  RecorderOptions options_;
  std::string source_;
  std::vector<Json> deltas_;
  Json result_;
  bool observing_ = false;

  // Stable keys for tensors: an impl keeps its key while it lives.
  struct TensorSlot {
    std::weak_ptr<core::TensorImpl> impl;
    std::string key;
  };
  std::unordered_map<const core::TensorImpl*, TensorSlot> tensor_keys_;
  uint64_t next_tensor_ = 1;

  // What the previous step held, to diff against.
  std::map<std::string, Json> objects_, tensors_, storages_, nodes_;
  Json::Array prev_frames_;
  std::map<std::string, uint64_t> storage_hash_;
  std::map<std::string, std::vector<double>> storage_values_;
  std::vector<Json> pending_events_;  // allocations and frees since the last step

  // Replay cache for state(n).
  int64_t cached_step_ = -1;
  Json cached_state_;
  std::map<int64_t, Json> keyframes_;  // replayed states every few hundred steps
};

// Applies one delta to a materialised state (the page and the CLI use the same code path).
void apply_delta(Json& state, const Json& delta);
// The state as docs/trace-format.md shows it: maps become lists in key order.
Json present_state(const Json& state);

}  // namespace stridelab::trace
