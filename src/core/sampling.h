// Bernoulli draws from the default generator, as PyTorch 1.13's CPU kernels (built without MKL)
// draw them. No version bump (see copy_).
#pragma once

#include "core/tensor.h"

namespace stridelab::core {

// Each element 1 with probability p: a uniform double from the 53 low bits of one random64.
void bernoulli_scalar_(const Tensor& self, double p);
// Each element 1 with probability p[i] (p broadcast to self): a uniform float from the 24 low bits
// of one random() compared with p[i] as a float (float64 p: the double draw above).
void bernoulli_tensor_(const Tensor& self, const Tensor& p);

}  // namespace stridelab::core

namespace stridelab::core {

// torch.multinomial(self, n, replacement): n category indices per row of a 1-d or 2-d tensor of
// weights, as PyTorch 1.13's CPU kernels draw them (NOTE [How multinomial draws] in multinomial.cpp).
Tensor multinomial(const Tensor& self, int64_t n_sample, bool replacement);
// Tensor.exponential_(lambd): -1/lambd * log(1 - u), u a 53-bit uniform double per element.
void exponential_(const Tensor& self, double lambd);

}  // namespace stridelab::core
