// Differentiable convolution and pooling (the forwards behind F.conv1d / conv2d, max_pool2d,
// avg_pool2d, adaptive_avg_pool2d), recorded under PyTorch's node names with what they save.
#pragma once

#include <optional>
#include <utility>

#include "autograd/ops.h"
#include "core/conv.h"

namespace stridelab::autograd {

// at::convolution on a batched input: ConvolutionBackward0 (saves input and weight, the bias's
// sizes, stride, padding, dilation, groups; transposed False, output_padding zeros).
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const core::ConvParams& p);

// max_pool2d_with_indices: MaxPool2DWithIndicesBackward0 (saves self and the indices as result1).
// `stride_given` is the stride as the caller wrote it (empty when it defaulted to the kernel), as
// _saved_stride shows it.
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, const core::PoolParams& p,
                                                  const IntArray& stride_given);

// avg_pool2d: AvgPool2DBackward0 (saves self).
Tensor avg_pool2d(const Tensor& input, const core::PoolParams& p, const IntArray& stride_given, bool count_include_pad,
                  std::optional<int64_t> divisor_override);

// _adaptive_avg_pool2d: AdaptiveAvgPool2DBackward0 (saves self).
Tensor adaptive_avg_pool2d(const Tensor& input, const IntArray& output_size);

}  // namespace stridelab::autograd
