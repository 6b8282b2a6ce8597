// The `torch` surface bound into the Python interpreter: register_torch() makes the modules
// torch, torch.nn, torch.nn.functional, torch.optim and torch.autograd importable.
//
//   stridelab::python::Interp interp;
//   stridelab::torch::register_torch(interp);
//   interp.run("import torch\nprint(torch.ones(2))\n");
//
// This is the surface's public header: the trace and the runners include it and python/, never
// binding.h (the binding files' own header).
#pragma once
#include <optional>
#include <string>

#include "core/tensor.h"
#include "python/object.h"

namespace stridelab::python {
class Interp;
}

namespace stridelab::torch {

void register_torch(python::Interp& interp);

// Whether `o` is a torch.Tensor (or a subclass: Parameter), and the tensor it holds.
bool is_tensor(const python::Object* o);
core::Tensor& unwrap(python::Object* o);

// ---- view origins, for the trace (dispatch.cpp; see NOTE [View origins] there) ------------------
struct ViewOriginInfo {
  core::Tensor source;     // the op's input (undefined once it has been freed)
  std::string op;          // the op: "view", "reshape", "t", "T", "transpose", "index", "expand", ...
  int64_t broke_dim = -1;  // reshape/flatten that copied: the input dim that broke the view rule
  // The source as the op saw it, kept in the entry: the source is often a temporary, or a name
  // the same line rebinds (`b = b.reshape(3, 2)`), gone by the time the trace looks.
  core::IntArray source_sizes, source_strides;
  int64_t source_offset = 0;
  bool same_storage = false;  // the result shares the source's storage (a view, not a copy)
};
// Noting costs a hash-map insert per view op, so it is off until the trace turns it on.
void set_view_origin_tracking(bool on);
// How t was made, if a view op (or a reshape that copied) made it while tracking was on.
std::optional<ViewOriginInfo> view_origin(const core::Tensor& t);

}  // namespace stridelab::torch
