// Elementwise ops: unary and binary ops with broadcasting and type promotion, where, clamp,
// masked_fill_, allclose, equal.
//
// Python numbers reach these functions as wrapped 0-d tensors (scalar_tensor(v, v.dtype(), true)),
// which is how PyTorch gives them the lowest priority in type promotion: `int_tensor + 2.5` is
// float32, `int32_tensor + 2**40` stays int32.
//
// NOTE [Elementwise output layout]
// The output of an elementwise op is not always contiguous: like PyTorch's TensorIterator, it
// follows the inputs' memory order, so `a.t() + 1` has strides (1, 4), the same as `a.t()`.
//   1. All inputs of the output's shape and contiguous: contiguous.
//   2. All inputs of the output's shape, non-overlapping and dense, with equal strides: those strides.
//   3. Otherwise: sort the dims innermost-first by the inputs' strides, asking the first input
//      that tells two dims apart (broadcast dims, stride 0, tell nothing; equal strides put the
//      smaller dim inside), and lay the output out densely in that order.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
#include <immintrin.h>
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "core/dim_order.h"
#include "core/elementwise_kernels.h"
#include "core/kernel_dtype.h"
#include "core/loops.h"
#include "core/ops.h"

namespace stridelab::core {

// ---- type promotion ------------------------------------------------------------------------

namespace {

// PyTorch's ResultTypeState: dimensioned tensors, 0-d tensors and wrapped numbers promote among
// themselves; a lower-priority group only matters when it is of a higher category
// (bool < integral < floating).
struct ResultTypeState {
  std::optional<DType> dim, zero, wrapped;

  void update(const Tensor& t) {
    DType d = t.dtype();
    std::optional<DType>* slot = &dim;
    if (t.is_wrapped_number()) {
      slot = &wrapped;
      if (is_floating(d)) d = kDefaultFloat;  // a Python float counts as the default dtype
    } else if (t.dim() == 0) {
      slot = &zero;
    }
    *slot = slot->has_value() ? promote_types(**slot, d) : d;
  }

  static std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
    if (!higher) return lower;
    if (!lower) return higher;
    if (is_floating(*higher)) return higher;
    if (*higher == DType::Bool || is_floating(*lower)) return promote_types(*higher, *lower);
    return higher;
  }

  DType result() const { return combine(dim, combine(zero, wrapped)).value_or(kDefaultFloat); }
};

}  // namespace

DType result_type(const Tensor& a, const Tensor& b) {
  ResultTypeState state;
  state.update(a);
  state.update(b);
  return state.result();
}

const char* type_meta_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::UInt8: return "unsigned char";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
  }
  return "?";
}

// ---- shared helpers (elementwise_kernels.h) -------------------------------------------------

namespace kernels {

IntArray elementwise_strides(const IntArray& shape, std::initializer_list<const Tensor*> inputs) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  bool same_shape = true;
  for (const Tensor* t : inputs) same_shape = same_shape && t->sizes() == shape;
  if (same_shape) {
    bool all_contiguous = true;
    for (const Tensor* t : inputs) all_contiguous = all_contiguous && t->is_contiguous();
    if (all_contiguous) return contiguous_strides(shape);
    bool same_dense = true;
    const Tensor* first = *inputs.begin();
    for (const Tensor* t : inputs)
      same_dense = same_dense && is_non_overlapping_and_dense(*t) && t->strides() == first->strides();
    if (same_dense) return first->strides();
  }
  // Each input's strides over the broadcast shape, 0 where it is broadcast.
  std::vector<IntArray> strides;
  strides.reserve(inputs.size());
  for (const Tensor* t : inputs) {
    IntArray s(nd, 0);
    const int64_t lead = nd - t->dim();
    for (int64_t d = 0; d < t->dim(); ++d)
      s[lead + d] = (t->sizes()[d] == 1 && shape[lead + d] != 1) ? 0 : t->strides()[d];
    strides.push_back(std::move(s));
  }
  IntArray perm =
      reorder_dimensions(nd, [&](int64_t d0, int64_t d1) { return compare_dims_by_strides(strides, shape, d0, d1); });
  return strides_in_order(shape, perm);
}

Tensor empty_elementwise(const IntArray& shape, std::initializer_list<const Tensor*> inputs, DType dtype) {
  IntArray strides = elementwise_strides(shape, inputs);
  if (strides == contiguous_strides(shape)) return empty(shape, dtype);
  return empty_strided(shape, strides, dtype);
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

// ---- exp (see NOTE [exp as PyTorch computes it]) ----

namespace {

constexpr float kExpRLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
constexpr float kExpL2U = 0.693145751953125f;         // ln2, high part
constexpr float kExpL2L = 1.428606765330187045e-06f;  // ln2, low part
constexpr float kExpC0 = 0.000198527617612853646278381f, kExpC1 = 0.00139304355252534151077271f,
                kExpC2 = 0.00833336077630519866943359f, kExpC3 = 0.0416664853692054748535156f,
                kExpC4 = 0.166666671633720397949219f, kExpC5 = 0.5f;

float pow2i(int32_t q) {
  const int32_t bits = static_cast<int32_t>(static_cast<uint32_t>(q + 0x7f) << 23);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// The portable vector form: V of 8 floats; FMA computed in double (exact product, one rounding
// of the sum to double, then to float).
typedef float V8f __attribute__((vector_size(32)));
typedef int32_t V8i __attribute__((vector_size(32)));
typedef double V8d __attribute__((vector_size(64)));

V8f fma_via_double(const V8f& a, const V8f& b, const V8f& c) {
  const V8d r = __builtin_convertvector(a, V8d) * __builtin_convertvector(b, V8d) + __builtin_convertvector(c, V8d);
  return __builtin_convertvector(r, V8f);
}

V8f pow2i_vec(const V8i& q) {
  const V8i bits = (q + 0x7f) << 23;
  V8f f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

V8f exp_f32_vec(const V8f& d) {
  // rint by adding and removing 1.5 * 2^23 (|d / ln2| < 2^22 wherever the result is used).
  const V8f qf = (d * kExpRLn2 + 12582912.0f) - 12582912.0f;
  const V8i q = __builtin_convertvector(qf, V8i);
  const V8f k = __builtin_convertvector(q, V8f);
  V8f s = fma_via_double(k, V8f{} - kExpL2U, d);
  s = fma_via_double(k, V8f{} - kExpL2L, s);
  V8f u = V8f{} + kExpC0;
  u = fma_via_double(u, s, V8f{} + kExpC1);
  u = fma_via_double(u, s, V8f{} + kExpC2);
  u = fma_via_double(u, s, V8f{} + kExpC3);
  u = fma_via_double(u, s, V8f{} + kExpC4);
  u = fma_via_double(u, s, V8f{} + kExpC5);
  u = 1.0f + fma_via_double(s * s, u, s);
  const V8i q1 = q >> 1;
  u = u * pow2i_vec(q1) * pow2i_vec(q - q1);
  u = (d < -104.0f) ? V8f{} : u;
  return (100.0f < d) ? V8f{} + INFINITY : u;
}

// The rest of a row after the 8-lane loop (i elements done, their sums in lanes), and the row's
// total in PyTorch's order (vec::map_reduce_all, which softmax and log_softmax sum with): the tail
// adds into the first lanes, then the lanes fold as a tree ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7));
// a row shorter than 8 is summed in order.
template <class F>
float fold_exp_tail(float* lanes, float* out, const float* in, int64_t i, int64_t n, F&& f) {
  if (i == 0) {
    float sum = 0;
    for (; i < n; ++i) sum += (out[i] = f(in[i]));
    return sum;
  }
  for (int l = 0; i < n; ++i, ++l) lanes[l] += (out[i] = f(in[i]));
  const float a0 = lanes[0] + lanes[4], a1 = lanes[1] + lanes[5], a2 = lanes[2] + lanes[6], a3 = lanes[3] + lanes[7];
  return (a0 + a2) + (a1 + a3);
}

[[maybe_unused]] float exp_f32_row_portable(float* out, const float* in, int64_t n, float shift) {
  V8f total = V8f{};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    V8f x;
    std::memcpy(&x, in + i, sizeof x);
    const V8f y = exp_f32_vec(x - shift);
    total += y;
    std::memcpy(out + i, &y, sizeof y);
  }
  float lanes[8];
  for (int l = 0; l < 8; ++l) lanes[l] = total[l];
  return fold_exp_tail(lanes, out, in, i, n, [shift](float v) { return exp_f32(v - shift); });
}

#if defined(__wasm_simd128__)
// NOTE [exp in WebAssembly]
// WebAssembly has no FMA, so the browser's exp computes each of SLEEF's FMAs in double, where
// the product of two floats is exact, with SIMD128 instructions on two f64x2 halves of each f32x4
// (four lanes per chain, four chains of 16 lanes per iteration). Each step gives exactly the float
// that the fused operation gives:
// - s = fma(k, -ln2_lo, fma(k, -ln2_hi, d)) is d - k * (ln2_hi + ln2_lo) in double, which is exact
//   (the first FMA is exact in float, and the double sum has at most 42 significant bits), rounded
//   once to float.
// - The first four steps of the polynomial, u = fma(u, s, C), have their results in one binade
//   each for every |s| <= 0.36 ([2^-10, 2^-9), [2^-7, 2^-6), [2^-5, 2^-4), [2^-3, 2^-2)); adding
//   M = 1.5 * 2^(e + 29) for the binade [2^e, 2^(e+1)) puts the sum where a double's last bit is the
//   float's last bit, so u * s + (C + M) (C + M exact) rounds once, to nearest even, exactly as the
//   fused float operation does, and subtracting M gives the float back exactly.
// - The last step (its result either side of 0.5), s * s, and the final fma(s * s, u, s) round to
//   double and then to float (demote, promote): 53 >= 2 * 24 + 2 makes the double rounding of a
//   single product or sum innocuous, and for the FMAs the double result was checked equal to the
//   fused one on every float s of [-0.348, 0.348] against std::fma (bench/README.md, "exp in
//   WebAssembly"). The empty asm keeps the compiler from turning demote + promote into scalar
//   conversions lane by lane.
// - Scaling by 2^q is one integer add to the exponent when every input of a 512-element block lies
//   in [-86.5, 87.9] (so q is in [-125, 127] and the result is normal; NaN fails the test), and the
//   two multiplications with the range tests of exp_f32 otherwise. The check is a pass of its own
//   over the block: a branch inside the main loop made V8 spill.
// The constants are read from memory once per call: as v128.const the linker's optimiser puts them
// back at each use inside the loop, where V8 builds each anew. The softmax sum adds each block of
// eight outputs into the same eight lanes in order, as natively.
struct WasmF4d {
  v128_t lo, hi;  // lanes 0-1 and 2-3 of an f32x4, as doubles
};
inline WasmF4d wasm_widen(v128_t x) {
  return {wasm_f64x2_promote_low_f32x4(x), wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1))};
}
inline v128_t wasm_round_f(v128_t x) {
  v128_t f = wasm_f32x4_demote_f64x2_zero(x);
  __asm__("" : "+r"(f));
  return wasm_f64x2_promote_low_f32x4(f);
}
// round_f(a * b + c) for results in the binade that cm = c + m and m are made for.
inline v128_t wasm_fma_binade(v128_t a, v128_t b, v128_t cm, v128_t m) {
  return wasm_f64x2_sub(wasm_f64x2_add(wasm_f64x2_mul(a, b), cm), m);
}

}  // namespace

// Not const and not static, so that nothing folds it back into constants (see the NOTE).
alignas(16) double exp_wasm_constants[] = {
    12582912.0,  // 1.5 * 2^23: rint by adding and removing it (|d / ln2| < 2^22 where it matters)
    kExpRLn2,
    static_cast<double>(kExpL2U) + static_cast<double>(kExpL2L),
    kExpC0,
    kExpC5,
    0x1.8p19,
    0x1.8p22,
    0x1.8p24,
    0x1.8p26,
    0x1.8p19 + static_cast<double>(kExpC1),
    0x1.8p22 + static_cast<double>(kExpC2),
    0x1.8p24 + static_cast<double>(kExpC3),
    0x1.8p26 + static_cast<double>(kExpC4),
    -86.5,
    87.9};

namespace {

struct WasmExpConstants {
  static v128_t f(int i) { return wasm_f32x4_splat(static_cast<float>(exp_wasm_constants[i])); }
  static v128_t d(int i) { return wasm_f64x2_splat(exp_wasm_constants[i]); }
  v128_t magic = f(0), rln2 = f(1), ln2 = d(2), c0 = d(3), c5 = d(4);
  v128_t m1 = d(5), m2 = d(6), m3 = d(7), m4 = d(8), cm1 = d(9), cm2 = d(10), cm3 = d(11), cm4 = d(12);
  v128_t lo = f(13), hi = f(14);
};

struct WasmExp {
  v128_t r;  // 1 + t, in [0.7, 1.5]
  v128_t q;  // the power of two, as int32 lanes
};

// exp_f32 for four lanes, before the scaling by 2^q.
inline WasmExp exp_f32_wasm_core(v128_t d, const WasmExpConstants& c) {
  const v128_t m = wasm_f32x4_add(wasm_f32x4_mul(d, c.rln2), c.magic);
  const v128_t qf = wasm_f32x4_sub(m, c.magic);
  const v128_t q = wasm_i32x4_sub(m, c.magic);  // m's bits count units from magic's
  const WasmF4d k = wasm_widen(qf), dd = wasm_widen(d);
  const WasmF4d s = {wasm_round_f(wasm_f64x2_sub(dd.lo, wasm_f64x2_mul(k.lo, c.ln2))),
                     wasm_round_f(wasm_f64x2_sub(dd.hi, wasm_f64x2_mul(k.hi, c.ln2)))};
  WasmF4d u = {wasm_fma_binade(c.c0, s.lo, c.cm1, c.m1), wasm_fma_binade(c.c0, s.hi, c.cm1, c.m1)};
  u = {wasm_fma_binade(u.lo, s.lo, c.cm2, c.m2), wasm_fma_binade(u.hi, s.hi, c.cm2, c.m2)};
  u = {wasm_fma_binade(u.lo, s.lo, c.cm3, c.m3), wasm_fma_binade(u.hi, s.hi, c.cm3, c.m3)};
  u = {wasm_fma_binade(u.lo, s.lo, c.cm4, c.m4), wasm_fma_binade(u.hi, s.hi, c.cm4, c.m4)};
  u = {wasm_round_f(wasm_f64x2_add(wasm_f64x2_mul(u.lo, s.lo), c.c5)),
       wasm_round_f(wasm_f64x2_add(wasm_f64x2_mul(u.hi, s.hi), c.c5))};
  const v128_t ss_lo = wasm_round_f(wasm_f64x2_mul(s.lo, s.lo)), ss_hi = wasm_round_f(wasm_f64x2_mul(s.hi, s.hi));
  const v128_t t =
      wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(wasm_f64x2_add(wasm_f64x2_mul(ss_lo, u.lo), s.lo)),
                         wasm_f32x4_demote_f64x2_zero(wasm_f64x2_add(wasm_f64x2_mul(ss_hi, u.hi), s.hi)), 0, 1, 4, 5);
  return {wasm_f32x4_add(wasm_f32x4_splat(1.0f), t), q};
}

// Any input: exp_f32's two multiplications and range tests.
inline v128_t exp_f32_wasm_scale(v128_t d, const WasmExp& e) {
  const v128_t q1 = wasm_i32x4_shr(e.q, 1), q2 = wasm_i32x4_sub(e.q, q1), bias = wasm_i32x4_splat(0x7f);
  v128_t r = wasm_f32x4_mul(e.r, wasm_i32x4_shl(wasm_i32x4_add(q1, bias), 23));
  r = wasm_f32x4_mul(r, wasm_i32x4_shl(wasm_i32x4_add(q2, bias), 23));
  r = wasm_v128_bitselect(wasm_f32x4_splat(0.0f), r, wasm_f32x4_lt(d, wasm_f32x4_splat(-104.0f)));
  return wasm_v128_bitselect(wasm_f32x4_splat(INFINITY), r, wasm_f32x4_lt(wasm_f32x4_splat(100.0f), d));
}

// Inputs of [-86.5, 87.9]: the result is normal, 2^q goes into its exponent.
inline v128_t exp_f32_wasm_scale_normal(const WasmExp& e) { return wasm_i32x4_add(e.r, wasm_i32x4_shl(e.q, 23)); }

template <bool Shift>
inline v128_t exp_wasm_load(const float* p, v128_t shift) {
  return Shift ? wasm_f32x4_sub(wasm_v128_load(p), shift) : wasm_v128_load(p);
}

template <bool Shift>
bool exp_wasm_all_normal(const float* in, int64_t i, int64_t end, v128_t shift, const WasmExpConstants& c) {
  v128_t ok = wasm_i32x4_splat(-1);
  for (; i < end; i += 4) {
    const v128_t d = exp_wasm_load<Shift>(in + i, shift);
    ok = wasm_v128_and(ok, wasm_v128_and(wasm_f32x4_ge(d, c.lo), wasm_f32x4_le(d, c.hi)));
  }
  return wasm_i32x4_all_true(ok);
}

// Elements [i, end) (a multiple of 16 apart), 16 a step; the sums into total (two f32x4).
template <bool Shift, bool Sum, bool Normal>
void exp_wasm_blocks(float* out, const float* in, int64_t i, int64_t end, v128_t shift, v128_t* total,
                     const WasmExpConstants& c) {
  for (; i < end; i += 16) {
    v128_t y[4];
    for (int l = 0; l < 4; ++l) {
      const v128_t d = exp_wasm_load<Shift>(in + i + 4 * l, shift);
      const WasmExp e = exp_f32_wasm_core(d, c);
      y[l] = Normal ? exp_f32_wasm_scale_normal(e) : exp_f32_wasm_scale(d, e);
    }
    for (int l = 0; l < 4; ++l) {
      if constexpr (Sum) total[l % 2] = wasm_f32x4_add(total[l % 2], y[l]);
      wasm_v128_store(out + i + 4 * l, y[l]);
    }
  }
}

template <bool Shift, bool Sum>
float exp_f32_row_wasm(float* out, const float* in, int64_t n, float shift) {
  const WasmExpConstants c;
  const v128_t sh = wasm_f32x4_splat(shift);
  v128_t total[2] = {wasm_f32x4_splat(0.0f), wasm_f32x4_splat(0.0f)};
  const int64_t n16 = n / 16 * 16;
  int64_t i = 0;
  while (i < n16) {
    const int64_t end = std::min<int64_t>(n16, i + 512);
    if (exp_wasm_all_normal<Shift>(in, i, end, sh, c)) exp_wasm_blocks<Shift, Sum, true>(out, in, i, end, sh, total, c);
    else exp_wasm_blocks<Shift, Sum, false>(out, in, i, end, sh, total, c);
    i = end;
  }
  if (i + 8 <= n) {
    for (int l = 0; l < 2; ++l) {
      const v128_t d = exp_wasm_load<Shift>(in + i + 4 * l, sh);
      const v128_t y = exp_f32_wasm_scale(d, exp_f32_wasm_core(d, c));
      if constexpr (Sum) total[l] = wasm_f32x4_add(total[l], y);
      wasm_v128_store(out + i + 4 * l, y);
    }
    i += 8;
  }
  if constexpr (Sum) {
    float lanes[8];
    wasm_v128_store(lanes, total[0]);
    wasm_v128_store(lanes + 4, total[1]);
    return fold_exp_tail(lanes, out, in, i, n, [shift](float v) { return exp_f32(Shift ? v - shift : v); });
  }
  for (; i < n; ++i) out[i] = exp_f32(Shift ? in[i] - shift : in[i]);
  return 0;
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
#define STRIDELAB_X86_EXP 1
// Out-of-range inputs are clamped to [-104, 100] rather than tested: exp_f32 of -104 is already 0
// and of 100 already inf, so the results are those of exp_f32's branches (max/min return d itself
// when it is NaN). Shift and Sum (softmax's exp(x - max) and its total) are template parameters,
// so a plain exp pays for neither.
template <bool Shift, bool Sum>
__attribute__((target("avx2,fma"))) float exp_f32_row_avx2(float* out, const float* in, int64_t n, float shift) {
  const __m256 rln2 = _mm256_set1_ps(kExpRLn2), l2u = _mm256_set1_ps(-kExpL2U), l2l = _mm256_set1_ps(-kExpL2L);
  const __m256 sh = _mm256_set1_ps(shift), one = _mm256_set1_ps(1.0f);
  const __m256 lo = _mm256_set1_ps(-104.0f), hi = _mm256_set1_ps(100.0f);
  const __m256i bias = _mm256_set1_epi32(0x7f);
  __m256 total = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 d = _mm256_loadu_ps(in + i);
    if constexpr (Shift) d = _mm256_sub_ps(d, sh);
    d = _mm256_min_ps(hi, _mm256_max_ps(lo, d));
    const __m256i q = _mm256_cvtps_epi32(_mm256_mul_ps(d, rln2));
    const __m256 k = _mm256_cvtepi32_ps(q);
    __m256 s = _mm256_fmadd_ps(k, l2u, d);
    s = _mm256_fmadd_ps(k, l2l, s);
    __m256 u = _mm256_set1_ps(kExpC0);
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC1));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC2));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC3));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC4));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC5));
    u = _mm256_add_ps(one, _mm256_fmadd_ps(_mm256_mul_ps(s, s), u, s));
    const __m256i q1 = _mm256_srai_epi32(q, 1), q2 = _mm256_sub_epi32(q, q1);
    u = _mm256_mul_ps(u, _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(q1, bias), 23)));
    u = _mm256_mul_ps(u, _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(q2, bias), 23)));
    if constexpr (Sum) total = _mm256_add_ps(total, u);
    _mm256_storeu_ps(out + i, u);
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, total);
  if constexpr (Sum)
    return fold_exp_tail(lanes, out, in, i, n, [shift](float v) { return exp_f32(Shift ? v - shift : v); });
  for (; i < n; ++i) out[i] = exp_f32(Shift ? in[i] - shift : in[i]);
  return 0;
}
#endif

}  // namespace

bool cpu_has_avx2_fma() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
  static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return ok;
#else
  return false;
#endif
}

float exp_f32(float d) {
  if (!(d >= -104.0f)) return d != d ? d : 0.0f;  // NaN stays NaN; far below: 0
  if (d > 100.0f) return INFINITY;
  const int32_t q = static_cast<int32_t>(std::nearbyint(d * kExpRLn2));
  const float k = static_cast<float>(q);
  float s = std::fma(k, -kExpL2U, d);
  s = std::fma(k, -kExpL2L, s);
  float u = kExpC0;
  u = std::fma(u, s, kExpC1);
  u = std::fma(u, s, kExpC2);
  u = std::fma(u, s, kExpC3);
  u = std::fma(u, s, kExpC4);
  u = std::fma(u, s, kExpC5);
  u = 1.0f + std::fma(s * s, u, s);
  return u * pow2i(q >> 1) * pow2i(q - (q >> 1));
}

float exp_f32_row(float* out, const float* in, int64_t n, float shift) {
#ifdef STRIDELAB_X86_EXP
  if (cpu_has_avx2_fma()) return exp_f32_row_avx2<true, true>(out, in, n, shift);
#endif
#ifdef __wasm_simd128__
  return exp_f32_row_wasm<true, true>(out, in, n, shift);
#else
  return exp_f32_row_portable(out, in, n, shift);
#endif
}

void exp_f32_map(float* out, const float* in, int64_t n) {
#ifdef STRIDELAB_X86_EXP
  if (cpu_has_avx2_fma()) {
    exp_f32_row_avx2<false, false>(out, in, n, 0.0f);
    return;
  }
#endif
#ifdef __wasm_simd128__
  exp_f32_row_wasm<false, false>(out, in, n, 0.0f);
#else
  exp_f32_row_portable(out, in, n, 0.0f);
#endif
}

}  // namespace kernels

namespace {

using kernels::kBlock;

// ---- loops -----------------------------------------------------------------------------------

// out[i] = f(in[i]) over a contiguous row in 32-byte vectors (out may be in), for ops written
// for vectors too (generic lambdas). Compiled for AVX2 too.
template <class T, class F>
STRIDELAB_SIMD_CLONES void unary_vec_row(T* out, const T* in, int64_t n, F& f) {
  kernels::map_row(out, in, n, f);
}

// out[i] = f(in[i]) over one row; the contiguous case loads a block before storing it, so the
// compiler may vectorise even when out and in are the same memory (in-place ops).
template <class O, class I, class F>
void unary_row(std::byte* po, const std::byte* pi, int64_t so, int64_t si, int64_t n, F& f) {
  if (so == static_cast<int64_t>(sizeof(O)) && si == static_cast<int64_t>(sizeof(I))) {
    if constexpr (std::is_same_v<O, I> && std::is_arithmetic_v<I> && !std::is_same_v<I, bool>) {
      if constexpr (std::is_invocable_v<F&, kernels::Vec32<I>>) {
        unary_vec_row(reinterpret_cast<O*>(po), reinterpret_cast<const I*>(pi), n, f);
        return;
      }
    }
    O* out = reinterpret_cast<O*>(po);
    const I* in = reinterpret_cast<const I*>(pi);
    int64_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
      I x[kBlock];
      for (int64_t j = 0; j < kBlock; ++j) x[j] = in[i + j];
      for (int64_t j = 0; j < kBlock; ++j) out[i + j] = f(x[j]);
    }
    for (; i < n; ++i) out[i] = f(in[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i) *reinterpret_cast<O*>(po + i * so) = f(*reinterpret_cast<const I*>(pi + i * si));
}

template <class O, class I, class F>
void unary_loop(const Tensor& out, const Tensor& in, F f) {
  const IntArray& shape = out.sizes();
  for_each_row<2>(shape, {out.raw_data(), in.raw_data()}, {byte_strides(out), byte_strides(in, shape)},
                  [&f](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                    unary_row<O, I>(p[0], p[1], s[0], s[1], n, f);
                  });
}

// out[i] = f(x[i], y[i]) in 32-byte vectors; an operand whose stride is 0 is one value broadcast.
// Loads come before the store, so out may be x or y (in-place ops). Compiled for AVX2 too.
template <bool XScalar, bool YScalar, class T, class F>
STRIDELAB_SIMD_CLONES void binary_vec_row(T* out, const T* x, const T* y, int64_t n, F& f) {
  using V = kernels::Vec32<T>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  const V xb = V{} + x[0], yb = V{} + y[0];
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    V xv = xb, yv = yb;
    if constexpr (!XScalar) std::memcpy(&xv, x + i, sizeof xv);
    if constexpr (!YScalar) std::memcpy(&yv, y + i, sizeof yv);
    const V r = f(xv, yv);
    std::memcpy(out + i, &r, sizeof r);
  }
  for (; i < n; ++i) out[i] = f(XScalar ? x[0] : x[i], YScalar ? y[0] : y[i]);
}

template <class O, class C, class F>
void binary_row(std::array<std::byte*, 3> p, std::array<int64_t, 3> s, int64_t n, F& f) {
  constexpr int64_t so = sizeof(O), sc = sizeof(C);
  // Float ops written for vectors too (generic lambdas) take the vector path.
  if constexpr (std::is_floating_point_v<C> && std::is_same_v<O, C>) {
    if constexpr (std::is_invocable_v<F&, kernels::Vec32<C>, kernels::Vec32<C>>) {
      if (s[0] == so && (s[1] == sc || s[1] == 0) && (s[2] == sc || s[2] == 0) && !(s[1] == 0 && s[2] == 0)) {
        O* out = reinterpret_cast<O*>(p[0]);
        const C* x = reinterpret_cast<const C*>(p[1]);
        const C* y = reinterpret_cast<const C*>(p[2]);
        if (s[1] == 0) binary_vec_row<true, false>(out, x, y, n, f);
        else if (s[2] == 0) binary_vec_row<false, true>(out, x, y, n, f);
        else binary_vec_row<false, false>(out, x, y, n, f);
        return;
      }
    }
  }
  if (s[0] == so && (s[1] == sc || s[1] == 0) && (s[2] == sc || s[2] == 0)) {
    O* out = reinterpret_cast<O*>(p[0]);
    const C* x = reinterpret_cast<const C*>(p[1]);
    const C* y = reinterpret_cast<const C*>(p[2]);
    if (s[1] == sc && s[2] == sc) {
      int64_t i = 0;
      for (; i + kBlock <= n; i += kBlock) {
        C xs[kBlock], ys[kBlock];
        for (int64_t j = 0; j < kBlock; ++j) xs[j] = x[i + j];
        for (int64_t j = 0; j < kBlock; ++j) ys[j] = y[i + j];
        for (int64_t j = 0; j < kBlock; ++j) out[i + j] = f(xs[j], ys[j]);
      }
      for (; i < n; ++i) out[i] = f(x[i], y[i]);
      return;
    }
    if (s[1] == sc) {  // tensor op scalar
      const C yv = *y;
      auto g = [&](C v) { return f(v, yv); };
      unary_row<O, C>(p[0], p[1], so, sc, n, g);
      return;
    }
    if (s[2] == sc) {  // scalar op tensor
      const C xv = *x;
      auto g = [&](C v) { return f(xv, v); };
      unary_row<O, C>(p[0], p[2], so, sc, n, g);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<O*>(p[0] + i * s[0]) =
        f(*reinterpret_cast<const C*>(p[1] + i * s[1]), *reinterpret_cast<const C*>(p[2] + i * s[2]));
}

// out = f(a, b), a and b of dtype C broadcast to out's shape.
template <class O, class C, class F>
void binary_loop(const Tensor& out, const Tensor& a, const Tensor& b, F f) {
  const IntArray& shape = out.sizes();
  for_each_row<3>(
      shape, {out.raw_data(), a.raw_data(), b.raw_data()},
      {byte_strides(out), byte_strides(a, shape), byte_strides(b, shape)},
      [&f](std::array<std::byte*, 3> p, std::array<int64_t, 3> s, int64_t n) { binary_row<O, C>(p, s, n, f); });
}

// ---- binary ops --------------------------------------------------------------------------------

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Gt ||
         op == BinaryOp::Ge;
}
bool is_logical(BinaryOp op) { return op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr; }
bool is_bitwise(BinaryOp op) {
  return op == BinaryOp::BitwiseAnd || op == BinaryOp::BitwiseOr || op == BinaryOp::BitwiseXor;
}
bool returns_bool(BinaryOp op) { return is_comparison(op) || is_logical(op); }

[[noreturn]] void not_implemented(const char* kernel, DType dtype) {
  throw Error(ErrorKind::RuntimeError, str("\"", kernel, "\" not implemented for '", scalar_type_name(dtype), "'"));
}

// Checks made before any shape or dtype is looked at.
void check_binary_args(BinaryOp op, const Tensor& a, const Tensor& b) {
  if (op == BinaryOp::Sub) {
    bool ab = a.dtype() == DType::Bool, bb = b.dtype() == DType::Bool;
    STRIDELAB_CHECK(!(ab && bb),
                    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                    "`logical_xor()` operator instead.");
    STRIDELAB_CHECK(!(ab || bb),
                    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                    "invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  if (op == BinaryOp::Pow && b.is_wrapped_number() && is_integral(a.dtype(), true) && is_integral(b.dtype(), false)) {
    STRIDELAB_CHECK(item(b).to_int() >= 0, "Integers to negative integer powers are not allowed.");
  }
}

// The dtype the op computes in, from the promoted dtype of its operands.
DType compute_dtype(BinaryOp op, DType common) {
  if (op == BinaryOp::Div && !is_floating(common)) return kDefaultFloat;
  return common;
}

void check_compute_dtype(BinaryOp op, DType compute) {
  if (is_bitwise(op) && is_floating(compute)) {
    const char* name = op == BinaryOp::BitwiseAnd  ? "bitwise_and_cpu"
                       : op == BinaryOp::BitwiseOr ? "bitwise_or_cpu"
                                                   : "bitwise_xor_cpu";
    not_implemented(name, compute);
  }
  if ((op == BinaryOp::LeftShift || op == BinaryOp::RightShift) && (is_floating(compute) || compute == DType::Bool))
    not_implemented(op == BinaryOp::LeftShift ? "lshift_cpu" : "rshift_cpu", compute);
  if (op == BinaryOp::LogAddExp && (!is_floating(compute) || compute == DType::Float16))
    not_implemented("logaddexp_cpu", compute);
  if (compute == DType::Bool) {
    if (op == BinaryOp::FloorDivide) not_implemented("div_floor_cpu", compute);
    if (op == BinaryOp::Remainder) not_implemented("remainder_cpu", compute);
    if (op == BinaryOp::Pow) not_implemented("pow", compute);
  }
}

void check_alpha(BinaryOp op, DType dtype, Scalar alpha) {
  if (op != BinaryOp::Add && op != BinaryOp::Sub) return;
  STRIDELAB_CHECK(!alpha.is_bool() || dtype == DType::Bool, "Boolean alpha only supported for Boolean results.");
  STRIDELAB_CHECK(is_floating(dtype) || alpha.is_bool() || alpha.is_int(),
                  "For integral input tensors, argument alpha must not be a floating point number.");
}

template <class T>
T int_pow(T base, T exp) {
  if constexpr (std::is_same_v<T, bool>) {
    return exp ? base : true;
  } else {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exp & 1) ? -1 : 1;
      return 0;
    }
    T result = 1;
    while (exp) {
      if (exp & 1) result = kernels::wrap_mul(result, base);
      exp >>= 1;
      base = kernels::wrap_mul(base, base);
    }
    return result;
  }
}

template <class T>
T floor_divide_value(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) throw Error(ErrorKind::RuntimeError, "ZeroDivisionError");
    if (b == -1) return kernels::wrap_sub(T(0), a);  // also INT_MIN // -1, which wraps
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  } else {
    if (b == 0) return a / b;
    T mod = std::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0)) div -= T(1);
    if (div == 0) return std::copysign(T(0), a / b);
    T floordiv = std::floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
    return floordiv;
  }
}

template <class T>
T remainder_value(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) throw Error(ErrorKind::RuntimeError, "ZeroDivisionError");
    if (b == -1) return 0;
    T r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  } else {
    T mod = std::fmod(a, b);
    if (mod != 0 && ((b < 0) != (mod < 0))) mod += b;
    return mod;
  }
}

// pow of a floating tensor by a Python number, with the shortcuts PyTorch takes (x*x for 2, sqrt
// for 0.5, ...) so results match it to the last bit.
template <class T>
void pow_by_scalar(const Tensor& out, const Tensor& base, double e) {
  const T te = static_cast<T>(e);
  if (e == 2.0) unary_loop<T, T>(out, base, [](T x) { return x * x; });
  else if (e == 3.0) unary_loop<T, T>(out, base, [](T x) { return x * x * x; });
  else if (e == 0.5) unary_loop<T, T>(out, base, [](T x) { return std::sqrt(x); });
  else if (e == -0.5) unary_loop<T, T>(out, base, [](T x) { return T(1) / std::sqrt(x); });
  else if (e == -1.0) unary_loop<T, T>(out, base, [](T x) { return T(1) / x; });
  else if (e == -2.0) unary_loop<T, T>(out, base, [](T x) { return T(1) / (x * x); });
  else unary_loop<T, T>(out, base, [te](T x) { return std::pow(x, te); });
}

// Runs op over a and b (both of dtype C) into out (dtype C, or bool for comparisons and logical ops).
template <class C>
void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, Scalar alpha) {
  using kernels::wrap_add;
  using kernels::wrap_mul;
  using kernels::wrap_sub;
  constexpr bool is_float = std::is_floating_point_v<C>;
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      const bool sub = op == BinaryOp::Sub;
      if constexpr (std::is_same_v<C, bool>) {
        const bool al = alpha.to<bool>();
        binary_loop<C, C>(out, a, b, [al](C x, C y) -> C { return x || (al && y); });
      } else if constexpr (is_float) {
        // Generic lambdas: the same expression runs on scalars and on vectors.
        const C al = alpha.to<C>();
        if (al == C(1)) {
          if (sub) binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return x - y; });
          else binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return x + y; });
        } else {
          // PyTorch computes x + alpha * y as one fused multiply-add (vec::fmadd, and its scalar
          // loop contracted), x - alpha * y as x + (-alpha) * y.
          const C scale = sub ? -al : al;
          binary_loop<C, C>(out, a, b, [scale](const auto& x, const auto& y) {
            auto r = x + scale * y;
            if constexpr (std::is_same_v<decltype(r), C>) {
              r = std::fma(scale, y, x);
            } else {
              auto lane = [](const auto& v, int l) -> C {
                if constexpr (std::is_same_v<std::decay_t<decltype(v)>, C>) return v;
                else return v[l];
              };
              for (int l = 0; l < static_cast<int>(sizeof(r) / sizeof(C)); ++l)
                r[l] = std::fma(scale, lane(y, l), lane(x, l));
            }
            return r;
          });
        }
      } else {
        const C al = alpha.to<C>();
        if (al == C(1)) {
          if (sub) binary_loop<C, C>(out, a, b, [](C x, C y) { return wrap_sub(x, y); });
          else binary_loop<C, C>(out, a, b, [](C x, C y) { return wrap_add(x, y); });
        } else {
          if (sub) binary_loop<C, C>(out, a, b, [al](C x, C y) { return wrap_sub(x, wrap_mul(al, y)); });
          else binary_loop<C, C>(out, a, b, [al](C x, C y) { return wrap_add(x, wrap_mul(al, y)); });
        }
      }
      return;
    }
    case BinaryOp::Mul:
      if constexpr (std::is_same_v<C, bool>) binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x && y; });
      else if constexpr (is_float) binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return x * y; });
      else binary_loop<C, C>(out, a, b, [](C x, C y) { return wrap_mul(x, y); });
      return;
    case BinaryOp::Div:
      if constexpr (is_float) binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return x / y; });
      return;
    case BinaryOp::FloorDivide:
      if constexpr (!std::is_same_v<C, bool>) binary_loop<C, C>(out, a, b, floor_divide_value<C>);
      return;
    case BinaryOp::Remainder:
      if constexpr (!std::is_same_v<C, bool>) binary_loop<C, C>(out, a, b, remainder_value<C>);
      return;
    case BinaryOp::Pow:
      if constexpr (is_float) {
        if (b.is_wrapped_number()) pow_by_scalar<C>(out, a, item(b).to_double());
        else binary_loop<C, C>(out, a, b, [](C x, C y) { return std::pow(x, y); });
      } else {
        binary_loop<C, C>(out, a, b, int_pow<C>);
      }
      return;
    case BinaryOp::Eq: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x == y; }); return;
    case BinaryOp::Ne: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x != y; }); return;
    case BinaryOp::Lt: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x < y; }); return;
    case BinaryOp::Le: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x <= y; }); return;
    case BinaryOp::Gt: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x > y; }); return;
    case BinaryOp::Ge: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x >= y; }); return;
    case BinaryOp::BitwiseAnd:
      if constexpr (!is_float) binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x & y; });
      return;
    case BinaryOp::BitwiseOr:
      if constexpr (!is_float) binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x | y; });
      return;
    case BinaryOp::BitwiseXor:
      if constexpr (!is_float) binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x ^ y; });
      return;
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift:
      if constexpr (!is_float && !std::is_same_v<C, bool>) {
        // PyTorch's kernels shift as the machine does: the count taken modulo the width of the
        // computing type (32 bits for int32 and the small integers, which compute in int32; 64
        // for int64), a left shift through the unsigned type, a right shift arithmetic.
        using U = std::make_unsigned_t<C>;
        constexpr U mask = sizeof(C) * 8 - 1;
        if (op == BinaryOp::LeftShift)
          binary_loop<C, C>(out, a, b,
                            [](C x, C y) -> C { return static_cast<C>(static_cast<U>(x) << (U(y) & mask)); });
        else binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return static_cast<C>(x >> (U(y) & mask)); });
      }
      return;
    case BinaryOp::LogicalAnd: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x != C(0) && y != C(0); }); return;
    case BinaryOp::LogicalOr: binary_loop<bool, C>(out, a, b, [](C x, C y) { return x != C(0) || y != C(0); }); return;
    case BinaryOp::Maximum:
      // NaN wins: x when x is NaN, y when y is NaN (x > y is then false).
      if constexpr (is_float)
        binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return ((x > y) | (x != x)) ? x : y; });
      else binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x > y ? x : y; });
      return;
    case BinaryOp::Minimum:
      if constexpr (is_float)
        binary_loop<C, C>(out, a, b, [](const auto& x, const auto& y) { return ((x < y) | (x != x)) ? x : y; });
      else binary_loop<C, C>(out, a, b, [](C x, C y) -> C { return x < y ? x : y; });
      return;
    case BinaryOp::LogAddExp:
      // PyTorch's kernel: equal infinities are returned as they are (inf - inf would be NaN).
      if constexpr (is_float)
        binary_loop<C, C>(out, a, b, [](C x, C y) -> C {
          if (std::isinf(x) && x == y) return x;
          C m = std::max(x, y);
          return m + std::log1p(std::exp(-std::abs(x - y)));
        });
      return;
  }
}

// ---- tiny tensors (NOTE [Tiny-tensor dispatch]) ----

// NOTE [Tiny-tensor dispatch]
// On a few elements the arithmetic costs nothing and the general path's bookkeeping everything:
// the output layout (elementwise_strides), and a Python number wrapped as a 0-d tensor and then
// copied to the compute dtype (run_binary's to()). For the common ops on contiguous tensors both
// answers are known in advance, so they run in a plain loop here:
//   - operands: two tensors of one shape and dtype, both contiguous; or a tensor with row-major
//     strides (and at least one element) and a Python number (wrapped 0-d tensor or Scalar);
//   - the op computes in the tensor's dtype (a float tensor with any number, an integer tensor
//     with an int; never bool), alpha is 1, and the op is + - * (/ for floats) or a comparison.
// The output is then contiguous, as rules 1 and 3 of NOTE [Elementwise output layout] give: the
// wrapped number's strides tell nothing and row-major strides sort into row-major order. The
// number converted to the compute dtype is Scalar::to<C>(), the same static_cast copy_ makes.
// No error is possible on this path; anything else takes the general one.
constexpr int64_t kTinyNumel = 16;

bool tiny_op(BinaryOp op, DType compute) {
  if (is_reduced_float(compute) || is_small_int(compute)) return false;
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge: return compute != DType::Bool;
    case BinaryOp::Div: return is_floating(compute);
    default: return false;
  }
}

bool alpha_is_one(Scalar alpha) { return alpha.is_int() && alpha.to_int() == 1; }

// Strides exactly contiguous_strides(sizes), at most kTinyNumel elements and at least one.
bool tiny_row_major(const Tensor& t) {
  const IntArray& sizes = t.sizes();
  const IntArray& strides = t.strides();
  int64_t expected = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (strides[d] != expected || sizes[d] == 0) return false;
    expected *= sizes[d];
  }
  return expected <= kTinyNumel;
}

// A tensor op a Python number of this kind computes in the tensor's dtype.
bool tiny_number_fits(DType tensor, Scalar::Kind number) {
  return tensor != DType::Bool && number != Scalar::Kind::Bool && (is_floating(tensor) || number == Scalar::Kind::Int);
}

template <class O, class C, class F>
void tiny_loop(O* out, const C* x, int64_t xs, const C* y, int64_t ys, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) out[i] = f(x[i * xs], y[i * ys]);
}

// out = x op y over n elements; xs/ys are 1, or 0 for a number.
template <class C>
void tiny_kernel(BinaryOp op, std::byte* out, const C* x, int64_t xs, const C* y, int64_t ys, int64_t n) {
  using kernels::wrap_add;
  using kernels::wrap_mul;
  using kernels::wrap_sub;
  C* o = reinterpret_cast<C*>(out);
  bool* ob = reinterpret_cast<bool*>(out);
  if constexpr (!std::is_same_v<C, bool>) {
    switch (op) {
      case BinaryOp::Add:
        if constexpr (std::is_floating_point_v<C>) tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return a + b; });
        else tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return wrap_add(a, b); });
        return;
      case BinaryOp::Sub:
        if constexpr (std::is_floating_point_v<C>) tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return a - b; });
        else tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return wrap_sub(a, b); });
        return;
      case BinaryOp::Mul:
        if constexpr (std::is_floating_point_v<C>) tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return a * b; });
        else tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return wrap_mul(a, b); });
        return;
      case BinaryOp::Div:
        if constexpr (std::is_floating_point_v<C>) tiny_loop(o, x, xs, y, ys, n, [](C a, C b) { return a / b; });
        return;
      case BinaryOp::Eq: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a == b; }); return;
      case BinaryOp::Ne: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a != b; }); return;
      case BinaryOp::Lt: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a < b; }); return;
      case BinaryOp::Le: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a <= b; }); return;
      case BinaryOp::Gt: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a > b; }); return;
      case BinaryOp::Ge: tiny_loop(ob, x, xs, y, ys, n, [](C a, C b) { return a >= b; }); return;
      default: return;
    }
  }
}

// out = a op number (number op a when reflected), out and a of a's shape.
void tiny_with_number(BinaryOp op, const Tensor& out, const Tensor& a, Scalar number, bool reflected) {
  dispatch_kernel(a.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const C v = number.to<C>();
    const C* x = a.data<C>();
    if (reflected) tiny_kernel<C>(op, out.raw_data(), &v, 0, x, 1, a.numel());
    else tiny_kernel<C>(op, out.raw_data(), x, 1, &v, 0, a.numel());
  });
}

// Whether `a op b` takes the tiny path; then *shaped is the operand whose shape the output has.
bool tiny_binary(BinaryOp op, const Tensor& a, const Tensor& b, DType compute, Scalar alpha, const Tensor** shaped) {
  if (!tiny_op(op, compute) || !alpha_is_one(alpha)) return false;
  const bool aw = a.is_wrapped_number(), bw = b.is_wrapped_number();
  if (!aw && !bw) {
    *shaped = &a;
    return a.dtype() == compute && b.dtype() == compute && a.sizes() == b.sizes() && a.numel() <= kTinyNumel &&
           a.is_contiguous() && b.is_contiguous();
  }
  if (aw == bw) return false;
  const Tensor& t = aw ? b : a;
  const Tensor& w = aw ? a : b;
  *shaped = &t;
  return t.dtype() == compute && w.dim() == 0 && tiny_number_fits(t.dtype(), item(w).kind()) && tiny_row_major(t);
}

// Runs a tiny op (tiny_binary said yes) into out.
void tiny_run(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  if (a.is_wrapped_number()) return tiny_with_number(op, out, b, item(a), true);
  if (b.is_wrapped_number()) return tiny_with_number(op, out, a, item(b), false);
  dispatch_kernel(a.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    tiny_kernel<C>(op, out.raw_data(), a.data<C>(), 1, b.data<C>(), 1, a.numel());
  });
}

void run_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, DType compute, Scalar alpha) {
  if (is_reduced_float(compute)) {
    // NOTE [16-bit floats]: the operands rounded to the 16-bit dtype, computed in float32, each
    // result rounded back (comparisons give bools directly).
    Tensor fa = to(to(a, compute), DType::Float32), fb = to(to(b, compute), DType::Float32);
    if (b.is_wrapped_number()) fb.impl()->wrapped_number_ = true;
    Tensor tmp = empty(out.sizes(), out.dtype() == DType::Bool ? DType::Bool : DType::Float32);
    binary_kernel<float>(op, tmp, fa, fb, alpha);
    copy_(out, tmp);
    return;
  }
  if (is_small_int(compute)) {
    // NOTE [Small integers computed in int32]: the operands in the small dtype, widened; a
    // result of that dtype computed into int32 and stored back truncated.
    Tensor wa = to(to(a, compute), DType::Int32), wb = to(to(b, compute), DType::Int32);
    if (b.is_wrapped_number()) wb.impl()->wrapped_number_ = true;
    if (out.dtype() == DType::Bool) {
      binary_kernel<int32_t>(op, out, wa, wb, alpha);
      return;
    }
    Tensor tmp = empty(out.sizes(), DType::Int32);
    binary_kernel<int32_t>(op, tmp, wa, wb, alpha);
    copy_(out, tmp);
    return;
  }
  Tensor ca = to(a, compute), cb = to(b, compute);
  if (b.is_wrapped_number()) cb.impl()->wrapped_number_ = true;  // keeps pow's scalar shortcuts
  dispatch_kernel(compute, [&](auto tag) { binary_kernel<typename decltype(tag)::type>(op, out, ca, cb, alpha); });
}

}  // namespace

Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha) {
  check_binary_args(op, a, b);
  const DType compute = compute_dtype(op, result_type(a, b));
  if (const Tensor* shaped = nullptr; tiny_binary(op, a, b, compute, alpha, &shaped)) {
    Tensor out = empty(shaped->sizes(), returns_bool(op) ? DType::Bool : compute);
    tiny_run(op, out, a, b);
    return out;
  }
  IntArray shape = broadcast_shapes(a.sizes(), b.sizes());
  check_compute_dtype(op, compute);
  check_alpha(op, compute, alpha);
  Tensor out = kernels::empty_elementwise(shape, {&a, &b}, returns_bool(op) ? DType::Bool : compute);
  run_binary(op, out, a, b, compute, alpha);
  return out;
}

Tensor binary_scalar(BinaryOp op, const Tensor& a, Scalar b, bool reflected) {
  if (!a.is_wrapped_number() && tiny_number_fits(a.dtype(), b.kind()) && tiny_op(op, a.dtype()) && tiny_row_major(a)) {
    Tensor out = empty(a.sizes(), returns_bool(op) ? DType::Bool : a.dtype());
    tiny_with_number(op, out, a, b, reflected);
    return out;
  }
  const Tensor w = scalar_tensor(b, b.dtype(), true);
  return reflected ? binary(op, w, a) : binary(op, a, w);
}

void binary_scalar_(BinaryOp op, const Tensor& a, Scalar b) {
  if (!a.is_wrapped_number() && tiny_number_fits(a.dtype(), b.kind()) && tiny_op(op, a.dtype()) && !returns_bool(op) &&
      tiny_row_major(a)) {
    tiny_with_number(op, a, a, b, false);
    return;
  }
  binary_(op, a, scalar_tensor(b, b.dtype(), true));
}

void binary_(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha) {
  check_binary_args(op, a, b);
  check_no_internal_overlap(a);
  check_no_partial_overlap(a, b);
  IntArray shape = broadcast_shapes(a.sizes(), b.sizes());
  STRIDELAB_CHECK(shape == a.sizes(), "output with shape ", format_int_list(a.sizes()),
                  " doesn't match the broadcast shape ", format_int_list(shape));
  const DType compute = compute_dtype(op, result_type(a, b));
  const DType result = returns_bool(op) ? DType::Bool : compute;
  if (!kernels::can_cast(result, a.dtype())) {
    if (op == BinaryOp::Pow)
      throw Error(ErrorKind::RuntimeError,
                  str("Found dtype ", scalar_type_name(a.dtype()), " but expected ", scalar_type_name(result)));
    throw Error(ErrorKind::RuntimeError,
                str("result type ", scalar_type_name(result), " can't be cast to the desired output type ",
                    scalar_type_name(a.dtype())));
  }
  check_compute_dtype(op, compute);
  check_alpha(op, compute, alpha);
  if (result == a.dtype() && compute == a.dtype()) {
    if (const Tensor* shaped = nullptr; tiny_binary(op, a, b, compute, alpha, &shaped) && shaped == &a) {
      tiny_run(op, a, a, b);
      return;
    }
    run_binary(op, a, a, b, compute, alpha);
    return;
  }
  Tensor tmp = empty(shape, result);
  run_binary(op, tmp, a, b, compute, alpha);
  copy_(a, tmp);
}

// ---- unary ops ---------------------------------------------------------------------------------

namespace {

bool is_float_op(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp:
    case UnaryOp::Log:
    case UnaryOp::Sqrt:
    case UnaryOp::Sin:
    case UnaryOp::Cos:
    case UnaryOp::Tanh:
    case UnaryOp::Sigmoid:
    case UnaryOp::Rsqrt:
    case UnaryOp::Log1p:
    case UnaryOp::Expm1:
    case UnaryOp::Log2:
    case UnaryOp::Log10:
    case UnaryOp::Tan: return true;
    default: return false;
  }
}

bool is_rounding(UnaryOp op) {
  return op == UnaryOp::Floor || op == UnaryOp::Ceil || op == UnaryOp::Round || op == UnaryOp::Trunc;
}

bool is_classifier(UnaryOp op) { return op == UnaryOp::IsNan || op == UnaryOp::IsInf || op == UnaryOp::IsFinite; }

// The kernel names PyTorch's dtype dispatch reports for the rounding ops (the vml family).
const char* rounding_kernel(UnaryOp op) {
  switch (op) {
    case UnaryOp::Floor: return "floor_vml_cpu";
    case UnaryOp::Ceil: return "ceil_vml_cpu";
    case UnaryOp::Round: return "round_vml_cpu";
    default: return "trunc_vml_cpu";
  }
}

void check_unary(UnaryOp op, DType dtype) {
  if (dtype == DType::Bool) {
    STRIDELAB_CHECK(op != UnaryOp::Neg,
                    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                    "mask, use the `~` or `logical_not()` operator instead.");
    if (op == UnaryOp::Abs) not_implemented("abs_cpu", dtype);
    STRIDELAB_CHECK(op != UnaryOp::Relu, "Boolean inputs not supported for relu");
  }
  if (op == UnaryOp::BitwiseNot && is_floating(dtype)) not_implemented("bitwise_not_cpu", dtype);
  if (is_rounding(op) && dtype == DType::Bool) not_implemented(rounding_kernel(op), dtype);
  if (op == UnaryOp::Frac && !is_floating(dtype)) not_implemented("frac_cpu", dtype);
}

DType unary_result_dtype(UnaryOp op, DType in) {
  if (op == UnaryOp::LogicalNot || is_classifier(op)) return DType::Bool;
  if (is_float_op(op) && !is_floating(in)) return kDefaultFloat;
  return in;
}

template <class T>
void float_unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in) {
  const bool contiguous_f32 =
      std::is_same_v<T, float> && out.is_contiguous() && in.is_contiguous() && out.sizes() == in.sizes();
  switch (op) {
    case UnaryOp::Exp:
      if constexpr (std::is_same_v<T, float>) {
        if (contiguous_f32) {
          kernels::exp_f32_map(out.data<float>(), in.data<float>(), in.numel());
          return;
        }
      }
      if constexpr (std::is_same_v<T, float>) unary_loop<T, T>(out, in, [](T x) { return kernels::exp_f32(x); });
      else unary_loop<T, T>(out, in, [](T x) { return std::exp(x); });
      return;
    case UnaryOp::Log: unary_loop<T, T>(out, in, [](T x) { return std::log(x); }); return;
    case UnaryOp::Sqrt: unary_loop<T, T>(out, in, [](T x) { return std::sqrt(x); }); return;
    case UnaryOp::Sin: unary_loop<T, T>(out, in, [](T x) { return std::sin(x); }); return;
    case UnaryOp::Cos: unary_loop<T, T>(out, in, [](T x) { return std::cos(x); }); return;
    case UnaryOp::Tanh: unary_loop<T, T>(out, in, [](T x) { return std::tanh(x); }); return;
    case UnaryOp::Rsqrt: unary_loop<T, T>(out, in, [](T x) { return T(1) / std::sqrt(x); }); return;
    case UnaryOp::Log1p: unary_loop<T, T>(out, in, [](T x) { return std::log1p(x); }); return;
    case UnaryOp::Expm1: unary_loop<T, T>(out, in, [](T x) { return std::expm1(x); }); return;
    case UnaryOp::Log2: unary_loop<T, T>(out, in, [](T x) { return std::log2(x); }); return;
    case UnaryOp::Log10: unary_loop<T, T>(out, in, [](T x) { return std::log10(x); }); return;
    case UnaryOp::Tan: unary_loop<T, T>(out, in, [](T x) { return std::tan(x); }); return;
    case UnaryOp::Sigmoid:
      if constexpr (std::is_same_v<T, float>) {
        if (contiguous_f32) {
          // 1 / (exp(0 - x) + 1) as PyTorch's vector loop computes it, in blocks of 16 with
          // its exp; the last n % 16 values as its scalar loop does, with the C library's exp.
          const int64_t n = in.numel(), m = n - n % 16;
          const float* x = in.data<float>();
          float* y = out.data<float>();
          for (int64_t i = 0; i < m; ++i) y[i] = 0.0f - x[i];
          kernels::exp_f32_map(y, y, m);
          for (int64_t i = 0; i < m; ++i) y[i] = 1.0f / (y[i] + 1.0f);
          for (int64_t i = m; i < n; ++i) y[i] = 1.0f / (1.0f + std::exp(-x[i]));
          return;
        }
      }
      unary_loop<T, T>(out, in, [](T x) { return T(1) / (T(1) + std::exp(-x)); });
      return;
    default: return;
  }
}

// floor, ceil, round, trunc and frac keep the dtype; on integers the rounding ones copy.
template <class T>
void rounding_unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in) {
  if constexpr (!std::is_floating_point_v<T>) {
    if (is_rounding(op)) unary_loop<T, T>(out, in, [](T x) { return x; });
    return;
  } else {
    switch (op) {
      case UnaryOp::Floor: unary_loop<T, T>(out, in, [](T x) { return std::floor(x); }); return;
      case UnaryOp::Ceil: unary_loop<T, T>(out, in, [](T x) { return std::ceil(x); }); return;
      // Half to even, as PyTorch's std::nearbyint under the default rounding mode.
      case UnaryOp::Round: unary_loop<T, T>(out, in, [](T x) { return std::nearbyint(x); }); return;
      case UnaryOp::Trunc: unary_loop<T, T>(out, in, [](T x) { return std::trunc(x); }); return;
      case UnaryOp::Frac: unary_loop<T, T>(out, in, [](T x) { return x - std::trunc(x); }); return;
      default: return;
    }
  }
}

template <class T>
void keep_unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in) {
  switch (op) {
    case UnaryOp::Neg:
      if constexpr (!std::is_same_v<T, bool>) unary_loop<T, T>(out, in, [](T x) { return kernels::wrap_sub(T(0), x); });
      return;
    case UnaryOp::Abs:
      if constexpr (std::is_floating_point_v<T>) unary_loop<T, T>(out, in, [](T x) { return std::fabs(x); });
      else if constexpr (!std::is_same_v<T, bool>)
        unary_loop<T, T>(out, in, [](T x) { return x < 0 ? kernels::wrap_sub(T(0), x) : x; });
      return;
    case UnaryOp::Relu:
      // NaN stays NaN (x < 0 is false, and x is returned). Written for vectors too (a lane-wise
      // select), so that the contiguous case is vectorised.
      unary_loop<T, T>(out, in, [](const auto& x) {
        using X = std::decay_t<decltype(x)>;
        return x < X{} ? X{} : x;
      });
      return;
    case UnaryOp::BitwiseNot:
      if constexpr (std::is_same_v<T, bool>) unary_loop<T, T>(out, in, [](T x) -> T { return !x; });
      else if constexpr (std::is_integral_v<T>) unary_loop<T, T>(out, in, [](T x) -> T { return ~x; });
      return;
    case UnaryOp::Sign:
      // NaN and -0.0 give 0, as PyTorch's (0 < x) - (x < 0).
      if constexpr (std::is_same_v<T, bool>) unary_loop<T, T>(out, in, [](T x) { return x; });
      else unary_loop<T, T>(out, in, [](T x) { return static_cast<T>(int(T(0) < x) - int(x < T(0))); });
      return;
    default: rounding_unary_kernel<T>(op, out, in); return;
  }
}

// out (of unary_result_dtype) = op(in); in is converted to out's dtype first for float ops.
void run_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  if (is_small_int(in.dtype()) && !is_float_op(op)) {
    // NOTE [Small integers computed in int32]
    const Tensor wide = to(in, DType::Int32);
    if (out.dtype() == DType::Bool) {
      run_unary(op, out, wide);
      return;
    }
    Tensor tmp = empty(out.sizes(), DType::Int32);
    run_unary(op, tmp, wide);
    copy_(out, tmp);
    return;
  }
  if (op == UnaryOp::LogicalNot) {
    dispatch_kernel(in.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      unary_loop<bool, T>(out, in, [](T x) { return x == T(0); });
    });
    return;
  }
  if (is_classifier(op)) {
    dispatch_kernel(in.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      // Integers and bools are always finite.
      const double inf = std::numeric_limits<double>::infinity();
      if (op == UnaryOp::IsNan) unary_loop<bool, T>(out, in, [](T x) { return x != x; });
      else if (op == UnaryOp::IsInf) unary_loop<bool, T>(out, in, [inf](T x) { return std::fabs(double(x)) == inf; });
      else unary_loop<bool, T>(out, in, [inf](T x) { return x == x && std::fabs(double(x)) != inf; });
    });
    return;
  }
  if (is_float_op(op)) {
    Tensor cin = to(in, out.dtype());
    if (out.dtype() == DType::Float32) float_unary_kernel<float>(op, out, cin);
    else float_unary_kernel<double>(op, out, cin);
    return;
  }
  dispatch_kernel(in.dtype(), [&](auto tag) { keep_unary_kernel<typename decltype(tag)::type>(op, out, in); });
}

}  // namespace

// The unary kernels PyTorch 1.13 has no float16 version of on CPU ("exp_vml_cpu" ...), or null.
static const char* missing_half_kernel(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp: return "exp_vml_cpu";
    case UnaryOp::Log: return "log_vml_cpu";
    case UnaryOp::Sqrt: return "sqrt_vml_cpu";
    case UnaryOp::Sin: return "sin_vml_cpu";
    case UnaryOp::Cos: return "cos_vml_cpu";
    case UnaryOp::Tanh: return "tanh_vml_cpu";
    case UnaryOp::Sigmoid: return "sigmoid_cpu";
    case UnaryOp::Relu: return "clamp_min_cpu";
    case UnaryOp::Rsqrt: return "rsqrt_cpu";
    case UnaryOp::Log1p: return "log1p_vml_cpu";
    case UnaryOp::Expm1: return "expm1_vml_cpu";
    case UnaryOp::Log2: return "log2_vml_cpu";
    case UnaryOp::Log10: return "log10_vml_cpu";
    case UnaryOp::Tan: return "tan_vml_cpu";
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc: return rounding_kernel(op);
    default: return nullptr;
  }
}

// A unary op on float16 / bfloat16: computed in float32 and rounded back (NOTE [16-bit floats]).
static Tensor reduced_float_unary(UnaryOp op, const Tensor& self) {
  if (self.dtype() == DType::Float16)
    if (const char* kernel = missing_half_kernel(op)) not_implemented(kernel, self.dtype());
  Tensor result = unary(op, to(self, DType::Float32));
  return result.dtype() == DType::Bool ? result : to(result, self.dtype());
}

Tensor unary(UnaryOp op, const Tensor& self) {
  check_unary(op, self.dtype());
  if (is_reduced_float(self.dtype())) return reduced_float_unary(op, self);
  Tensor out = kernels::empty_elementwise(self.sizes(), {&self}, unary_result_dtype(op, self.dtype()));
  run_unary(op, out, self);
  return out;
}

void unary_(UnaryOp op, const Tensor& self) {
  check_unary(op, self.dtype());
  check_no_internal_overlap(self);
  const DType result = unary_result_dtype(op, self.dtype());
  STRIDELAB_CHECK(kernels::can_cast(result, self.dtype()), "result type ", scalar_type_name(result),
                  " can't be cast to the desired output type ", scalar_type_name(self.dtype()));
  if (is_reduced_float(self.dtype())) {
    copy_(self, reduced_float_unary(op, self));
    return;
  }
  if (result == self.dtype()) {
    run_unary(op, self, self);
    return;
  }
  Tensor tmp = empty(self.sizes(), result);
  run_unary(op, tmp, self);
  copy_(self, tmp);
}

namespace {

// out = round(in, decimals) in in's floating dtype, the power of ten in that dtype as PyTorch's
// kernel computes it.
void run_round_decimals(const Tensor& out, const Tensor& in, int64_t decimals) {
  STRIDELAB_CHECK(is_floating(in.dtype()), "\"round_cpu\" not implemented for '", scalar_type_name(in.dtype()), "'");
  const bool negative = decimals < 0;
  const double power = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  dispatch_kernel(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T p = static_cast<T>(power);
      if (negative) unary_loop<T, T>(out, in, [p](T x) { return std::nearbyint(x / p) * p; });
      else unary_loop<T, T>(out, in, [p](T x) { return std::nearbyint(x * p) / p; });
    }
  });
}

void run_nan_to_num(const Tensor& out, const Tensor& in, std::optional<double> nan, std::optional<double> posinf,
                    std::optional<double> neginf) {
  if (!is_floating(in.dtype())) {
    if (!out.is_same(in)) copy_(out, in);
    return;
  }
  dispatch_kernel(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T n = static_cast<T>(nan.value_or(0.0));
      const T hi = posinf ? static_cast<T>(*posinf) : std::numeric_limits<T>::max();
      const T lo = neginf ? static_cast<T>(*neginf) : std::numeric_limits<T>::lowest();
      const T inf = std::numeric_limits<T>::infinity();
      unary_loop<T, T>(out, in, [=](T x) { return x != x ? n : (x == inf ? hi : (x == -inf ? lo : x)); });
    }
  });
}

}  // namespace

Tensor round_decimals(const Tensor& self, int64_t decimals) {
  Tensor out = kernels::empty_elementwise(self.sizes(), {&self}, self.dtype());
  run_round_decimals(out, self, decimals);
  return out;
}

void round_decimals_(const Tensor& self, int64_t decimals) {
  check_no_internal_overlap(self);
  run_round_decimals(self, self, decimals);
}

Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  Tensor out = kernels::empty_elementwise(self.sizes(), {&self}, self.dtype());
  run_nan_to_num(out, self, nan, posinf, neginf);
  return out;
}

void nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                 std::optional<double> neginf) {
  check_no_internal_overlap(self);
  run_nan_to_num(self, self, nan, posinf, neginf);
}

// ---- where, clamp, masked_fill_ ----------------------------------------------------------------

Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(condition.dtype() == DType::Bool,
                  "where expected condition to be a boolean tensor, but got a tensor with dtype ",
                  scalar_type_name(condition.dtype()));
  IntArray shape = broadcast_shapes(broadcast_shapes(condition.sizes(), a.sizes()), b.sizes());
  const DType dtype = result_type(a, b);
  Tensor out = kernels::empty_elementwise(shape, {&condition, &a, &b}, dtype);
  Tensor ca = to(a, dtype), cb = to(b, dtype);
  dispatch_bits(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_row<4>(
        shape, {out.raw_data(), condition.raw_data(), ca.raw_data(), cb.raw_data()},
        {byte_strides(out), byte_strides(condition, shape), byte_strides(ca, shape), byte_strides(cb, shape)},
        [](std::array<std::byte*, 4> p, std::array<int64_t, 4> s, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            bool c = *reinterpret_cast<const bool*>(p[1] + i * s[1]);
            *reinterpret_cast<T*>(p[0] + i * s[0]) = *reinterpret_cast<const T*>(p[c ? 2 : 3] + i * s[c ? 2 : 3]);
          }
        });
  });
  return out;
}

namespace {

void check_clamp_bounds(const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  STRIDELAB_CHECK(min.has_value() || max.has_value(), "torch.clamp: At least one of 'min' or 'max' must not be None");
}

// The dtype of clamp(self, min, max): self's when floating, else promoted with the bounds as
// Python numbers (int tensor clamped at 1.5 is float32).
DType clamp_dtype(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  if (is_floating(self.dtype())) return self.dtype();
  ResultTypeState state;
  state.update(self);
  if (min) state.update(scalar_tensor(*min, min->dtype(), true));
  if (max) state.update(scalar_tensor(*max, max->dtype(), true));
  return state.result();
}

void run_clamp(const Tensor& out, const Tensor& in, const std::optional<Scalar>& min,
               const std::optional<Scalar>& max) {
  if (is_reduced_float(out.dtype())) {
    STRIDELAB_CHECK(out.dtype() != DType::Float16, "\"",
                    min && max ? "clamp_scalar_cpu"
                    : min      ? "clamp_min_cpu"
                               : "clamp_max_cpu",
                    "\" not implemented for 'Half'");
    Tensor f = to(in, DType::Float32);
    run_clamp(f, f, min, max);
    copy_(out, f);
    return;
  }
  if (is_small_int(out.dtype())) {
    // NOTE [Small integers computed in int32]: the bounds converted to the small dtype, as its
    // kernel would, then widened with the values.
    auto narrowed = [&](const std::optional<Scalar>& bound) -> std::optional<Scalar> {
      if (!bound) return bound;
      return Scalar(item(scalar_tensor(*bound, out.dtype())).to_int());
    };
    Tensor wide = to(in, DType::Int32, true);
    run_clamp(wide, wide, narrowed(min), narrowed(max));
    copy_(out, wide);
    return;
  }
  dispatch_kernel(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T lo = min ? min->to<T>() : T(0), hi = max ? max->to<T>() : T(0);
    // A NaN input stays NaN; a NaN bound leaves the values alone (comparisons with it are false).
    if (min && max)
      unary_loop<T, T>(out, in, [lo, hi](T x) -> T {
        if (x != x) return x;
        T y = x < lo ? lo : x;
        return hi < y ? hi : y;
      });
    else if (min) unary_loop<T, T>(out, in, [lo](T x) -> T { return (x != x) ? x : (x < lo ? lo : x); });
    else unary_loop<T, T>(out, in, [hi](T x) -> T { return (x != x) ? x : (hi < x ? hi : x); });
  });
}

}  // namespace

Tensor clamp(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  check_clamp_bounds(min, max);
  const DType dtype = clamp_dtype(self, min, max);
  Tensor in = to(self, dtype);
  Tensor out = kernels::empty_elementwise(in.sizes(), {&in}, dtype);
  run_clamp(out, in, min, max);
  return out;
}

void clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  check_clamp_bounds(min, max);
  const DType dtype = clamp_dtype(self, min, max);
  STRIDELAB_CHECK(dtype == self.dtype(), "result type ", scalar_type_name(dtype),
                  " can't be cast to the desired output type ", type_meta_name(self.dtype()));
  check_no_internal_overlap(self);
  run_clamp(self, self, min, max);
}

void masked_fill_(const Tensor& self, const Tensor& mask, Scalar value) {
  IntArray shape = broadcast_shapes(self.sizes(), mask.sizes());
  STRIDELAB_CHECK(shape == self.sizes(), "output with shape ", format_int_list(self.sizes()),
                  " doesn't match the broadcast shape ", format_int_list(shape));
  Tensor m = mask;
  if (mask.dtype() != DType::Bool) {
    // Legacy integer masks: only 0 and 1 are allowed.
    Tensor bad = binary(BinaryOp::LogicalAnd, binary(BinaryOp::Ne, mask, scalar_tensor(int64_t{0}, DType::Int64, true)),
                        binary(BinaryOp::Ne, mask, scalar_tensor(int64_t{1}, DType::Int64, true)));
    STRIDELAB_CHECK(!item(any(bad)).to<bool>(), "Mask tensor can take 0 and 1 values only");
    m = to(mask, DType::Bool);
  }
  // The value converted as fill_ converts it, then moved as bits.
  const Tensor converted = scalar_tensor(value, self.dtype());
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, converted.raw_data(), sizeof v);
    for_each_row<2>(shape, {self.raw_data(), m.raw_data()}, {byte_strides(self), byte_strides(m, shape)},
                    [v](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      for (int64_t i = 0; i < n; ++i)
                        if (*reinterpret_cast<const bool*>(p[1] + i * s[1])) *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
                    });
  });
}

// ---- comparisons of whole tensors ----------------------------------------------------------------

bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  STRIDELAB_CHECK(a.dtype() == b.dtype(), scalar_type_name(a.dtype()), " did not match ", scalar_type_name(b.dtype()));
  IntArray shape = broadcast_shapes(a.sizes(), b.sizes());
  // Exact in the wider type, and compared in double below either way.
  if (is_small_int(a.dtype())) return allclose(to(a, DType::Int32), to(b, DType::Int32), rtol, atol, equal_nan);
  if (is_reduced_float(a.dtype())) return allclose(to(a, DType::Float32), to(b, DType::Float32), rtol, atol, equal_nan);
  bool close = true;
  dispatch_kernel(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_row<2>(shape, {a.raw_data(), b.raw_data()}, {byte_strides(a, shape), byte_strides(b, shape)},
                    [&](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      for (int64_t i = 0; i < n && close; ++i) {
                        double x = static_cast<double>(*reinterpret_cast<const T*>(p[0] + i * s[0]));
                        double y = static_cast<double>(*reinterpret_cast<const T*>(p[1] + i * s[1]));
                        if (x == y) continue;
                        if (std::isnan(x) || std::isnan(y)) {
                          close = equal_nan && std::isnan(x) && std::isnan(y);
                          continue;
                        }
                        close = std::isfinite(x) && std::isfinite(y) && std::fabs(x - y) <= atol + rtol * std::fabs(y);
                      }
                    });
  });
  return close;
}

// PyTorch's composite isclose, op by op, so float32 tensors compare in float32: equal values
// (infinities too), NaNs when equal_nan, else a finite |a - b| <= atol + |rtol * b|.
Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  STRIDELAB_CHECK(a.dtype() == b.dtype(), scalar_type_name(a.dtype()), " did not match ", scalar_type_name(b.dtype()));
  STRIDELAB_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  STRIDELAB_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  Tensor close = binary(BinaryOp::Eq, a, b);
  if (equal_nan && is_floating(a.dtype()))
    close = binary(BinaryOp::LogicalOr, close,
                   binary(BinaryOp::LogicalAnd, unary(UnaryOp::IsNan, a), unary(UnaryOp::IsNan, b)));
  if (rtol == 0 && atol == 0) return close;
  const Tensor x = a.dtype() == DType::Bool ? to(a, kDefaultFloat) : a;
  const Tensor y = b.dtype() == DType::Bool ? to(b, kDefaultFloat) : b;
  Tensor allowed = binary_scalar(BinaryOp::Add, unary(UnaryOp::Abs, binary_scalar(BinaryOp::Mul, y, Scalar(rtol))),
                                 Scalar(atol), true);
  Tensor actual = unary(UnaryOp::Abs, binary(BinaryOp::Sub, x, y));
  Tensor within = binary(BinaryOp::LogicalAnd, unary(UnaryOp::IsFinite, actual), binary(BinaryOp::Le, actual, allowed));
  return binary(BinaryOp::LogicalOr, close, within);
}

bool equal(const Tensor& a, const Tensor& b) {
  if (a.sizes() != b.sizes()) return false;
  if (a.numel() == 0) return true;
  Tensor eq = binary(BinaryOp::Eq, a, b);
  return item(all(eq)).to<bool>();
}

}  // namespace stridelab::core
