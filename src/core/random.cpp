// The generator and the random fills.
//
// NOTE [How PyTorch draws its numbers]
// PyTorch 1.13's CPU generator is a 32-bit Mersenne Twister seeded with the low 32 bits of the
// seed. random() is one output, random64() two outputs with the first in the high half. On top of
// it (ATen's DistributionsHelper.h, TransformationHelper.h and cpu/DistributionTemplates.h):
//
// - uniform_(from, to) on float32: u = (random() & (2^24-1)) * 2^-24, value = u * (to - from) + from
//   in float (from, to cast to float first). On float64: 53 bits of random64() and double maths.
//   rand() is uniform_(0, 1).
// - PyTorch builds these kernels with GCC for AVX2 and FMA, and GCC fuses a multiply followed by an
//   add into one fused multiply-add (one rounding instead of two): `u * (to - from) + from` and
//   `x * std + mean` are fused, and so are most steps of the float32 log/sin/cos polynomials. We
//   call std::fma exactly there; every other operation rounds on its own.
// - Every fill that goes element by element (uniform_, random_, and normal_ on small or
//   non-contiguous tensors) visits the elements in TensorIterator's order: dims sorted by stride,
//   so a transposed tensor is filled in memory order, not in logical order.
// - random_(from, to): (random() % range) + from, with random64() instead when range >= 2^32 and the
//   dtype is int64, float32 or float64.
// - normal_(mean, std) has two paths:
//   * size >= 16 and contiguous ("normal_fill"): first the whole tensor is filled with uniforms as
//     above, then each block of 16 is turned into normals pairwise, element j with element j+8:
//     u1 = 1 - x[j], u2 = x[j+8], r = sqrt(-2 log u1), t = 2 pi u2, x[j] = r cos t * std + mean,
//     x[j+8] = r sin t * std + mean. When size is not a multiple of 16, the last 16 elements are
//     drawn again (fresh uniforms over the already transformed tail) and transformed once more.
//     float32 runs the AVX2 kernel: log, sin and cos are the Cephes polynomials of avx_mathfun.h
//     (not libm), so it is pure float arithmetic and reproducible anywhere. float64 uses libm's
//     log, cos and sin, as does the element-by-element path below: with glibc the bits match;
//     another libm (musl, in WebAssembly) can differ in the last bit of a few values.
//   * otherwise, element by element: Box-Muller in double from two 53-bit uniforms u1, u2 with
//     r = sqrt(-2 log(1 - u2)), t = 2 pi u1; r cos t is returned and r sin t is cached in the
//     generator and returned by the next element-by-element draw (even in a later call), until
//     manual_seed clears it. The double is then cast to the tensor's dtype.
// - randperm(n): 0..n-1, then for i in [0, n-1): swap element i with element i + random() % (n-i).
//
// The constants and operation order below reproduce those kernels exactly; change nothing here
// without re-recording tests/core/expected/random.json.

#include "core/random.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

#include "core/dim_order.h"
#include "core/loops.h"
#include "core/ops.h"

// Each floating-point operation below must round on its own, as the vector instructions it
// mirrors do; no compiler may fuse a multiply and an add unless we ask for it with std::fma.
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#define STRIDELAB_X86_FMA 1
#include <immintrin.h>
#endif
#if defined(__GNUC__)
#define STRIDELAB_LANE inline __attribute__((always_inline))
#else
#define STRIDELAB_LANE inline
#endif

namespace stridelab::core {

// ---- the generator ---------------------------------------------------------------------------

void Generator::manual_seed(uint64_t seed) {
  seed_ = seed;
  next_double_normal_sample.reset();
  state_[0] = static_cast<uint32_t>(seed);
  for (int i = 1; i < kStateSize; ++i)
    state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  index_ = kStateSize;
}

void Generator::twist() {
  constexpr int kShift = 397;
  auto mix = [](uint32_t upper, uint32_t lower, uint32_t far) {
    const uint32_t y = (upper & 0x80000000u) | (lower & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
  };
  int i = 0;
  for (; i < kStateSize - kShift; ++i) state_[i] = mix(state_[i], state_[i + 1], state_[i + kShift]);
  for (; i < kStateSize - 1; ++i) state_[i] = mix(state_[i], state_[i + 1], state_[i + kShift - kStateSize]);
  state_[i] = mix(state_[i], state_[0], state_[kShift - 1]);
  index_ = 0;
}

namespace {
Generator* g_scoped_generator = nullptr;  // set by a GeneratorScope
}  // namespace

Generator& global_generator() {
  static Generator generator;
  return generator;
}

Generator& default_generator() { return g_scoped_generator ? *g_scoped_generator : global_generator(); }

GeneratorScope::GeneratorScope(Generator& gen) : previous_(g_scoped_generator) { g_scoped_generator = &gen; }
GeneratorScope::~GeneratorScope() { g_scoped_generator = previous_; }

void manual_seed(uint64_t seed) { global_generator().manual_seed(seed); }
uint64_t initial_seed() { return global_generator().initial_seed(); }

namespace {

// ---- draws ------------------------------------------------------------------------------------

// A uniform in [0, 1) with float's 24 or double's 53 bits.
inline float uniform_float(Generator& g) {
  return static_cast<float>(g.next_uint32() & ((1u << 24) - 1)) * (1.0f / static_cast<float>(1u << 24));
}
inline double uniform_double(Generator& g) {
  return static_cast<double>(g.next_uint64() & ((uint64_t{1} << 53) - 1)) *
         (1.0 / static_cast<double>(uint64_t{1} << 53));
}

// PyTorch compiles these kernels for AVX2 with GCC, which fuses `u * (to - from) + from` and
// `x * std + mean` into one fused multiply-add; so do we.
template <class T>
inline T uniform_between(Generator& g, T from, T to) {
  if constexpr (std::is_same_v<T, float>) return std::fma(uniform_float(g), to - from, from);
  else return std::fma(uniform_double(g), to - from, from);
}

// One element-by-element normal (see the NOTE): a cached value first, else a fresh pair.
inline double normal_double(Generator& g, double mean, double std) {
  double value;
  if (g.next_double_normal_sample) {
    value = *g.next_double_normal_sample;
    g.next_double_normal_sample.reset();
  } else {
    const double u1 = uniform_double(g);
    const double u2 = uniform_double(g);
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * std::numbers::pi * u1;
    g.next_double_normal_sample = r * std::sin(theta);
    value = r * std::cos(theta);
  }
  return std::fma(value, std, mean);
}

// ---- avx_mathfun's log and sincos, one lane at a time -------------------------------------------
// The constants are double literals rounded to float, as that header declares them. PyTorch's
// binary is built by GCC with -mfma, whose contraction turns most multiply-then-add steps of these
// polynomials into fused multiply-adds; the fused() calls below sit exactly where GCC 12 puts them
// (read off its optimised GIMPLE for the header), the other steps round on their own.

STRIDELAB_LANE uint32_t bits_of(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
STRIDELAB_LANE float float_of(uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
constexpr float f32(double d) { return static_cast<float>(d); }
// std::fma and std::sqrt for one float lane, as builtins so they inline into the AVX2 copy.
#if defined(STRIDELAB_X86_FMA)
STRIDELAB_LANE float fused(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
STRIDELAB_LANE float root(float x) { return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x))); }  // no errno
#elif defined(__GNUC__)
STRIDELAB_LANE float fused(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
STRIDELAB_LANE float root(float x) { return __builtin_sqrtf(x); }
#else
STRIDELAB_LANE float fused(float a, float b, float c) { return std::fma(a, b, c); }
STRIDELAB_LANE float root(float x) { return std::sqrt(x); }
#endif

// log256_ps: natural log, NaN for x <= 0.
STRIDELAB_LANE float cephes_log(float x) {
  const bool invalid = x <= 0.0f;
  const float min_norm = float_of(0x00800000u);
  x = x > min_norm ? x : min_norm;
  int32_t exponent = static_cast<int32_t>(bits_of(x) >> 23);
  x = float_of((bits_of(x) & ~0x7f800000u) | bits_of(0.5f));  // mantissa, scaled into [0.5, 1)
  exponent -= 0x7f;
  float e = static_cast<float>(exponent);
  e = e + 1.0f;
  const bool below = x < f32(0.707106781186547524);
  float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  float y = fused(x, f32(7.0376836292E-2), f32(-1.1514610310E-1));
  y = fused(x, y, f32(1.1676998740E-1));
  y = fused(x, y, f32(-1.2420140846E-1));
  y = fused(x, y, f32(1.4249322787E-1));
  y = fused(x, y, f32(-1.6668057665E-1));
  y = fused(x, y, f32(2.0000714765E-1));
  y = fused(x, y, f32(-2.4999993993E-1));
  y = fused(x, y, f32(3.3333331174E-1));
  y = x * y;
  y = fused(z, y, e * f32(-2.12194440e-4));
  y = fused(-z, 0.5f, y);
  x = x + y;
  x = fused(e, f32(0.693359375), x);
  return invalid ? float_of(0xffffffffu) : x;
}

// sincos256_ps: both at once, sharing the range reduction.
STRIDELAB_LANE void cephes_sincos(float in, float& sin_out, float& cos_out) {
  uint32_t sign_sin = bits_of(in) & 0x80000000u;
  float x = float_of(bits_of(in) & 0x7fffffffu);
  float y = x * f32(1.27323954473516);  // 4 / pi
  // cvttps: truncation, with INT_MIN for what int32 cannot hold.
  int32_t j = y < 2147483648.0f ? static_cast<int32_t>(y) : std::numeric_limits<int32_t>::min();
  j = static_cast<int32_t>((static_cast<uint32_t>(j) + 1u) & ~1u);
  y = static_cast<float>(j);
  const uint32_t swap_sign_sin = (static_cast<uint32_t>(j) & 4u) << 29;
  const bool first_poly = (static_cast<uint32_t>(j) & 2u) == 0;
  // Extended precision modular arithmetic: x = ((x - y * DP1) - y * DP2) - y * DP3.
  x = fused(y, f32(-0.78515625), x);
  x = fused(y, f32(-2.4187564849853515625e-4), x);
  x = fused(y, f32(-3.77489497744594108e-8), x);
  const uint32_t sign_cos = (~(static_cast<uint32_t>(j) - 2u) & 4u) << 29;
  sign_sin ^= swap_sign_sin;
  const float z = x * x;
  float yc = fused(z, f32(2.443315711809948E-005), f32(-1.388731625493765E-003));
  yc = fused(z, yc, f32(4.166664568298827E-002));
  yc = z * yc;
  yc = fused(z, yc, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = fused(z, f32(-1.9515295891E-4), f32(8.3321608736E-3));
  ys = fused(z, ys, f32(-1.6666654611E-1));
  ys = z * ys;
  ys = fused(x, ys, x);
  // Select with masks and recombine with adds, as the vector code does (it matters for -0).
  const float ysin2 = first_poly ? ys : 0.0f;
  const float ysin1 = first_poly ? 0.0f : yc;
  ys = ys - ysin2;
  yc = yc - ysin1;
  const float s = ysin1 + ysin2;
  const float c = yc + ys;
  sin_out = float_of(bits_of(s) ^ sign_sin);
  cos_out = float_of(bits_of(c) ^ sign_cos);
}

// normal_fill_16_AVX2 on `blocks` blocks of 16 uniforms, in place.
STRIDELAB_LANE void normal_blocks_float_body(float* data, int64_t blocks, float mean, float std) {
  const float two_pi = static_cast<float>(2.0 * std::numbers::pi);
  for (int64_t b = 0; b < blocks; ++b) {
    float* d = data + 16 * b;
    for (int j = 0; j < 8; ++j) {
      const float u1 = 1.0f - d[j];
      const float u2 = d[j + 8];
      const float radius = root(-2.0f * cephes_log(u1));
      const float theta = two_pi * u2;
      float s, c;
      cephes_sincos(theta, s, c);
      const float n1 = radius * c;
      const float n2 = radius * s;
      d[j] = fused(n1, std, mean);
      d[j + 8] = fused(n2, std, mean);
    }
  }
}

// The same code built for CPUs with AVX2 and FMA, where a fused multiply-add is one instruction
// instead of a call; the bits are the same either way.
#ifdef STRIDELAB_X86_FMA
__attribute__((target("avx2,fma"))) void normal_blocks_float_fma(float* data, int64_t blocks, float mean, float std) {
  normal_blocks_float_body(data, blocks, mean, std);
}
#endif

void normal_blocks_float(float* data, int64_t blocks, float mean, float std) {
#ifdef STRIDELAB_X86_FMA
  static const bool has_fma = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  if (has_fma) return normal_blocks_float_fma(data, blocks, mean, std);
#endif
  normal_blocks_float_body(data, blocks, mean, std);
}

// normal_fill_16<double>.
void normal_block_double(double* d, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1.0 - d[j];
    const double u2 = d[j + 8];
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double theta = 2.0 * std::numbers::pi * u2;
    d[j] = std::fma(radius * std::cos(theta), std, mean);
    d[j + 8] = std::fma(radius * std::sin(theta), std, mean);
  }
}

// normal_fill: the contiguous path for 16 elements or more.
template <class T>
void normal_fill(T* data, int64_t n, T mean, T std, Generator& g) {
  auto fill_uniform = [&](T* p, int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      if constexpr (std::is_same_v<T, float>) p[i] = uniform_float(g);
      else p[i] = uniform_double(g);
    }
  };
  auto transform = [&](T* p, int64_t blocks) {
    if constexpr (std::is_same_v<T, float>) {
      normal_blocks_float(p, blocks, mean, std);
    } else {
      for (int64_t b = 0; b < blocks; ++b) normal_block_double(p + 16 * b, mean, std);
    }
  };
  fill_uniform(data, n);
  transform(data, n / 16);
  if (n % 16 != 0) {
    T* tail = data + n - 16;
    fill_uniform(tail, 16);
    transform(tail, 1);
  }
}

// ---- element order and checks ------------------------------------------------------------------

// The dims of t ordered as TensorIterator orders a lone output (outermost first): an insertion
// sort that moves smaller strides inward, breaking ties by putting the smaller size inward.
void iterator_order(const Tensor& t, IntArray& sizes, IntArray& byte_strides_out) {
  const int64_t nd = t.dim();
  const std::array<const IntArray*, 1> operands{&t.strides()};
  IntArray perm = reorder_dimensions(nd, [&](int64_t d0, int64_t d1) {
    return compare_dims_by_strides(operands, t.sizes(), d0, d1);
  });  // perm[0] is the innermost dim
  const int64_t item = static_cast<int64_t>(t.element_size());
  sizes.assign(nd, 0);
  byte_strides_out.assign(nd, 0);
  for (int64_t k = 0; k < nd; ++k) {
    sizes[k] = t.sizes()[perm[nd - 1 - k]];
    byte_strides_out[k] = t.strides()[perm[nd - 1 - k]] * item;
  }
}

// Writes draw() into every element of t, in TensorIterator's order.
template <class T, class Draw>
void fill_each(const Tensor& t, Draw&& draw) {
  if (t.numel() == 0) return;
  IntArray sizes, strides;
  iterator_order(t, sizes, strides);
  for_each_row<1>(sizes, {t.raw_data()}, {strides},
                  [&](std::array<std::byte*, 1> p, std::array<int64_t, 1> s, int64_t n) {
                    if (s[0] == static_cast<int64_t>(sizeof(T))) {
                      T* out = reinterpret_cast<T*>(p[0]);
                      for (int64_t i = 0; i < n; ++i) out[i] = draw();
                    } else {
                      for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = draw();
                    }
                  });
}

// The name ATen's dispatch macros give a dtype they do not handle: "\"normal_kernel_cpu\" not
// implemented for 'Long'".
void check_floating(DType dtype, const char* kernel) {
  STRIDELAB_CHECK(is_floating(dtype), "\"", kernel, "\" not implemented for '", scalar_type_name(dtype), "'");
}

// random_'s update_from / update_to: nudge the bounds so the cast to a float dtype stays in range.
template <class T>
int64_t update_from(int64_t from) {
  const auto from_plus_1 = static_cast<int64_t>(static_cast<T>(from + 1));
  if (from_plus_1 < from) {
    int64_t magnitude = std::abs(from + 1);
    int n = 0;
    while (magnitude >>= 1) ++n;
    from = from_plus_1 + (int64_t{1} << (n - std::numeric_limits<T>::digits + 1));
  }
  return from;
}
template <class T>
int64_t update_to(int64_t to) {
  const auto to_minus_1 = static_cast<int64_t>(static_cast<T>(to - 1));
  if (to_minus_1 >= to) {
    int64_t magnitude = std::abs(to - 1);
    int n = 0;
    while (magnitude >>= 1) ++n;
    to = to_minus_1 - (int64_t{1} << (n - std::numeric_limits<T>::digits + 1));
  }
  return to;
}

}  // namespace

// ---- fills -------------------------------------------------------------------------------------

void uniform_(const Tensor& self, double from, double to) {
  check_floating(self.dtype(), "check_uniform_bounds");
  dispatch(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
      const double hi = static_cast<double>(std::numeric_limits<T>::max());
      const char* name = type_meta_name(self.dtype());
      STRIDELAB_CHECK(from >= lo && from <= hi, "from is out of bounds for ", name);
      STRIDELAB_CHECK(to >= lo && to <= hi, "to is out of bounds for ", name);
      STRIDELAB_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=", from, " > to=", to);
      STRIDELAB_CHECK(to - from <= hi, "uniform_ expects to-from <= std::numeric_limits<",
                      scalar_type_name(self.dtype()), ">::max(), but found to=", to, " and from=", from,
                      " which result in to-from to exceed the limit");
      check_no_internal_overlap(self);
      Generator& g = default_generator();
      const T f = static_cast<T>(from), t = static_cast<T>(to);
      if (f == 0 && t == 1) {  // rand(): u * 1 + 0 is u, no multiply-add needed
        if constexpr (std::is_same_v<T, float>) fill_each<T>(self, [&] { return uniform_float(g); });
        else fill_each<T>(self, [&] { return uniform_double(g); });
      } else {
        fill_each<T>(self, [&] { return uniform_between<T>(g, f, t); });
      }
    }
  });
}

void normal_(const Tensor& self, double mean, double std) {
  STRIDELAB_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
  check_floating(self.dtype(), "normal_kernel_cpu");
  Generator& g = default_generator();
  dispatch(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      if (self.numel() >= 16 && self.is_contiguous()) {
        normal_fill<T>(self.data<T>(), self.numel(), static_cast<T>(mean), static_cast<T>(std), g);
      } else {
        check_no_internal_overlap(self);
        fill_each<T>(self, [&] { return static_cast<T>(normal_double(g, mean, std)); });
      }
    }
  });
}

void random_(const Tensor& self, int64_t from, int64_t to) {
  check_no_internal_overlap(self);
  STRIDELAB_CHECK(from < to, "random_ expects 'from' to be less than 'to', but got from=", from, " >= to=", to);
  const DType dtype = self.dtype();
  if (dtype == DType::Float32) {
    from = update_from<float>(from);
    to = update_to<float>(to);
  } else if (dtype == DType::Float64) {
    from = update_from<double>(from);
    to = update_to<double>(to);
  }
  if (is_floating(dtype))
    STRIDELAB_CHECK(from < to,
                    "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=", from,
                    " >= to=", to);
  dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const int64_t to_inc = to - 1;
    const char* name = type_meta_name(dtype);
    if constexpr (std::is_floating_point_v<T>) {
      const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
      const double hi = static_cast<double>(std::numeric_limits<T>::max());
      STRIDELAB_CHECK(from >= lo && from <= hi, "from is out of bounds for ", name);
      STRIDELAB_CHECK(to_inc >= lo && to_inc <= hi, "to - 1 is out of bounds for ", name);
    } else {
      const auto lo = static_cast<int64_t>(std::numeric_limits<T>::lowest());
      const auto hi = static_cast<int64_t>(std::numeric_limits<T>::max());
      STRIDELAB_CHECK(from >= lo && from <= hi, "from is out of bounds for ", name);
      STRIDELAB_CHECK(to_inc >= lo && to_inc <= hi, "to - 1 is out of bounds for ", name);
    }
    const uint64_t range = static_cast<uint64_t>(to) - static_cast<uint64_t>(from);
    const uint64_t base = static_cast<uint64_t>(from);
    Generator& g = default_generator();
    constexpr bool wide_type = std::is_same_v<T, int64_t> || std::is_floating_point_v<T>;
    if (wide_type && range >= (uint64_t{1} << 32)) {
      fill_each<T>(self, [&] { return static_cast<T>(static_cast<int64_t>(g.next_uint64() % range + base)); });
    } else {
      fill_each<T>(self, [&] { return static_cast<T>(static_cast<int64_t>(g.next_uint32() % range + base)); });
    }
  });
}

// ---- factories ---------------------------------------------------------------------------------

Tensor rand(const IntArray& sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  uniform_(t, 0.0, 1.0);
  return t;
}

Tensor randn(const IntArray& sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  normal_(t, 0.0, 1.0);
  return t;
}

Tensor normal(double mean, double std, const IntArray& sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  normal_(t, mean, std);
  return t;
}

Tensor randint(int64_t low, int64_t high, const IntArray& sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  random_(t, low, high);
  return t;
}

Tensor rand_like(const Tensor& self, std::optional<DType> dtype) {
  Tensor t = empty_like(self, dtype);
  uniform_(t, 0.0, 1.0);
  return t;
}

Tensor randn_like(const Tensor& self, std::optional<DType> dtype) {
  Tensor t = empty_like(self, dtype);
  normal_(t, 0.0, 1.0);
  return t;
}

Tensor randint_like(const Tensor& self, int64_t low, int64_t high, std::optional<DType> dtype) {
  Tensor t = empty_like(self, dtype);
  random_(t, low, high);
  return t;
}

Tensor randperm(int64_t n, DType dtype) { return randperm(n, dtype, default_generator()); }

Tensor randperm(int64_t n, DType dtype, Generator& g) {
  Tensor t = empty({n}, dtype);
  if (dtype == DType::Float32)
    STRIDELAB_CHECK(n <= (int64_t{1} << 24) + 1, "n cannot be greater than 2^24+1 for Float type.");
  if (dtype == DType::Float64)
    STRIDELAB_CHECK(n <= (int64_t{1} << 53) + 1, "n cannot be greater than 2^53+1 for Double type.");
  STRIDELAB_CHECK(dtype != DType::Bool, "\"randperm\" not implemented for 'Bool'");
  dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      T* data = t.data<T>();
      for (int64_t i = 0; i < n; ++i) data[i] = static_cast<T>(i);
      for (int64_t i = 0; i + 1 < n; ++i) {
        const int64_t z = static_cast<int64_t>(g.next_uint32() % static_cast<uint64_t>(n - i));
        std::swap(data[i], data[i + z]);
      }
    }
  });
  return t;
}

// ---- nn.init -----------------------------------------------------------------------------------

int64_t fan_in(const Tensor& weight) {
  STRIDELAB_CHECK_VALUE(weight.dim() >= 2,
                        "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
  int64_t receptive_field = 1;
  for (int64_t d = 2; d < weight.dim(); ++d) receptive_field *= weight.sizes()[d];
  return weight.sizes()[1] * receptive_field;
}

void kaiming_uniform_(const Tensor& self, double a) {
  if (self.numel() == 0) return;  // PyTorch warns "Initializing zero-element tensors is a no-op"
  const double fan = static_cast<double>(fan_in(self));
  const double gain = std::sqrt(2.0 / (1.0 + a * a));
  const double std = gain / std::sqrt(fan);
  const double bound = std::sqrt(3.0) * std;
  uniform_(self, -bound, bound);
}

}  // namespace stridelab::core
