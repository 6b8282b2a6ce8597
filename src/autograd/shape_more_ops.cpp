// repeat_interleave and meshgrid, composed of index_select, view and expand as PyTorch 1.13 composes
// them (roll, a primitive with RollBackward0, is a row of autograd/join_ops.def).
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;

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
