// sort and topk against PyTorch (record_sort.py): values and indices, with ties in the order
// PyTorch's CPU kernels leave them (NOTE [Order of ties in sort and topk]), NaN, layouts and errors;
// and the scans, triangles and diagonals recorded with them.
#include "core/random.h"
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;
using Pair = std::pair<Tensor, Tensor>;

TEST_CASE("sort and topk match PyTorch", "[core][sort]") {
  auto expected = stridelab::testing::load_expected("core/expected/sort.json");
  const Tensor x = from_values({3.0, 1.0, 2.0, 0.0, -1.0, 5.0}, {2, 3}, DType::Float32);
  // The same random draws as record_sort.py's (the generator matches PyTorch's CPU stream).
  manual_seed(3);
  const Tensor ties = randint(0, 3, {2, 50});
  const Tensor wide = randint(0, 6, {300});
  const double kNan = NAN;
  const Tensor nan = from_values({2.0, kNan, -1.0, kNan, 0.5, 2.0}, {6}, DType::Float32);
  const Tensor b = from_values({true, false, true, false}, {4}, DType::Bool);
  const Tensor s = scalar_tensor(4.0, DType::Float32);
  const Tensor m = reshape(arange(int64_t{1}, int64_t{13}, int64_t{1}, std::nullopt), {3, 4});
  std::map<std::string, std::function<Pair()>> pairs = {
      {"sort", [&] { return sort(x); }},
      {"sort_dim0_desc", [&] { return sort(x, 0, true); }},
      {"sort_t", [&] { return sort(t(x), 1); }},
      {"sort_ties", [&] { return sort(ties); }},
      {"sort_ties_desc", [&] { return sort(ties, -1, true); }},
      {"sort_ties_stable", [&] { return sort(ties, -1, false, true); }},
      {"sort_ties_dim0", [&] { return sort(contiguous(t(ties)), 0); }},
      {"sort_nan", [&] { return sort(nan); }},
      {"sort_nan_desc", [&] { return sort(nan, -1, true); }},
      {"sort_bool", [&] { return sort(b); }},
      {"sort_scalar", [&] { return sort(s); }},
      {"sort_dim_bad", [&] { return sort(x, 2); }},
      {"topk", [&] { return topk(x, 2); }},
      {"topk_small", [&] { return topk(x, 1, 0, false); }},
      {"topk_partial", [&] { return topk(wide, 4); }},
      {"topk_partial_small", [&] { return topk(wide, 4, -1, false); }},
      {"topk_nth", [&] { return topk(wide, 20); }},
      {"topk_nth_small", [&] { return topk(wide, 20, -1, false); }},
      {"topk_ties", [&] { return topk(ties, 7, 1); }},
      {"topk_nan", [&] { return topk(nan, 3); }},
      {"topk_nan_small", [&] { return topk(nan, 3, -1, false); }},
      {"topk_zero", [&] { return topk(x, 0); }},
      {"topk_bad", [&] { return topk(x, 4); }},
      {"topk_bad_neg", [&] { return topk(x, -1); }},
  };
  std::map<std::string, std::function<Tensor()>> singles = {
      {"cumsum", [&] { return cumsum(m, 1); }},
      {"cumsum_t", [&] { return cumsum(t(m), 1); }},
      {"cumsum_bool", [&] { return cumsum(b, 0); }},
      {"cumsum_float", [&] { return cumsum(full({9}, Scalar(0.1), DType::Float32), 0); }},
      {"cumprod", [&] { return cumprod(m, 0); }},
      {"cumprod_double", [&] { return cumprod(x, 1, DType::Float64); }},
      {"cumsum_scalar", [&] { return cumsum(s, 0); }},
      {"cumsum_bad", [&] { return cumsum(m, 2); }},
      {"tril", [&] { return tril(m); }},
      {"triu_k", [&] { return triu(m, 1); }},
      {"tril_t", [&] { return tril(t(m), -1); }},
      {"tril_1d", [&] { return tril(b); }},
      {"diag_1d",
       [&] {
         return diag(from_values({int64_t{1}, int64_t{2}}, {2}, DType::Int64), -1);
       }},
      {"diag_2d", [&] { return diag(m, 1); }},
      {"diag_3d",
       [&] {
         return diag(zeros({2, 2, 2}));
       }},
      {"trace", [&] { return trace(m); }},
      {"trace_float", [&] { return trace(x); }},
      {"trace_1d", [&] { return trace(b); }},
      {"trace_bool",
       [&] {
         return trace(ones({2, 2}, DType::Bool));
       }},
  };
  CHECK(pairs.size() + singles.size() == expected.size());
  for (auto& [id, fn] : pairs) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) {
        check_error(fn, want);
      } else {
        Pair got = fn();
        check_tensor(got.first, want.at("list").as_array()[0], 0);
        check_tensor(got.second, want.at("list").as_array()[1], 0);
      }
    }
  }
  for (auto& [id, fn] : singles) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, 0);
    }
  }
}
