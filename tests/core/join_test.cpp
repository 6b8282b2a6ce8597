// cat, stack, repeat and flip against PyTorch (record_join.py): sizes, strides (contiguous or
// channels-last), dtype promotion, values and errors.
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;
using Cases = std::map<std::string, std::function<Tensor()>>;

namespace {

Tensor range_of(int64_t n, IntArray sizes, DType dtype = DType::Int64) {
  return clone(reshape(arange(int64_t{0}, n, int64_t{1}, dtype), sizes));
}

}  // namespace

TEST_CASE("cat, stack, repeat, flip match PyTorch", "[core][join]") {
  auto expected = stridelab::testing::load_expected("core/expected/join.json");
  const Tensor x = range_of(6, {2, 3});
  const Tensor f = range_of(6, {2, 3}, DType::Float32);
  const Tensor y = range_of(8, {2, 4});
  const Tensor b = range_of(24, {2, 3, 4});
  const Tensor s = scalar_tensor(int64_t{5}, DType::Int64);
  const Tensor e = zeros({0});
  const Tensor cl = permute(range_of(120, {2, 4, 5, 3}, DType::Float32), {0, 3, 1, 2});
  const Tensor xb = to(x, DType::Bool), xi = to(x, DType::Int32), fd = to(f, DType::Float64);
  const std::optional<int64_t> all;
  auto z = [](IntArray sizes, DType dtype = DType::Float32) { return zeros(sizes, dtype); };
  auto s1 = [](const Tensor& t) { return slice(slice(t, 2, 0, 1), 3, 0, 1); };  // t[:, :, :1, :1]
  Cases cases = {
      {"cat_0",
       [&] {
         return cat({x, x});
       }},
      {"cat_1",
       [&] {
         return cat({x, x}, 1);
       }},
      {"cat_neg",
       [&] {
         return cat({x, x}, -1);
       }},
      {"cat_sizes",
       [&] {
         return cat({x, y}, 1);
       }},
      {"cat_sizes_bad",
       [&] {
         return cat({x, y});
       }},
      {"cat_sizes_bad2",
       [&] {
         return cat({x, x, y}, 0);
       }},
      {"cat_sizes_bad_t",
       [&] {
         return cat({x, t(x)}, 1);
       }},
      {"cat_3d_bad",
       [&] {
         return cat({z({2, 1, 3}), z({3, 1, 3})}, 1);
       }},
      {"cat_promote",
       [&] {
         return cat({x, f});
       }},
      {"cat_promote_1",
       [&] {
         return cat({f, x}, 1);
       }},
      {"cat_bool",
       [&] {
         return cat({x, xb});
       }},
      {"cat_int_bool",
       [&] {
         return cat({xi, xb});
       }},
      {"cat_int_long",
       [&] {
         return cat({xi, x});
       }},
      {"cat_double",
       [&] {
         return cat({f, fd});
       }},
      {"cat_bools",
       [&] {
         return cat({xb, xb});
       }},
      {"cat_empty_list", [&] { return cat({}); }},
      {"cat_zero_dim",
       [&] {
         return cat({s, s});
       }},
      {"cat_zero_dim_1",
       [&] {
         return cat({x, s});
       }},
      {"cat_zero_dim_first",
       [&] {
         return cat({s, s}, 5);
       }},
      {"cat_skip_empty",
       [&] {
         return cat({x, e});
       }},
      {"cat_skip_empty_first",
       [&] {
         return cat({e, x});
       }},
      {"cat_all_empty",
       [&] {
         return cat({e, e});
       }},
      {"cat_all_empty_dim",
       [&] {
         return cat({e, e}, 7);
       }},
      {"cat_skip_empty_1",
       [&] {
         return cat({e, x, e}, 1);
       }},
      {"cat_skip_promotes",
       [&] {
         return cat({e, xi});
       }},
      {"cat_skip_long",
       [&] {
         return cat({x, z({0}, DType::Int64)}, 1);
       }},
      {"cat_skip_double",
       [&] {
         return cat({xi, z({0}, DType::Float64)}, 1);
       }},
      {"cat_empty_rows",
       [&] {
         return cat({x, z({0, 3}, DType::Int64)});
       }},
      {"cat_empty_cols_bad",
       [&] {
         return cat({x, z({2, 0}, DType::Int64)});
       }},
      {"cat_empty_2d",
       [&] {
         return cat({z({0, 3}), z({0, 3})});
       }},
      {"cat_empty_2d_bad",
       [&] {
         return cat({z({0, 3}), z({0, 4})});
       }},
      {"cat_empty_mid",
       [&] {
         return cat({z({2, 0, 3}), z({2, 1, 3})}, 1);
       }},
      {"cat_dim_bad",
       [&] {
         return cat({x, x}, 2);
       }},
      {"cat_dim_bad_neg",
       [&] {
         return cat({x, x}, -3);
       }},
      {"cat_dim_bad_skip",
       [&] {
         return cat({e, x}, 5);
       }},
      {"cat_ndim_bad",
       [&] {
         return cat({x, select(x, 0, 0)});
       }},
      {"cat_ndim_bad2",
       [&] {
         return cat({select(x, 0, 0), x});
       }},
      {"cat_ndim_bad3",
       [&] {
         return cat({x, z({2, 3, 1}, DType::Int64)});
       }},
      {"cat_t",
       [&] {
         return cat({t(x), t(x)});
       }},
      {"cat_t_1",
       [&] {
         return cat({t(x), t(x)}, 1);
       }},
      {"cat_t_y",
       [&] {
         return cat({t(x), t(y)});
       }},
      {"cat_three",
       [&] {
         return cat({x, y, x}, 1);
       }},
      {"cat_one", [&] { return cat({x}); }},
      {"cat_one_empty", [&] { return cat({e}); }},
      {"cat_slices",
       [&] {
         return cat({slice(x, 1, all, 2), slice(x, 1, 1, all)}, 0);
       }},
      {"cat_permuted",
       [&] {
         return cat({permute(b, {2, 0, 1}), permute(b, {2, 0, 1})}, 1);
       }},
      {"cat_expanded",
       [&] {
         Tensor ex = expand(unsqueeze(x, 1), {2, 2, 3});
         return cat({ex, ex}, 1);
       }},
      {"cat_channels_last",
       [&] {
         return cat({cl, cl}, 1);
       }},
      {"cat_channels_last_0",
       [&] {
         return cat({cl, cl}, 0);
       }},
      {"cat_channels_last_mixed",
       [&] {
         return cat({cl, contiguous(cl)}, 1);
       }},
      {"cat_channels_last_skip",
       [&] {
         return cat({e, cl, cl}, 0);
       }},
      {"cat_channels_last_1x1",
       [&] {
         return cat({s1(cl), s1(cl)}, 1);
       }},
      {"cat_size1_dims",
       [&] {
         return cat({z({2, 1, 1, 1}), z({2, 1, 1, 1})});
       }},
      {"cat_not_channels_last",
       [&] {
         Tensor p = permute(z({1, 2, 3, 4}), {0, 2, 3, 1});
         return cat({p, p});
       }},
      {"cat_b_2",
       [&] {
         return cat({b, b}, 2);
       }},
      {"cat_b_neg2",
       [&] {
         return cat({b, slice(b, 1, all, 1)}, -2);
       }},
      {"stack_0",
       [&] {
         return stack({x, x});
       }},
      {"stack_1",
       [&] {
         return stack({x, x}, 1);
       }},
      {"stack_2",
       [&] {
         return stack({x, x}, 2);
       }},
      {"stack_neg",
       [&] {
         return stack({x, x}, -1);
       }},
      {"stack_dim_bad",
       [&] {
         return stack({x, x}, 3);
       }},
      {"stack_dim_bad_neg",
       [&] {
         return stack({x, x}, -4);
       }},
      {"stack_sizes_bad",
       [&] {
         return stack({x, y});
       }},
      {"stack_sizes_bad_1d",
       [&] {
         return stack({select(x, 0, 0), select(y, 0, 0)});
       }},
      {"stack_sizes_bad_last",
       [&] {
         return stack({x, y}, 2);
       }},
      {"stack_sizes_bad_2",
       [&] {
         return stack({x, x, y}, 1);
       }},
      {"stack_ndim_bad",
       [&] {
         return stack({s, ones({1}, DType::Int64)});
       }},
      {"stack_empty_list", [&] { return stack({}); }},
      {"stack_scalars",
       [&] {
         return stack({s, s});
       }},
      {"stack_promote",
       [&] {
         return stack({x, f});
       }},
      {"stack_promote3",
       [&] {
         return stack({x, f, xb}, 1);
       }},
      {"stack_empty",
       [&] {
         return stack({e, e});
       }},
      {"stack_empty_2d",
       [&] {
         return stack({z({0, 3}), z({0, 3})}, 1);
       }},
      {"stack_t",
       [&] {
         return stack({t(x), t(x)});
       }},
      {"stack_t_2",
       [&] {
         return stack({t(x), t(x)}, 2);
       }},
      {"stack_t_bad",
       [&] {
         return stack({x, t(x)});
       }},
      {"stack_channels_last_0",
       [&] {
         return stack({cl, cl}, 0);
       }},
      {"stack_channels_last_1",
       [&] {
         return stack({cl, cl}, 1);
       }},
      {"stack_channels_last_4",
       [&] {
         return stack({cl, cl}, 4);
       }},
      {"stack_perm",
       [&] {
         return stack({permute(b, {1, 2, 0}), permute(b, {1, 2, 0})}, 3);
       }},
      {"stack_dim_bad_sizes",
       [&] {
         return stack({x, z({3})}, 3);
       }},
      {"repeat_2_2",
       [&] {
         return repeat(x, {2, 2});
       }},
      {"repeat_new_dims",
       [&] {
         return repeat(x, {1, 2, 3});
       }},
      {"repeat_lead",
       [&] {
         return repeat(x, {2, 1, 1, 1});
       }},
      {"repeat_zero",
       [&] {
         return repeat(x, {0, 2});
       }},
      {"repeat_negative",
       [&] {
         return repeat(x, {-1, 2});
       }},
      {"repeat_few", [&] { return repeat(x, {2}); }},
      {"repeat_scalar", [&] { return repeat(s, {3}); }},
      {"repeat_scalar_none", [&] { return repeat(s, {}); }},
      {"repeat_t",
       [&] {
         return repeat(t(x), {2, 1});
       }},
      {"repeat_empty", [&] { return repeat(e, {3}); }},
      {"repeat_ones",
       [&] {
         return repeat(x, {1, 1});
       }},
      {"repeat_bool",
       [&] {
         return repeat(xb, {2, 3});
       }},
      {"repeat_float",
       [&] {
         return repeat(f, {3, 1});
       }},
      {"repeat_slice",
       [&] {
         return repeat(slice(slice(b, 1, 1, all), 2, all, all, 2), {1, 2, 2});
       }},
      {"repeat_expanded",
       [&] {
         return repeat(expand(select(x, 0, 0), {2, 3}), {2, 1});
       }},
      {"flip_0", [&] { return flip(x, {0}); }},
      {"flip_1", [&] { return flip(x, {1}); }},
      {"flip_both",
       [&] {
         return flip(x, {0, 1});
       }},
      {"flip_neg", [&] { return flip(x, {-1}); }},
      {"flip_dup",
       [&] {
         return flip(x, {0, 0});
       }},
      {"flip_dup_neg",
       [&] {
         return flip(x, {0, -2});
       }},
      {"flip_dim_bad", [&] { return flip(x, {2}); }},
      {"flip_none", [&] { return flip(x, {}); }},
      {"flip_scalar", [&] { return flip(s, {0}); }},
      {"flip_scalar_none", [&] { return flip(s, {}); }},
      {"flip_t", [&] { return flip(t(x), {0}); }},
      {"flip_permuted",
       [&] {
         return flip(permute(b, {2, 0, 1}), {1});
       }},
      {"flip_empty", [&] { return flip(e, {0}); }},
      {"flip_b",
       [&] {
         return flip(b, {0, 2});
       }},
      {"flip_slice", [&] { return flip(slice(slice(b, 1, all, all, 2), 2, 1, all), {2}); }},
      {"flip_float", [&] { return flip(f, {1}); }},
      {"flip_expanded",
       [&] {
         return flip(expand(select(x, 0, 0), {2, 3}), {0, 1});
       }},
  };
  CHECK(cases.size() == expected.size());
  for (auto& [id, fn] : cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) {
        check_error(fn, want);
      } else {
        Tensor got = fn();
        check_tensor(got, want, 0);
        CHECK_FALSE(got.is_view());
      }
    }
  }
}

TEST_CASE("join results own fresh storage", "[core][join]") {
  Tensor x = range_of(6, {2, 3});
  for (const Tensor& r : {cat({x}), stack({x}), repeat(x, {1, 1}), flip(x, {})}) {
    CHECK(r.storage() != x.storage());
    CHECK(r.version() == 0);
  }
  // Huge repeats are a clear error, not a crash.
  CHECK_THROWS_AS(repeat(x, {int64_t{1} << 40, int64_t{1} << 40}), Error);
}
