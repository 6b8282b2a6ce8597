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
//
// The narrow integer types go through a wider one as x86 code does: int8 and int16 through int32
// (torch.tensor([2.0**31 + 7], dtype=torch.float64).to(torch.int16) is 0), uint8 through int64, as
// c10 spells out (-1.5 gives 255, 300.7 gives 44, NaN gives 0). float16 and bfloat16 (Half,
// BFloat16, which convert to float) go through float.
template <class O, class I>
inline O convert(I v) {
  if constexpr (std::is_class_v<I>) {
    return convert<O>(static_cast<float>(v));
  } else if constexpr (std::is_floating_point_v<I> && std::is_integral_v<O> && !std::is_same_v<O, bool> &&
                       sizeof(O) < 4) {
    using Wide = std::conditional_t<std::is_same_v<O, uint8_t>, int64_t, int32_t>;
    return static_cast<O>(convert<Wide>(v));
  } else if constexpr (std::is_floating_point_v<I> && std::is_integral_v<O> && !std::is_same_v<O, bool>) {
    constexpr double lo = static_cast<double>(std::numeric_limits<O>::min());
    constexpr double hi = -lo;  // 2**(bits - 1): the first value past the maximum
    const double d = static_cast<double>(v);
    // lo - 1 is exact for int32; for int64 it rounds to lo, whose result is the minimum either way.
    if (!(d > lo - 1.0 && d < hi)) return std::numeric_limits<O>::min();
    return static_cast<O>(d);
  } else if constexpr (std::is_class_v<O> && !std::is_floating_point_v<I>) {
    return O(static_cast<float>(v));  // bool and integers to float16 / bfloat16: through float
  } else {
    return static_cast<O>(v);
  }
}

}  // namespace stridelab::core
