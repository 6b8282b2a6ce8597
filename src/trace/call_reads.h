// Which tensor cells a call into the torch binding read, as PyTorch's kernels read them: the trace's
// "read" events (NOTE [Cell reads] in recorder.h, docs/trace-format.md).
//
// The interpreter reports every call of a function written in C++ with its arguments and result
// (python::NativeCallObserver); CallReads turns one such call into CellReads:
//
//   std::vector<CellRead> reads;
//   CallReads calls(interp);
//   calls.note(fn, args, result, reads);   // v.sum(): every cell of v
//
// NOTE [What a call reads]
// - An op reads every element of its tensor arguments (self, other, the tensors of a list such
//   as cat's), and the tensors inside an indexing key.
// - A view op reads nothing: its result shares the argument's storage (x[1:3], t(), view,
//   expand, detach, a reshape that needed no copy, contiguous() of a contiguous tensor). So an
//   argument whose storage a result shares is not read, unless the op is in place.
// - An in-place op reads and writes self (add_, mul_, x += y, relu(inplace=True)); the ops that
//   only overwrite self read the other arguments only (copy_, fill_, zero_, normal_, uniform_,
//   masked_fill_, x[i] = v). In-place ops that change metadata only (t_, squeeze_, ...) read
//   nothing.
// - Metadata reads no cell: size(), stride(), shape, numel(), data_ptr(), len(), is_contiguous(),
//   the *_like factories, new_zeros and friends, view_as's and type_as's other tensor.
// - print, str, repr and format read the elements they show: all of them, or where PyTorch
//   summarises (numel > threshold) the edgeitems first and last along every dim.
// - item(), float(), int(), bool(), tolist() read every element (one, for item()).
// - A built-in layer's forward (nn.Linear) reads its input and its own parameters; an
//   optimizer's step() reads each parameter and its .grad. Python code is not a call into C++:
//   its ops report their own reads.
// - Functions outside torch (print, len, abs, math.sqrt, the wrapper torch.no_grad() makes) read
//   through the dunders and torch functions they call, which report for themselves.
// - Ops that select elements (advanced indexing, gather, index_select, masked_select) are shown
//   reading the whole input, a superset of the cells the kernel touches.
// Inside backward, each node reads the gradients it receives and the tensors it saved (reported
// by the session, not here).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "python/interp.h"
#include "trace/recorder.h"

namespace stridelab::trace {

// The cells print(t) reads (NOTE [What a call reads]).
void printed_reads(const core::Tensor& t, std::vector<CellRead>& out);

class CallReads {
 public:
  explicit CallReads(python::Interp& in) : in_(in) {}
  // Appends what the call fn(*args) that returned `result` read.
  void note(const python::BuiltinFunctionObject& fn, const python::CallArgs& args, python::Object* result,
            std::vector<CellRead>& out);

  // The tensor argument an in-place call writes through: self of add_, __setitem__, x += y,
  // relu(x, inplace=True), the out= tensor; null for any other call. Which tensor a write went
  // through is a fact an exercise checks (trace/exercise.h).
  python::Object* written_through(const python::BuiltinFunctionObject& fn, const python::CallArgs& args);

  enum class Kind : uint8_t {
    Nothing,     // reads no cell (builtins, metadata, Module.__call__: its forward is reported)
    Op,          // reads every tensor argument a result does not view
    MetaOthers,  // reads self only (view_as, type_as, to(other))
    MetaSelf,    // reads the arguments other than self (new_tensor)
    InPlace,     // reads self (and writes it), and the other arguments
    WriteOnly,   // writes self without reading it; reads the other arguments
    Printed,     // the elements print shows
    Forward,     // a built-in layer: its input and its parameters
    Step,        // an optimizer: each parameter and its .grad
  };

 private:
  Kind kind_of(const python::BuiltinFunctionObject& fn, const python::CallArgs& args);
  bool torch_function(const python::BuiltinFunctionObject& fn);

  python::Interp& in_;
  std::unordered_map<const python::BuiltinFunctionObject*, std::pair<std::string, Kind>> kinds_;
};

}  // namespace stridelab::trace
