// Overflow-checked arithmetic for sizes, strides, offsets and byte counts, as c10 does it
// (c10::mul_overflows, safe_compute_numel, computeStorageNbytes): a product or sum that does not
// fit is refused with PyTorch's own error, never wrapped or left undefined.
#pragma once

#include <cstdint>

#include "core/tensor.h"

namespace stridelab::core {

// True when a * b (a + b) does not fit in T; *out gets the result modulo 2**bits either way.
template <class T>
inline bool mul_overflows(T a, T b, T* out) {
  return __builtin_mul_overflow(a, b, out);
}
template <class T>
inline bool add_overflows(T a, T b, T* out) {
  return __builtin_add_overflow(a, b, out);
}

// a * b and a + b as int64 arithmetic wraps in two's complement, for the places where PyTorch's
// own arithmetic wraps and its error names the wrapped value (repeat's sizes, cat's size).
inline int64_t wrapping_mul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
inline int64_t wrapping_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// The product of sizes, multiplied unsigned and required to fit int64 (a negative size overflows
// unless a 0 follows it); RuntimeError "numel: integer multiplication overflow" otherwise.
int64_t checked_numel(const IntArray& sizes);

// Bytes a contiguous tensor of these sizes needs; RuntimeError "Storage size calculation
// overflowed with sizes=[...]" when that does not fit 64 bits.
uint64_t storage_nbytes_contiguous(const IntArray& sizes, uint64_t itemsize);

// Bytes a tensor of these sizes and strides needs from cell `offset` of its storage (0 when it has
// no element); RuntimeError "Storage size calculation overflowed with sizes=[...] and strides=[...]"
// when that does not fit 64 bits.
uint64_t storage_nbytes(const IntArray& sizes, const IntArray& strides, uint64_t itemsize, int64_t offset = 0);

}  // namespace stridelab::core
