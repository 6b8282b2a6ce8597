// Tensors made from nothing: empty, zeros, arange, ...
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/checked.h"
#include "core/ops.h"

namespace stridelab::core {
namespace {

void check_sizes(const IntArray& sizes) {
  for (int64_t s : sizes)
    STRIDELAB_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", format_int_list(sizes));
}

Tensor new_tensor(IntArray sizes, IntArray strides, uint64_t nbytes, DType dtype) {
  Storage storage = StorageImpl::allocate(nbytes, dtype);
  return Tensor(
      make_tensor_impl(std::move(storage), std::move(sizes), std::move(strides), 0, dtype, make_version_counter()));
}

}  // namespace

Tensor empty_strided(const IntArray& sizes, const IntArray& strides, DType dtype) {
  check_sizes(sizes);
  const uint64_t nbytes = storage_nbytes(sizes, strides, itemsize(dtype));
  return new_tensor(sizes, strides, nbytes, dtype);
}

Tensor empty(const IntArray& sizes, DType dtype) {
  check_sizes(sizes);
  const uint64_t nbytes = storage_nbytes_contiguous(sizes, itemsize(dtype));
  return new_tensor(sizes, contiguous_strides(sizes), nbytes, dtype);
}

Tensor zeros(const IntArray& sizes, DType dtype) {
  Tensor t = empty(sizes, dtype);
  std::fill(t.raw_data(), t.raw_data() + t.nbytes(), std::byte{0});
  return t;
}

Tensor ones(const IntArray& sizes, DType dtype) { return full(sizes, Scalar(int64_t{1}), dtype); }

Tensor full(const IntArray& sizes, Scalar value, DType dtype) {
  Tensor t = empty(sizes, dtype);
  fill_(t, value);
  return t;
}

Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype) {
  DType dt = dtype.value_or(start.is_float() || end.is_float() || step.is_float() ? kDefaultFloat : DType::Int64);
  STRIDELAB_CHECK(dt != DType::Bool, "\"arange_cpu\" not implemented for 'Bool'");
  if (is_reduced_float(dt)) return to(arange(start, end, step, DType::Float32), dt, false);
  // PyTorch checks the bounds in the dtype's accumulate type: int64 for the integer dtypes (so
  // float bounds are truncated first, refused when out of range), double otherwise.
  const bool integral = !is_floating(dt);
  auto to_acc_int = [](const Scalar& v) -> int64_t {
    if (!v.is_float()) return v.to_int();
    const double d = v.to_double();
    // c10's checked conversion: NaN and anything past int64's range (as a double) overflow.
    STRIDELAB_CHECK(!std::isnan(d) && !std::isinf(d) && d >= -0x1p63 && d <= 0x1p63,
                    "value cannot be converted to type int64_t without overflow");
    return d == 0x1p63 ? INT64_MIN : static_cast<int64_t>(d);
  };
  int64_t is = 0, ie = 0, ist = 0;
  double s, e, st;
  if (integral) {
    is = to_acc_int(start), ie = to_acc_int(end), ist = to_acc_int(step);
    s = static_cast<double>(is), e = static_cast<double>(ie), st = static_cast<double>(ist);
  } else {
    s = start.to_double(), e = end.to_double(), st = step.to_double();
  }
  STRIDELAB_CHECK(st != 0, "step must be nonzero");
  STRIDELAB_CHECK(std::isfinite(s) && std::isfinite(e), "unsupported range: ", s, " -> ", e);
  STRIDELAB_CHECK((st > 0 && e >= s) || (st < 0 && e <= s), "upper bound and larger bound inconsistent with step sign");
  // The length: for int64, (end - start + step - sign(step)) / step in int64 arithmetic (which
  // wraps for bounds far apart); for every other dtype, ceil((end - start) / step) in double from
  // the bounds as given.
  double size_d;
  if (dt == DType::Int64) {
    const int64_t sgn = ist > 0 ? 1 : -1;
    const auto wrapped = static_cast<int64_t>(static_cast<uint64_t>(ie) - static_cast<uint64_t>(is) +
                                              static_cast<uint64_t>(ist) - static_cast<uint64_t>(sgn));
    size_d = static_cast<double>(ist == -1 && wrapped == INT64_MIN ? wrapped : wrapped / ist);
  } else {
    size_d = std::ceil((end.to_double() - start.to_double()) / step.to_double());
  }
  STRIDELAB_CHECK(size_d >= 0 && size_d <= static_cast<double>(INT64_MAX), "invalid size, possible overflow?");
  const int64_t n = size_d >= 0x1p63 ? INT64_MAX : static_cast<int64_t>(size_d);
  Tensor t = empty({n}, dt);
  dispatch(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    if constexpr (std::is_floating_point_v<T>) {
      // PyTorch's CPU kernel (the AVX2 build, one thread), value for value. It accumulates in
      // double: element i alone is start + step * i as one fused multiply-add, rounded to T. The
      // elements go in blocks of two 32-byte vectors; each vector's first element is computed so,
      // and lane k of the vector is that first element, already rounded to T, plus k * step (fused
      // again, in double), rounded to T a second time. The tail after the last block goes one by one.
      const double st_d = step.to_double(), s_d = start.to_double();
      const int64_t lanes = 32 / static_cast<int64_t>(sizeof(T));
      int64_t i = 0;
      for (; i + 2 * lanes <= n; i += 2 * lanes) {
        for (int64_t v = i; v < i + 2 * lanes; v += lanes) {
          const T base = static_cast<T>(std::fma(st_d, static_cast<double>(v), s_d));
          p[v] = base;
          for (int64_t l = 1; l < lanes; ++l)
            p[v + l] = static_cast<T>(std::fma(static_cast<double>(l), st_d, static_cast<double>(base)));
        }
      }
      for (; i < n; ++i) p[i] = static_cast<T>(std::fma(st_d, static_cast<double>(i), s_d));
    } else {
      // In int64 (the accumulate type of every integer dtype), wrapping as the hardware does.
      const auto first = static_cast<uint64_t>(is), by = static_cast<uint64_t>(ist);
      for (int64_t i = 0; i < n; ++i)
        p[i] = static_cast<T>(static_cast<int64_t>(first + by * static_cast<uint64_t>(i)));
    }
  });
  return t;
}

// PyTorch's CPU kernel (the AVX2 build), value for value: the first half counts up from start
// and the second half down from end, each element one fused multiply-add (start + step * i,
// end - step * (steps - 1 - i)) in the dtype (in double for integers); elements go in blocks of
// two 32-byte vectors, whose lanes are the vector's first element plus lane * step, rounded twice.
Tensor linspace(double start, double end, int64_t steps, DType dtype) {
  STRIDELAB_CHECK(steps >= 0, "number of steps must be non-negative");
  if (is_reduced_float(dtype)) return to(linspace(start, end, steps, DType::Float32), dtype, false);
  Tensor t = empty({steps}, dtype);
  if (steps == 0) return t;
  dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using S = std::conditional_t<std::is_floating_point_v<T>, T, double>;
    T* p = t.data<T>();
    if (steps == 1) {
      p[0] = static_cast<T>(start);
      return;
    }
    const S first = static_cast<S>(static_cast<T>(start)), last = static_cast<S>(static_cast<T>(end));
    const S step = (last - first) / static_cast<S>(steps - 1);
    const int64_t half = steps / 2;
    auto at = [&](int64_t i) -> S {
      return i < half ? std::fma(step, static_cast<S>(i), first) : std::fma(-step, static_cast<S>(steps - i - 1), last);
    };
    const int64_t lanes = std::max<int64_t>(1, 32 / static_cast<int64_t>(sizeof(T)));
    int64_t i = 0;
    for (; i + 2 * lanes <= steps; i += 2 * lanes) {
      for (int64_t v = i; v < i + 2 * lanes; v += lanes) {
        const T base = static_cast<T>(at(v));
        p[v] = base;
        for (int64_t l = 1; l < lanes; ++l) {
          const S offset = static_cast<S>(l) * step;
          p[v + l] = static_cast<T>(static_cast<S>(base) + offset);
        }
      }
    }
    for (; i < steps; ++i) p[i] = static_cast<T>(at(i));
  });
  return t;
}

Tensor eye(int64_t n, int64_t m, DType dtype) {
  STRIDELAB_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  STRIDELAB_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  Tensor t = zeros({n, m}, dtype);
  dispatch_all(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (int64_t i = 0; i < std::min(n, m); ++i) p[i * m + i] = static_cast<T>(1);
  });
  return t;
}

DType infer_dtype(const std::vector<Scalar>& values) {
  bool all_bool = !values.empty(), any_float = false;
  for (const Scalar& v : values) {
    all_bool = all_bool && v.is_bool();
    any_float = any_float || v.is_float();
  }
  if (any_float || values.empty()) return kDefaultFloat;
  return all_bool ? DType::Bool : DType::Int64;
}

Tensor from_values(const std::vector<Scalar>& values, const IntArray& sizes, DType dtype) {
  STRIDELAB_INTERNAL_ASSERT(numel_of(sizes) == static_cast<int64_t>(values.size()));
  Tensor t = empty(sizes, dtype);
  dispatch_all(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    if constexpr (std::is_integral_v<T> && sizeof(T) < 4 && !std::is_same_v<T, bool>) {
      // c10's checked conversion for the narrow integers: a float must be in range as it is (NaN
      // is not); an int too, except that uint8 takes negative ints down to -255 (wrapping).
      constexpr auto lo = static_cast<int64_t>(std::numeric_limits<T>::lowest());
      constexpr auto hi = static_cast<int64_t>(std::numeric_limits<T>::max());
      for (const Scalar& v : values) {
        bool ok;
        if (v.is_float()) {
          const double d = v.to_double();
          ok = d >= static_cast<double>(lo) && d <= static_cast<double>(hi);
        } else {
          const int64_t i = v.to_int();
          ok = i <= hi && (std::is_signed_v<T> ? i >= lo : i >= -hi);
        }
        STRIDELAB_CHECK(ok, "value cannot be converted to type ", dtype_name(dtype) + 6, " without overflow");
      }
    }
    for (size_t i = 0; i < values.size(); ++i) p[i] = values[i].to<T>();
  });
  return t;
}

Tensor scalar_tensor(Scalar value, DType dtype, bool wrapped_number) {
  Tensor t = empty({}, dtype);
  fill_(t, value);
  t.impl()->wrapped_number_ = wrapped_number;
  return t;
}

}  // namespace stridelab::core
