// View ops: the result shares self's storage and version counter and is recorded as a
// differentiable view of self's base (see NOTE [Differentiable views and in-place ops]).
#include <algorithm>
#include <limits>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::with_history;

namespace {

// A one-input node whose gradient is formula(grad).
template <class Derived>
struct ViewBackward : Node {
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = static_cast<Derived*>(this)->formula(grads[0]);
    return out;
  }
};

struct ViewBackward0 : ViewBackward<ViewBackward0> {
  NODE_NAME(ViewBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  Tensor formula(const Tensor& g) { return autograd::reshape(g, self_sizes); }
};

struct ReshapeAliasBackward0 : ViewBackward<ReshapeAliasBackward0> {
  NODE_NAME(ReshapeAliasBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  Tensor formula(const Tensor& g) { return autograd::reshape(g, self_sizes); }
};

struct UnsafeViewBackward0 : ViewBackward<UnsafeViewBackward0> {
  NODE_NAME(UnsafeViewBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  Tensor formula(const Tensor& g) { return autograd::reshape(g, self_sizes); }
};

struct TransposeBackward0 : ViewBackward<TransposeBackward0> {
  NODE_NAME(TransposeBackward0)
  int64_t dim0 = 0, dim1 = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim0", dim0}, {"_saved_dim1", dim1}};
  }
  Tensor formula(const Tensor& g) { return autograd::transpose(g, dim0, dim1); }
};

struct TBackward0 : ViewBackward<TBackward0> {
  NODE_NAME(TBackward0)
  Tensor formula(const Tensor& g) { return autograd::t(g); }
};

struct PermuteBackward0 : ViewBackward<PermuteBackward0> {
  NODE_NAME(PermuteBackward0)
  IntArray dims;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dims", dims}}; }
  Tensor formula(const Tensor& g) {
    int64_t n = static_cast<int64_t>(dims.size());
    IntArray inverse(dims.size());
    for (int64_t i = 0; i < n; ++i) inverse[core::wrap_dim(dims[i], n)] = i;
    return autograd::permute(g, inverse);
  }
};

struct ExpandBackward0 : ViewBackward<ExpandBackward0> {
  NODE_NAME(ExpandBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sym_sizes", self_sizes}}; }
  Tensor formula(const Tensor& g) { return detail::sum_to(g, self_sizes); }
};

struct SqueezeBackward0 : ViewBackward<SqueezeBackward0> {
  NODE_NAME(SqueezeBackward0)
  IntArray self_sizes;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sizes", self_sizes}}; }
  Tensor formula(const Tensor& g) {
    Tensor out = g;
    for (int64_t d = 0; d < static_cast<int64_t>(self_sizes.size()); ++d) {
      if (self_sizes[d] == 1) out = autograd::unsqueeze(out, d);
    }
    return out;
  }
};

// autograd::squeeze(dim) and its in-place form autograd::squeeze_(dim).
template <int kVariant>
struct SqueezeDimBackward : ViewBackward<SqueezeDimBackward<kVariant>> {
  std::string name() const override { return kVariant == 1 ? "SqueezeBackward1" : "SqueezeBackward3"; }
  IntArray self_sizes;
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_self_sizes", self_sizes}};
  }
  Tensor formula(const Tensor& g) {
    if (self_sizes.empty()) return g;
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    return self_sizes[d] == 1 ? autograd::unsqueeze(g, d) : g;
  }
};
using SqueezeBackward1 = SqueezeDimBackward<1>;
using SqueezeBackward3 = SqueezeDimBackward<3>;

struct UnsqueezeBackward0 : ViewBackward<UnsqueezeBackward0> {
  NODE_NAME(UnsqueezeBackward0)
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  Tensor formula(const Tensor& g) { return autograd::squeeze(g, dim); }
};

// select_backward, slice_backward, diagonal_backward recorded as ops of their own
// (SelectBackwardBackward0, ...): their gradient is the same view of the incoming gradient.
struct PartBackwardBackward : Node {
  std::string name_;
  std::function<Tensor(const Tensor&)> part;
  std::string name() const override { return name_; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (any_defined(grads) && task_should_compute_output(0)) out[0] = part(grads[0]);
    return out;
  }
};

// The gradient of a view that picks part of self: zeros of self's shape with the part filled in.
// With a gradient that requires grad, recorded as `name` (PyTorch's XBackwardBackward0); without
// a name, as the zeros and the copy_ into them.
Tensor zeros_with(const IntArray& sizes, const Tensor& grad, const std::function<Tensor(const Tensor&)>& part,
                  const char* name = nullptr) {
  std::shared_ptr<PartBackwardBackward> fn = name ? make_node<PartBackwardBackward>(grad) : nullptr;
  Tensor z = detail::zeros(sizes, grad.dtype());
  if (!fn) {
    Tensor region = part(z);
    autograd::copy_(region, grad);
    return z;
  }
  {
    NoGradGuard no_grad;
    Tensor region = part(z);
    core::copy_(region, grad);
  }
  fn->name_ = name;
  fn->part = part;
  impl::set_history(z, fn);
  return z;
}

struct SelectBackward0 : ViewBackward<SelectBackward0> {
  NODE_NAME(SelectBackward0)
  IntArray self_sizes;
  int64_t dim = 0, index = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_index", index}, {"_saved_self_sizes", self_sizes}};
  }
  Tensor formula(const Tensor& g) {
    return zeros_with(
        self_sizes, g, [dim = dim, index = index](const Tensor& z) { return autograd::select(z, dim, index); },
        "SelectBackwardBackward0");
  }
};

struct SliceBackward0 : ViewBackward<SliceBackward0> {
  NODE_NAME(SliceBackward0)
  IntArray self_sizes;
  int64_t dim = 0;
  std::optional<int64_t> start, end;
  int64_t step = 1;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim},
            {"_saved_end", end ? SavedValue(*end) : SavedValue()},
            {"_saved_self_sym_sizes", self_sizes},
            {"_saved_start", start ? SavedValue(*start) : SavedValue()},
            {"_saved_step", step}};
  }
  Tensor formula(const Tensor& g) {
    return zeros_with(
        self_sizes, g,
        [dim = dim, start = start, end = end, step = step](const Tensor& z) {
          return autograd::slice(z, dim, start, end, step);
        },
        "SliceBackwardBackward0");
  }
};

struct DiagonalBackward0 : ViewBackward<DiagonalBackward0> {
  NODE_NAME(DiagonalBackward0)
  IntArray self_sizes;
  int64_t offset = 0, dim1 = 0, dim2 = 1;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {
        {"_saved_dim1", dim1}, {"_saved_dim2", dim2}, {"_saved_offset", offset}, {"_saved_self_sym_sizes", self_sizes}};
  }
  Tensor formula(const Tensor& g) {
    return zeros_with(
        self_sizes, g,
        [offset = offset, dim1 = dim1, dim2 = dim2](const Tensor& z) {
          return autograd::diagonal(z, offset, dim1, dim2);
        },
        "DiagonalBackwardBackward0");
  }
};

struct UnfoldBackward0 : ViewBackward<UnfoldBackward0> {
  NODE_NAME(UnfoldBackward0)
  IntArray self_sizes;
  int64_t dimension = 0, size = 0, step = 1;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dimension", dimension},
            {"_saved_self_sizes", self_sizes},
            {"_saved_size", size},
            {"_saved_step", step}};
  }
  Tensor formula(const Tensor& g) {
    Tensor z = detail::zeros(self_sizes, g.dtype());
    if (self_sizes.empty()) {
      autograd::copy_(z, autograd::select(g, 0, 0));
      return z;
    }
    int64_t d = core::wrap_dim(dimension, static_cast<int64_t>(self_sizes.size()));
    int64_t windows = g.sizes()[d];
    for (int64_t i = 0; i < windows; ++i) {
      Tensor region = autograd::narrow(z, d, i * step, size);
      autograd::add_(region, autograd::movedim(autograd::select(g, d, i), {-1}, {d}));
    }
    return z;
  }
};

struct AliasBackward0 : ViewBackward<AliasBackward0> {
  NODE_NAME(AliasBackward0)
  Tensor formula(const Tensor& g) { return g; }
};

// The flat storage index of every element of a strided geometry (int64, of the given sizes).
Tensor storage_indices(const IntArray& sizes, const IntArray& strides, int64_t offset) {
  Tensor idx = core::full(IntArray(sizes.size(), 1), Scalar(offset), core::DType::Int64);
  for (size_t d = 0; d < sizes.size(); ++d) {
    IntArray shape(sizes.size(), 1);
    shape[d] = sizes[d];
    Tensor steps = core::arange(Scalar(int64_t{0}), Scalar(sizes[d] * strides[d]),
                                Scalar(strides[d] == 0 ? int64_t{1} : strides[d]), core::DType::Int64);
    if (strides[d] == 0) steps = core::zeros({sizes[d]}, core::DType::Int64);
    idx = core::binary(core::BinaryOp::Add, idx, core::reshape(steps, shape));
  }
  return core::contiguous(core::expand(idx, sizes));
}

// The element range [lo, hi] of a geometry.
std::pair<int64_t, int64_t> geometry_range(const IntArray& sizes, const IntArray& strides, int64_t offset) {
  int64_t hi = offset;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return {offset, offset - 1};
    hi += (sizes[d] - 1) * strides[d];
  }
  return {offset, hi};
}

struct AsStridedBackward0 : ViewBackward<AsStridedBackward0> {
  NODE_NAME(AsStridedBackward0)
  IntArray self_sizes, self_strides;
  int64_t self_offset = 0;
  IntArray size, stride;
  int64_t storage_offset = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_size", size}, {"_saved_storage_offset", storage_offset}, {"_saved_stride", stride}};
  }
  // Scatters the gradient of the strided view into a zero "storage" covering both geometries, then
  // reads the input's geometry back out of it.
  Tensor formula(const Tensor& g) {
    auto [in_lo, in_hi] = geometry_range(self_sizes, self_strides, self_offset);
    auto [out_lo, out_hi] = geometry_range(size, stride, storage_offset);
    int64_t lo = std::min(in_lo, out_lo), hi = std::max(in_hi, out_hi);
    Tensor storage = detail::zeros({std::max<int64_t>(hi - lo + 1, 0)}, g.dtype());
    if (core::numel_of(size) > 0) {
      Tensor idx = storage_indices(size, stride, storage_offset - lo);
      autograd::index_put_(storage, {core::TensorIndex::make_tensor(idx)}, g, /*accumulate=*/true);
    }
    return autograd::as_strided(storage, self_sizes, self_strides, self_offset - lo);
  }
};

// split / split_with_sizes / chunk, and unbind: the gradients of the pieces, zeros for pieces that
// got none, put back together.
variable_list fill_undefined(const variable_list& grads, const IntArray& self_sizes, int64_t dim,
                             const IntArray& piece_sizes, DType dtype, bool squeezed) {
  variable_list all(grads.size());
  for (size_t i = 0; i < grads.size(); ++i) {
    if (grads[i].defined()) {
      all[i] = grads[i];
    } else {
      IntArray s = self_sizes;
      if (squeezed) s.erase(s.begin() + dim);
      else s[dim] = piece_sizes[i];
      all[i] = detail::zeros(s, dtype);
    }
  }
  return all;
}

DType first_defined_dtype(const variable_list& grads) {
  for (const Tensor& g : grads) {
    if (g.defined()) return g.dtype();
  }
  return core::kDefaultFloat;
}

struct UnbindBackward0 : Node {
  NODE_NAME(UnbindBackward0)
  IntArray self_sizes;  // not a saved attribute in PyTorch, kept for the zeros
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_dim", dim}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    out[0] = autograd::stack(fill_undefined(grads, self_sizes, d, {}, first_defined_dtype(grads), true), d);
    return out;
  }
};

struct SplitBackward0 : Node {
  NODE_NAME(SplitBackward0)
  IntArray self_sizes;
  int64_t split_size = 0, dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_self_sizes", self_sizes}, {"_saved_split_size", split_size}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    int64_t n = static_cast<int64_t>(grads.size());
    IntArray sizes(n, split_size);
    sizes[n - 1] = split_size - (split_size * n - self_sizes[d]);
    out[0] = autograd::cat(fill_undefined(grads, self_sizes, d, sizes, first_defined_dtype(grads), false), d);
    return out;
  }
};

struct SplitWithSizesBackward0 : Node {
  NODE_NAME(SplitWithSizesBackward0)
  IntArray self_sizes, split_sizes;
  int64_t dim = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_self_sizes", self_sizes}, {"_saved_split_sizes", split_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    out[0] = autograd::cat(fill_undefined(grads, self_sizes, d, split_sizes, first_defined_dtype(grads), false), d);
    return out;
  }
};

// Finishes a view op: records the view, then its history.
Tensor finish_view(const Tensor& self, Tensor result, const std::shared_ptr<Node>& fn) {
  impl::as_view(self, result);
  return with_history(result, fn);
}

std::vector<Tensor> finish_multi_view(const Tensor& self, std::vector<Tensor> results,
                                      const std::shared_ptr<Node>& fn) {
  for (Tensor& r : results) impl::as_view(self, r, CreationMeta::MultiOutputNode);
  if (fn) {
    for (Tensor& r : results) impl::set_history(r, fn);
  }
  return results;
}

}  // namespace

std::shared_ptr<Node> detail::make_as_strided_backward(const Tensor& base, const Tensor& view) {
  auto fn = new_node<AsStridedBackward0>();
  fn->self_sizes = base.sizes();
  fn->self_strides = base.strides();
  fn->self_offset = base.storage_offset();
  fn->size = view.sizes();
  fn->stride = view.strides();
  fn->storage_offset = view.storage_offset();
  fn->set_next_edges(collect_next_edges(base));
  fn->add_input_metadata(InputMetadata{view.sizes(), base.dtype(), true});
  return fn;
}

Tensor view(const Tensor& self, const IntArray& sizes) {
  auto fn = make_node<ViewBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  return finish_view(self, core::view(self, sizes), fn);
}

Tensor view_as(const Tensor& self, const Tensor& other) { return autograd::view(self, other.sizes()); }

Tensor reshape(const Tensor& self, const IntArray& sizes) {
  IntArray shape = core::infer_size(sizes, self.numel());
  if (core::compute_view_strides(self.sizes(), self.strides(), shape)) {
    auto fn = make_node<ReshapeAliasBackward0>(self);
    if (fn) fn->self_sizes = self.sizes();
    return finish_view(self, core::view(self, shape), fn);
  }
  return autograd::unsafe_view(autograd::clone(self, MemoryFormat::Contiguous), shape);
}

Tensor reshape_as(const Tensor& self, const Tensor& other) { return autograd::reshape(self, other.sizes()); }

Tensor unsafe_view(const Tensor& self, const IntArray& sizes) {
  auto fn = make_node<UnsafeViewBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  Tensor v = core::view(self, sizes);
  // Not a view: a fresh tensor over the same storage, with its own version counter.
  Tensor result(std::make_shared<core::TensorImpl>(v.storage(), v.sizes(), v.strides(), v.storage_offset(), v.dtype(),
                                                   core::make_version_counter()));
  return with_history(result, fn);
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  auto fn = make_node<TransposeBackward0>(self);
  if (fn) {
    fn->dim0 = dim0;
    fn->dim1 = dim1;
  }
  return finish_view(self, core::transpose(self, dim0, dim1), fn);
}

Tensor permute(const Tensor& self, const IntArray& dims) {
  auto fn = make_node<PermuteBackward0>(self);
  if (fn) fn->dims = dims;
  return finish_view(self, core::permute(self, dims), fn);
}

Tensor t(const Tensor& self) {
  auto fn = make_node<TBackward0>(self);
  return finish_view(self, core::t(self), fn);
}

Tensor T(const Tensor& self) {
  int64_t n = self.dim();
  if (n != 0 && n != 2) {
    warn_once("x.T",
              "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it "
              "will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
              "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered "
              "internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)");
  }
  IntArray dims;
  for (int64_t d = n - 1; d >= 0; --d) dims.push_back(d);
  return autograd::permute(self, dims);
}

Tensor mT(const Tensor& self) {
  STRIDELAB_CHECK(self.dim() >= 2, "tensor.mT is only supported on matrices or batches of matrices. Got ", self.dim(),
                  "-D tensor.");
  return autograd::transpose(self, -2, -1);
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  int64_t n = self.dim();
  start_dim = core::wrap_dim(start_dim, n);
  end_dim = core::wrap_dim(end_dim, n);
  STRIDELAB_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (n == 0) return autograd::reshape(self, {1});
  if (start_dim == end_dim) return self;
  IntArray sizes(self.sizes().begin(), self.sizes().begin() + start_dim);
  int64_t merged = 1;
  for (int64_t d = start_dim; d <= end_dim; ++d) merged *= self.sizes()[d];
  sizes.push_back(merged);
  sizes.insert(sizes.end(), self.sizes().begin() + end_dim + 1, self.sizes().end());
  return autograd::reshape(self, sizes);
}

Tensor unflatten(const Tensor& self, int64_t dim, const IntArray& sizes) {
  // Checks and the inferred size come from the core; the op itself is a view.
  Tensor shaped = core::unflatten(self, dim, sizes);
  return autograd::view(self, shaped.sizes());
}

Tensor squeeze(const Tensor& self) {
  auto fn = make_node<SqueezeBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  return finish_view(self, core::squeeze(self), fn);
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  auto fn = make_node<SqueezeBackward1>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
  }
  return finish_view(self, core::squeeze(self, dim), fn);
}

Tensor& squeeze_(Tensor& self, int64_t dim) {
  // In place on the metadata: PyTorch rewrites self's sizes and strides (no version bump).
  bool rg = detail::any_requires_grad(self);
  impl::check_inplace(self, rg);
  std::shared_ptr<SqueezeBackward3> fn;
  if (rg) {
    fn = new_node<SqueezeBackward3>();
    fn->set_next_edges(detail::collect_next_edges(self));
    fn->self_sizes = self.sizes();
    fn->dim = dim;
  }
  Tensor squeezed = core::squeeze(self, dim);
  self.impl()->sizes_ = squeezed.sizes();
  self.impl()->strides_ = squeezed.strides();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  auto fn = make_node<UnsqueezeBackward0>(self);
  if (fn) fn->dim = dim;
  return finish_view(self, core::unsqueeze(self, dim), fn);
}

Tensor expand(const Tensor& self, const IntArray& sizes) {
  auto fn = make_node<ExpandBackward0>(self);
  if (fn) fn->self_sizes = self.sizes();
  return finish_view(self, core::expand(self, sizes), fn);
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return autograd::expand(self, other.sizes()); }

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  Tensor checked = core::narrow(self, dim, start, length);  // PyTorch's checks and errors
  int64_t d = core::wrap_dim(dim, self.dim());
  if (start < 0) start += self.sizes()[d];
  // SliceBackward0 keeps the dim as given (-1 reads 18446744073709551615), the start wrapped.
  return autograd::slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  auto fn = make_node<SelectBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
    fn->index = index;
  }
  return finish_view(self, core::select(self, dim, index), fn);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  auto fn = make_node<SliceBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
    fn->start = start;
    fn->end = end;
    fn->step = step;
  }
  return finish_view(self, core::slice(self, dim, start, end, step), fn);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  auto fn = make_node<UnbindBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
  }
  return finish_multi_view(self, core::unbind(self, dim), fn);
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  auto fn = make_node<SplitBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->split_size = split_size;
    fn->dim = dim;
  }
  return finish_multi_view(self, core::split(self, split_size, dim), fn);
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const IntArray& sizes, int64_t dim) {
  auto fn = make_node<SplitWithSizesBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->split_sizes = sizes;
    fn->dim = dim;
  }
  return finish_multi_view(self, core::split_with_sizes(self, sizes, dim), fn);
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  // PyTorch's chunk is split with the rounded-up size (split_with_sizes for an empty dim).
  std::vector<Tensor> pieces = core::chunk(self, chunks, dim);
  int64_t d = core::wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[d];
  int64_t split_size = (size + chunks - 1) / chunks;
  if (split_size == 0 && size == 0) return autograd::split_with_sizes(self, IntArray(chunks, 0), dim);
  return autograd::split(self, split_size, dim);
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  auto fn = make_node<DiagonalBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->offset = offset;
    fn->dim1 = dim1;
    fn->dim2 = dim2;
  }
  return finish_view(self, core::diagonal(self, offset, dim1, dim2), fn);
}

Tensor movedim(const Tensor& self, const IntArray& source, const IntArray& destination) {
  // PyTorch's movedim is a permute; the core works out the permutation and the errors.
  Tensor moved = core::movedim(self, source, destination);
  int64_t n = self.dim();
  IntArray perm(n);
  // Recover the permutation from the strides: dim i of the result is the dim of self it came from.
  IntArray src_norm, dst_norm;
  for (int64_t s : source) src_norm.push_back(core::wrap_dim(s, std::max<int64_t>(n, 1)));
  for (int64_t d : destination) dst_norm.push_back(core::wrap_dim(d, std::max<int64_t>(n, 1)));
  std::vector<int64_t> order(n, -1);
  std::vector<bool> used(n, false);
  for (size_t i = 0; i < src_norm.size(); ++i) {
    order[dst_norm[i]] = src_norm[i];
    used[src_norm[i]] = true;
  }
  int64_t next = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (order[i] != -1) continue;
    while (used[next]) ++next;
    order[i] = next++;
  }
  for (int64_t i = 0; i < n; ++i) perm[i] = order[i];
  return autograd::permute(self, perm);
}

Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  auto fn = make_node<UnfoldBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dimension = dim;
    fn->size = size;
    fn->step = step;
  }
  return finish_view(self, core::unfold(self, dim, size, step), fn);
}

Tensor as_strided(const Tensor& self, const IntArray& sizes, const IntArray& strides,
                  std::optional<int64_t> storage_offset) {
  auto fn = make_node<AsStridedBackward0>(self);
  Tensor result = core::as_strided(self, sizes, strides, storage_offset);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->self_strides = self.strides();
    fn->self_offset = self.storage_offset();
    fn->size = result.sizes();
    fn->stride = result.strides();
    fn->storage_offset = result.storage_offset();
  }
  return finish_view(self, result, fn);
}

Tensor alias(const Tensor& self) {
  auto fn = make_node<AliasBackward0>(self);
  return finish_view(self, core::make_view(self, self.sizes(), self.strides(), self.storage_offset()), fn);
}

}  // namespace stridelab::autograd
