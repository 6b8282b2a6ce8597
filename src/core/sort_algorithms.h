// The unstable sorting algorithms of PyTorch's CPU kernels, written out step for step so that
// every build of stridelab leaves equal elements in the same order:
//
//   sort_algorithms::sort(v.begin(), v.end(), less);             // as libstdc++'s std::sort
//   sort_algorithms::partial_sort(v.begin(), v.begin() + k, v.end(), less);
//   sort_algorithms::nth_element(v.begin(), v.begin() + k, v.end(), less);
//
// NOTE [Order of ties in sort and topk] (sort.cpp) says why the order of ties matters: PyTorch's
// sort and topk give equal values' indices in whatever order the C++ library's std::sort,
// std::partial_sort and std::nth_element leave them, and PyTorch's CPU builds use GNU libstdc++.
// The browser build links LLVM's libc++, whose algorithms order ties differently, so calling
// std::sort there would print other indices than PyTorch. These follow the same steps as
// libstdc++'s: introsort (median-of-three pivot moved to the front, unguarded partition, a heap
// sort past 2·log2(n) levels, runs of up to 16 left to a final insertion sort), heap selection for
// partial_sort, introselect for nth_element. tests/core/sort_algorithms_test.cpp checks them
// against the native build's std:: algorithms on random inputs full of ties.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>

namespace stridelab::core::sort_algorithms {

namespace detail {

constexpr std::ptrdiff_t kInsertionThreshold = 16;

inline int floor_log2(std::ptrdiff_t n) {
  int k = 0;
  while (n > 1) {
    n >>= 1;
    ++k;
  }
  return k;
}

// ---- heaps (a max-heap under comp, root at first) ----

template <class It, class V, class Comp>
void push_heap(It first, std::ptrdiff_t hole, std::ptrdiff_t top, V value, Comp& comp) {
  std::ptrdiff_t parent = (hole - 1) / 2;
  while (hole > top && comp(first[parent], value)) {
    first[hole] = std::move(first[parent]);
    hole = parent;
    parent = (hole - 1) / 2;
  }
  first[hole] = std::move(value);
}

// Moves the hole at `hole` down to a leaf along the larger children, then pushes value up from it.
template <class It, class V, class Comp>
void adjust_heap(It first, std::ptrdiff_t hole, std::ptrdiff_t len, V value, Comp& comp) {
  const std::ptrdiff_t top = hole;
  std::ptrdiff_t child = hole;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (comp(first[child], first[child - 1])) --child;
    first[hole] = std::move(first[child]);
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    first[hole] = std::move(first[child - 1]);
    hole = child - 1;
  }
  detail::push_heap(first, hole, top, std::move(value), comp);
}

template <class It, class Comp>
void make_heap(It first, It last, Comp& comp) {
  const std::ptrdiff_t len = last - first;
  if (len < 2) return;
  for (std::ptrdiff_t parent = (len - 2) / 2;; --parent) {
    auto value = std::move(first[parent]);
    detail::adjust_heap(first, parent, len, std::move(value), comp);
    if (parent == 0) return;
  }
}

// The root goes to *result; what was at *result is sifted into the heap [first, last).
template <class It, class Comp>
void pop_heap(It first, It last, It result, Comp& comp) {
  auto value = std::move(*result);
  *result = std::move(*first);
  detail::adjust_heap(first, 0, last - first, std::move(value), comp);
}

// Leaves the (middle - first) smallest of [first, last) in a heap at [first, middle).
template <class It, class Comp>
void heap_select(It first, It middle, It last, Comp& comp) {
  detail::make_heap(first, middle, comp);
  for (It i = middle; i < last; ++i)
    if (comp(*i, *first)) detail::pop_heap(first, middle, i, comp);
}

template <class It, class Comp>
void sort_heap(It first, It last, Comp& comp) {
  while (last - first > 1) {
    --last;
    detail::pop_heap(first, last, last, comp);
  }
}

// ---- insertion sorts ----

// Moves *last left past every element it is less than; something at or before the front stops it.
template <class It, class Comp>
void unguarded_linear_insert(It last, Comp& comp) {
  auto value = std::move(*last);
  It next = last - 1;
  while (comp(value, *next)) {
    *last = std::move(*next);
    last = next;
    --next;
  }
  *last = std::move(value);
}

template <class It, class Comp>
void insertion_sort(It first, It last, Comp& comp) {
  if (first == last) return;
  for (It i = first + 1; i != last; ++i) {
    if (comp(*i, *first)) {
      auto value = std::move(*i);
      std::move_backward(first, i, i + 1);
      *first = std::move(value);
    } else {
      detail::unguarded_linear_insert(i, comp);
    }
  }
}

template <class It, class Comp>
void final_insertion_sort(It first, It last, Comp& comp) {
  if (last - first > kInsertionThreshold) {
    detail::insertion_sort(first, first + kInsertionThreshold, comp);
    for (It i = first + kInsertionThreshold; i != last; ++i) detail::unguarded_linear_insert(i, comp);
  } else {
    detail::insertion_sort(first, last, comp);
  }
}

// ---- partitioning ----

// Swaps the median of *a, *b, *c into *result.
template <class It, class Comp>
void move_median_to_first(It result, It a, It b, It c, Comp& comp) {
  using std::iter_swap;
  if (comp(*a, *b)) {
    if (comp(*b, *c)) iter_swap(result, b);
    else if (comp(*a, *c)) iter_swap(result, c);
    else iter_swap(result, a);
  } else if (comp(*a, *c)) {
    iter_swap(result, a);
  } else if (comp(*b, *c)) {
    iter_swap(result, c);
  } else {
    iter_swap(result, b);
  }
}

// Hoare partition of [first, last) around *pivot, which lies outside the range and stops both scans.
template <class It, class Comp>
It unguarded_partition(It first, It last, It pivot, Comp& comp) {
  while (true) {
    while (comp(*first, *pivot)) ++first;
    --last;
    while (comp(*pivot, *last)) --last;
    if (!(first < last)) return first;
    std::iter_swap(first, last);
    ++first;
  }
}

template <class It, class Comp>
It partition_around_median(It first, It last, Comp& comp) {
  It mid = first + (last - first) / 2;
  detail::move_median_to_first(first, first + 1, mid, last - 1, comp);
  return detail::unguarded_partition(first + 1, last, first, comp);
}

template <class It, class Comp>
void introsort_loop(It first, It last, int depth_limit, Comp& comp) {
  while (last - first > kInsertionThreshold) {
    if (depth_limit == 0) {
      detail::heap_select(first, last, last, comp);
      detail::sort_heap(first, last, comp);
      return;
    }
    --depth_limit;
    It cut = detail::partition_around_median(first, last, comp);
    detail::introsort_loop(cut, last, depth_limit, comp);
    last = cut;
  }
}

}  // namespace detail

template <class It, class Comp>
void sort(It first, It last, Comp comp) {
  if (first == last) return;
  detail::introsort_loop(first, last, 2 * detail::floor_log2(last - first), comp);
  detail::final_insertion_sort(first, last, comp);
}

template <class It, class Comp>
void partial_sort(It first, It middle, It last, Comp comp) {
  detail::heap_select(first, middle, last, comp);
  detail::sort_heap(first, middle, comp);
}

template <class It, class Comp>
void nth_element(It first, It nth, It last, Comp comp) {
  if (first == last || nth == last) return;
  int depth_limit = 2 * detail::floor_log2(last - first);
  while (last - first > 3) {
    if (depth_limit == 0) {
      detail::heap_select(first, nth + 1, last, comp);
      std::iter_swap(first, nth);  // the nth smallest, at the heap's root, goes to nth
      return;
    }
    --depth_limit;
    It cut = detail::partition_around_median(first, last, comp);
    if (cut <= nth) first = cut;
    else last = cut;
  }
  detail::insertion_sort(first, last, comp);
}

}  // namespace stridelab::core::sort_algorithms
