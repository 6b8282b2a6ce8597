// repeat_interleave, roll and meshgrid. repeat_interleave and meshgrid are composed of index_select,
// view and expand as PyTorch 1.13 composes them; roll is a primitive with RollBackward0.
#include <array>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::with_history;

namespace {

struct RollBackward0 : Node {
  NODE_NAME(RollBackward0)
  IntArray shifts, dims;
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_dims", dims}, {"_saved_shifts", shifts}};
  }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    IntArray back_shifts(shifts.rbegin(), shifts.rend()), back_dims(dims.rbegin(), dims.rend());
    for (int64_t& s : back_shifts) s = -s;
    out[0] = autograd::roll(grads[0], back_shifts, back_dims);
    return out;
  }
};

}  // namespace

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim) {
  Tensor input = self;
  if (!dim) {
    input = autograd::flatten(self, 0, -1);
    dim = 0;
  }
  Tensor reps = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
    reps = core::expand(core::reshape(repeats, {1}), {input.size(*dim)});
  } else if (repeats.dim() == 1) {
    STRIDELAB_CHECK(repeats.size(0) == input.size(*dim), "repeats must have the same size as input along dim");
  } else {
    STRIDELAB_CHECK(false, "repeats must be 0-dim or 1-dim tensor");
  }
  return autograd::index_select(input, *dim, core::repeat_interleave_index(reps));
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim) {
  return autograd::repeat_interleave(self, core::scalar_tensor(Scalar(repeats), core::DType::Int64), dim);
}

Tensor roll(const Tensor& self, const IntArray& shifts, const IntArray& dims) {
  auto fn = make_node<RollBackward0>(self);
  if (fn) {
    fn->dims = dims;
    fn->shifts = shifts;
  }
  Tensor result = core::roll(self, shifts, dims);
  return with_history(result, fn);
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors_in, const std::string& indexing) {
  STRIDELAB_CHECK(!tensors_in.empty(), "meshgrid expects a non-empty TensorList");
  const size_t size = tensors_in.size();
  for (size_t i = 0; i + 1 < size; ++i)
    STRIDELAB_CHECK(tensors_in[i].dtype() == tensors_in[i + 1].dtype(),
                    "meshgrid expects all tensors to have the same dtype");
  STRIDELAB_CHECK(indexing == "xy" || indexing == "ij",
                  "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
  std::vector<Tensor> tensors = tensors_in;
  bool swap = indexing == "xy" && size >= 2;
  if (swap) std::swap(tensors[0], tensors[1]);
  IntArray shape(size);
  for (size_t i = 0; i < size; ++i) {
    STRIDELAB_CHECK(tensors[i].dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a ",
                    tensors[i].dim(), "-d tensor");
    shape[i] = tensors[i].dim() == 0 ? 1 : tensors[i].size(0);
  }
  std::vector<Tensor> grids;
  IntArray view_shape(size, 1);
  for (size_t i = 0; i < size; ++i) {
    view_shape[i] = -1;
    grids.push_back(autograd::expand(autograd::view(tensors[i], view_shape), shape));
    view_shape[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

}  // namespace stridelab::autograd
