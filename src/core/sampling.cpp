// bernoulli_ with a number or a tensor of probabilities. The elements are drawn in row-major order
// of self (TensorIterator's order for a contiguous self).
#include "core/sampling.h"

#include <vector>

#include "core/error.h"
#include "core/ops.h"
#include "core/random.h"

namespace stridelab::core {

namespace {

// Writes draw(k) for the k-th element of self in row-major order.
template <class Draw>
void fill_row_major(const Tensor& self, Draw&& draw) {
  const int64_t n = self.numel();
  if (n == 0) return;
  Tensor buffer = empty(self.sizes(), DType::Float64);
  double* out = buffer.data<double>();
  for (int64_t k = 0; k < n; ++k) out[k] = draw(k);
  copy_(self, buffer);
}

}  // namespace

void bernoulli_scalar_(const Tensor& self, double p) {
  STRIDELAB_CHECK(0 <= p && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  Generator& g = default_generator();
  fill_row_major(self, [&](int64_t) {
    const double u = static_cast<double>(g.next_uint64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53;
    return u < p ? 1.0 : 0.0;
  });
}

void bernoulli_tensor_(const Tensor& self, const Tensor& p) {
  STRIDELAB_CHECK(is_floating(p.dtype()), "\"bernoulli_tensor_cpu_p_\" not implemented for '",
                  scalar_type_name(p.dtype()), "'");
  Tensor probs = contiguous(expand(p, self.sizes()));
  // float64 probabilities draw doubles (53 bits of one random64), the others floats.
  const bool in_double = p.dtype() == DType::Float64;
  std::vector<double> values(static_cast<size_t>(probs.numel()));
  for (int64_t k = 0; k < probs.numel(); ++k)
    values[static_cast<size_t>(k)] =
        in_double ? get_flat(probs, k).to_double() : static_cast<double>(get_flat(probs, k).to<float>());
  Generator& g = default_generator();
  fill_row_major(self, [&](int64_t k) {
    const double pk = values[static_cast<size_t>(k)];
    STRIDELAB_CHECK(pk >= 0 && pk <= 1,
                    "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
                    "improved?  If so, please report an enhancement request to PyTorch.)");
    if (in_double) {
      const double u = static_cast<double>(g.next_uint64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53;
      return u < pk ? 1.0 : 0.0;
    }
    const float u = static_cast<float>(g.next_uint32() & ((1u << 24) - 1)) * (1.0f / static_cast<float>(1u << 24));
    return u < static_cast<float>(pk) ? 1.0 : 0.0;
  });
}

}  // namespace stridelab::core
