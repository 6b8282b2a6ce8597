// More losses of torch.nn.functional: l1_loss, smooth_l1_loss, binary_cross_entropy, kl_div, with
// PyTorch's graphs (l1_loss and kl_div are compositions of other ops there too; smooth_l1_loss and
// binary_cross_entropy have nodes of their own, without double backward here).
#pragma once

#include "autograd/ops.h"

namespace stridelab::autograd {

Tensor l1_loss(const Tensor& self, const Tensor& target, Reduction reduction);
Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, Reduction reduction, double beta);
Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight, Reduction reduction);
// kl_div's 'sum' / 'mean' / 'none' ('batchmean' is 'sum' divided by the batch, by the caller).
Tensor kl_div(const Tensor& self, const Tensor& target, Reduction reduction, bool log_target);

}  // namespace stridelab::autograd
