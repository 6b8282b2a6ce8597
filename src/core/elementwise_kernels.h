// Private helpers shared by the kernel files (elementwise.cpp, reduce.cpp, linalg.cpp): the
// output layout rule of elementwise ops, the loop shapes the compiler
// vectorises (fixed-width blocks, 32-byte vectors, AVX2 clones), integer arithmetic that wraps
// instead of overflowing, and a vectorised exp for float32.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "core/tensor.h"

// The 32-byte vectors below are passed between inlined helpers; GCC's note that their ABI differs
// with and without AVX does not concern functions that never cross a library boundary.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

// Marks a hot kernel to be compiled twice, for the baseline CPU and for AVX2 (with FMA), the
// right one chosen once at load time (GCC's target_clones; flatten inlines the kernel's helpers
// into each clone so that they are compiled for its target too). Elsewhere (WebAssembly, other
// compilers) it is a no-op and the baseline (SIMD128 in the browser) is used. Defining
// STRIDELAB_PORTABLE_KERNELS forces the baseline everywhere (to test the browser's code paths).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__) && \
    !defined(STRIDELAB_PORTABLE_KERNELS)
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

// Loops written as blocks of a fixed width, loaded before they are stored, so that -O2's
// vectoriser (which will not add a scalar epilogue itself) turns each block into SIMD
// instructions even when the output is an input (in-place ops).
constexpr int64_t kBlock = 16;

// Rows processed as 32-byte vectors of the compiler's vector extension (8 floats or 4 doubles;
// one AVX2 instruction, two SSE2 or SIMD128 ones) plus a scalar tail. f is generic: it is called
// with vectors and with scalars, and may mix a vector with scalars (v - m).
template <class T>
struct Vec32Of {
  typedef T type __attribute__((vector_size(32)));
};
template <class T>
using Vec32 = typename Vec32Of<T>::type;

// y[i] = f(x[i]); y may be x.
template <class T, class F>
inline void map_row(T* y, const T* x, int64_t n, F&& f) {
  using V = Vec32<T>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    V v;
    std::memcpy(&v, x + i, sizeof v);
    const V r = f(v);
    std::memcpy(y + i, &r, sizeof r);
  }
  for (; i < n; ++i) y[i] = f(x[i]);
}

// y[i] = f(a[i], b[i]); y may be a or b.
template <class T, class F>
inline void map_row2(T* y, const T* a, const T* b, int64_t n, F&& f) {
  using V = Vec32<T>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    V u, v;
    std::memcpy(&u, a + i, sizeof u);
    std::memcpy(&v, b + i, sizeof v);
    const V r = f(u, v);
    std::memcpy(y + i, &r, sizeof r);
  }
  for (; i < n; ++i) y[i] = f(a[i], b[i]);
}

// Folds x with f lane-wise into 4 vector accumulators (independent chains, so the adds or
// compares overlap in the pipeline) starting at init, then those in order, then their lanes,
// then the tail.
template <class T, class F>
inline T reduce_row(const T* x, int64_t n, T init, F&& f) {
  using V = Vec32<T>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  int64_t i = 0;
  T acc = init;
  if (n >= L) {
    V va[4];
    for (V& v : va) v = V{} + init;
    for (; i + 4 * L <= n; i += 4 * L) {
      static_for<4>([&](auto k) {
        V v;
        std::memcpy(&v, x + i + k * L, sizeof v);
        va[k] = f(va[k], v);
      });
    }
    for (; i + L <= n; i += L) {
      V v;
      std::memcpy(&v, x + i, sizeof v);
      va[0] = f(va[0], v);
    }
    static_for<3>([&](auto k) { va[0] = f(va[0], va[k + 1]); });
    for (int64_t l = 0; l < L; ++l) acc = f(acc, va[0][l]);
  }
  for (; i < n; ++i) acc = f(acc, x[i]);
  return acc;
}

// Integer arithmetic that wraps like PyTorch's (two's complement) instead of being undefined. It
// runs in an unsigned type of at least int's width: int16 and uint8 operands converted to their own
// unsigned type would be promoted to (signed) int, where 65534 * 65534 overflows.
template <class T>
using WrapUnsigned = std::common_type_t<std::make_unsigned_t<T>, unsigned>;
template <class T>
inline T wrap_add(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}
template <class T>
inline T wrap_sub(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}
template <class T>
inline T wrap_mul(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// True when the CPU has AVX2 and FMA (x86-64 only; always false elsewhere).
bool cpu_has_avx2_fma();

// NOTE [exp as PyTorch computes it]
// PyTorch computes exp of float32 with SLEEF's expf_u10 (AVX2 build: FMA), not the C library's
// expf, and the two differ in the last bit for about one value in twelve (exp(4) prints 54.5982 in
// PyTorch, 54.5981 with expf). exp_f32 follows SLEEF's algorithm step for step: q = rint(x/ln2),
// s = x - q*ln2 (two FMAs, ln2 in two parts), a degree-5 polynomial by FMAs, then 2^q in two
// halves; below -104 it is 0, above 100 inf. It agrees bit for bit with torch.exp on 2 million
// float32 values spread over [-105, 90].
float exp_f32(float x);
// out[i] = exp_f32(in[i] - shift) (out may be in); returns the sum of the outputs (softmax wants
// both). Vectorised (AVX2 + FMA when the CPU has them; elsewhere FMA is done in double, which
// differs from a true FMA only in rare double-rounding cases).
float exp_f32_row(float* out, const float* in, int64_t n, float shift = 0.0f);
// out[i] = exp_f32(in[i]) (out may be in), without exp_f32_row's shift and sum.
void exp_f32_map(float* out, const float* in, int64_t n);

}  // namespace stridelab::core::kernels
