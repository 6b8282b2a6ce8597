// The order TensorIterator walks dims in (PyTorch's TensorIteratorBase::reorder_dimensions), and
// the strides a fresh output gets from it. Elementwise results, reductions, the random fills and
// advanced indexing all use it, so a non-contiguous input gives the same layout and the same
// element order as in PyTorch.
//
// The dims are sorted innermost first by an insertion sort that tolerates "can't tell": for two
// dims, the first operand whose strides differ decides (a stride 0, a broadcast dim, tells
// nothing); on equal strides the larger dim goes outside. A pair nobody can order keeps its
// place, which is why this is not a std::sort.
#pragma once

#include <cstdint>
#include <utility>

#include "core/tensor.h"

namespace stridelab::core {

namespace detail {
inline const IntArray& strides_of(const IntArray& s) { return s; }
inline const IntArray& strides_of(const IntArray* s) { return *s; }
}  // namespace detail

// Whether dim d0 goes outside dim d1 (1), inside it (-1), or nobody can tell (0), by the first of
// `operands` (a range of IntArray or IntArray*, one stride per dim of `shape`) that orders them.
template <class Operands>
int compare_dims_by_strides(const Operands& operands, const IntArray& shape, int64_t d0, int64_t d1) {
  for (const auto& op : operands) {
    const IntArray& s = detail::strides_of(op);
    if (s[d0] == 0 || s[d1] == 0) continue;
    if (s[d0] < s[d1]) return -1;
    if (s[d0] > s[d1]) return 1;
    if (shape[d0] > shape[d1]) return 1;
  }
  return 0;
}

// The permutation of nd dims, innermost first, that should_swap(d0, d1) (the contract of
// compare_dims_by_strides) sorts the reversed dims into.
template <class ShouldSwap>
IntArray reorder_dimensions(int64_t nd, ShouldSwap&& should_swap) {
  IntArray perm(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      int cmp = should_swap(perm[d0], perm[d1]);
      if (cmp > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (cmp < 0) {
        break;
      }
    }
  }
  return perm;
}

// Strides (in elements) of a fresh tensor of `shape` laid out in the order `perm` (innermost
// first): plain contiguous strides when the order is row-major.
inline IntArray strides_in_order(const IntArray& shape, const IntArray& perm) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  bool row_major = true;
  for (int64_t i = 0; i < nd; ++i) row_major = row_major && perm[i] == nd - 1 - i;
  if (row_major) return contiguous_strides(shape);
  IntArray out(static_cast<size_t>(nd));
  int64_t next = 1;
  for (int64_t i = 0; i < nd; ++i) {
    out[perm[i]] = next;
    next *= shape[perm[i]];
  }
  return out;
}

}  // namespace stridelab::core
