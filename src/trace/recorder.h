// The trace recorder: one step per line event (and per autograd node inside backward), each step
// recording what changed since the one before.
//
// The recorder does not know the interpreter. At every step the front end (src/trace/session.cpp
// for the Python subset) hands it a Snapshot: the frames that changed with their variables, the
// objects the program can reach (all of them, or only those that changed), the autograd graph, the
// stdout the step printed. The recorder turns the tensors into records of their metadata and their
// storages' contents (reading the cells only of storages written since the step before), compares
// them with the previous step's and keeps only the difference (a delta). state(n) replays the
// deltas from the nearest checkpoint to give the full state at step n, in the shape
// docs/trace-format.md describes.
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

namespace stridelab::support {
class JsonWriter;
}

namespace stridelab::trace {

using support::Json;

constexpr int kTraceFormatVersion = 1;

// One Python object as the trace shows it.
struct ObjectInfo {
  std::string key;         // stable for the object's life: "o12"
  std::string type;        // type(x).__name__
  uint64_t id = 0;         // id(x): its address
  std::string repr;        // short text for the variables panel ("" for tensors)
  core::Tensor tensor;     // set when the object is a tensor
  std::string tensor_key;  // or its key, when the front end has it (Recorder::tensor_key)
  std::vector<std::pair<std::string, std::string>> items;  // container/attribute entries: label -> object key
  bool operator==(const ObjectInfo& o) const {
    return key == o.key && type == o.type && id == o.id && repr == o.repr && tensor_key == o.tensor_key &&
           items == o.items;
  }
};

struct FrameInfo {
  std::string name;  // "<module>", or the function's name
  int line = 0;
  std::vector<std::pair<std::string, std::string>> variables;  // name -> object key, in a stable order
  // Nonzero when the front end numbers its lists of variables: two frames with the same number
  // have the same variables, which are then not compared (0: compared).
  uint64_t variables_version = 0;
  bool same_variables(const FrameInfo& o) const {
    return variables_version != 0 && variables_version == o.variables_version ? true : variables == o.variables;
  }
  bool operator==(const FrameInfo& o) const { return name == o.name && line == o.line && same_variables(o); }
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
  // The source's geometry when the op ran, for a source that is gone (a temporary, a rebound name).
  bool has_source_geometry = false;
  core::IntArray source_sizes, source_strides;
  int64_t source_offset = 0;
  bool same_storage = false;
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
  // The stack from frame `frames_from` on, outermost first; the frames before it are the previous
  // step's (a front end that knows they did not change leaves them out).
  std::vector<FrameInfo> frames;
  size_t frames_from = 0;
  // Every object a frame reaches, or, when `objects_changed_only`, only the objects new or changed
  // since the previous step, with `objects_gone` the keys of the ones no longer reachable and
  // `object_tensors` the tensors of every reachable tensor object, in the order they were visited
  // (the objects' own, which live while the step is recorded: a pointer holds nothing).
  std::vector<ObjectInfo> objects;
  bool objects_changed_only = false;
  std::vector<std::string> objects_gone;
  std::vector<const core::Tensor*> object_tensors;
  std::function<TensorAutograd(const core::Tensor&)> autograd;  // may be empty
  std::vector<GraphNodeInfo> graph;
  // Or, when the front end knows the graph is the previous step's node for node with the same
  // versions (NOTE [An unchanged graph] in session.cpp), nothing in `graph` and the tensors its
  // nodes hold (saved tensors, then the AccumulateGrad variable, node by node) here.
  bool graph_unchanged = false;
  std::vector<core::Tensor> graph_tensors;
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
  // Reads every shown storage's cells at every step, instead of only the storages written since
  // (core::StorageObserver::on_write): the slow path a test checks the fast one against. A recorder
  // made with it does not observe the storages (no alloc and free events).
  bool read_all_cells = false;
  // Tensor keys come from this recorder instead of being made here (a test's reference recorder
  // names tensors as the recorder it checks does).
  const class Recorder* tensor_keys_from = nullptr;
  // Checkpoints of the whole state every this many steps at most, so state(n) replays at most
  // this many deltas.
  int64_t checkpoint_every = 256;
};

// NOTE [The recorder's memory]
// The recorder keeps what the previous step showed as compact records (below), compares each
// step's records with them, and writes only what changed as the step's delta, in JSON text, with a
// streaming writer, into large chunks of text. A checkpoint of the whole state (the same JSON
// shape apply_delta works on) is written every `checkpoint_every` steps, so state(n) parses one
// checkpoint and replays at most that many deltas. Nothing is a tree of JSON values until a state
// is asked for.
class Recorder : public core::StorageObserver {
 public:
  explicit Recorder(RecorderOptions options = {});
  ~Recorder() override;

  // Installs the recorder as the core's storage observer until finish().
  void begin(std::string source);
  void record(const Snapshot& snapshot);
  void finish(const std::string& stdout_text, const std::string& stderr_text, std::optional<Json> error);

  int64_t step_count() const { return static_cast<int64_t>(spans_.size()); }
  const std::string& source() const { return source_; }
  // The full state at step n (n < 0 counts from the end).
  Json state(int64_t n);
  // The whole trace: {"format": "stridelab-trace", "version": 1, "source", "steps": [deltas], "result"}.
  Json trace() const;
  // The same as JSON text.
  std::string trace_text() const;
  // The same text, handed to `out` piece by piece (no copy of the whole trace).
  void write_trace(const std::function<void(std::string_view)>& out) const;
  // The delta of step n as JSON text.
  std::string_view delta_text(int64_t n) const;
  // Bytes of the deltas and checkpoints kept.
  size_t memory_bytes() const;

  // The key of a tensor: stable while its impl lives ("t4"); a new one for a tensor not seen.
  std::string tensor_key(const core::Tensor& t);
  // The key a tensor has, or "" (never assigns one).
  std::string find_tensor_key(const core::Tensor& t) const;
  // The key of a storage ("s2"), by its core::StorageImpl::id(), or "" for one no step has shown.
  const std::string& storage_key(uint64_t id) const;

  void on_allocate(const core::StorageImpl& storage) override;
  void on_free(const core::StorageImpl& storage) override;
  void on_write(const core::StorageImpl& storage) override;

  struct TensorRec;
  struct StorageRec;
  struct NodeRec;

 private:
  struct Event {
    bool alloc;  // else a free
    uint64_t storage;
  };
  struct Span {
    uint32_t chunk, offset, size;
  };
  TensorRec tensor_record(const core::Tensor& t, const Snapshot& snap, std::vector<core::Tensor>& more,
                          core::Tensor* view_source);
  void read_cells(const core::StorageImpl& s, StorageRec& rec) const;
  // Writes a storage's record, from the text kept in it when it has one.
  void write_storage_text(support::JsonWriter& w, StorageRec& rec);
  void append_text(std::string_view text, std::vector<Span>& spans);
  void write_frame_kept(support::JsonWriter& w, size_t i);
  // Notes that w's text from `before` on is the record of `storage` or frame `frame`'s variables.
  void mark(size_t before, const support::JsonWriter& w, StorageRec* storage, int64_t frame);
  struct Mark {
    StorageRec* storage;
    int64_t frame;  // or -1
    uint32_t offset, size;
  };
  std::vector<Mark> marks_;  // texts to keep once the text being written is in a chunk
  void write_checkpoint();
  std::string_view span_text(const Span& s) const;

  RecorderOptions options_;
  std::string source_;
  Json result_;
  bool observing_ = false;

  // The deltas as JSON text, in chunks of about a megabyte (no copying as the trace grows).
  std::vector<std::string> chunks_;
  std::vector<Span> spans_;
  // checkpoints_[i] is the state before step i * checkpoint_every.
  std::vector<Span> checkpoints_;
  std::string all_stdout_;
  std::vector<size_t> stdout_end_;  // all_stdout_.size() after each step

  // Stable keys for tensors: an impl keeps its key while it lives.
  // What a tensor's record was made from, compared at the next step to skip remaking it.
  struct TensorSig {
    const core::StorageImpl* storage = nullptr;
    int64_t offset = 0;
    uint32_t version = 0;
    core::DType dtype = core::DType::Float32;
    core::IntArray sizes, strides;
    bool requires_grad = false;
    const void* grad_fn = nullptr;
    const core::TensorImpl* grad = nullptr;
    const core::TensorImpl* base = nullptr;
    // A view's record is worked out from its source's metadata too.
    const core::StorageImpl* source_storage = nullptr;
    int64_t source_offset = 0;
    core::IntArray source_sizes, source_strides;
  };
  struct TensorSlot {
    std::weak_ptr<core::TensorImpl> impl;
    std::string key;
    bool has_sig = false;
    TensorSig sig;
    std::weak_ptr<core::TensorImpl> view_source;  // the record's view source, to visit it again
    bool has_view_source = false;
    const core::TensorImpl* impl_raw = nullptr;  // impl's address (its key in tensor_keys_)
    StorageRec* srec = nullptr;                  // its storage's record, while the slot was reached at the step before
    int64_t reached = -1;                        // the last step that showed it
    size_t shown_at = 0;                         // and its place in that step's walk (shown_tensors_)
    TensorRec* rec = nullptr;                    // its record in tensors_ while shown
  };
  std::vector<TensorSlot*> shown_tensors_;                            // the slots the previous step showed
  std::vector<std::pair<uint64_t, const core::StorageImpl*>> shown_;  // the storages this step shows first
  std::vector<std::string> retired_keys_;  // shown tensors gone, whose slot a new tensor took
  TensorSlot& tensor_slot(const core::Tensor& t);
  // tensor_key(t), good until the next call (no copy of the key).
  const std::string& tensor_key_ref(const core::Tensor& t);
  std::string key_scratch_;
  const std::string empty_key_;
  size_t swept_slots_ = 1024;
  std::unordered_map<const core::TensorImpl*, TensorSlot> tensor_keys_;
  uint64_t next_tensor_ = 1;

  // What the previous step showed.
  std::unordered_map<std::string, ObjectInfo> objects_;
  std::unordered_map<std::string, std::unique_ptr<TensorRec>> tensors_;
  std::unordered_map<uint64_t, std::unique_ptr<StorageRec>> storages_;
  std::unordered_map<std::string, std::unique_ptr<NodeRec>> nodes_;
  std::vector<FrameInfo> frames_;
  std::vector<Span> frame_vars_;       // the text of each frame's variables, when kept
  std::vector<Event> pending_events_;  // allocations and frees since the last step
  // NOTE [Storage numbers]
  // A storage's key numbers the storages in the order the steps first showed them, not by their
  // core id: temporaries made and freed inside a step (a wrapped Python number, an intermediate
  // result) take core ids too, and must not leave gaps (s1, s3) in the names the learner reads.
  std::unordered_map<uint64_t, uint64_t> shown_numbers_;  // core id -> n of "sn"
  std::vector<std::string> shown_keys_;                   // n -> "sn"
  uint64_t next_shown_number_ = 1;
  auto storage_key_less() const;  // as the keys sort as strings

  // The writers of a step's delta and of its events (kept: their memory is reused).
  std::unique_ptr<support::JsonWriter> step_writer_, events_writer_, record_writer_, checkpoint_writer_;

  struct Scratch;
  std::unique_ptr<Scratch> scratch_;  // the lists a step fills, kept with their memory

  // Replay cache for state(n).
  int64_t cached_step_ = -1;
  Json cached_state_;
};

// Applies one delta to a materialised state (the page and the CLI use the same code path).
void apply_delta(Json& state, const Json& delta);
// The state as docs/trace-format.md shows it: maps become lists in key order.
Json present_state(const Json& state);

}  // namespace stridelab::trace
