// Differentiable activations, embedding and layer_norm of torch.nn.functional, recorded under
// PyTorch's node names (GeluBackward0, SiluBackward0, LeakyReluBackward0, EluBackward0,
// SoftplusBackward0, EmbeddingBackward0, NativeLayerNormBackward0) with what they save. Their
// backward kernels run without recording (no double backward through them).
#pragma once

#include <string>
#include <tuple>

#include "autograd/ops.h"

namespace stridelab::autograd {

// approximate is "none" (the erf form) or "tanh".
Tensor gelu(const Tensor& self, const std::string& approximate);
Tensor silu(const Tensor& self);
Tensor leaky_relu(const Tensor& self, Scalar negative_slope);
Tensor elu(const Tensor& self, Scalar alpha);
Tensor softplus(const Tensor& self, Scalar beta, Scalar threshold);

// weight[indices]: a new (*indices.shape, weight.size(1)) tensor. The gradient adds each row of
// the incoming gradient into its weight row, leaving padding_idx's row zero (-1: none).
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx);

// native_layer_norm: (output, mean, rstd), mean and rstd with the normalized dims kept as 1s.
std::tuple<Tensor, Tensor, Tensor> native_layer_norm(const Tensor& input, const IntArray& normalized_shape,
                                                     const Tensor& weight, const Tensor& bias, double eps);

}  // namespace stridelab::autograd
