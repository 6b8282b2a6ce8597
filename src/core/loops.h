// The strided loop every kernel is built on.
//
// for_each_row walks N operands that share one iteration shape, each with its own byte strides
// (0 along broadcast dims), and calls a kernel on each innermost row:
//
//   // out = a + b, all float, already broadcast to `shape`
//   for_each_row<3>(shape, {out.raw_data(), a.raw_data(), b.raw_data()},
//                   {byte_strides(out), byte_strides(a, shape), byte_strides(b, shape)},
//                   [](std::array<std::byte*, 3> p, std::array<int64_t, 3> s, int64_t n) {
//                     for (int64_t i = 0; i < n; ++i)
//                       *(float*)(p[0] + i * s[0]) = *(float*)(p[1] + i * s[1]) + *(float*)(p[2] + i * s[2]);
//                   });
//
// Before looping it drops dims of size 1 and merges neighbouring dims that are contiguous with
// each other in every operand, so a contiguous tensor of any shape is one row, and a kernel's
// fast path is a plain loop the compiler can vectorise (check s[k] == sizeof(T)).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/tensor.h"
#include "support/budget.h"

namespace stridelab::core {

// Byte strides of t, broadcast to `shape` (stride 0 along dims t lacks or has size 1 in).
IntArray byte_strides(const Tensor& t, const IntArray& shape);
inline IntArray byte_strides(const Tensor& t) { return byte_strides(t, t.sizes()); }

template <size_t N, class Fn>
void for_each_row(const IntArray& shape, std::array<std::byte*, N> data, const std::array<IntArray, N>& strides,
                  Fn&& fn) {
  for (int64_t s : shape)
    if (s == 0) return;
  // Coalesce, innermost first. dims[] holds the kept dims from innermost outward.
  struct Dim {
    int64_t size;
    std::array<int64_t, N> stride;
  };
  Dim dims[64];
  int nd = 0;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 1) continue;
    Dim cur{shape[d], {}};
    for (size_t k = 0; k < N; ++k) cur.stride[k] = strides[k][d];
    if (nd > 0) {
      Dim& in = dims[nd - 1];
      bool mergeable = true;
      for (size_t k = 0; k < N; ++k) mergeable = mergeable && cur.stride[k] == in.stride[k] * in.size;
      if (mergeable) {
        in.size *= cur.size;
        continue;
      }
    }
    dims[nd++] = cur;
  }
  if (nd == 0) {
    std::array<int64_t, N> zero{};
    fn(data, zero, int64_t{1});
    return;
  }
  // Rows go to fn in pieces of at most kPollChunk elements, and the run's deadline is polled
  // between them (NOTE [Deadline polling] in support/budget.h): an expanded tensor's one row can
  // hold 10**12 elements.
  constexpr int64_t kPollChunk = int64_t{1} << 16;
  auto row = [&fn](std::array<std::byte*, N> p, const std::array<int64_t, N>& stride, int64_t n) {
    while (n > kPollChunk) {
      fn(p, stride, kPollChunk);
      support::poll_deadline(kPollChunk);
      for (size_t k = 0; k < N; ++k) p[k] += stride[k] * kPollChunk;
      n -= kPollChunk;
    }
    fn(p, stride, n);
    support::poll_deadline(static_cast<uint64_t>(n));
  };
  const Dim& inner = dims[0];
  if (nd == 1) {
    row(data, inner.stride, inner.size);
    return;
  }
  int64_t counter[64] = {};
  std::array<std::byte*, N> ptr = data;
  for (;;) {
    row(ptr, inner.stride, inner.size);
    int d = 1;
    for (; d < nd; ++d) {
      ++counter[d];
      for (size_t k = 0; k < N; ++k) ptr[k] += dims[d].stride[k];
      if (counter[d] < dims[d].size) break;
      for (size_t k = 0; k < N; ++k) ptr[k] -= dims[d].stride[k] * dims[d].size;
      counter[d] = 0;
    }
    if (d == nd) return;
  }
}

// Calls fn(offset) for the storage cell (in elements, from the storage's start) of every element
// of t, in row-major logical order.
template <class Fn>
void for_each_cell(const Tensor& t, Fn&& fn) {
  const int64_t nd = t.dim();
  if (t.numel() == 0) return;
  IntArray idx(nd, 0);
  int64_t off = t.storage_offset();
  for (;;) {
    fn(off);
    support::poll_deadline();
    int64_t d = nd - 1;
    for (; d >= 0; --d) {
      off += t.strides()[d];
      if (++idx[d] < t.sizes()[d]) break;
      off -= t.strides()[d] * t.sizes()[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace stridelab::core
