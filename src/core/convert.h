// One value converted between element types as PyTorch's CPU kernels do on x86-64.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

namespace stridelab::core {

// NOTE [Float to int conversion]
// C++ leaves a float-to-integer conversion undefined when the truncated value does not fit (1e308,
// inf, NaN to int64). PyTorch's kernels compile to x86's truncating conversions, which give the
// integer type's minimum ("integer indefinite") for those: torch.tensor([1e308]).long() is
// tensor([-9223372036854775808]) and .int() of NaN is -2147483648. convert() gives that result on
// every target, the wasm build included; in range it is static_cast.
template <class O, class I>
inline O convert(I v) {
  if constexpr (std::is_floating_point_v<I> && std::is_integral_v<O> && !std::is_same_v<O, bool>) {
    constexpr double lo = static_cast<double>(std::numeric_limits<O>::min());
    constexpr double hi = -lo;  // 2**(bits - 1): the first value past the maximum
    const double d = static_cast<double>(v);
    // lo - 1 is exact for int32; for int64 it rounds to lo, whose result is the minimum either way.
    if (!(d > lo - 1.0 && d < hi)) return std::numeric_limits<O>::min();
    return static_cast<O>(d);
  } else {
    return static_cast<O>(v);
  }
}

}  // namespace stridelab::core
