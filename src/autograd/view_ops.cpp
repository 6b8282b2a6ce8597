// View ops: the result shares self's storage and version counter and is recorded as a
// differentiable view of self's base (see NOTE [Differentiable views and in-place ops]). The nodes
// and forwards of the ops with a node of their own are made from the rows of
// autograd/view_ops.def; the formulas too long for a row, the nodes that fit no row and the ops
// made of other views are here.
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

// ---- the formulas of the rows ------------------------------------------------------------------------

Tensor permute_backward(const Tensor& grad, const IntArray& dims) {
  int64_t n = static_cast<int64_t>(dims.size());
  IntArray inverse(dims.size());
  for (int64_t i = 0; i < n; ++i) inverse[core::wrap_dim(dims[i], n)] = i;
  return autograd::permute(grad, inverse);
}

// squeeze(): every dim of size 1 put back.
Tensor unsqueeze_to(const Tensor& grad, const IntArray& self_sizes) {
  Tensor out = grad;
  for (int64_t d = 0; d < static_cast<int64_t>(self_sizes.size()); ++d) {
    if (self_sizes[d] == 1) out = autograd::unsqueeze(out, d);
  }
  return out;
}

// squeeze(dim): dim put back when it had size 1.
Tensor unsqueeze_to(const Tensor& grad, int64_t dim, const IntArray& self_sizes) {
  if (self_sizes.empty()) return grad;
  int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
  return self_sizes[d] == 1 ? autograd::unsqueeze(grad, d) : grad;
}

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

Tensor select_backward(const Tensor& grad, const IntArray& self_sizes, int64_t dim, int64_t index) {
  return zeros_with(
      self_sizes, grad, [dim, index](const Tensor& z) { return autograd::select(z, dim, index); },
      "SelectBackwardBackward0");
}

Tensor slice_backward(const Tensor& grad, const IntArray& self_sizes, int64_t dim, std::optional<int64_t> start,
                      std::optional<int64_t> end, int64_t step) {
  return zeros_with(
      self_sizes, grad, [dim, start, end, step](const Tensor& z) { return autograd::slice(z, dim, start, end, step); },
      "SliceBackwardBackward0");
}

Tensor diagonal_backward(const Tensor& grad, const IntArray& self_sizes, int64_t offset, int64_t dim1, int64_t dim2) {
  return zeros_with(
      self_sizes, grad, [offset, dim1, dim2](const Tensor& z) { return autograd::diagonal(z, offset, dim1, dim2); },
      "DiagonalBackwardBackward0");
}

Tensor unfold_backward(const Tensor& grad, const IntArray& self_sizes, int64_t dimension, int64_t size, int64_t step) {
  Tensor z = detail::zeros(self_sizes, grad.dtype());
  if (self_sizes.empty()) {
    autograd::copy_(z, autograd::select(grad, 0, 0));
    return z;
  }
  int64_t d = core::wrap_dim(dimension, static_cast<int64_t>(self_sizes.size()));
  int64_t windows = grad.sizes()[d];
  for (int64_t i = 0; i < windows; ++i) {
    Tensor region = autograd::narrow(z, d, i * step, size);
    autograd::add_(region, autograd::movedim(autograd::select(grad, d, i), {-1}, {d}));
  }
  return z;
}

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

Tensor unbind_backward(const variable_list& grads, const IntArray& self_sizes, int64_t dim) {
  int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
  return autograd::stack(fill_undefined(grads, self_sizes, d, {}, first_defined_dtype(grads), true), d);
}

Tensor split_with_sizes_backward(const variable_list& grads, const IntArray& self_sizes, const IntArray& split_sizes,
                                 int64_t dim) {
  int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
  return autograd::cat(fill_undefined(grads, self_sizes, d, split_sizes, first_defined_dtype(grads), false), d);
}

Tensor split_backward(const variable_list& grads, const IntArray& self_sizes, int64_t split_size, int64_t dim) {
  int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
  int64_t n = static_cast<int64_t>(grads.size());
  IntArray sizes(n, split_size);
  sizes[n - 1] = split_size - (split_size * n - self_sizes[d]);
  return split_with_sizes_backward(grads, self_sizes, sizes, dim);
}

// A saved optional (slice's start and end): None when it was not given.
SavedValue optional_value(std::optional<int64_t> v) { return v ? SavedValue(*v) : SavedValue(); }

// ---- the rows -------------------------------------------------------------------------------------------

// NOTE [View nodes from the table]
// Every VIEW_OP row of autograd/view_ops.def is a node `struct Node : detail::FormulaNode<Node>`
// (autograd/function_helpers.h; the SHAPE_OP rows of autograd/join_ops.def make the same nodes)
// and a forward. The node keeps the forward's parameters as members of the same names and self's
// sizes; apply() hands the incoming gradients to the row's formula when self's gradient is wanted.
// The forward creates the node before the view is made (its sequence number), stores the
// parameters, and finishes by the row's kind: a view (as_view, then the history), the pieces of a
// split (each a view made by a multi-output node) or, for _unsafe_view, a fresh tensor over the
// same storage.
Tensor finish_view(const Tensor& self, Tensor result, const std::shared_ptr<Node>& fn) {
  impl::as_view(self, result);
  return with_history(result, fn);
}

std::vector<Tensor> finish_views(const Tensor& self, std::vector<Tensor> results, const std::shared_ptr<Node>& fn) {
  for (Tensor& r : results) impl::as_view(self, r, CreationMeta::MultiOutputNode);
  if (fn) {
    for (Tensor& r : results) impl::set_history(r, fn);
  }
  return results;
}

// Not a view: a fresh tensor over the same storage, with its own version counter.
Tensor finish_not_view(const Tensor&, const Tensor& v, const std::shared_ptr<Node>& fn) {
  Tensor result(std::make_shared<core::TensorImpl>(v.storage(), v.sizes(), v.strides(), v.storage_offset(), v.dtype(),
                                                   core::make_version_counter()));
  return with_history(result, fn);
}

}  // namespace

#define VIEW_OP(name, node, kind, params, kernel, attributes, backward, ...)                               \
  namespace {                                                                                              \
  STRIDELAB_FORMULA_NODE(node, (params), (attributes), backward)                                           \
  }                                                                                                        \
  STRIDELAB_VIEW_RETURNS_##kind name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params)) { \
    auto fn = make_node<node>(self);                                                                       \
    if (fn) {                                                                                              \
      fn->self_sizes = self.sizes();                                                                       \
      STRIDELAB_FOR_EACH(STRIDELAB_PARAM_STORE, params)                                                    \
    }                                                                                                      \
    return finish_##kind(self, kernel, fn);                                                                \
  }
#include "autograd/view_ops.def"

namespace {

// ---- the nodes that fit no row ----------------------------------------------------------------------

// The in-place squeeze_(dim) is squeeze(dim)'s node under another name.
struct SqueezeBackward3 : SqueezeBackward1 {
  NODE_NAME(SqueezeBackward3)
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

// Not a row: it keeps the geometry of the result as well as self's (the storage offset resolved
// when it was not given), and it is also made outside a forward, for a view whose base was written
// in place (detail::make_as_strided_backward).
struct AsStridedBackward0 : detail::FormulaNode<AsStridedBackward0> {
  NODE_NAME(AsStridedBackward0)
  IntArray self_strides;
  int64_t self_offset = 0;
  IntArray size, stride;
  int64_t storage_offset = 0;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_size", size}, {"_saved_storage_offset", storage_offset}, {"_saved_stride", stride}};
  }
  // Scatters the gradient of the strided view into a zero "storage" covering both geometries, then
  // reads the input's geometry back out of it.
  Tensor formula(const variable_list& grads) const {
    const Tensor& g = grads[0];
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

// ---- the ops made of other views, and the ones whose node fits no row --------------------------------

Tensor view_as(const Tensor& self, const Tensor& other) { return autograd::view(self, other.sizes()); }

Tensor reshape(const Tensor& self, const IntArray& sizes) {
  IntArray shape = core::infer_size(sizes, self.numel());
  if (core::compute_view_strides(self.sizes(), self.strides(), shape)) return autograd::reshape_alias(self, shape);
  return autograd::unsafe_view(autograd::clone(self, MemoryFormat::Contiguous), shape);
}

Tensor reshape_as(const Tensor& self, const Tensor& other) { return autograd::reshape(self, other.sizes()); }

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

Tensor expand_as(const Tensor& self, const Tensor& other) { return autograd::expand(self, other.sizes()); }

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  Tensor checked = core::narrow(self, dim, start, length);  // PyTorch's checks and errors
  int64_t d = core::wrap_dim(dim, self.dim());
  if (start < 0) start += self.sizes()[d];
  // SliceBackward0 keeps the dim as given (-1 reads 18446744073709551615), the start wrapped.
  return autograd::slice(self, dim, start, start + length, 1);
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

}  // namespace stridelab::autograd
