// Private helpers shared by the kernel files (elementwise.cpp, reduce.cpp, linalg.cpp): the
// output layout rule of elementwise ops, the loop shapes the compiler vectorises, integer
// arithmetic that wraps instead of overflowing, and a vectorisable exp for float32.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "core/tensor.h"

// Marks a hot kernel to be compiled twice, for the baseline CPU and for AVX2 (with FMA), the
// right one chosen once at load time (GCC's target_clones; flatten inlines the kernel's helpers
// into each clone so that they are compiled for its target too). Elsewhere (WebAssembly, other
// compilers) it is a no-op and the baseline (SIMD128 in the browser) is used.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__)
#define STRIDELAB_SIMD_CLONES __attribute__((target_clones("avx2", "default"), flatten))
#else
#define STRIDELAB_SIMD_CLONES
#endif

namespace stridelab::core::kernels {

// Calls f(std::integral_constant<int, 0>{}) ... f(std::integral_constant<int, N - 1>{}): a loop
// unrolled at compile time, whose index is a constant expression inside f.
template <int N, class F>
inline void static_for(F&& f) {
  [&]<int... K>(std::integer_sequence<int, K...>) { (f(std::integral_constant<int, K>{}), ...); }
  (std::make_integer_sequence<int, N>{});
}

// The strides PyTorch's TensorIterator gives the output of an elementwise op over `inputs`
// broadcast to `shape` (see NOTE [Elementwise output layout] in elementwise.cpp).
IntArray elementwise_strides(const IntArray& shape, std::initializer_list<const Tensor*> inputs);

// A new tensor of `shape` laid out as elementwise_strides says.
Tensor empty_elementwise(const IntArray& shape, std::initializer_list<const Tensor*> inputs, DType dtype);

// PyTorch's canCast: no float to integral, no non-bool to bool.
bool can_cast(DType from, DType to);

// Raises "unsupported operation: more than one element of the written-to tensor refers to a
// single memory location..." when `out` has a broadcast (stride 0) dim, and, for each input, the
// partial-overlap error when it shares memory with `out` without being the same cells.
void check_inplace_overlap(const Tensor& out, std::initializer_list<const Tensor*> inputs);

// Loops written as blocks of a fixed width so that -O2's vectoriser (which will not add a scalar
// epilogue itself) turns each block into SIMD instructions.
constexpr int64_t kBlock = 16;
template <class F>
inline void blocked_loop(int64_t n, F&& f) {
  int64_t i = 0;
  for (; i + kBlock <= n; i += kBlock)
    for (int64_t j = 0; j < kBlock; ++j) f(i + j);
  for (; i < n; ++i) f(i);
}

// Integer arithmetic that wraps like PyTorch's (two's complement) instead of being undefined.
template <class T>
inline T wrap_add(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}
template <class T>
inline T wrap_sub(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}
template <class T>
inline T wrap_mul(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// exp for float32 in a form the compiler vectorises: 2^n * p(r) with r = x - n*ln2, |r| <= ln2/2,
// p a degree-6 polynomial (error about 1 ulp). Only valid on [-87, 88]; exp_f32_row falls back to
// std::exp for the rest (overflow, denormals, inf, nan).
inline float exp_f32_core(float x) {
  // Round to nearest by adding and removing 1.5 * 2^23 (vectorises without SSE4.1's roundps).
  const float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
  float r = x - n * 0.693359375f;
  r = r - n * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

inline void exp_f32_row(float* out, const float* in, int64_t n) {
  int64_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    float x[kBlock];
    bool outside = false;
    for (int64_t j = 0; j < kBlock; ++j) {
      x[j] = in[i + j];
      outside |= !(x[j] >= -87.0f && x[j] <= 88.0f);
    }
    if (!outside) {
      for (int64_t j = 0; j < kBlock; ++j) out[i + j] = exp_f32_core(x[j]);
    } else {
      for (int64_t j = 0; j < kBlock; ++j) out[i + j] = std::exp(x[j]);
    }
  }
  for (; i < n; ++i) out[i] = std::exp(in[i]);
}

}  // namespace stridelab::core::kernels
