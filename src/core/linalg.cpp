// Matrix products: matmul (with PyTorch's folding and broadcasting rules), mm, bmm, mv, dot.
//
// Every product ends in gemm(): C (M x N, contiguous) = A (M x K) @ B (K x N), A and B of any
// strides. Floats take a cache-blocked path (see NOTE [Blocked gemm]); integers a plain loop.
#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
#include <immintrin.h>
#define STRIDELAB_X86_GEMM 1
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "core/elementwise_kernels.h"
#include "core/ops.h"
#include "support/budget.h"

namespace stridelab::core {
namespace {

// NOTE [Blocked gemm]
// The classic layout of a fast matrix product (Goto's): B is copied, kc rows by nc columns at a
// time, into panels of NR columns laid out k-major; A is copied, mc rows by kc at a time, into
// panels of MR rows. A micro-kernel then keeps an MR x NR tile of C in registers while it walks
// k through one A panel and one B panel, both read sequentially from cache. Packing also makes
// any input strides (a transposed matrix, a slice) cost nothing in the inner loop.
constexpr int64_t kKc = 256;   // depth of a packed block (A panel + B panel fit in L1)
constexpr int64_t kMc = 96;    // rows of A per packed block (fits in L2)
constexpr int64_t kNc = 1024;  // columns of B per packed block

// Packs rows [0, mc) x cols [0, kc) of A (element strides sa0, sa1) into panels of MR rows,
// zero-padded: panel p holds a[p*MR + i][k] at out[p*MR*kc + k*MR + i].
template <int MR, class T>
void pack_a(const T* a, int64_t sa0, int64_t sa1, int64_t mc, int64_t kc, T* out) {
  for (int64_t p = 0; p < mc; p += MR) {
    const int64_t rows = std::min<int64_t>(MR, mc - p);
    for (int64_t k = 0; k < kc; ++k) {
      for (int64_t i = 0; i < rows; ++i) out[k * MR + i] = a[(p + i) * sa0 + k * sa1];
      for (int64_t i = rows; i < MR; ++i) out[k * MR + i] = T(0);
    }
    out += MR * kc;
  }
}

// Packs rows [0, kc) x cols [0, nc) of B into panels of NR columns: out[p*NR*kc + k*NR + j].
template <int NR, class T>
void pack_b(const T* b, int64_t sb0, int64_t sb1, int64_t kc, int64_t nc, T* out) {
  for (int64_t p = 0; p < nc; p += NR) {
    const int64_t cols = std::min<int64_t>(NR, nc - p);
    if (cols == NR && sb1 == 1) {
      for (int64_t k = 0; k < kc; ++k) std::memcpy(out + k * NR, b + k * sb0 + p, NR * sizeof(T));
    } else {
      for (int64_t k = 0; k < kc; ++k) {
        for (int64_t j = 0; j < cols; ++j) out[k * NR + j] = b[k * sb0 + (p + j) * sb1];
        for (int64_t j = cols; j < NR; ++j) out[k * NR + j] = T(0);
      }
    }
    out += NR * kc;
  }
}

// The micro-kernels: C[i][j] += sum over k of a[k][i] * b[k][j] for an MR x NR tile, a and b
// packed panels, C of row stride ldc. The accumulators are named one by one (static_for, or
// the AVX2 kernel's explicit registers) so that they live in registers for the whole k loop.

// Portable: V holds `Lanes` values of T (the compiler's vector extension: SSE2, SIMD128, ...).
template <class T, int Lanes, int MR, int NV>
void micro_kernel_generic(int64_t kc, const T* a, const T* b, T* c, int64_t ldc) {
  using kernels::static_for;
  typedef T V __attribute__((vector_size(sizeof(T) * Lanes)));
  constexpr int NR = NV * Lanes;
  V acc[MR][NV];
  static_for<MR>([&](auto i) { static_for<NV>([&](auto j) { acc[i][j] = V{}; }); });
  for (int64_t k = 0; k < kc; ++k) {
    V bv[NV];
    static_for<NV>([&](auto j) { std::memcpy(&bv[j], b + k * NR + j * Lanes, sizeof(V)); });
    static_for<MR>([&](auto i) {
      const V av = V{} + a[k * MR + i];
      static_for<NV>([&](auto j) { acc[i][j] += av * bv[j]; });
    });
  }
  static_for<MR>([&](auto i) {
    static_for<NV>([&](auto j) {
      V cv;
      std::memcpy(&cv, c + i * ldc + j * Lanes, sizeof(V));
      cv += acc[i][j];
      std::memcpy(c + i * ldc + j * Lanes, &cv, sizeof(V));
    });
  });
}

#ifdef STRIDELAB_X86_GEMM
// 6 x 16 floats in 12 ymm registers, with FMA; used when the CPU has AVX2 and FMA.
__attribute__((target("avx2,fma"))) void micro_kernel_avx2(int64_t kc, const float* a, const float* b, float* c,
                                                           int64_t ldc) {
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00, c30 = c00, c31 = c00,
         c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  for (int64_t k = 0; k < kc; ++k, a += 6, b += 16) {
    const __m256 b0 = _mm256_loadu_ps(b), b1 = _mm256_loadu_ps(b + 8);
    __m256 av = _mm256_broadcast_ss(a + 0);
    c00 = _mm256_fmadd_ps(av, b0, c00);
    c01 = _mm256_fmadd_ps(av, b1, c01);
    av = _mm256_broadcast_ss(a + 1);
    c10 = _mm256_fmadd_ps(av, b0, c10);
    c11 = _mm256_fmadd_ps(av, b1, c11);
    av = _mm256_broadcast_ss(a + 2);
    c20 = _mm256_fmadd_ps(av, b0, c20);
    c21 = _mm256_fmadd_ps(av, b1, c21);
    av = _mm256_broadcast_ss(a + 3);
    c30 = _mm256_fmadd_ps(av, b0, c30);
    c31 = _mm256_fmadd_ps(av, b1, c31);
    av = _mm256_broadcast_ss(a + 4);
    c40 = _mm256_fmadd_ps(av, b0, c40);
    c41 = _mm256_fmadd_ps(av, b1, c41);
    av = _mm256_broadcast_ss(a + 5);
    c50 = _mm256_fmadd_ps(av, b0, c50);
    c51 = _mm256_fmadd_ps(av, b1, c51);
  }
  const __m256 rows[6][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}, {c40, c41}, {c50, c51}};
  for (int i = 0; i < 6; ++i) {
    float* ci = c + i * ldc;
    _mm256_storeu_ps(ci, _mm256_add_ps(_mm256_loadu_ps(ci), rows[i][0]));
    _mm256_storeu_ps(ci + 8, _mm256_add_ps(_mm256_loadu_ps(ci + 8), rows[i][1]));
  }
}

#endif

#if defined(__wasm_simd128__)
// 4 x 8 floats in 8 SIMD128 registers (the engines keep 16: 8 accumulators, 2 of B, a broadcast
// and a product fit). WebAssembly has no FMA: each step is a multiply and an add, as the portable
// kernel does, so the browser's results are the portable kernel's (the same order per element).
void micro_kernel_wasm(int64_t kc, const float* a, const float* b, float* c, int64_t ldc) {
  v128_t c00 = wasm_f32x4_splat(0.0f), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00, c30 = c00, c31 = c00;
  for (int64_t k = 0; k < kc; ++k, a += 4, b += 8) {
    const v128_t b0 = wasm_v128_load(b), b1 = wasm_v128_load(b + 4);
    v128_t av = wasm_v128_load32_splat(a + 0);
    c00 = wasm_f32x4_add(c00, wasm_f32x4_mul(av, b0));
    c01 = wasm_f32x4_add(c01, wasm_f32x4_mul(av, b1));
    av = wasm_v128_load32_splat(a + 1);
    c10 = wasm_f32x4_add(c10, wasm_f32x4_mul(av, b0));
    c11 = wasm_f32x4_add(c11, wasm_f32x4_mul(av, b1));
    av = wasm_v128_load32_splat(a + 2);
    c20 = wasm_f32x4_add(c20, wasm_f32x4_mul(av, b0));
    c21 = wasm_f32x4_add(c21, wasm_f32x4_mul(av, b1));
    av = wasm_v128_load32_splat(a + 3);
    c30 = wasm_f32x4_add(c30, wasm_f32x4_mul(av, b0));
    c31 = wasm_f32x4_add(c31, wasm_f32x4_mul(av, b1));
  }
  const v128_t rows[4][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
  for (int i = 0; i < 4; ++i) {
    float* ci = c + i * ldc;
    wasm_v128_store(ci, wasm_f32x4_add(wasm_v128_load(ci), rows[i][0]));
    wasm_v128_store(ci + 4, wasm_f32x4_add(wasm_v128_load(ci + 4), rows[i][1]));
  }
}
#endif

// C (m x n, row stride ldc) += A @ B for floating T, blocked and packed.
template <class T, int MR, int NR, class Kernel>
void gemm_blocked(int64_t m, int64_t n, int64_t k, const T* a, int64_t sa0, int64_t sa1, const T* b, int64_t sb0,
                  int64_t sb1, T* c, int64_t ldc, Kernel kernel) {
  std::vector<T> bpack(static_cast<size_t>(std::min(kKc, k) * ((std::min(kNc, n) + NR - 1) / NR) * NR));
  std::vector<T> apack(static_cast<size_t>(std::min(kKc, k) * ((std::min(kMc, m) + MR - 1) / MR) * MR));
  alignas(64) T tile[MR * NR];  // partial tiles at the edges go through here
  for (int64_t jc = 0; jc < n; jc += kNc) {
    const int64_t nc = std::min(kNc, n - jc);
    for (int64_t pc = 0; pc < k; pc += kKc) {
      const int64_t kc = std::min(kKc, k - pc);
      pack_b<NR>(b + pc * sb0 + jc * sb1, sb0, sb1, kc, nc, bpack.data());
      for (int64_t ic = 0; ic < m; ic += kMc) {
        const int64_t mc = std::min(kMc, m - ic);
        pack_a<MR>(a + ic * sa0 + pc * sa1, sa0, sa1, mc, kc, apack.data());
        for (int64_t jr = 0; jr < nc; jr += NR) {
          const int64_t cols = std::min<int64_t>(NR, nc - jr);
          const T* bp = bpack.data() + (jr / NR) * NR * kc;
          for (int64_t ir = 0; ir < mc; ir += MR) {
            support::poll_deadline();  // one tile: at most kKc * MR * NR products
            const int64_t rows = std::min<int64_t>(MR, mc - ir);
            const T* ap = apack.data() + (ir / MR) * MR * kc;
            T* cp = c + (ic + ir) * ldc + jc + jr;
            if (rows == MR && cols == NR) {
              kernel(kc, ap, bp, cp, ldc);
              continue;
            }
            std::fill(tile, tile + MR * NR, T(0));
            kernel(kc, ap, bp, tile, int64_t{NR});
            for (int64_t i = 0; i < rows; ++i)
              for (int64_t j = 0; j < cols; ++j) cp[i * ldc + j] += tile[i * NR + j];
          }
        }
      }
    }
  }
}

// c (m x n, contiguous, zeroed) = a @ b.
template <class T>
void gemm(int64_t m, int64_t n, int64_t k, const T* a, int64_t sa0, int64_t sa1, const T* b, int64_t sb0, int64_t sb1,
          T* c) {
  if (m == 0 || n == 0 || k == 0) return;
  if (n == 1) {  // matrix @ vector (mv, dot): one dot product per row, no packing
    // An expanded operand's row may be 10**12 long: the deadline is polled every kDotChunk products.
    constexpr int64_t kDotChunk = 4096;
    for (int64_t i = 0; i < m; ++i) {
      T acc = T(0);
      for (int64_t p0 = 0; p0 < k; p0 += kDotChunk) {
        const int64_t p1 = std::min(k, p0 + kDotChunk);
        for (int64_t p = p0; p < p1; ++p)
          acc = kernels::wrap_add(acc, kernels::wrap_mul(a[i * sa0 + p * sa1], b[p * sb0]));
        support::poll_deadline();
      }
      c[i] = acc;
    }
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
#ifdef STRIDELAB_X86_GEMM
    if (kernels::cpu_has_avx2_fma()) {
      gemm_blocked<float, 6, 16>(m, n, k, a, sa0, sa1, b, sb0, sb1, c, n, micro_kernel_avx2);
      return;
    }
#endif
#ifdef __wasm_simd128__
    gemm_blocked<float, 4, 8>(m, n, k, a, sa0, sa1, b, sb0, sb1, c, n, micro_kernel_wasm);
#else
    gemm_blocked<float, 4, 8>(m, n, k, a, sa0, sa1, b, sb0, sb1, c, n, micro_kernel_generic<float, 4, 4, 2>);
#endif
  } else if constexpr (std::is_same_v<T, double>) {
    gemm_blocked<double, 4, 4>(m, n, k, a, sa0, sa1, b, sb0, sb1, c, n, micro_kernel_generic<double, 2, 4, 2>);
  } else {
    // Integers: exact, wrapping; i-k-j order keeps the inner loop contiguous in c.
    for (int64_t i = 0; i < m; ++i)
      for (int64_t p = 0; p < k; ++p) {
        support::poll_deadline();
        const T av = a[i * sa0 + p * sa1];
        for (int64_t j = 0; j < n; ++j)
          c[i * n + j] = kernels::wrap_add(c[i * n + j], kernels::wrap_mul(av, b[p * sb0 + j * sb1]));
      }
  }
}

// out (m x n, contiguous, zeroed) = a (m x k) @ b (k x n), 2-d tensors of one dtype.
// bfloat16 goes through the integers' loop, each product and sum rounded to bfloat16 as
// PyTorch's CPU kernel does; float16 has no kernel (the callers refuse it).
void gemm_tensors(const Tensor& out, const Tensor& a, const Tensor& b) {
  dispatch_all(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool> && !std::is_same_v<T, Half>) {
      gemm<T>(a.sizes()[0], b.sizes()[1], a.sizes()[1], a.data<T>(), a.strides()[0], a.strides()[1], b.data<T>(),
              b.strides()[0], b.strides()[1], out.data<T>());
    }
  });
}

void check_same_dtype(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(a.dtype() == b.dtype(), "expected scalar type ", scalar_type_name(a.dtype()), " but found ",
                  scalar_type_name(b.dtype()));
}

[[noreturn]] void not_implemented(const char* kernel, DType dtype) {
  throw Error(ErrorKind::RuntimeError, str("\"", kernel, "\" not implemented for '", scalar_type_name(dtype), "'"));
}

// matmul folds the batch dims of a >= 3-d operand into the rows of one mm when the other is 1-
// or 2-d, except when that would need a copy that bmm avoids (a 3-d tensor whose last two dims
// are transposed).
bool should_fold(const Tensor& t1, int64_t dim2) {
  if (t1.dim() < 3 || (dim2 != 1 && dim2 != 2)) return false;
  const IntArray& s = t1.sizes();
  const IntArray& st = t1.strides();
  if (t1.dim() == 3 && dim2 == 2 && st.back() != 1 && st.front() == s[1] * s[2]) return false;
  return true;
}

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(a.dim() == 2, "self must be a matrix");
  STRIDELAB_CHECK(b.dim() == 2, "mat2 must be a matrix");
  STRIDELAB_CHECK(a.sizes()[1] == b.sizes()[0], "mat1 and mat2 shapes cannot be multiplied (", a.sizes()[0], "x",
                  a.sizes()[1], " and ", b.sizes()[0], "x", b.sizes()[1], ")");
  check_same_dtype(a, b);
  if (a.dtype() == DType::Bool || a.dtype() == DType::Float16) not_implemented("addmm_impl_cpu_", a.dtype());
  Tensor out = zeros({a.sizes()[0], b.sizes()[1]}, a.dtype());
  gemm_tensors(out, a, b);
  return out;
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(a.dim() == 3, "batch1 must be a 3D tensor");
  STRIDELAB_CHECK(b.dim() == 3, "batch2 must be a 3D tensor");
  const int64_t bs = a.sizes()[0], m = a.sizes()[1], k = a.sizes()[2], n = b.sizes()[2];
  STRIDELAB_CHECK(b.sizes()[0] == bs && b.sizes()[1] == k,
                  "Expected size for first two dimensions of batch2 tensor to be: [", bs, ", ", k, "] but got: [",
                  b.sizes()[0], ", ", b.sizes()[1], "].");
  check_same_dtype(a, b);
  if (a.dtype() == DType::Bool || a.dtype() == DType::Float16) not_implemented("bmm", a.dtype());
  Tensor out = zeros({bs, m, n}, a.dtype());
  for (int64_t i = 0; i < bs; ++i) gemm_tensors(select(out, 0, i), select(a, 0, i), select(b, 0, i));
  return out;
}

Tensor mv(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(a.dim() == 2 && b.dim() == 1, "vector + matrix @ vector expected, got 1, ", a.dim(), ", ", b.dim());
  STRIDELAB_CHECK(a.sizes()[1] == b.sizes()[0], "size mismatch, got ", a.sizes()[0], ", ", a.sizes()[0], "x",
                  a.sizes()[1], ",", b.sizes()[0]);
  check_same_dtype(a, b);
  if (a.dtype() == DType::Bool || a.dtype() == DType::Float16) not_implemented("addmv_impl_cpu", a.dtype());
  Tensor out = zeros({a.sizes()[0]}, a.dtype());
  gemm_tensors(unsqueeze(out, 1), a, unsqueeze(b, 1));
  return out;
}

Tensor dot(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(a.dim() == 1 && b.dim() == 1, "1D tensors expected, but got ", a.dim(), "D and ", b.dim(),
                  "D tensors");
  STRIDELAB_CHECK(a.dtype() == b.dtype(), "dot : expected both vectors to have same dtype, but found ",
                  scalar_type_name(a.dtype()), " and ", scalar_type_name(b.dtype()));
  STRIDELAB_CHECK(a.numel() == b.numel(), "inconsistent tensor size, expected tensor [", a.numel(), "] and src [",
                  b.numel(), "] to have the same number of elements, but got ", a.numel(), " and ", b.numel(),
                  " elements respectively");
  if (a.dtype() == DType::Bool || a.dtype() == DType::Float16) not_implemented("dot", a.dtype());
  Tensor out = zeros({}, a.dtype());
  gemm_tensors(view(out, {1, 1}), unsqueeze(a, 0), unsqueeze(b, 1));
  return out;
}

Tensor matmul(const Tensor& t1, const Tensor& t2) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  STRIDELAB_CHECK(d1 != 0 && d2 != 0, "both arguments to matmul need to be at least 1D, but they are ", d1, "D and ",
                  d2, "D");
  if (d1 == 1 && d2 == 1) return dot(t1, t2);
  if (d1 == 2 && d2 == 1) return mv(t1, t2);
  if (d1 == 1 && d2 == 2) return shallow_copy(squeeze(mm(unsqueeze(t1, 0), t2), 0));
  if (d1 == 2 && d2 == 2) return mm(t1, t2);
  if (should_fold(t1, d2) || should_fold(t2, d1)) {
    // Fold the batch of the larger operand into the rows of one mm (transposing the product
    // when the larger operand is on the right).
    const bool transpose = d2 > d1;
    const Tensor a = transpose ? mT(t2) : t1;
    const Tensor b = !transpose ? t2 : (d1 == 2 ? t(t1) : t1);
    IntArray out_shape(a.sizes().begin(), a.sizes().end() - 1);
    const int64_t folded = numel_of(out_shape);
    if (b.dim() == 2) out_shape.push_back(b.sizes()[1]);
    const Tensor a_folded = reshape(a, {folded, a.sizes().back()});
    if (b.dim() == 2) {
      Tensor out = view(mm(a_folded, b), out_shape);
      return transpose ? contiguous(mT(out)) : shallow_copy(out);
    }
    return shallow_copy(view(mv(a_folded, b), out_shape));
  }
  // Batched: broadcast the batch dims, then one bmm.
  const int64_t n = d1 > 1 ? t1.sizes()[d1 - 2] : 1, m1 = t1.sizes().back();
  const int64_t m2 = d2 > 1 ? t2.sizes()[d2 - 2] : t2.sizes()[0], p = d2 > 1 ? t2.sizes().back() : 1;
  IntArray batch1(t1.sizes().begin(), t1.sizes().begin() + std::max<int64_t>(d1 - 2, 0));
  IntArray batch2(t2.sizes().begin(), t2.sizes().begin() + std::max<int64_t>(d2 - 2, 0));
  IntArray batch = broadcast_shapes(batch1, batch2);
  const int64_t nb = numel_of(batch);
  IntArray e1 = batch, e2 = batch;
  e1.insert(e1.end(), {n, m1});
  e2.insert(e2.end(), {m2, p});
  Tensor a = reshape(expand(d1 > 1 ? t1 : unsqueeze(t1, 0), e1), {nb, n, m1});
  Tensor b = reshape(expand(d2 > 1 ? t2 : unsqueeze(t2, 1), e2), {nb, m2, p});
  IntArray out_shape = batch;
  if (d1 > 1) out_shape.push_back(n);
  if (d2 > 1) out_shape.push_back(p);
  return shallow_copy(view(bmm(a, b), out_shape));  // a new tensor, as _unsafe_view gives
}

}  // namespace stridelab::core
