// Strided copy and its relatives: copy_, clone, contiguous, to, fill_, element access.
#include <algorithm>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
#include <immintrin.h>
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "core/convert.h"
#include "core/elementwise_kernels.h"
#include "core/kernel_dtype.h"
#include "core/loops.h"
#include "core/ops.h"

namespace stridelab::core {

IntArray byte_strides(const Tensor& t, const IntArray& shape) {
  const int64_t n = static_cast<int64_t>(shape.size()), k = t.dim();
  const int64_t item = static_cast<int64_t>(t.element_size());
  IntArray out(n, 0);
  for (int64_t d = 0; d < k; ++d) {
    int64_t od = d + (n - k);
    if (t.sizes()[d] != 1) out[od] = t.strides()[d] * item;
  }
  return out;
}

void check_no_internal_overlap(const Tensor& dst) {
  for (int64_t d = 0; d < dst.dim(); ++d)
    STRIDELAB_CHECK(!(dst.strides()[d] == 0 && dst.sizes()[d] > 1),
                    "unsupported operation: more than one element of the written-to tensor refers to a single memory "
                    "location. Please clone() the tensor before performing the operation.");
}

void check_no_partial_overlap(const Tensor& dst, const Tensor& src) {
  // As PyTorch: only decidable (and checked) when both are non-overlapping and dense.
  if (dst.storage() != src.storage() || dst.numel() == 0 || src.numel() == 0) return;
  if (!is_non_overlapping_and_dense(dst) || !is_non_overlapping_and_dense(src)) return;
  if (dst.storage_offset() == src.storage_offset() && dst.sizes() == src.sizes() && dst.strides() == src.strides() &&
      dst.dtype() == src.dtype())
    return;  // the same memory: full overlap is fine
  uintptr_t a0 = dst.data_ptr(), a1 = a0 + dst.nbytes();
  uintptr_t b0 = src.data_ptr(), b1 = b0 + src.nbytes();
  STRIDELAB_CHECK(a1 <= b0 || b1 <= a0,
                  "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                  "single memory location. Please clone() the tensor before performing the operation.");
}

namespace {

// One tile of a transposed copy: out[i * dr + j] = in[i + j * sc] for i < rows, j < cols.
template <class T>
void transpose_tile(T* out, const T* in, int64_t rows, int64_t cols, int64_t dr, int64_t sc) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) out[i * dr + j] = in[i + j * sc];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(STRIDELAB_PORTABLE_KERNELS)
#define STRIDELAB_X86_TRANSPOSE 1
// The same for 4-byte elements with AVX: 8 x 8 blocks, each read as 8 vectors (8 columns of out,
// contiguous in src), transposed in registers and written as 8 rows; the edges element by element.
// Only bits are moved (float lanes carry int32 just as well).
__attribute__((target("avx2"))) void transpose_tile_4byte_avx2(std::byte* out_bytes, const std::byte* in_bytes,
                                                               int64_t rows, int64_t cols, int64_t dr, int64_t sc) {
  float* out = reinterpret_cast<float*>(out_bytes);
  const float* in = reinterpret_cast<const float*>(in_bytes);
  const int64_t rows8 = rows / 8 * 8, cols8 = cols / 8 * 8;
  for (int64_t j = 0; j < cols8; j += 8)
    for (int64_t i = 0; i < rows8; i += 8) {
      const float* p = in + i + j * sc;
      __m256 r0 = _mm256_loadu_ps(p), r1 = _mm256_loadu_ps(p + sc), r2 = _mm256_loadu_ps(p + 2 * sc),
             r3 = _mm256_loadu_ps(p + 3 * sc), r4 = _mm256_loadu_ps(p + 4 * sc), r5 = _mm256_loadu_ps(p + 5 * sc),
             r6 = _mm256_loadu_ps(p + 6 * sc), r7 = _mm256_loadu_ps(p + 7 * sc);
      const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1), t2 = _mm256_unpacklo_ps(r2, r3),
                   t3 = _mm256_unpackhi_ps(r2, r3), t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5),
                   t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
      const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE),
                   u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE),
                   u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE),
                   u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
      r0 = _mm256_permute2f128_ps(u0, u4, 0x20);
      r1 = _mm256_permute2f128_ps(u1, u5, 0x20);
      r2 = _mm256_permute2f128_ps(u2, u6, 0x20);
      r3 = _mm256_permute2f128_ps(u3, u7, 0x20);
      r4 = _mm256_permute2f128_ps(u0, u4, 0x31);
      r5 = _mm256_permute2f128_ps(u1, u5, 0x31);
      r6 = _mm256_permute2f128_ps(u2, u6, 0x31);
      r7 = _mm256_permute2f128_ps(u3, u7, 0x31);
      float* q = out + i * dr + j;
      _mm256_storeu_ps(q, r0);
      _mm256_storeu_ps(q + dr, r1);
      _mm256_storeu_ps(q + 2 * dr, r2);
      _mm256_storeu_ps(q + 3 * dr, r3);
      _mm256_storeu_ps(q + 4 * dr, r4);
      _mm256_storeu_ps(q + 5 * dr, r5);
      _mm256_storeu_ps(q + 6 * dr, r6);
      _mm256_storeu_ps(q + 7 * dr, r7);
    }
  transpose_tile(out + cols8, in + cols8 * sc, rows, cols - cols8, dr, sc);
  transpose_tile(out + rows8 * dr, in + rows8, rows - rows8, cols8, dr, sc);
}
#endif

#if defined(__wasm_simd128__)
#define STRIDELAB_WASM_TRANSPOSE 1
// The same with SIMD128: 4 x 4 blocks, read as 4 vectors (4 columns of out), transposed with
// shuffles and written as 4 rows; the edges element by element.
void transpose_tile_4byte_wasm(std::byte* out_bytes, const std::byte* in_bytes, int64_t rows, int64_t cols, int64_t dr,
                               int64_t sc) {
  float* out = reinterpret_cast<float*>(out_bytes);
  const float* in = reinterpret_cast<const float*>(in_bytes);
  const int64_t rows4 = rows / 4 * 4, cols4 = cols / 4 * 4;
  for (int64_t j = 0; j < cols4; j += 4)
    for (int64_t i = 0; i < rows4; i += 4) {
      const float* p = in + i + j * sc;
      const v128_t c0 = wasm_v128_load(p), c1 = wasm_v128_load(p + sc), c2 = wasm_v128_load(p + 2 * sc),
                   c3 = wasm_v128_load(p + 3 * sc);
      const v128_t t0 = wasm_i32x4_shuffle(c0, c1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(c2, c3, 0, 4, 1, 5);
      const v128_t t2 = wasm_i32x4_shuffle(c0, c1, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(c2, c3, 2, 6, 3, 7);
      float* q = out + i * dr + j;
      wasm_v128_store(q, wasm_i64x2_shuffle(t0, t1, 0, 2));
      wasm_v128_store(q + dr, wasm_i64x2_shuffle(t0, t1, 1, 3));
      wasm_v128_store(q + 2 * dr, wasm_i64x2_shuffle(t2, t3, 0, 2));
      wasm_v128_store(q + 3 * dr, wasm_i64x2_shuffle(t2, t3, 1, 3));
    }
  transpose_tile(out + cols4, in + cols4 * sc, rows, cols - cols4, dr, sc);
  transpose_tile(out + rows4 * dr, in + rows4, rows - rows4, cols4, dr, sc);
}
#endif

// A transposed copy (src's last two dims swapped relative to self's row-major ones, as in
// `x.t().contiguous()`) walked row by row reads src a whole row apart at every element; in
// square tiles both sides stay in cache. Returns false when the layout is not that case.
template <class T>
bool copy_transposed_tiles(const Tensor& self, const Tensor& src) {
  const int64_t nd = self.dim();
  if (nd < 2 || src.sizes() != self.sizes()) return false;
  const int64_t rows = self.sizes()[nd - 2], cols = self.sizes()[nd - 1];
  if (rows < 32 || cols < 32) return false;
  if (self.strides()[nd - 1] != 1 || src.strides()[nd - 2] != 1 || src.strides()[nd - 1] == 1) return false;
  const int64_t dr = self.strides()[nd - 2], sc = src.strides()[nd - 1];
  constexpr int64_t kTile = 32;
#ifdef STRIDELAB_X86_TRANSPOSE
  const bool avx2 = sizeof(T) == 4 && kernels::cpu_has_avx2_fma();
#endif
  // Every index of the outer dims: one matrix each.
  IntArray outer(self.sizes().begin(), self.sizes().end() - 2);
  IntArray idx(outer.size(), 0);
  for (;;) {
    int64_t doff = 0, soff = 0;
    for (size_t d = 0; d < idx.size(); ++d) {
      doff += idx[d] * self.strides()[d];
      soff += idx[d] * src.strides()[d];
    }
    T* out = self.data<T>() + doff;
    const T* in = src.data<T>() + soff;
    for (int64_t i0 = 0; i0 < rows; i0 += kTile)
      for (int64_t j0 = 0; j0 < cols; j0 += kTile) {
        const int64_t tr = std::min(kTile, rows - i0), tc = std::min(kTile, cols - j0);
        T* o = out + i0 * dr + j0;
        const T* p = in + i0 + j0 * sc;
#ifdef STRIDELAB_X86_TRANSPOSE
        if (avx2) {
          transpose_tile_4byte_avx2(reinterpret_cast<std::byte*>(o), reinterpret_cast<const std::byte*>(p), tr, tc, dr,
                                    sc);
          continue;
        }
#endif
#ifdef STRIDELAB_WASM_TRANSPOSE
        if constexpr (sizeof(T) == 4) {
          transpose_tile_4byte_wasm(reinterpret_cast<std::byte*>(o), reinterpret_cast<const std::byte*>(p), tr, tc, dr,
                                    sc);
          continue;
        }
#endif
        transpose_tile(o, p, tr, tc, dr, sc);
      }
    size_t d = idx.size();
    while (d > 0 && ++idx[d - 1] == outer[d - 1]) idx[--d] = 0;
    if (d == 0) return true;
  }
}

// NOTE [Conversions through a wide type]
// copy_ between two dtypes converts each value as convert<O>(I) says. Written as one loop per pair
// of dtypes that is 90 loops; instead a row goes through a small buffer of a wide type W, int64
// for bool and integer sources and double for floating ones (float16 and bfloat16 through their
// float value), in two loops: 10 loads into W and 20 stores out of it. That is exact: every
// value of a source is a value of its W, and convert<O> of it gives what convert<O> of the
// source gives (integers to integers wrap alike, to floats round once alike; floats already go
// through double to integers, float to double and back is exact, and float16 and bfloat16 are
// made from a float either way). Copies within one dtype only move bits, one loop per size.
template <class W>
using LoadWide = void (*)(W*, const std::byte*, int64_t, int64_t);
template <class W>
using StoreWide = void (*)(std::byte*, int64_t, const W*, int64_t);

template <class W, class I>
void load_wide(W* w, const std::byte* p, int64_t stride, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const I v = *reinterpret_cast<const I*>(p + i * stride);
    if constexpr (std::is_class_v<I>) w[i] = static_cast<W>(static_cast<float>(v));
    else w[i] = static_cast<W>(v);
  }
}

template <class O, class W>
void store_wide(std::byte* p, int64_t stride, const W* w, int64_t n) {
  for (int64_t i = 0; i < n; ++i) *reinterpret_cast<O*>(p + i * stride) = convert<O>(w[i]);
}

template <class W>
void copy_converting(const Tensor& self, const Tensor& src, const IntArray& shape) {
  const LoadWide<W> load = dispatch_all(src.dtype(), [](auto tag) -> LoadWide<W> {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<W> == is_floating_v<I>) return &load_wide<W, I>;
    else return nullptr;
  });
  const StoreWide<W> store =
      dispatch_all(self.dtype(), [](auto tag) -> StoreWide<W> { return &store_wide<typename decltype(tag)::type, W>; });
  for_each_row<2>(shape, {self.raw_data(), src.raw_data()}, {byte_strides(self), byte_strides(src, shape)},
                  [load, store](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                    constexpr int64_t kChunk = 256;
                    W w[kChunk];
                    for (int64_t i = 0; i < n; i += kChunk) {
                      const int64_t m = std::min(kChunk, n - i);
                      load(w, p[1] + i * s[1], s[1], m);
                      store(p[0] + i * s[0], s[0], w, m);
                    }
                  });
}

}  // namespace

void copy_(const Tensor& self, const Tensor& src) {
  check_no_internal_overlap(self);
  check_no_partial_overlap(self, src);
  IntArray shape = self.sizes();
  if (src.sizes() != shape) {
    STRIDELAB_CHECK(broadcast_shapes(shape, src.sizes()) == shape, "output with shape ", format_int_list(shape),
                    " doesn't match the broadcast shape ", format_int_list(broadcast_shapes(shape, src.sizes())));
  }
  if (self.dtype() != src.dtype()) {
    // NOTE [Conversions through a wide type]
    if (is_floating(src.dtype())) copy_converting<double>(self, src, shape);
    else copy_converting<int64_t>(self, src, shape);
    return;
  }
  dispatch_bits(self.dtype(), [&](auto tag) {
    using U = typename decltype(tag)::type;
    if (self.storage() != src.storage() && copy_transposed_tiles<U>(self, src)) return;
    for_each_row<2>(shape, {self.raw_data(), src.raw_data()}, {byte_strides(self), byte_strides(src, shape)},
                    [](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      if (s[0] == sizeof(U) && s[1] == sizeof(U)) {
                        std::memmove(p[0], p[1], static_cast<size_t>(n) * sizeof(U));
                        return;
                      }
                      for (int64_t i = 0; i < n; ++i)
                        *reinterpret_cast<U*>(p[0] + i * s[0]) = *reinterpret_cast<const U*>(p[1] + i * s[1]);
                    });
  });
}

bool is_non_overlapping_and_dense(const Tensor& t) {
  if (t.is_contiguous()) return true;
  IntArray perm(t.dim());
  for (int64_t d = 0; d < t.dim(); ++d) perm[d] = d;
  // Innermost first: sort dims by stride, size-1 dims do not matter.
  std::sort(perm.begin(), perm.end(), [&](int64_t x, int64_t y) {
    if (t.sizes()[x] < 2) return false;
    if (t.sizes()[y] < 2) return true;
    return t.strides()[x] < t.strides()[y];
  });
  int64_t expected = 1;
  for (int64_t d : perm) {
    int64_t size = t.sizes()[d];
    if (size < 2) return true;
    if (t.strides()[d] != expected) return false;
    expected *= size;
  }
  return true;
}

Tensor empty_like(const Tensor& self, std::optional<DType> dtype) {
  DType dt = dtype.value_or(self.dtype());
  if (self.is_contiguous() || !is_non_overlapping_and_dense(self)) return empty(self.sizes(), dt);
  // Keep the layout: the same strides, over a storage just large enough.
  return empty_strided(self.sizes(), self.strides(), dt);
}

Tensor clone(const Tensor& self) {
  Tensor out = empty_like(self);
  copy_(out, self);
  return out;
}

Tensor contiguous(const Tensor& self) {
  if (self.is_contiguous()) return self;
  Tensor out = empty(self.sizes(), self.dtype());
  copy_(out, self);
  return out;
}

Tensor to(const Tensor& self, DType dtype, bool copy) {
  if (dtype == self.dtype() && !copy) return self;
  Tensor out = empty_like(self, dtype);
  copy_(out, self);
  return out;
}

void fill_(const Tensor& self, Scalar value) {
  dispatch_all(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v = value.to<T>();
    for_each_row<1>(self.sizes(), {self.raw_data()}, {byte_strides(self)},
                    [v](std::array<std::byte*, 1> p, std::array<int64_t, 1> s, int64_t n) {
                      if (s[0] == sizeof(T)) {
                        T* out = reinterpret_cast<T*>(p[0]);
                        for (int64_t i = 0; i < n; ++i) out[i] = v;
                      } else {
                        for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
                      }
                    });
  });
}

Scalar get_element(const Tensor& self, const IntArray& index) {
  int64_t off = self.storage_offset();
  for (size_t d = 0; d < index.size(); ++d) off += index[d] * self.strides()[d];
  return dispatch_all(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return Scalar::from(reinterpret_cast<const T*>(self.storage()->data())[off]);
  });
}

Scalar get_flat(const Tensor& self, int64_t k) {
  IntArray index(self.dim());
  for (int64_t d = self.dim() - 1; d >= 0; --d) {
    int64_t size = self.sizes()[d];
    index[d] = k % size;
    k /= size;
  }
  return get_element(self, index);
}

Scalar item(const Tensor& self) {
  int64_t n = self.numel();
  STRIDELAB_CHECK_VALUE(n == 1, "only one element tensors can be converted to Python scalars");
  return get_flat(self, 0);
}

}  // namespace stridelab::core
