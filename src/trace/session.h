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
  StepProbe probe;  // for tests; empty by default
};

struct Summary {
  int64_t steps = 0;
  std::string stdout_text;
  std::string stderr_text;
  int exit_code = 0;
  support::Json error;  // null, or {"type", "message", "line", "traceback"}

  support::Json to_json() const;
};

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
  int64_t step_count() const { return recorder_->step_count(); }
  size_t memory_bytes() const { return recorder_->memory_bytes(); }

 private:
  std::unique_ptr<Recorder> recorder_;
  std::unique_ptr<support::Json> timeline_;
};

}  // namespace stridelab::trace
