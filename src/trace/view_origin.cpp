// How a tensor was made, for the trace's `view` record (declared in session.h): the op the torch
// binding noted (NOTE [View origins] in src/torch/dispatch.cpp), with its source's geometry when
// the op ran; else, for a view the binding did not note, relative to its base.
#include "torch/torch.h"
#include "trace/session.h"

namespace stridelab::trace {

std::optional<ViewOrigin> view_origin_of(const core::Tensor& t) {
  ViewOrigin v;
  if (auto info = torch::view_origin(t)) {
    v.source = info->source;
    v.op = info->op;
    v.broke_dim = info->broke_dim;
    v.has_source_geometry = true;
    v.source_sizes = std::move(info->source_sizes);
    v.source_strides = std::move(info->source_strides);
    v.source_offset = info->source_offset;
    v.same_storage = info->same_storage;
    return v;
  }
  if (!t.is_view()) return std::nullopt;
  v.source = t.base();
  v.op = "view";
  return v;
}

std::vector<core::Tensor> made_from(const core::Tensor& t) {
  std::vector<core::Tensor> out{t};
  // The sources the binding noted, while they live (a chain of views ends at a tensor no view
  // op made; a bound keeps a cycle of reused addresses from looping).
  for (int i = 0; i < 64; ++i) {
    auto info = torch::view_origin(out.back());
    if (!info || !info->source.defined() || !info->same_storage) break;
    out.push_back(info->source);
  }
  if (t.is_view()) out.push_back(t.base());
  return out;
}

}  // namespace stridelab::trace
