// torch.multinomial and Tensor.exponential_, drawing PyTorch 1.13's CPU streams.
//
// NOTE [How multinomial draws]
// PyTorch has two paths (aten/src/ATen/native/Distributions.cpp, cpu/MultinomialKernel.cpp):
// - without replacement: the "Gumbel" trick. q = empty_like(self).exponential_()
//   draws one exponential per weight (one random64 each, in row-major order), then q = self / q in
//   self's dtype, and the samples are argmax(q, -1, keepdim=True) for one sample or the indices of
//   topk(q, n) for more;
// - with replacement (even for one sample): per row, the running sum of the weights in self's
//   dtype, divided by the total, the last set to exactly 1; then per sample one uniform double (53
//   bits of random64) and a binary search for the first bucket whose cumulative weight is not below
//   it.
// The checks differ between the two paths, and so do their messages.
#include <cmath>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/ops.h"
#include "core/random.h"
#include "core/sampling.h"

namespace stridelab::core {

namespace {

double uniform53(Generator& g) { return static_cast<double>(g.next_uint64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53; }

template <class T>
void with_replacement(const Tensor& probs, int64_t n_sample, Tensor& result) {
  Generator& g = default_generator();
  const int64_t n_categories = probs.size(-1);
  const int64_t n_dist = probs.dim() > 1 ? probs.size(0) : 1;
  Tensor p = contiguous(probs);
  const T* in = p.data<T>();
  int64_t* out = result.data<int64_t>();
  std::vector<T> cum(static_cast<size_t>(n_categories));
  for (int64_t i = 0; i < n_dist; ++i) {
    T sum = 0;
    for (int64_t j = 0; j < n_categories; ++j) {
      const T val = in[i * n_categories + j];
      STRIDELAB_CHECK(val >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
      STRIDELAB_CHECK(std::isfinite(val),
                      "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum += val;
      cum[static_cast<size_t>(j)] = sum;
    }
    STRIDELAB_CHECK(sum > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (auto& c : cum) c /= sum;
    cum.back() = 1;
    for (int64_t j = 0; j < n_sample; ++j) {
      const double u = uniform53(g);
      int64_t left = 0, right = n_categories;
      while (right - left > 0) {
        const int64_t mid = left + (right - left) / 2;
        if (static_cast<double>(cum[static_cast<size_t>(mid)]) < u) left = mid + 1;
        else right = mid;
      }
      out[i * n_sample + j] = left;
    }
  }
}

}  // namespace

void exponential_(const Tensor& self, double lambd) {
  STRIDELAB_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  if (self.dtype() == DType::Float16 || self.dtype() == DType::BFloat16) throw_reduced_float_unsupported(self.dtype());
  STRIDELAB_CHECK(is_floating(self.dtype()), "\"exponential_cpu\" not implemented for '",
                  scalar_type_name(self.dtype()), "'");
  const int64_t n = self.numel();
  if (n == 0) return;
  Generator& g = default_generator();
  Tensor buffer = empty(self.sizes(), DType::Float64);
  double* out = buffer.data<double>();
  for (int64_t k = 0; k < n; ++k) {
    const double v = -1.0 / lambd * std::log(1.0 - uniform53(g));
    out[k] = self.dtype() == DType::Float32 ? static_cast<double>(static_cast<float>(v)) : v;
  }
  copy_(self, buffer);
}

Tensor multinomial(const Tensor& self, int64_t n_sample, bool replacement) {
  STRIDELAB_CHECK(self.dim() > 0 && self.dim() <= 2, "prob_dist must be 1 or 2 dim");
  STRIDELAB_CHECK(is_floating(self.dtype()),
                  "multinomial only supports floating-point dtypes for input, got: ", scalar_type_name(self.dtype()));
  STRIDELAB_CHECK(n_sample > 0, "cannot sample n_sample <= 0 samples");
  const int64_t n_categories = self.size(-1);
  STRIDELAB_CHECK(replacement || n_sample <= n_categories,
                  "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  STRIDELAB_CHECK(n_categories <= (int64_t{1} << 24), "number of categories cannot exceed 2^24");
  if (self.dtype() == DType::Float16) { STRIDELAB_CHECK(false, "multinomial is not implemented for half on CPU"); }
  if (self.dtype() == DType::BFloat16) throw_reduced_float_unsupported(self.dtype());
  IntArray out_sizes = self.dim() == 1 ? IntArray{n_sample} : IntArray{self.size(0), n_sample};
  Tensor result = empty(out_sizes, DType::Int64);
  if (result.numel() == 0) return result;
  if (!replacement) {
    const double hi = item(amax(self)).to_double(), lo = item(amin(self)).to_double();
    const bool valid = hi < std::numeric_limits<double>::infinity() && lo >= 0;
    STRIDELAB_CHECK(valid, "probability tensor contains either `inf`, `nan` or element < 0");
    Tensor sums = self.dim() == 1 ? sum(self) : sum(self, IntArray{1});
    const bool zero_row = item(amin(sums)).to_double() == 0;
    STRIDELAB_CHECK(!zero_row, "invalid multinomial distribution (sum of probabilities <= 0)");
    Tensor q = empty_like(self);
    exponential_(q, 1.0);
    q = binary(BinaryOp::Div, self, q);
    if (n_sample == 1) return argmax(q, -1, true);
    return topk(q, n_sample).second;
  }
  if (self.dtype() == DType::Float64) with_replacement<double>(self, n_sample, result);
  else with_replacement<float>(self, n_sample, result);
  return result;
}

}  // namespace stridelab::core
