// The dtypes the arithmetic kernels are compiled for, and the conversions that bring the others to
// them (NOTE [Small integers computed in int32]).
#pragma once

#include "core/dtype.h"

namespace stridelab::core {

// NOTE [Small integers computed in int32]
// int8, int16 and uint8 have no kernels of their own in the elementwise ops and the reductions:
// their operands are loaded into int32 (sign- or zero-extended, exact), the op runs in int32, and
// a result of the small dtype is stored back truncated to it (copy_, a static_cast: modulo 2^8 or
// 2^16). That gives what a kernel in the small type gives, bit for bit:
//   - + - * (alpha too), the bitwise ops and pow's repeated products wrap: the low 8 or 16 bits of
//     an int32 sum, difference or product depend only on the low bits of the operands, and C++
//     computes int8 and int16 arithmetic in int anyway before it truncates;
//   - neg and abs of the most negative value (-128 gives 128, stored as -128), ~x (the low bits of
//     ~ of the sign- or zero-extension), sign, relu, clamp, min, max and the comparisons see the
//     same values;
//   - floor_divide and remainder: the quotient of two values in range is in range, but for
//     -128 // -1 (128, stored as -128, the wrap of the small kernel); division by zero raises the
//     same error; uint8's values stay non-negative, so the signed rules never fire for them;
//   - the reductions keep their order and their result dtypes (sum and prod of small integers are
//     int64, max and min of int8 are int8, indices are the first occurrences).
// Every value of a small dtype is an int32 value, so a Python number is converted to the small
// dtype first (as the small kernel's operand would be) and widened after. The cost is a copy of
// each operand and of the result, paid only by these rarely used dtypes; each op family's kernels
// exist in five dtypes instead of eight, which is most of what the three dtypes added to the
// served engine (bench/README.md, "Bytes: small integers in int32").
constexpr bool is_small_int(DType d) { return d == DType::Int8 || d == DType::Int16 || d == DType::UInt8; }

// The dtype a kernel computes d in: int32 for the small integers, d itself otherwise.
constexpr DType kernel_dtype(DType d) { return is_small_int(d) ? DType::Int32 : d; }

[[noreturn]] void throw_no_kernel_dtype(DType dtype);

// dispatch() over the kernel dtypes only (bool, int32, int64, float32, float64); the caller has
// widened the small integers (kernel_dtype). Reaching it with another dtype is an internal error.
template <class Fn>
decltype(auto) dispatch_kernel(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::Bool: return fn(TypeTag<bool>{});
    case DType::Int32: return fn(TypeTag<int32_t>{});
    case DType::Int64: return fn(TypeTag<int64_t>{});
    case DType::Float32: return fn(TypeTag<float>{});
    case DType::Float64: break;
    default: throw_no_kernel_dtype(dtype);
  }
  return fn(TypeTag<double>{});
}

// Calls fn(TypeTag<U>{}) with U the unsigned integer of dtype's element size, for the kernels that
// only move elements (where, masked_fill_, gathers): one instantiation per size, not per dtype.
template <class Fn>
decltype(auto) dispatch_bits(DType dtype, Fn&& fn) {
  switch (itemsize(dtype)) {
    case 1: return fn(TypeTag<uint8_t>{});
    case 2: return fn(TypeTag<uint16_t>{});
    case 4: return fn(TypeTag<uint32_t>{});
    default: break;
  }
  return fn(TypeTag<uint64_t>{});
}

}  // namespace stridelab::core
