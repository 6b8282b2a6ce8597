// A traced run: the interpreter runs a program with the recorder watching, and the trace is kept
// for random access. The native CLI (`stridelab trace`, `stridelab state`) and the WebAssembly
// bindings both go through here, so the page and the command line see the same steps.
//
//   trace::Session session;
//   trace::Summary s = session.run(source, options);   // runs to the end or to a limit
//   support::Json st = session.state(3);                 // the full state at step 3
//   std::string json = session.trace_text();              // the whole trace (docs/trace-format.md)
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "support/json.h"
#include "trace/recorder.h"

namespace stridelab::python {
class Interp;
class Object;
struct Frame;
}  // namespace stridelab::python
namespace stridelab::autograd {
class Node;
}

namespace stridelab::trace {

// What a step saw, for a test that checks the recorded deltas against a full snapshot of the world
// taken at the same moment (tests/trace/replay_test.cpp): told after each step is recorded.
struct StepContext {
  python::Interp& interp;
  const python::Frame* top;  // the innermost frame (null at the end when the module frame is gone)
  int line;
  const std::string& kind;
  int64_t step;  // the step just recorded
  Recorder& recorder;
  std::vector<core::Tensor> grads;  // a backward step's gradients, received then produced
  // The keys the recorder knows ("" for an object or node it was never shown).
  std::function<std::string(const python::Object*)> object_key;
  std::function<std::string(const autograd::Node*)> node_key;
  int top_line = 0;  // the line `top` is shown at: `line`, or for a generator just resumed its yield's
};
using StepProbe = std::function<void(const StepContext&)>;

struct RunOptions {
  long long max_steps = 100000;
  int max_depth = 1000;
  double max_seconds = 10.0;
  size_t max_memory = size_t{256} << 20;  // bytes of tensor storage
  RecorderOptions recorder;
  StepProbe probe;  // for tests, and the page's progress (src/wasm/bindings.cpp); empty by default
};

// An in-place write made by a call of the program (add_, x[i] = v, x += y, out=): the step it
// ran in, the key of the tensor it went through ("" for a tensor the trace never showed) and the
// storage written. What an exercise's "X was written through Y only" reads (trace/exercise.h).
// A write through a view no variable named (`x[0].add_(1)`) is told as going through the named
// tensor it was made from, with `temporary` set.
struct InPlaceWrite {
  int64_t step = 0;
  std::string tensor;
  std::string storage;
  bool temporary = false;
};

struct Summary {
  int64_t steps = 0;
  std::string stdout_text;
  std::string stderr_text;
  int exit_code = 0;
  support::Json error;  // null, or {"type", "message", "line", "traceback"}

  support::Json to_json() const;
};

// How t was made (the op and its source), when a view op or a reshape that copied made it
// (view_origin.cpp): what the recorder writes as a tensor's `view`.
std::optional<ViewOrigin> view_origin_of(const core::Tensor& t);
// t, then the tensors it was made from by view ops (nearest first; its base last): what a write
// through a temporary view (`x[0].add_(1)`, `x.view(-1)[2] = 5`) went through, as named.
std::vector<core::Tensor> made_from(const core::Tensor& t);

class Session {
 public:
  Session();
  ~Session();
  Summary run(const std::string& source, const RunOptions& options = {});
  // The full state at a step, with its `narration` (trace/narration.h).
  support::Json state(int64_t step);
  // Bytes of live tensor storage over the steps, and the allocations and frees (narration.cpp):
  // {"points": [[step, bytes], ...] (where the total changes), "marks": [{"step", "kind", "storage",
  // "bytes", "line"}, ...], "peak": bytes}. Computed once per run, in one pass over the deltas.
  support::Json timeline();
  support::Json trace() const { return recorder_->trace(); }
  std::string trace_text() const { return recorder_->trace_text(); }  // trace().dump(), faster
  void write_trace(const std::function<void(std::string_view)>& out) const { recorder_->write_trace(out); }
  int64_t step_count() const { return recorder_->step_count(); }
  size_t memory_bytes() const { return recorder_->memory_bytes(); }
  // For trace/exercise.h: the run's source, step n's delta, its error (the summary's), its
  // in-place writes by call.
  const std::string& source() const { return recorder_->source(); }
  std::string_view delta_text(int64_t n) const { return recorder_->delta_text(n); }
  const support::Json& error() const { return error_; }
  const std::vector<InPlaceWrite>& in_place_writes() const { return writes_; }

 private:
  std::unique_ptr<Recorder> recorder_;
  std::unique_ptr<support::Json> timeline_;
  // The last state given (without its narration), the step before's when stepping forward.
  support::Json last_state_;
  int64_t last_step_ = -1;
  support::Json error_;
  std::vector<InPlaceWrite> writes_;
};

}  // namespace stridelab::trace
