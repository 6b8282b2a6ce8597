// Reductions: sum mean prod var std norm max min argmax argmin all any, and softmax/log_softmax.
//
// Outputs are contiguous, as PyTorch allocates them. Sums of floats follow PyTorch's order of
// summation (see NOTE [Cascade sum]), so `x.sum().item()` agrees with PyTorch to the last digit in
// the common cases, and is pairwise-accurate in all of them.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/dim_order.h"
#include "core/elementwise_kernels.h"
#include "core/kernel_dtype.h"
#include "core/loops.h"
#include "core/ops.h"

namespace stridelab::core {
namespace {

// ---- dims ----------------------------------------------------------------------------------------

// Which dims of an ndim tensor `dims` reduces (all of them when dims is empty).
std::vector<bool> reduce_mask(const IntArray& dims, int64_t ndim) {
  std::vector<bool> mask(std::max<int64_t>(ndim, 0), dims.empty());
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    if (ndim == 0) continue;
    STRIDELAB_CHECK(!mask[w], "dim ", w, " appears multiple times in the list of dims");
    mask[w] = true;
  }
  return mask;
}

IntArray reduced_shape(const IntArray& sizes, const std::vector<bool>& mask, bool keepdim) {
  IntArray out;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!mask[d]) out.push_back(sizes[d]);
    else if (keepdim) out.push_back(1);
  }
  return out;
}

int64_t reduced_count(const IntArray& sizes, const std::vector<bool>& mask) {
  int64_t n = 1;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (mask[d]) n *= sizes[d];
  return n;
}

// ---- per-output reduction walker ----------------------------------------------------------------

// Splits the input into the dims kept (outer, row-major = the output's order) and the dims
// reduced (inner), and calls fn(k, base) for output element k with base the input element where
// its reduced sub-tensor starts. Inner walks that sub-tensor in row-major order.
struct Walker {
  IntArray outer_sizes, outer_strides;  // in elements
  IntArray inner_sizes, inner_strides;
  int64_t inner_numel = 1;

  Walker(const Tensor& in, const std::vector<bool>& mask) {
    for (int64_t d = 0; d < in.dim(); ++d) {
      if (mask[d]) {
        inner_sizes.push_back(in.sizes()[d]);
        inner_strides.push_back(in.strides()[d]);
        inner_numel *= in.sizes()[d];
      } else {
        outer_sizes.push_back(in.sizes()[d]);
        outer_strides.push_back(in.strides()[d]);
      }
    }
  }

  // fn(k, offset): k-th output element, offset of its first input element (in elements).
  template <class Fn>
  void for_each_output(Fn&& fn) const {
    const int64_t n = numel_of(outer_sizes);
    if (n == 0) return;
    IntArray idx(outer_sizes.size(), 0);
    int64_t off = 0;
    for (int64_t k = 0; k < n; ++k) {
      fn(k, off);
      support::poll_deadline();
      for (int64_t d = static_cast<int64_t>(outer_sizes.size()) - 1; d >= 0; --d) {
        off += outer_strides[d];
        if (++idx[d] < outer_sizes[d]) break;
        off -= outer_strides[d] * outer_sizes[d];
        idx[d] = 0;
      }
    }
  }

  // fn(v, j): the j-th element (row-major) of the reduced sub-tensor starting at base.
  // fn returns false to stop early.
  template <class T, class Fn>
  void for_each_inner(const T* base, Fn&& fn) const {
    if (inner_numel == 0) return;
    const int64_t nd = static_cast<int64_t>(inner_sizes.size());
    if (nd == 0) {
      fn(base[0], int64_t{0});
      return;
    }
    const int64_t last = inner_sizes[nd - 1], ls = inner_strides[nd - 1];
    IntArray idx(nd, 0);
    int64_t off = 0, j = 0;
    // The deadline is polled every kPollChunk elements: an expanded row can hold 10**12.
    constexpr int64_t kPollChunk = 4096;
    for (;;) {
      for (int64_t i0 = 0; i0 < last; i0 += kPollChunk) {
        const int64_t i1 = std::min(last, i0 + kPollChunk);
        for (int64_t i = i0; i < i1; ++i, ++j)
          if (!fn(base[off + i * ls], j)) return;
        support::poll_deadline(static_cast<uint64_t>(i1 - i0));
      }
      int64_t d = nd - 2;
      for (; d >= 0; --d) {
        off += inner_strides[d];
        if (++idx[d] < inner_sizes[d]) break;
        off -= inner_strides[d] * inner_sizes[d];
        idx[d] = 0;
      }
      if (d < 0) return;
    }
  }
};

// ---- sum -------------------------------------------------------------------------------------------
//
// NOTE [Cascade sum]
// PyTorch sums floats in a fixed order that keeps rounding error low (aten's SumKernel.cpp):
//   - The reduction is laid out like any TensorIterator: reduced dims innermost, dims coalesced,
//     and an inner 2-d loop (size0 x size1) over the first two dims.
//   - multi_row_sum adds rows into 4 levels of accumulators: level 0 takes 2^k rows, then is
//     added into level 1, and so on, so each partial sum covers a bounded number of terms.
//   - row_sum splits a row into 4 interleaved partial sums (instruction-level parallelism).
//   - When the reduced dim is contiguous, the row is read as vectors of W lanes (W = 8 floats or
//     4 doubles, AVX2's width), the lanes are summed after the tail, and the tail is added first.
//   - When a kept dim is contiguous, W-wide columns are summed side by side.
// We follow the same order with plain arrays of W lanes (which the compiler vectorises), so a
// sum agrees with PyTorch's bit for bit wherever the layout matches its AVX2 kernels.

// L lanes of T, added lane by lane; a compiler vector type, so each add is one or two SIMD
// instructions whatever the optimisation level.
template <class T, int L>
struct Lanes {
  typedef T V __attribute__((vector_size(sizeof(T) * L)));
  V v;
  void zero() { v = V{}; }
  void add(const Lanes& o) { v += o.v; }
  void add_load(const std::byte* p) {
    V x;
    std::memcpy(&x, p, sizeof x);
    v += x;
  }
  T lane(int l) const { return v[l]; }
};
template <class T>
struct Lanes<T, 1> {
  T v;
  void zero() { v = T(0); }
  void add(const Lanes& o) { v += o.v; }
  void add_load(const std::byte* p) { v += *reinterpret_cast<const T*>(p); }
  T lane(int) const { return v; }
};

int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return std::bit_width(static_cast<uint64_t>(x - 1));
}

template <class T, int L, int R>
void multi_row_sum(const std::byte* in, int64_t row_stride, int64_t col_stride, int64_t size, Lanes<T, L> (&out)[R]) {
  using kernels::static_for;
  constexpr int kLevels = 4;
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(size) / kLevels);
  const int64_t level_step = int64_t{1} << level_power;
  const int64_t level_mask = level_step - 1;
  // Indexed only with compile-time constants (static_for), so level 0 stays in registers.
  Lanes<T, L> acc[kLevels][R];
  static_for<kLevels>([&](auto j) { static_for<R>([&](auto k) { acc[j][k].zero(); }); });
  auto add_row = [&](int64_t i) {
    const std::byte* row = in + i * row_stride;
    static_for<R>([&](auto k) { acc[0][k].add_load(row + k * col_stride); });
  };
  int64_t i = 0;
  for (; i + level_step <= size;) {
    for (int64_t j = 0; j < level_step; ++j, ++i) add_row(i);
    support::poll_deadline(static_cast<uint64_t>(level_step * R));  // NOTE [Deadline polling]
    // Carry level j-1 into level j, as far up as i's bits say.
    bool carry = true;
    static_for<kLevels - 1>([&](auto jm1) {
      constexpr int j = decltype(jm1)::value + 1;
      if (!carry) return;
      static_for<R>([&](auto k) {
        acc[j][k].add(acc[j - 1][k]);
        acc[j - 1][k].zero();
      });
      carry = (i & (level_mask << (j * level_power))) == 0;
    });
  }
  for (; i < size; ++i) add_row(i);
  static_for<kLevels - 1>([&](auto jm1) {
    constexpr int j = decltype(jm1)::value + 1;
    static_for<R>([&](auto k) { acc[0][k].add(acc[j][k]); });
  });
  static_for<R>([&](auto k) { out[k] = acc[0][k]; });
}

template <class T, int L>
Lanes<T, L> row_sum(const std::byte* in, int64_t stride, int64_t size) {
  constexpr int kIlp = 4;
  const int64_t size_ilp = size / kIlp;
  Lanes<T, L> partial[kIlp];
  multi_row_sum<T, L, kIlp>(in, stride * kIlp, stride, size_ilp, partial);
  for (int64_t i = size_ilp * kIlp; i < size; ++i) partial[0].add_load(in + i * stride);
  kernels::static_for<kIlp - 1>([&](auto k) { partial[0].add(partial[k + 1]); });
  return partial[0];
}

template <class T, int L>
void store_add(std::byte* out, int64_t out_stride, int64_t index, const Lanes<T, L>& v) {
  for (int l = 0; l < L; ++l) *reinterpret_cast<T*>(out + (index + l) * out_stride) += v.lane(l);
}

// One 2-d block of a floating-point sum: out[j] += sum_i in[i, j]; strides in bytes.
template <class T>
void cascade_sum_2d(std::byte* out, const std::byte* in, int64_t size0, int64_t size1, int64_t in_s0, int64_t in_s1,
                    int64_t out_s0, int64_t out_s1) {
  constexpr int W = sizeof(T) == 4 ? 8 : 4;
  constexpr int64_t sz = sizeof(T);
  if (out_s0 != 0 && out_s1 == 0) {  // move the reduction to the first dim
    std::swap(in_s0, in_s1);
    std::swap(out_s0, out_s1);
    std::swap(size0, size1);
  }
  if (out_s0 != 0 && out_s1 != 0) {  // nothing reduced: a plain accumulate
    for (int64_t j = 0; j < size1; ++j)
      for (int64_t i = 0; i < size0; ++i)
        *reinterpret_cast<T*>(out + i * out_s0 + j * out_s1) += *reinterpret_cast<const T*>(in + i * in_s0 + j * in_s1);
    return;
  }
  const int64_t out_stride = out_s1;
  if (in_s0 == sz && size0 >= W) {
    // Contiguous inner reduction: W-lane vectors along the row, then the tail, then the lanes.
    const int64_t vec_size = size0 / W;
    for (int64_t j = 0; j < size1; ++j) {
      const std::byte* row = in + j * in_s1;
      Lanes<T, W> v = row_sum<T, W>(row, W * sz, vec_size);
      T acc = 0;
      for (int64_t k = vec_size * W; k < size0; ++k) acc += reinterpret_cast<const T*>(row)[k];
      for (int l = 0; l < W; ++l) acc += v.lane(l);
      *reinterpret_cast<T*>(out + j * out_stride) += acc;
    }
  } else if (in_s1 == sz && size1 >= W) {
    // Contiguous outer reduction: columns side by side, 4 vectors, then 1 vector, then 1 column.
    constexpr int R = 4;
    int64_t j = 0;
    for (; j + R * W <= size1; j += R * W) {
      Lanes<T, W> sums[R];
      multi_row_sum<T, W, R>(in + j * sz, in_s0, W * sz, size0, sums);
      for (int r = 0; r < R; ++r) store_add<T, W>(out, out_stride, j + r * W, sums[r]);
    }
    for (; j + W <= size1; j += W) store_add<T, W>(out, out_stride, j, row_sum<T, W>(in + j * sz, in_s0, size0));
    for (; j < size1; ++j) store_add<T, 1>(out, out_stride, j, row_sum<T, 1>(in + j * sz, in_s0, size0));
  } else if (in_s0 < in_s1) {
    for (int64_t j = 0; j < size1; ++j)
      store_add<T, 1>(out, out_stride, j, row_sum<T, 1>(in + j * in_s1, in_s0, size0));
  } else {
    constexpr int R = 4;
    int64_t j = 0;
    for (; j + R <= size1; j += R) {
      Lanes<T, 1> sums[R];
      multi_row_sum<T, 1, R>(in + j * in_s1, in_s0, in_s1, size0, sums);
      for (int r = 0; r < R; ++r) store_add<T, 1>(out, out_stride, j + r, sums[r]);
    }
    for (; j < size1; ++j) store_add<T, 1>(out, out_stride, j, row_sum<T, 1>(in + j * in_s1, in_s0, size0));
  }
}

// The 2-d sum blocks as plain functions, compiled a second time for AVX2 where the compiler can
// (see STRIDELAB_SIMD_CLONES): the vectors of 8 floats are then single instructions.
STRIDELAB_SIMD_CLONES void sum_block_f32(std::byte* out, const std::byte* in, int64_t size0, int64_t size1,
                                         int64_t in_s0, int64_t in_s1, int64_t out_s0, int64_t out_s1) {
  cascade_sum_2d<float>(out, in, size0, size1, in_s0, in_s1, out_s0, out_s1);
}
STRIDELAB_SIMD_CLONES void sum_block_f64(std::byte* out, const std::byte* in, int64_t size0, int64_t size1,
                                         int64_t in_s0, int64_t in_s1, int64_t out_s0, int64_t out_s1) {
  cascade_sum_2d<double>(out, in, size0, size1, in_s0, in_s1, out_s0, out_s1);
}

// Lays the reduction out as TensorIterator does (output's dims of stride 0, the reduced ones,
// innermost; then by the output's strides; then by the input's), coalesces, and calls
// block(out, in, size0, size1, in_s0, in_s1, out_s0, out_s1) for each 2-d block. `out` is
// contiguous over the kept dims and must start at the reduction's identity.
template <class Block>
void for_each_reduce_block(const Tensor& out, const Tensor& in, const std::vector<bool>& mask, Block&& block) {
  const int64_t nd = in.dim();
  if (in.numel() == 0) return;
  const int64_t isz = static_cast<int64_t>(in.element_size()), osz = static_cast<int64_t>(out.element_size());
  // Output strides (bytes) over the input's dims: contiguous over the kept dims, 0 on reduced ones.
  IntArray ostr(nd, 0), istr(nd, 0);
  {
    int64_t s = osz;
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (mask[d]) continue;
      ostr[d] = s;
      s *= in.sizes()[d];
    }
  }
  for (int64_t d = 0; d < nd; ++d) istr[d] = in.strides()[d] * isz;
  const IntArray& shape = in.sizes();
  const std::array<const IntArray*, 2> operands{&ostr, &istr};
  // Reduced dims (output stride 0) go inside the kept ones.
  IntArray perm = reorder_dimensions(nd, [&](int64_t d0, int64_t d1) {
    if ((ostr[d0] == 0) != (ostr[d1] == 0)) return ostr[d1] == 0 ? 1 : -1;
    return compare_dims_by_strides(operands, shape, d0, d1);
  });
  IntArray sizes(nd), os(nd), is(nd);
  for (int64_t i = 0; i < nd; ++i) {
    sizes[i] = shape[perm[i]];
    os[i] = ostr[perm[i]];
    is[i] = istr[perm[i]];
  }
  // Coalesce neighbours (innermost first) that are contiguous with each other in both operands.
  int64_t kept = nd > 0 ? 1 : 0;
  if (nd > 1) {
    int64_t prev = 0;
    for (int64_t d = 1; d < nd; ++d) {
      bool can =
          sizes[prev] == 1 || sizes[d] == 1 || (sizes[prev] * os[prev] == os[d] && sizes[prev] * is[prev] == is[d]);
      if (can) {
        if (sizes[prev] == 1) {
          os[prev] = os[d];
          is[prev] = is[d];
        }
        sizes[prev] *= sizes[d];
      } else {
        ++prev;
        sizes[prev] = sizes[d];
        os[prev] = os[d];
        is[prev] = is[d];
      }
    }
    kept = prev + 1;
  }
  sizes.resize(kept);
  if (kept == 0) {
    sizes = {1};
    os = {0};
    is = {0};
    kept = 1;
  }
  if (kept == 1) {
    sizes.push_back(1);
    os.push_back(0);
    is.push_back(0);
    kept = 2;
  }
  std::byte* obase = out.raw_data();
  const std::byte* ibase = in.raw_data();
  IntArray counter(kept, 0);
  for (;;) {
    block(obase, ibase, sizes[0], sizes[1], is[0], is[1], os[0], os[1]);
    support::poll_deadline(static_cast<uint64_t>(sizes[0] * sizes[1]));
    int64_t d = 2;
    for (; d < kept; ++d) {
      obase += os[d];
      ibase += is[d];
      if (++counter[d] < sizes[d]) break;
      obase -= os[d] * sizes[d];
      ibase -= is[d] * sizes[d];
      counter[d] = 0;
    }
    if (d >= kept) return;
  }
}

// out (zeroed, dtype T, contiguous) += sum of in (dtype T) over the masked dims.
template <class T>
void sum_into(const Tensor& out, const Tensor& in, const std::vector<bool>& mask) {
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (std::is_same_v<T, float>) for_each_reduce_block(out, in, mask, sum_block_f32);
    else for_each_reduce_block(out, in, mask, sum_block_f64);
  } else {
    // Integer sums are exact (wrapping like PyTorch's): any order gives the same result.
    Walker w(in, mask);
    T* o = out.data<T>();
    const T* base = in.data<T>();
    w.for_each_output([&](int64_t k, int64_t off) {
      T acc = 0;
      w.for_each_inner(base + off, [&](T v, int64_t) {
        acc = kernels::wrap_add(acc, v);
        return true;
      });
      o[k] = acc;
    });
  }
}

// NOTE [16-bit floats]: a reduction of a float16 / bfloat16 tensor runs on a float32 copy and its
// result is rounded back.
Tensor f32(const Tensor& t) { return to(t, DType::Float32); }
// NOTE [Small integers computed in int32]: so does one of an int8, int16 or uint8 tensor on an
// int32 copy.
Tensor i32(const Tensor& t) { return to(t, DType::Int32); }

DType sum_dtype(DType in, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_integral(in, true) ? DType::Int64 : in;
}

// A reduction over `mask` into a new contiguous tensor of the reduced shape.
Tensor new_reduction(const Tensor& self, const std::vector<bool>& mask, bool keepdim, DType dtype) {
  return zeros(reduced_shape(self.sizes(), mask, keepdim), dtype);
}

// ---- max / min ---------------------------------------------------------------------------------

// True when v should replace the current best (strictly better, or a NaN, which wins).
template <class T>
bool better(T v, T best, bool is_max) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(best)) return false;
    if (std::isnan(v)) return true;
  }
  return is_max ? v > best : v < best;
}

Tensor extreme_all(const Tensor& self, bool is_max) {
  const char* name = is_max ? "max" : "min";
  STRIDELAB_CHECK(self.numel() > 0, name,
                  "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
                  "with the 'dim' argument.");
  if (is_reduced_float(self.dtype())) return to(extreme_all(f32(self), is_max), self.dtype());
  if (is_small_int(self.dtype())) return to(extreme_all(i32(self), is_max), self.dtype());
  Tensor out = empty({}, self.dtype());
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    Walker w(self, std::vector<bool>(self.dim(), true));
    const T* base = self.data<T>();
    T best = base[0];
    w.for_each_inner(base, [&](T v, int64_t) {
      if (better(v, best, is_max)) best = v;
      if constexpr (std::is_floating_point_v<T>) return !std::isnan(best);
      return true;
    });
    *out.data<T>() = best;
  });
  return out;
}

// The first index of the max (or min) of a contiguous row, NaN winning: a vectorised pass for
// the value, then a scan for where it first occurs.
template <class T>
STRIDELAB_SIMD_CLONES int64_t best_in_row(const T* row, int64_t n, bool is_max, T* best) {
  T b;
  if (is_max)
    b = kernels::reduce_row(row, n, row[0], [](const auto& m, const auto& v) { return ((v > m) | (v != v)) ? v : m; });
  else
    b = kernels::reduce_row(row, n, row[0], [](const auto& m, const auto& v) { return ((v < m) | (v != v)) ? v : m; });
  *best = b;
  // Skip whole vectors that do not hold it, then find the lane.
  using V = kernels::Vec32<T>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  const bool nan = b != b;
  const V bv = V{} + b;
  int64_t j = 0;
  for (; j + L <= n; j += L) {
    V v;
    std::memcpy(&v, row + j, sizeof v);
    const auto hit = nan ? (v != v) : (v == bv);
    uint64_t words[sizeof hit / sizeof(uint64_t)];
    std::memcpy(words, &hit, sizeof hit);
    uint64_t any = 0;
    for (uint64_t w : words) any |= w;
    if (any) break;
  }
  if (nan) {
    while (row[j] == row[j]) ++j;
  } else {
    while (row[j] != b) ++j;
  }
  *best = row[j];  // the element itself: of 0.0 and -0.0, the first one, as PyTorch keeps it
  return j;
}

// The max (or min) of each column of an n x inner row-major block, and the first row it occurs
// in, NaN winning: the rows are swept in memory order, each updating a row of running best values
// and row numbers (lane-wise compare and select), kColumns columns at a time so that those stay
// in L1. Row numbers are kept as integers of T's width (one lane each), so n must fit in them.
template <bool IsMax, class T>
STRIDELAB_SIMD_CLONES void best_over_rows(const T* x, int64_t n, int64_t inner, T* best, int64_t* index) {
  using I = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  using V = kernels::Vec32<T>;
  using VI = kernels::Vec32<I>;
  constexpr int64_t L = sizeof(V) / sizeof(T);
  constexpr int64_t kColumns = 1024;
  I at[kColumns];
  for (int64_t c0 = 0; c0 < inner; c0 += kColumns) {
    const int64_t c = std::min(kColumns, inner - c0);
    T* b = best + c0;
    std::memcpy(b, x + c0, static_cast<size_t>(c) * sizeof(T));
    std::fill(at, at + c, I(0));
    for (int64_t i = 1; i < n; ++i) {
      const T* row = x + i * inner + c0;
      const VI iv = VI{} + static_cast<I>(i);
      int64_t j = 0;
      for (; j + L <= c; j += L) {
        V xv, bv;
        VI av;
        std::memcpy(&xv, row + j, sizeof xv);
        std::memcpy(&bv, b + j, sizeof bv);
        std::memcpy(&av, at + j, sizeof av);
        // Replace when x is better or NaN, unless the best so far is already NaN.
        VI take = IsMax ? ~(xv <= bv) : ~(xv >= bv);
        if constexpr (std::is_floating_point_v<T>) take &= (bv == bv);
        bv = take ? xv : bv;
        av = take ? iv : av;
        std::memcpy(b + j, &bv, sizeof bv);
        std::memcpy(at + j, &av, sizeof av);
      }
      for (; j < c; ++j)
        if (better(row[j], b[j], IsMax)) {
          b[j] = row[j];
          at[j] = static_cast<I>(i);
        }
    }
    for (int64_t j = 0; j < c; ++j) index[c0 + j] = at[j];
  }
}

std::pair<Tensor, Tensor> extreme_dim(const Tensor& self, int64_t dim, bool keepdim, bool is_max) {
  if (is_reduced_float(self.dtype())) {
    auto [values, indices] = extreme_dim(f32(self), dim, keepdim, is_max);
    return {to(values, self.dtype()), indices};
  }
  if (is_small_int(self.dtype())) {
    auto [values, indices] = extreme_dim(i32(self), dim, keepdim, is_max);
    return {to(values, self.dtype()), indices};
  }
  const char* name = is_max ? "max" : "min";
  const int64_t d = wrap_dim(dim, self.dim());
  std::vector<bool> mask(self.dim(), false);
  if (self.dim() > 0) {
    mask[d] = true;
    STRIDELAB_CHECK_INDEX(self.sizes()[d] > 0, name, "(): Expected reduction dim ", d, " to have non-zero size.");
  }
  IntArray shape = reduced_shape(self.sizes(), mask, keepdim);
  Tensor values = empty(shape, self.dtype()), indices = empty(shape, DType::Int64);
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    Walker w(self, mask);
    const T* base = self.data<T>();
    T* vo = values.data<T>();
    int64_t* io = indices.data<int64_t>();
    if constexpr (!std::is_same_v<T, bool>) {
      if (w.inner_sizes.size() == 1 && w.inner_strides[0] == 1) {
        w.for_each_output(
            [&](int64_t k, int64_t off) { io[k] = best_in_row(base + off, w.inner_numel, is_max, vo + k); });
        return;
      }
      // A contiguous input reduced along another dim than the last: (outer, n, inner) blocks
      // of rows (sizes, not strides: a dim of size 1 may have any stride).
      const int64_t n = self.dim() > 0 ? self.sizes()[d] : 1;
      // (Only for 4- and 8-byte elements, whose row numbers fit in lanes of their width.)
      if (sizeof(T) >= 4 && self.dim() > 1 && d < self.dim() - 1 && self.is_contiguous() &&
          n <= std::numeric_limits<int32_t>::max()) {
        int64_t outer = 1, inner = 1;
        for (int64_t k = 0; k < d; ++k) outer *= self.sizes()[k];
        for (int64_t k = d + 1; k < self.dim(); ++k) inner *= self.sizes()[k];
        for (int64_t o = 0; o < outer; ++o) {
          const T* x = base + o * n * inner;
          if constexpr (sizeof(T) >= 4) {
            if (is_max) best_over_rows<true>(x, n, inner, vo + o * inner, io + o * inner);
            else best_over_rows<false>(x, n, inner, vo + o * inner, io + o * inner);
          }
        }
        return;
      }
    }
    w.for_each_output([&](int64_t k, int64_t off) {
      T best = base[off];
      int64_t at = 0;
      w.for_each_inner(base + off, [&](T v, int64_t j) {
        if (better(v, best, is_max)) {
          best = v;
          at = j;
        }
        if constexpr (std::is_floating_point_v<T>) return !std::isnan(best);
        return true;
      });
      vo[k] = best;
      io[k] = at;
    });
  });
  return {values, indices};
}

Tensor arg_extreme(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "argmax" : "argmin";
  STRIDELAB_CHECK(self.dtype() != DType::Bool, "\"", name, "_cpu\" not implemented for 'Bool'");
  if (is_reduced_float(self.dtype())) return arg_extreme(f32(self), dim, keepdim, is_max);
  if (!dim) {
    STRIDELAB_CHECK_INDEX(self.numel() > 0, name, "(): Expected reduction dim to be specified for input.numel() == 0.");
    Tensor flat = reshape(self, {-1});
    Tensor idx = extreme_dim(flat, 0, false, is_max).second;
    if (!keepdim) return idx;
    Tensor out = empty(IntArray(self.dim(), 1), DType::Int64);  // a new tensor, not a view of idx
    copy_(out, reshape(idx, out.sizes()));
    return out;
  }
  const int64_t d = wrap_dim(*dim, self.dim());
  if (self.dim() > 0)
    STRIDELAB_CHECK_INDEX(self.sizes()[d] > 0, name, "(): Expected reduction dim ", d, " to have non-zero size.");
  return extreme_dim(self, *dim, keepdim, is_max).second;
}

Tensor all_any(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_all) {
  if (is_small_int(self.dtype())) {
    // PyTorch keeps uint8 for all() and any() of a uint8 tensor (its results are 0 and 1).
    Tensor r = all_any(i32(self), dim, keepdim, is_all);
    return self.dtype() == DType::UInt8 ? to(r, DType::UInt8) : r;
  }
  std::vector<bool> mask = dim ? reduce_mask({*dim}, self.dim()) : std::vector<bool>(self.dim(), true);
  Tensor out = empty(reduced_shape(self.sizes(), mask, dim ? keepdim : false), DType::Bool);
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    Walker w(self, mask);
    const T* base = self.data<T>();
    bool* o = out.data<bool>();
    w.for_each_output([&](int64_t k, int64_t off) {
      bool r = is_all;
      w.for_each_inner(base + off, [&](T v, int64_t) {
        if ((v != T(0)) != is_all) r = !is_all;
        return r == is_all;
      });
      o[k] = r;
    });
  });
  return out;
}

// ---- softmax -----------------------------------------------------------------------------------

// y = exp(x - shift) over a contiguous row (y may be x); returns the sum of y.
template <class T>
T exp_row(T* y, const T* x, int64_t n, T shift) {
  if constexpr (std::is_same_v<T, float>) {
    return kernels::exp_f32_row(y, x, n, shift);
  } else {
    T sum = 0;
    for (int64_t i = 0; i < n; ++i) sum += (y[i] = std::exp(x[i] - shift));
    return sum;
  }
}

// softmax / log_softmax of contiguous `in` along dim, seen as (outer, n, inner): for each outer
// index, n rows of `inner` contiguous values. Every step is a loop over a contiguous row (the
// reduced dim itself when inner == 1, else the inner values side by side), in 32-byte vectors.
template <class T>
void softmax_kernel(T* y, const T* x, int64_t outer, int64_t n, int64_t inner, bool log) {
  using kernels::map_row;
  using kernels::map_row2;
  // The larger, NaN winning; works on vectors and scalars alike.
  auto max_nan = [](const auto& m, const auto& v) { return ((v > m) | (v != v)) ? v : m; };
  std::vector<T> mx(static_cast<size_t>(inner)), sum(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    const T* xo = x + o * n * inner;
    T* yo = y + o * n * inner;
    if (inner == 1) {
      // One row: its max, exp(x - max) into y, the sum, then scale (or x - max - log(sum)).
      const T m = kernels::reduce_row(xo, n, -std::numeric_limits<T>::infinity(), max_nan);
      const T total = exp_row(yo, xo, n, m);
      if (log) {
        const T lse = std::log(total);
        map_row(yo, xo, n, [m, lse](const auto& v) { return v - m - lse; });
      } else {
        const T inv = T(1) / total;
        map_row(yo, yo, n, [inv](const auto& v) { return v * inv; });
      }
      continue;
    }
    T* m = mx.data();
    T* total = sum.data();
    std::copy(xo, xo + inner, m);
    for (int64_t k = 1; k < n; ++k) map_row2(m, m, xo + k * inner, inner, max_nan);
    std::fill(total, total + inner, T(0));
    for (int64_t k = 0; k < n; ++k) {
      T* yrow = yo + k * inner;
      map_row2(yrow, xo + k * inner, m, inner, [](const auto& v, const auto& mv) { return v - mv; });
      exp_row(yrow, yrow, inner, T(0));
      map_row2(total, total, yrow, inner, [](const auto& acc, const auto& v) { return acc + v; });
    }
    if (log) {
      for (int64_t i = 0; i < inner; ++i) total[i] = std::log(total[i]);
      for (int64_t k = 0; k < n; ++k) {
        map_row2(yo + k * inner, xo + k * inner, m, inner, [](const auto& v, const auto& mv) { return v - mv; });
        map_row2(yo + k * inner, yo + k * inner, total, inner, [](const auto& v, const auto& l) { return v - l; });
      }
    } else {
      map_row(total, total, inner, [](const auto& v) { return T(1) / v; });
      for (int64_t k = 0; k < n; ++k)
        map_row2(yo + k * inner, yo + k * inner, total, inner, [](const auto& v, const auto& inv) { return v * inv; });
    }
  }
}

STRIDELAB_SIMD_CLONES void softmax_f32(float* y, const float* x, int64_t outer, int64_t n, int64_t inner, bool log) {
  softmax_kernel<float>(y, x, outer, n, inner, log);
}
STRIDELAB_SIMD_CLONES void softmax_f64(double* y, const double* x, int64_t outer, int64_t n, int64_t inner, bool log) {
  softmax_kernel<double>(y, x, outer, n, inner, log);
}

Tensor softmax_impl(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool log) {
  const int64_t d = wrap_dim(dim, self.dim());
  Tensor in = dtype ? to(self, *dtype) : self;
  if (!is_floating(in.dtype()) || in.dtype() == DType::Float16) {
    const bool last = in.dim() == 0 || d == in.dim() - 1;
    const char* kernel =
        last ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl") : "softmax_kernel_impl";
    throw Error(ErrorKind::RuntimeError,
                str("\"", kernel, "\" not implemented for '", scalar_type_name(in.dtype()), "'"));
  }
  if (is_reduced_float(in.dtype())) return to(softmax_impl(f32(in), dim, std::nullopt, log), in.dtype());
  in = contiguous(in);
  Tensor out = empty(in.sizes(), in.dtype());
  if (in.numel() == 0) return out;
  const IntArray& s = in.sizes();
  int64_t outer = 1, inner = 1;
  const int64_t n = in.dim() == 0 ? 1 : s[d];
  for (int64_t k = 0; k < d; ++k) outer *= s[k];
  for (int64_t k = d + 1; k < in.dim(); ++k) inner *= s[k];
  if (in.dtype() == DType::Float32) softmax_f32(out.data<float>(), in.data<float>(), outer, n, inner, log);
  else softmax_f64(out.data<double>(), in.data<double>(), outer, n, inner, log);
  return out;
}

}  // namespace

// ---- public ----------------------------------------------------------------------------------------

Tensor sum(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<DType> dtype) {
  std::vector<bool> mask = reduce_mask(dims, self.dim());
  const DType dt = sum_dtype(self.dtype(), dtype);
  if (is_reduced_float(dt)) return to(sum(f32(self), dims, keepdim, DType::Float32), dt);
  if (is_small_int(dt)) return to(sum(to(self, dt), dims, keepdim, DType::Int32), dt);
  Tensor in = to(self, dt);
  Tensor out = new_reduction(self, mask, keepdim, dt);
  dispatch_kernel(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      Tensor wide = to(in, DType::Int64), acc = zeros(out.sizes(), DType::Int64);
      sum_into<int64_t>(acc, wide, mask);
      copy_(out, acc);
    } else {
      sum_into<T>(out, in, mask);
    }
  });
  return out;
}

Tensor mean(const Tensor& self, const IntArray& dims, bool keepdim, std::optional<DType> dtype) {
  if (dtype) {
    STRIDELAB_CHECK(is_floating(*dtype),
                    "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex "
                    "dtype. Got: ",
                    scalar_type_name(*dtype));
  } else {
    STRIDELAB_CHECK(is_floating(self.dtype()),
                    "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                    "dtype. Got: ",
                    scalar_type_name(self.dtype()));
  }
  std::vector<bool> mask = reduce_mask(dims, self.dim());
  Tensor out = sum(self, dims, keepdim, dtype);
  const int64_t n = reduced_count(self.sizes(), mask);
  binary_(BinaryOp::Div, out, scalar_tensor(n, DType::Int64, true));
  return out;
}

Tensor prod(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  std::vector<bool> mask = dim ? reduce_mask({*dim}, self.dim()) : std::vector<bool>(self.dim(), true);
  const DType dt = sum_dtype(self.dtype(), std::nullopt);
  STRIDELAB_CHECK(!is_reduced_float(dt), "\"prod_cpu\" not implemented for '", scalar_type_name(dt), "'");
  Tensor in = to(self, dt);
  Tensor out = empty(reduced_shape(self.sizes(), mask, dim ? keepdim : false), dt);
  dispatch_kernel(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      Walker w(in, mask);
      const T* base = in.data<T>();
      T* o = out.data<T>();
      w.for_each_output([&](int64_t k, int64_t off) {
        T acc = 1;
        w.for_each_inner(base + off, [&](T v, int64_t) {
          acc = kernels::wrap_mul(acc, v);
          return true;
        });
        o[k] = acc;
      });
    }
  });
  return out;
}

Tensor var(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim) {
  STRIDELAB_CHECK(is_floating(self.dtype()), "std and var only support floating point and complex dtypes");
  if (is_reduced_float(self.dtype())) return to(var(f32(self), dims, correction, keepdim), self.dtype());
  std::vector<bool> mask = reduce_mask(dims, self.dim());
  Tensor out = empty(reduced_shape(self.sizes(), mask, keepdim), self.dtype());
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      Walker w(self, mask);
      const T* base = self.data<T>();
      T* o = out.data<T>();
      const double n = static_cast<double>(w.inner_numel);
      auto one = [&](int64_t off) {
        // Two passes in double: the mean, then the squared deviations.
        double s = 0;
        w.for_each_inner(base + off, [&](T v, int64_t) {
          s += static_cast<double>(v);
          return true;
        });
        const double m = s / n;
        double m2 = 0;
        w.for_each_inner(base + off, [&](T v, int64_t) {
          const double dv = static_cast<double>(v) - m;
          m2 += dv * dv;
          return true;
        });
        const double divisor = std::max(0.0, n - static_cast<double>(correction));
        return static_cast<T>(m2 / divisor);
      };
      if (w.outer_sizes.empty()) {
        o[0] = w.inner_numel == 0 ? std::numeric_limits<T>::quiet_NaN() : one(0);
        return;
      }
      w.for_each_output(
          [&](int64_t k, int64_t off) { o[k] = w.inner_numel == 0 ? std::numeric_limits<T>::quiet_NaN() : one(off); });
    }
  });
  return out;
}

Tensor std(const Tensor& self, const IntArray& dims, int64_t correction, bool keepdim) {
  if (is_reduced_float(self.dtype())) return to(std(f32(self), dims, correction, keepdim), self.dtype());
  Tensor v = var(self, dims, correction, keepdim);
  unary_(UnaryOp::Sqrt, v);
  return v;
}

Tensor norm(const Tensor& self, double p, const IntArray& dims, bool keepdim) {
  STRIDELAB_CHECK(is_floating(self.dtype()), "norm(): input dtype should be either floating point or complex. Got ",
                  scalar_type_name(self.dtype()), " instead.");
  if (self.dtype() == DType::Float16 && p == 2) {
    // float16's 2-norm overflows where its sum of squares does: [200, 200] gives inf.
    Tensor squares =
        to(sum(unary(UnaryOp::Abs, binary(BinaryOp::Mul, f32(self), f32(self))), dims, keepdim), DType::Float16);
    return to(unary(UnaryOp::Sqrt, f32(squares)), DType::Float16);
  }
  if (is_reduced_float(self.dtype())) return to(norm(f32(self), p, dims, keepdim), self.dtype());
  std::vector<bool> mask = reduce_mask(dims, self.dim());
  Tensor out = empty(reduced_shape(self.sizes(), mask, keepdim), self.dtype());
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      Walker w(self, mask);
      const T* base = self.data<T>();
      T* o = out.data<T>();
      auto one = [&](int64_t off) -> T {
        double acc = 0;
        if (std::isinf(p)) {
          acc = p > 0 ? 0.0 : std::numeric_limits<double>::infinity();
          bool first = true;
          w.for_each_inner(base + off, [&](T v, int64_t) {
            double a = std::fabs(static_cast<double>(v));
            if (std::isnan(a)) acc = a;
            else if (!std::isnan(acc)) acc = first ? a : (p > 0 ? std::max(acc, a) : std::min(acc, a));
            first = false;
            return true;
          });
          return static_cast<T>(acc);
        }
        w.for_each_inner(base + off, [&](T v, int64_t) {
          double a = std::fabs(static_cast<double>(v));
          if (p == 0) acc += a != 0 ? 1.0 : 0.0;
          else if (p == 1) acc += a;
          else if (p == 2) acc += a * a;
          else acc += std::pow(a, p);
          return true;
        });
        if (p == 0 || p == 1) return static_cast<T>(acc);
        if (p == 2) return static_cast<T>(std::sqrt(acc));
        return static_cast<T>(std::pow(acc, 1.0 / p));
      };
      if (w.outer_sizes.empty()) {
        o[0] = one(0);
        return;
      }
      w.for_each_output([&](int64_t k, int64_t off) { o[k] = one(off); });
    }
  });
  return out;
}

// ---- amax amin logsumexp trace ------------------------------------------------------------------

namespace {

// PyTorch's zero_numel_check_dims: a reduction without an identity needs elements to reduce.
void check_nonempty_reduction(const Tensor& self, const IntArray& dims, const char* name) {
  if (self.numel() != 0) return;
  STRIDELAB_CHECK(!dims.empty(), name,
                  ": Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
                  "the 'dim' argument.");
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, self.dim());
    STRIDELAB_CHECK_INDEX(self.dim() == 0 || self.sizes()[w] != 0, name, ": Expected reduction dim ", w,
                          " to have non-zero size.");
  }
}

Tensor extreme_dims(const Tensor& self, const IntArray& dims, bool keepdim, bool is_max) {
  check_nonempty_reduction(self, dims, is_max ? "amax()" : "amin()");
  if (is_reduced_float(self.dtype())) return to(extreme_dims(f32(self), dims, keepdim, is_max), self.dtype());
  if (is_small_int(self.dtype())) return to(extreme_dims(i32(self), dims, keepdim, is_max), self.dtype());
  std::vector<bool> mask = reduce_mask(dims, self.dim());
  Tensor out = empty(reduced_shape(self.sizes(), mask, keepdim), self.dtype());
  dispatch_kernel(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    Walker w(self, mask);
    const T* base = self.data<T>();
    T* o = out.data<T>();
    w.for_each_output([&](int64_t k, int64_t off) {
      T best = base[off];
      w.for_each_inner(base + off, [&](T v, int64_t) {
        if (better(v, best, is_max)) best = v;
        return true;
      });
      o[k] = best;
    });
  });
  return out;
}

}  // namespace

Tensor amax(const Tensor& self, const IntArray& dims, bool keepdim) { return extreme_dims(self, dims, keepdim, true); }
Tensor amin(const Tensor& self, const IntArray& dims, bool keepdim) { return extreme_dims(self, dims, keepdim, false); }

// PyTorch's composite: maxes = amax(x, dims, keepdim=True) with infinite maxes zeroed, then
// log(sum(exp(x - maxes))) + maxes; integer inputs in the default float dtype.
Tensor logsumexp(const Tensor& self, const IntArray& dims, bool keepdim) {
  const Tensor x = is_floating(self.dtype()) ? self : to(self, kDefaultFloat);
  if (x.numel() == 0) {
    Tensor r = sum(unary(UnaryOp::Exp, x), dims, keepdim);
    unary_(UnaryOp::Log, r);
    return r;
  }
  Tensor maxes = amax(x, dims, true);
  const Tensor inf = scalar_tensor(Scalar(std::numeric_limits<double>::infinity()), DType::Float64, true);
  masked_fill_(maxes, binary(BinaryOp::Eq, unary(UnaryOp::Abs, maxes), inf), Scalar(0.0));
  Tensor r = sum(unary(UnaryOp::Exp, binary(BinaryOp::Sub, x, maxes)), dims, keepdim);
  unary_(UnaryOp::Log, r);
  const Tensor m = keepdim ? maxes : reshape(maxes, r.sizes());
  binary_(BinaryOp::Add, r, m);
  return r;
}

Tensor trace(const Tensor& self) {
  // The dtype dispatch comes first in PyTorch's kernel, then the shape check.
  STRIDELAB_CHECK(self.dtype() != DType::Bool, "\"trace\" not implemented for 'Bool'");
  STRIDELAB_CHECK(self.dim() == 2, "trace: expected a matrix, but got tensor with dim ", self.dim());
  const DType dt = sum_dtype(self.dtype(), std::nullopt);
  Tensor out = empty({}, dt);
  const Tensor in = is_small_int(self.dtype()) ? i32(self) : self;
  dispatch_kernel(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Accumulated in double (floats) or int64, as PyTorch's acc_type on the CPU.
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;
    const int64_t n = std::min(in.sizes()[0], in.sizes()[1]), step = in.strides()[0] + in.strides()[1];
    const T* p = in.data<T>();
    Acc acc = 0;
    for (int64_t i = 0; i < n; ++i) acc += static_cast<Acc>(p[i * step]);
    dispatch_kernel(dt, [&](auto otag) {
      *out.data<typename decltype(otag)::type>() = static_cast<typename decltype(otag)::type>(acc);
    });
  });
  return out;
}

// ---- cumsum cumprod ------------------------------------------------------------------------------

namespace {

// Running sums or products along dim, accumulated in double for floats (PyTorch's CPU acc_type)
// and stored after each step; integers and bools scan in int64 (or the dtype asked for).
Tensor scan(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool product) {
  const int64_t d = wrap_dim(dim, self.dim());
  const DType dt = sum_dtype(self.dtype(), dtype);
  STRIDELAB_CHECK(dt != DType::Bool && dt != DType::Float16, "\"", product ? "cumprod" : "cumsum",
                  "_out_cpu\" not implemented for '", scalar_type_name(dt), "'");
  if (is_reduced_float(dt)) return to(scan(f32(self), dim, DType::Float32, product), dt);
  if (is_small_int(dt)) return to(scan(to(self, dt), dim, DType::Int32, product), dt);
  if (self.dim() == 0) return to(self, dt, true);
  Tensor rows = contiguous(movedim(to(self, dt), {d}, {-1}));
  Tensor out = empty(rows.sizes(), dt);
  const int64_t n = self.sizes()[d], count = n == 0 ? 0 : rows.numel() / n;
  dispatch_kernel(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;
      const T* in = rows.data<T>();
      T* o = out.data<T>();
      for (int64_t r = 0; r < count; ++r) {
        Acc acc = product ? 1 : 0;
        for (int64_t i = 0; i < n; ++i) {
          const Acc v = static_cast<Acc>(in[r * n + i]);
          if constexpr (std::is_integral_v<Acc>) acc = product ? kernels::wrap_mul(acc, v) : kernels::wrap_add(acc, v);
          else acc = product ? acc * v : acc + v;
          o[r * n + i] = static_cast<T>(acc);
        }
      }
    }
  });
  // A fresh result, never a view of the scratch rows (movedim back is a view when d is last).
  Tensor result = empty(self.sizes(), dt);
  copy_(result, movedim(out, {-1}, {d}));
  return result;
}

}  // namespace

Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype) { return scan(self, dim, dtype, false); }
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype) { return scan(self, dim, dtype, true); }

Tensor max(const Tensor& self) { return extreme_all(self, true); }
Tensor min(const Tensor& self) { return extreme_all(self, false); }
std::pair<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim) {
  return extreme_dim(self, dim, keepdim, true);
}
std::pair<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim) {
  return extreme_dim(self, dim, keepdim, false);
}
Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme(self, dim, keepdim, true);
}
Tensor argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme(self, dim, keepdim, false);
}
Tensor all(const Tensor& self, std::optional<int64_t> dim, bool keepdim) { return all_any(self, dim, keepdim, true); }
Tensor any(const Tensor& self, std::optional<int64_t> dim, bool keepdim) { return all_any(self, dim, keepdim, false); }

Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return softmax_impl(self, dim, dtype, false);
}
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return softmax_impl(self, dim, dtype, true);
}

}  // namespace stridelab::core
