// Convolution and pooling kernels (torch.nn.functional's conv1d/conv2d, max/avg/adaptive pooling) and
// their gradients, on batched inputs: (N, C, W) for one spatial dim, (N, C, H, W) for two.
#pragma once

#include "core/tensor.h"

namespace stridelab::core {

// One spatial dim's entries or two (H then W), as PyTorch's _saved_stride etc. list them.
struct ConvParams {
  IntArray stride, padding, dilation;
  int64_t groups = 1;
};

// Output spatial size of one dim: (in + 2 pad - dilation (k - 1) - 1) / stride + 1.
IntArray conv_output_size(const IntArray& input_sizes, const IntArray& weight_sizes, const ConvParams& p);

// input (N, C, [H,] W), weight (O, C / groups, [KH,] KW), bias (O) or undefined; a new contiguous
// (N, O, [OH,] OW). float32 sums in PyTorch's order (NOTE [float32 convolution order]),
// other dtypes in double / int64.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p);

struct ConvGrads {
  Tensor input, weight, bias;
};
// The gradients convolution_backward computes, each only when asked for.
ConvGrads convolution_backward(const Tensor& grad_output, const Tensor& input, const Tensor& weight,
                               const ConvParams& p, bool need_input, bool need_weight, bool need_bias);

struct PoolParams {
  IntArray kernel, stride, padding, dilation;  // two entries each (H, W)
  bool ceil_mode = false;
};

// pooling_output_shape for one dim, with ceil_mode's last-window rule.
int64_t pool_output_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode);

// max_pool2d_with_indices on (N, C, H, W): values and int64 indices into each H*W plane.
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, const PoolParams& p);
Tensor max_pool2d_backward(const Tensor& grad_output, const Tensor& input, const Tensor& indices);

Tensor avg_pool2d(const Tensor& input, const PoolParams& p, bool count_include_pad,
                  std::optional<int64_t> divisor_override);
Tensor avg_pool2d_backward(const Tensor& grad_output, const Tensor& input, const PoolParams& p, bool count_include_pad,
                           std::optional<int64_t> divisor_override);

Tensor adaptive_avg_pool2d(const Tensor& input, const IntArray& output_size);
Tensor adaptive_avg_pool2d_backward(const Tensor& grad_output, const Tensor& input);

}  // namespace stridelab::core
