// native_batch_norm, recorded as NativeBatchNormBackward0 with what PyTorch saves (input, weight,
// running_mean, running_var, the batch mean and inverse std as result1 and result2, training and
// eps). Its backward kernel runs without recording (no double backward through it).
#pragma once

#include <tuple>

#include "autograd/ops.h"

namespace stridelab::autograd {

// (output, save_mean, save_invstd) for an input of shape (N, C, *). In training the statistics are
// the batch's, and running_mean / running_var (when defined) move towards them by momentum, in place
// and without a version bump, as PyTorch's kernel writes them; in evaluation the running statistics
// normalise and the saved mean and invstd are empty.
std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps);

}  // namespace stridelab::autograd
