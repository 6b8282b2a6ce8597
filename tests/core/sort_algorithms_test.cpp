// sort_algorithms.h against the C++ library PyTorch's CPU builds use (GNU libstdc++): the same
// input, full of ties, leaves every element in the same place (NOTE [Order of ties in sort and
// topk]). Only meaningful where std:: is libstdc++, as in the native build.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "core/sort_algorithms.h"

#if defined(__GLIBCXX__)

namespace {

using Item = std::pair<int, int>;  // (value, original position): only the value is compared
bool less_value(const Item& a, const Item& b) { return a.first < b.first; }
bool greater_value(const Item& a, const Item& b) { return a.first > b.first; }

// n items whose values come from a range of `distinct` values (few distinct values: many ties),
// sometimes already sorted or reversed, which are the inputs that make partitions lopsided.
std::vector<Item> make_items(std::mt19937& gen, int n, int distinct, int shape) {
  std::vector<Item> v(static_cast<size_t>(n));
  std::uniform_int_distribution<int> value(0, distinct - 1);
  for (int i = 0; i < n; ++i) v[i] = {value(gen), i};
  if (shape == 1) std::sort(v.begin(), v.end(), less_value);
  if (shape == 2) std::sort(v.begin(), v.end(), greater_value);
  if (shape == 3)  // organ pipe
    for (int i = 0; i < n; ++i) v[i].first = std::min(i, n - 1 - i) % distinct;
  return v;
}

template <class Check>
void for_inputs(Check&& check) {
  std::mt19937 gen(1234);
  for (int n : {0, 1, 2, 3, 4, 5, 15, 16, 17, 18, 31, 32, 33, 40, 50, 64, 100, 257, 1000, 4099})
    for (int distinct : {1, 2, 3, 7, 50, 100000})
      for (int shape = 0; shape < 4; ++shape)
        for (int rep = 0; rep < 3; ++rep) check(make_items(gen, n, distinct, shape));
}

}  // namespace

TEST_CASE("sort_algorithms::sort leaves ties where std::sort does", "[sort]") {
  int compared = 0;
  for_inputs([&](const std::vector<Item>& input) {
    for (auto cmp : {&less_value, &greater_value}) {
      std::vector<Item> ours = input, library = input;
      stridelab::core::sort_algorithms::sort(ours.begin(), ours.end(), cmp);
      std::sort(library.begin(), library.end(), cmp);
      REQUIRE(ours == library);
      ++compared;
    }
  });
  CHECK(compared > 1000);
}

TEST_CASE("sort_algorithms::partial_sort and nth_element match std::", "[sort]") {
  for_inputs([&](const std::vector<Item>& input) {
    const int n = static_cast<int>(input.size());
    for (int k : {0, 1, 2, n / 3, n / 2, n - 1, n}) {
      if (k < 0 || k > n) continue;
      std::vector<Item> ours = input, library = input;
      stridelab::core::sort_algorithms::partial_sort(ours.begin(), ours.begin() + k, ours.end(), greater_value);
      std::partial_sort(library.begin(), library.begin() + k, library.end(), greater_value);
      REQUIRE(ours == library);
      if (k == n) continue;
      ours = input;
      library = input;
      stridelab::core::sort_algorithms::nth_element(ours.begin(), ours.begin() + k, ours.end(), less_value);
      std::nth_element(library.begin(), library.begin() + k, library.end(), less_value);
      REQUIRE(ours == library);
    }
  });
}

#endif
