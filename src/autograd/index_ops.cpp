// Indexing: Python's x[...] and x[...] = v decomposed as PyTorch does them (views for ints, slices
// and None, then advanced indexing with tensors), index_put_, gather, index_select, masked_select.
#include <limits>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using core::TensorIndex;
using detail::any_defined;
using detail::make_node;
using detail::SavingNode;
using detail::with_history;

namespace {

// PyTorch's Tensor?[] index lists: a Slice entry stands for an undefined (None) index.
bool is_undefined_index(const TensorIndex& i) { return i.kind != TensorIndex::Kind::Tensor; }

std::vector<SavedVariable> save_indices(const std::vector<TensorIndex>& indices) {
  std::vector<SavedVariable> saved;
  for (const TensorIndex& i : indices) saved.emplace_back(is_undefined_index(i) ? Tensor() : i.tensor, false);
  return saved;
}

std::vector<TensorIndex> unpack_indices(const std::vector<SavedVariable>& saved) {
  std::vector<TensorIndex> indices;
  for (const SavedVariable& s : saved) {
    Tensor t = s.unpack();
    indices.push_back(t.defined() ? TensorIndex::make_tensor(t) : TensorIndex::make_slice({}, {}, 1));
  }
  return indices;
}

std::vector<SavedTensorRef> index_refs(const std::vector<SavedVariable>& saved) {
  std::vector<SavedTensorRef> refs;
  for (size_t k = 0; k < saved.size(); ++k) refs.push_back({"_saved_indices", static_cast<int>(k), &saved[k]});
  return refs;
}

struct IndexBackward0 : Node {
  NODE_NAME(IndexBackward0)
  IntArray self_sizes;
  std::vector<SavedVariable> indices_;
  void release_variables() override {
    for (auto& s : indices_) s.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override { return index_refs(indices_); }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_self_sizes", self_sizes}}; }
  variable_list apply(variable_list&& grads) override {
    std::vector<TensorIndex> indices = unpack_indices(indices_);
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    out[0] = detail::place_into_zeros(
        "IndexPutImplBackward0", grad,
        [&] {
          Tensor z = detail::zeros(self_sizes, grad.dtype());
          autograd::index_put_(z, indices, grad, /*accumulate=*/true);
          return z;
        },
        [indices](const Tensor& g) { return autograd::index_tensors(g, indices); });
    return out;
  }
};

struct IndexPutBackward0 : Node {
  NODE_NAME(IndexPutBackward0)
  std::vector<SavedVariable> indices_;
  bool accumulate = false;
  void release_variables() override {
    for (auto& s : indices_) s.reset_data();
  }
  std::vector<SavedTensorRef> saved_tensors() const override { return index_refs(indices_); }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_accumulate", accumulate}}; }
  variable_list apply(variable_list&& grads) override {
    std::vector<TensorIndex> indices = unpack_indices(indices_);
    variable_list out(2);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) {
      if (accumulate) {
        out[0] = grad;
      } else {
        // grad.index_put(indices, zeros_like(values)): the overwritten elements get no gradient.
        Tensor g = autograd::clone(grad);
        autograd::index_put_(g, indices, core::scalar_tensor(Scalar(0.0), grad.dtype()), false);
        out[0] = g;
      }
    }
    if (task_should_compute_output(1)) out[1] = autograd::index_tensors(grad, indices);
    return out;
  }
};

// zeros(sizes).scatter_add_(dim, index, src), as an accumulating index_put_: the backward of the
// ops that pick elements along a dim (gather, sort, topk).
Tensor scatter_add_into_zeros(const IntArray& sizes, int64_t dim, const Tensor& index, const Tensor& src) {
  int64_t n = index.dim();
  int64_t d = core::wrap_dim(dim, std::max<int64_t>(n, 1));
  std::vector<TensorIndex> indices;
  for (int64_t k = 0; k < n; ++k) {
    if (k == d) {
      indices.push_back(TensorIndex::make_tensor(index));
      continue;
    }
    IntArray shape(n, 1);
    shape[k] = index.sizes()[k];
    indices.push_back(TensorIndex::make_tensor(core::reshape(
        core::arange(Scalar(int64_t{0}), Scalar(index.sizes()[k]), Scalar(int64_t{1}), core::DType::Int64), shape)));
  }
  Tensor z = detail::zeros(sizes, src.dtype());
  if (n == 0) indices = {TensorIndex::make_tensor(core::reshape(index, {1}))};
  autograd::index_put_(z, indices, n == 0 ? autograd::reshape(src, {1}) : src, /*accumulate=*/true);
  return z;
}

struct GatherBackward0 : SavingNode<GatherBackward0> {
  NODE_NAME(GatherBackward0)
  SavedVariable self_, index_;
  int64_t dim = 0;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &GatherBackward0::self_}, Field{"_saved_index", &GatherBackward0::index_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_sparse_grad", false}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), index = index_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    out[0] = detail::place_into_zeros(
        "ScatterAddBackward0", grad, [&] { return scatter_add_into_zeros(self.sizes(), dim, index, grad); },
        [dim = dim, index](const Tensor& g) { return autograd::gather(g, dim, index); });
    return out;
  }
};

// sort and topk: the gradient of each value goes back to the position its index names.
struct SortBackward0 : SavingNode<SortBackward0> {
  std::string name_;
  std::string name() const override { return name_; }
  IntArray self_sizes;
  SavedVariable indices_;
  int64_t dim = 0;
  static auto saved_fields() { return std::array{Field{"_saved_indices", &SortBackward0::indices_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_self_sym_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor indices = indices_.unpack(shared_from_this());
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    const Tensor& grad = grads[0];
    out[0] = detail::place_into_zeros(
        "ScatterBackward0", grad, [&] { return scatter_add_into_zeros(self_sizes, dim, indices, grad); },
        [dim = dim, indices](const Tensor& g) { return autograd::gather(g, dim, indices); });
    return out;
  }
};

struct IndexSelectBackward0 : SavingNode<IndexSelectBackward0> {
  NODE_NAME(IndexSelectBackward0)
  IntArray self_sizes;
  SavedVariable index_;
  int64_t dim = 0;
  static auto saved_fields() { return std::array{Field{"_saved_index", &IndexSelectBackward0::index_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dim", dim}, {"_saved_self_sizes", self_sizes}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor index = index_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    Tensor z = detail::zeros(self_sizes, grads[0].dtype());
    if (self_sizes.empty()) {
      out[0] = autograd::reshape(autograd::sum(grads[0]), {});
      return out;
    }
    int64_t d = core::wrap_dim(dim, static_cast<int64_t>(self_sizes.size()));
    std::vector<TensorIndex> indices;
    for (int64_t k = 0; k < d; ++k) indices.push_back(TensorIndex::make_slice({}, {}, 1));
    indices.push_back(TensorIndex::make_tensor(core::reshape(index, {-1})));
    const Tensor& grad = grads[0];
    out[0] = detail::place_into_zeros(
        "IndexAddBackward0", grad,
        [&] {
          autograd::index_put_(z, indices, grad, /*accumulate=*/true);
          return z;
        },
        [dim = dim, index](const Tensor& g) { return autograd::index_select(g, dim, index); });
    return out;
  }
};

struct MaskedSelectBackward0 : SavingNode<MaskedSelectBackward0> {
  NODE_NAME(MaskedSelectBackward0)
  SavedVariable self_, mask_;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &MaskedSelectBackward0::self_},
                      Field{"_saved_mask", &MaskedSelectBackward0::mask_}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), mask = mask_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    IntArray shape = core::broadcast_shapes(self.sizes(), mask.sizes());
    const Tensor& grad = grads[0];
    out[0] = detail::place_into_zeros(
        "MaskedScatterBackward0", grad,
        [&] {
          Tensor z = detail::zeros(shape, grad.dtype());
          autograd::index_put_(z, {TensorIndex::make_tensor(core::contiguous(core::expand(mask, shape)))}, grad, false);
          return z;
        },
        [mask](const Tensor& g) { return autograd::masked_select(g, mask); });
    return out;
  }
};

// Python's slice as PySlice_Unpack gives it (None start 0, None stop the largest index).
int64_t raw_start(const TensorIndex& i) { return i.start.value_or(0); }
int64_t raw_stop(const TensorIndex& i) { return i.stop.value_or(std::numeric_limits<int64_t>::max()); }

// PyTorch's applySelect: x[i] checks the index itself, naming the entry's position in the subscript
// (`real_dim`) rather than select()'s wording. Past the last dim PyTorch reads a size of 0.
Tensor apply_select(const Tensor& self, int64_t dim, int64_t index, int64_t real_dim) {
  STRIDELAB_CHECK_INDEX(!(index == 0 && dim == 0 && self.dim() == 0),
                        "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in "
                        "C++ to convert a 0-dim tensor to a number");
  int64_t size = dim < self.dim() ? self.sizes()[dim] : 0;
  STRIDELAB_CHECK_INDEX(size >= -index && size > index, "index ", index, " is out of bounds for dimension ", real_dim,
                        " with size ", size);
  return autograd::select(self, dim, index);
}

// Counts the dims a subscript consumes (PyTorch's count_specified_dimensions).
int64_t count_specified_dims(const std::vector<TensorIndex>& indices) {
  int64_t count = 0;
  for (const TensorIndex& i : indices) {
    switch (i.kind) {
      case TensorIndex::Kind::Integer:
      case TensorIndex::Kind::Slice: ++count; break;
      case TensorIndex::Kind::Tensor: count += i.tensor.dtype() == core::DType::Bool ? i.tensor.dim() : 1; break;
      default: break;
    }
  }
  return count;
}

// PyTorch's applySlicing: the basic-indexing part of a subscript as a chain of views; tensor
// indices are collected at the dim they apply to.
Tensor apply_slicing(const Tensor& self, const std::vector<TensorIndex>& indices, bool tuple,
                     std::vector<TensorIndex>& tensor_indices) {
  int64_t specified = count_specified_dims(indices);
  STRIDELAB_CHECK_INDEX(specified <= self.dim(), "too many indices for tensor of dimension ", self.dim());
  Tensor result = self;
  int64_t dim = 0;
  auto record = [&](Tensor t) {
    while (static_cast<int64_t>(tensor_indices.size()) < dim)
      tensor_indices.push_back(TensorIndex::make_slice({}, {}, 1));
    tensor_indices.resize(dim);
    tensor_indices.push_back(TensorIndex::make_tensor(std::move(t)));
    ++dim;
  };
  for (size_t position = 0; position < indices.size(); ++position) {
    const TensorIndex& i = indices[position];
    const auto real_dim = static_cast<int64_t>(position);
    switch (i.kind) {
      case TensorIndex::Kind::Integer: result = apply_select(result, dim, i.integer, real_dim); break;
      case TensorIndex::Kind::Slice: {
        int64_t size = result.sizes()[dim];
        bool full = raw_start(i) == 0 && raw_stop(i) == size && i.step == 1;
        if (!(tuple && full)) result = autograd::slice(result, dim, i.start, i.stop, i.step);
        ++dim;
        break;
      }
      case TensorIndex::Kind::Ellipsis: dim += self.dim() - specified; break;
      case TensorIndex::Kind::None:
        result = autograd::unsqueeze(result, dim);
        ++dim;
        break;
      case TensorIndex::Kind::Tensor: {
        const Tensor& t = i.tensor;
        if (t.dim() == 0 && t.dtype() != core::DType::Bool && core::is_integral(t.dtype(), false)) {
          result = apply_select(result, dim, core::item(t).to_int(), real_dim);
        } else if (t.dim() == 0 && t.dtype() == core::DType::Bool) {
          result = autograd::unsqueeze(result, dim);
          bool keep = core::item(t).to<bool>();
          record(keep ? core::zeros({1}, core::DType::Int64) : core::empty({0}, core::DType::Int64));
        } else {
          record(t);
        }
        break;
      }
    }
  }
  return result;
}

// Sizes without leading 1s (PyTorch's slicePrefix1sSize).
IntArray strip_leading_ones(const IntArray& sizes) {
  size_t first = 0;
  while (first < sizes.size() && sizes[first] == 1) ++first;
  return IntArray(sizes.begin() + first, sizes.end());
}

// x[...] = v without tensor indices (PyTorch's copy_to).
void copy_to(Tensor dst, const Tensor& src) {
  if (dst.sizes() == src.sizes()) {
    autograd::copy_(dst, src);
    return;
  }
  if (src.dim() == 0) {
    autograd::fill_(dst, src);
    return;
  }
  // expand_inplace(dst, src_view): expand's own errors, as PyTorch raises them.
  Tensor src_view = autograd::view(src, strip_leading_ones(src.sizes()));
  autograd::copy_(dst, src_view.sizes() == dst.sizes() ? src_view : autograd::expand(src_view, dst.sizes()));
}

// uint8 index tensors are masks (deprecated): they index as bool tensors, with PyTorch's warning,
// the one of masked_fill_ when an assignment of one value takes that path.
void uint8_masks_to_bool(std::vector<TensorIndex>& indices, bool masked_fill) {
  for (TensorIndex& i : indices) {
    if (i.kind != TensorIndex::Kind::Tensor || i.tensor.dtype() != core::DType::UInt8) continue;
    if (masked_fill)
      warn(
          "masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask "
          "with dtype torch.bool instead. (Triggered internally at  "
          "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1646.)");
    else
      warn(
          "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. (Triggered "
          "internally at  ./aten/src/ATen/native/IndexingUtils.h:27.)");
    i.tensor = core::to(i.tensor, core::DType::Bool);
  }
}

}  // namespace

Tensor index_tensors(const Tensor& self, const std::vector<TensorIndex>& indices) {
  auto fn = make_node<IndexBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->indices_ = save_indices(indices);
  }
  Tensor result = core::index(self, indices);
  return with_history(result, fn);
}

Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices, bool tuple) {
  // Single-entry fast paths of THPVariable_getitem.
  if (!tuple && indices.size() == 1) {
    const TensorIndex& i = indices[0];
    if (i.kind == TensorIndex::Kind::Ellipsis) return autograd::alias(self);
    if (i.kind == TensorIndex::Kind::None) return autograd::unsqueeze(self, 0);
    if (i.kind == TensorIndex::Kind::Integer) return apply_select(self, 0, i.integer, 0);
    if (i.kind == TensorIndex::Kind::Slice) {
      STRIDELAB_CHECK_INDEX(self.dim() > 0, "too many indices for tensor of dimension 0");
      return autograd::slice(self, 0, i.start, i.stop, i.step);
    }
  }
  std::vector<TensorIndex> tensor_indices;
  Tensor sliced = apply_slicing(self, indices, tuple, tensor_indices);
  if (tensor_indices.empty()) return sliced.is_same(self) ? autograd::alias(self) : sliced;
  uint8_masks_to_bool(tensor_indices, false);
  return autograd::index_tensors(sliced, tensor_indices);
}

void index_put(Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& value, bool tuple) {
  if (!tuple && indices.size() == 1) {
    const TensorIndex& i = indices[0];
    if (i.kind == TensorIndex::Kind::Ellipsis) return copy_to(self, value);
    if (i.kind == TensorIndex::Kind::None) return copy_to(autograd::unsqueeze(self, 0), value);
    if (i.kind == TensorIndex::Kind::Integer) return copy_to(apply_select(self, 0, i.integer, 0), value);
    if (i.kind == TensorIndex::Kind::Slice) return copy_to(autograd::slice(self, 0, i.start, i.stop, i.step), value);
  }
  std::vector<TensorIndex> tensor_indices;
  Tensor sliced = apply_slicing(self, indices, tuple, tensor_indices);
  if (tensor_indices.empty()) return copy_to(sliced, value);
  uint8_masks_to_bool(tensor_indices, !tuple && indices.size() == 1 && value.dim() == 0);
  IntArray stripped = strip_leading_ones(value.sizes());
  Tensor values = stripped == value.sizes() ? value : autograd::view(value, stripped);
  autograd::index_put_(sliced, tensor_indices, values, false);
}

Tensor& index_put_(Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& values, bool accumulate) {
  bool rg = detail::any_requires_grad(self, values);
  impl::check_inplace(self, rg);
  std::shared_ptr<IndexPutBackward0> fn;
  if (rg) {
    fn = new_node<IndexPutBackward0>();
    fn->set_next_edges(detail::collect_next_edges(self, values));
    fn->indices_ = save_indices(indices);
    fn->accumulate = accumulate;
  }
  core::index_put_(self, indices, values, accumulate);
  self.bump_version();
  if (fn) impl::rebase_history(self, fn);
  return self;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  auto fn = make_node<GatherBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->dim = dim;
    fn->index_ = SavedVariable(index, false);
  }
  Tensor result = core::gather(self, dim, index);
  return with_history(result, fn);
}

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  auto fn = make_node<IndexSelectBackward0>(self);
  if (fn) {
    fn->self_sizes = self.sizes();
    fn->dim = dim;
    fn->index_ = SavedVariable(index, false);
  }
  Tensor result = core::index_select(self, dim, index);
  return with_history(result, fn);
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  if (mask.dtype() == core::DType::UInt8)
    warn(
        "masked_select received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask "
        "with dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:"
        "1729.)");
  const Tensor m = mask.dtype() == core::DType::UInt8 ? core::to(mask, core::DType::Bool) : mask;
  auto fn = make_node<MaskedSelectBackward0>(self);
  if (fn) {
    fn->self_ = SavedVariable(self, false);
    fn->mask_ = SavedVariable(m, false);
  }
  Tensor result = core::masked_select(self, m);
  return with_history(result, fn);
}

namespace {

// Records SortBackward0 (or TopkBackward0) on the values of a (values, indices) result.
template <class F>
std::pair<Tensor, Tensor> record_picks(const char* name, const Tensor& self, int64_t dim, F&& run) {
  std::shared_ptr<SortBackward0> fn = make_node<SortBackward0>(self);
  if (fn) {
    fn->name_ = name;
    fn->self_sizes = self.sizes();
    fn->dim = dim;
  }
  std::pair<Tensor, Tensor> result = run();
  if (fn) {
    impl::set_history(result.first, fn);
    fn->indices_ = SavedVariable(result.second, true);
  }
  return result;
}

}  // namespace

std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending, bool stable) {
  return record_picks("SortBackward0", self, dim, [&] { return core::sort(self, dim, descending, stable); });
}

std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  return record_picks("TopkBackward0", self, dim, [&] { return core::topk(self, k, dim, largest, sorted); });
}

}  // namespace stridelab::autograd
