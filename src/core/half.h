// The two 16-bit floating element types, float16 (IEEE half) and bfloat16, as storage: each keeps
// its bits and converts to and from float the way PyTorch's c10::Half and c10::BFloat16 do.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace stridelab::core {

// NOTE [16-bit floats]
// float16 and bfloat16 tensors store 16-bit values; arithmetic on them runs in float32 and rounds
// each result back (round to nearest even), which is what PyTorch's CPU kernels do element by
// element. A double converts through float, as c10 does (static_cast<Half>(double) goes through its
// float constructor). The kernels that only move elements (copy, index, cat, print, the trace) see
// Half and BFloat16 through dispatch_all(); the arithmetic ones convert to float32 first.
namespace half_detail {
inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
}  // namespace half_detail

struct Half {
  uint16_t bits = 0;
  Half() = default;
  Half(float f) : bits(from_float(f)) {}           // NOLINT: implicit like c10::Half
  Half(double d) : Half(static_cast<float>(d)) {}  // NOLINT
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  Half(I i) : Half(static_cast<float>(i)) {}         // NOLINT
  operator float() const { return to_float(bits); }  // NOLINT
  static uint16_t from_float(float f) {
    using half_detail::float_bits;
    const uint32_t x = float_bits(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) return static_cast<uint16_t>(sign | (ax > 0x7f800000u ? 0x7e00u : 0x7c00u));
    if (ax >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // rounds past 65504: inf
    if (ax < 0x38800000u) {
      // A subnormal half (or zero): the value in units of 2**-24, rounded to nearest even.
      const float a = half_detail::bits_float(ax);
      const float scaled = a * 16777216.0f;  // exact: a power of two
      // Round half to even by hand (the default rounding mode is not assumed).
      auto q = static_cast<uint32_t>(scaled);
      const float rem = scaled - static_cast<float>(q);
      if (rem > 0.5f || (rem == 0.5f && (q & 1u))) ++q;
      return static_cast<uint16_t>(sign | q);
    }
    // Normal: rebias the exponent and round the 13 dropped mantissa bits to nearest even.
    uint32_t m = ax + ((15u - 127u) << 23);
    m += 0xfffu + ((m >> 13) & 1u);
    return static_cast<uint16_t>(sign | (m >> 13));
  }
  static float to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    if (exp == 0x1f) return half_detail::bits_float(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
      const float v = static_cast<float>(man) * 5.9604644775390625e-08f;  // man * 2**-24
      return sign ? -v : v;
    }
    return half_detail::bits_float(sign | ((exp + 112u) << 23) | (man << 13));
  }
};

struct BFloat16 {
  uint16_t bits = 0;
  BFloat16() = default;
  BFloat16(float f) : bits(from_float(f)) {}               // NOLINT: implicit like c10::BFloat16
  BFloat16(double d) : BFloat16(static_cast<float>(d)) {}  // NOLINT
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  BFloat16(I i) : BFloat16(static_cast<float>(i)) {}                                             // NOLINT
  operator float() const { return half_detail::bits_float(static_cast<uint32_t>(bits) << 16); }  // NOLINT
  static uint16_t from_float(float f) {
    if (f != f) return 0x7fc0u;
    const uint32_t x = half_detail::float_bits(f);
    return static_cast<uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
  }
};

}  // namespace stridelab::core

// The limits finfo reports (and the kernels' lowest/max/infinity/quiet_NaN).
template <>
class std::numeric_limits<stridelab::core::Half> {
 public:
  using H = stridelab::core::Half;
  static constexpr bool is_specialized = true, is_signed = true, is_integer = false, has_infinity = true,
                        has_quiet_NaN = true;
  static constexpr int digits = 11;
  static H from_bits(uint16_t b) {
    H h;
    h.bits = b;
    return h;
  }
  static H lowest() { return from_bits(0xfbffu); }
  static H max() { return from_bits(0x7bffu); }
  static H min() { return from_bits(0x0400u); }
  static H epsilon() { return from_bits(0x1400u); }
  static H denorm_min() { return from_bits(0x0001u); }
  static H infinity() { return from_bits(0x7c00u); }
  static H quiet_NaN() { return from_bits(0x7e00u); }
};
template <>
class std::numeric_limits<stridelab::core::BFloat16> {
 public:
  using B = stridelab::core::BFloat16;
  static constexpr bool is_specialized = true, is_signed = true, is_integer = false, has_infinity = true,
                        has_quiet_NaN = true;
  static constexpr int digits = 8;
  static B from_bits(uint16_t b) {
    B h;
    h.bits = b;
    return h;
  }
  static B lowest() { return from_bits(0xff7fu); }
  static B max() { return from_bits(0x7f7fu); }
  static B min() { return from_bits(0x0080u); }
  static B epsilon() { return from_bits(0x3c00u); }
  static B denorm_min() { return from_bits(0x0001u); }
  static B infinity() { return from_bits(0x7f80u); }
  static B quiet_NaN() { return from_bits(0x7fc0u); }
};
