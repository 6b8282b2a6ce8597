// View ops against PyTorch: sizes, strides, offset, view-or-copy and values (record_views.py).
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;
using Cases = std::map<std::string, std::function<Tensor()>>;
using ListCases = std::map<std::string, std::function<std::vector<Tensor>()>>;

namespace {

Tensor base_a() { return clone(reshape(arange(0.0, 12.0, 1.0, std::nullopt), {3, 4})); }
Tensor base_b() { return clone(reshape(arange(0, 24, 1, std::nullopt), {2, 3, 4})); }
const std::optional<int64_t> kAll = std::nullopt;

}  // namespace

TEST_CASE("view ops match PyTorch", "[core][views]") {
  auto expected = stridelab::testing::load_expected("core/expected/views.json");
  Tensor a = base_a(), b = base_b();
  Cases cases = {
      {"view_12", [&] { return view(a, {12}); }},
      {"view_infer",
       [&] {
         return view(a, {2, -1});
       }},
      {"view_bad_numel", [&] { return view(a, {5}); }},
      {"view_two_infer",
       [&] {
         return view(a, {-1, -1});
       }},
      {"view_infer_bad",
       [&] {
         return view(a, {-1, 5});
       }},
      {"view_t_flat", [&] { return view(t(a), {12}); }},
      {"view_t_split_dim",
       [&] {
         return view(t(a), {2, 2, 3});
       }},
      {"view_permuted_merge",
       [&] {
         return view(permute(b, {1, 0, 2}), {3, 8});
       }},
      {"view_permuted_ok",
       [&] {
         return view(permute(b, {0, 2, 1}), {2, 4, 3});
       }},
      {"view_slice_flat", [&] { return view(slice(a, 1, 1, 3), {6}); }},
      {"view_slice_ok", [&] { return view(slice(a, 0, 1, 3), {8}); }},
      {"view_zero_ambiguous",
       [&] {
         return view(zeros({0, 3}), {-1, 0});
       }},
      {"reshape_view",
       [&] {
         return reshape(a, {4, 3});
       }},
      {"reshape_copy", [&] { return reshape(t(a), {12}); }},
      {"reshape_t_view",
       [&] {
         return reshape(t(a), {2, 2, 3});
       }},
      {"reshape_t_view2",
       [&] {
         return reshape(t(a), {4, 3});
       }},
      {"reshape_expanded",
       [&] {
         return reshape(expand(select(a, 0, 0), {3, 4}), {12});
       }},
      {"reshape_expanded_view",
       [&] {
         return reshape(expand(select(a, 0, 0), {3, 4}), {3, 2, 2});
       }},
      {"reshape_bad",
       [&] {
         return reshape(a, {0, -1});
       }},
      {"transpose", [&] { return transpose(b, 0, 2); }},
      {"transpose_neg", [&] { return transpose(b, -1, -2); }},
      {"transpose_bad", [&] { return transpose(a, 0, 2); }},
      {"permute",
       [&] {
         return permute(b, {2, 0, 1});
       }},
      {"permute_neg",
       [&] {
         return permute(b, {-1, 0, 1});
       }},
      {"permute_short", [&] { return permute(a, {0}); }},
      {"permute_dup",
       [&] {
         return permute(a, {0, 0});
       }},
      {"t", [&] { return t(a); }},
      {"t_3d", [&] { return t(b); }},
      {"t_1d", [&] { return t(select(a, 0, 0)); }},
      {"mT", [&] { return mT(b); }},
      {"mT_1d", [&] { return mT(select(a, 0, 0)); }},
      {"flatten", [&] { return flatten(b); }},
      {"flatten_1_2", [&] { return flatten(b, 1, 2); }},
      {"flatten_t", [&] { return flatten(t(a)); }},
      {"flatten_bad", [&] { return flatten(a, 1, 0); }},
      {"flatten_0d", [&] { return flatten(scalar_tensor(3.0, DType::Float32)); }},
      {"unflatten",
       [&] {
         return unflatten(a, 1, {2, 2});
       }},
      {"unflatten_infer",
       [&] {
         return unflatten(a, 1, {2, -1});
       }},
      {"unflatten_bad",
       [&] {
         return unflatten(a, 1, {2, 3});
       }},
      {"unflatten_two_infer",
       [&] {
         return unflatten(a, 1, {-1, -1});
       }},
      {"unflatten_negative",
       [&] {
         return unflatten(a, 1, {2, -2});
       }},
      {"squeeze", [&] { return squeeze(slice(unsqueeze(a, 1), 2, 1, 2)); }},
      {"squeeze_dim", [&] { return squeeze(unsqueeze(a, 1), 1); }},
      {"squeeze_dim_noop", [&] { return squeeze(a, 0); }},
      {"squeeze_bad", [&] { return squeeze(a, 5); }},
      {"unsqueeze0", [&] { return unsqueeze(a, 0); }},
      {"unsqueeze_last", [&] { return unsqueeze(a, -1); }},
      {"unsqueeze_mid", [&] { return unsqueeze(t(a), 1); }},
      {"unsqueeze_bad", [&] { return unsqueeze(a, 3); }},
      {"expand",
       [&] {
         return expand(slice(a, 0, 0, 1), {3, 4});
       }},
      {"expand_new_dim",
       [&] {
         return expand(a, {2, -1, -1});
       }},
      {"expand_bad",
       [&] {
         return expand(a, {2, 3});
       }},
      {"expand_few", [&] { return expand(a, {3}); }},
      {"expand_bad_leading",
       [&] {
         return expand(a, {-1, 2, 4});
       }},
      {"narrow", [&] { return narrow(a, 1, 1, 2); }},
      {"narrow_neg", [&] { return narrow(a, 0, -2, 2); }},
      {"narrow_bad", [&] { return narrow(a, 0, 2, 2); }},
      {"narrow_at_end", [&] { return narrow(a, 0, 3, 0); }},
      {"narrow_start_past_end", [&] { return narrow(a, 0, 4, 0); }},
      {"narrow_start_before", [&] { return narrow(a, 0, -4, 1); }},
      {"narrow_negative_length", [&] { return narrow(a, 0, 0, -1); }},
      {"select", [&] { return select(a, 1, 2); }},
      {"select_neg", [&] { return select(b, 0, -1); }},
      {"select_bad", [&] { return select(a, 0, 3); }},
      {"select_bad_neg", [&] { return select(a, 0, -4); }},
      {"slice_step", [&] { return slice(a, 1, kAll, kAll, 2); }},
      {"slice_neg", [&] { return slice(slice(a, 0, -2, kAll), 1, 1, -1); }},
      {"slice_empty", [&] { return slice(a, 0, 2, 1); }},
      {"slice_big", [&] { return slice(a, 0, 1, 100); }},
      {"diagonal", [&] { return diagonal(a); }},
      {"diagonal_off", [&] { return diagonal(a, 1); }},
      {"diagonal_neg", [&] { return diagonal(a, -1); }},
      {"diagonal_empty", [&] { return diagonal(a, -5); }},
      {"diagonal_3d", [&] { return diagonal(b, 0, 1, 2); }},
      {"movedim", [&] { return movedim(b, {0}, {2}); }},
      {"movedim_list",
       [&] {
         return movedim(b, {0, 1}, {2, 0});
       }},
      {"unfold", [&] { return unfold(a, 1, 2, 1); }},
      {"unfold_step", [&] { return unfold(a, 1, 2, 2); }},
      {"unfold_bad", [&] { return unfold(a, 1, 5, 1); }},
      {"as_strided",
       [&] {
         return as_strided(a, {2, 2}, {1, 2}, 1);
       }},
      {"as_strided_t",
       [&] {
         return as_strided(a, {4, 3}, {1, 4}, std::nullopt);
       }},
      {"as_strided_bad",
       [&] {
         return as_strided(a, {20, 2}, {1, 2}, 1);
       }},
      {"view_dtype_same_size", [&] { return view_dtype(a, DType::Int32); }},
      {"view_dtype_smaller", [&] { return view_dtype(b, DType::Int32); }},
      {"view_dtype_larger", [&] { return view_dtype(a, DType::Float64); }},
      {"view_dtype_larger_sliced", [&] { return view_dtype(slice(a, 1, 2, kAll), DType::Int64); }},
      {"view_dtype_stride_bad", [&] { return view_dtype(t(a), DType::Float64); }},
      {"view_dtype_size_bad", [&] { return view_dtype(slice(a, 1, 1, kAll), DType::Float64); }},
      {"view_dtype_larger_stride_bad", [&] { return view_dtype(t(slice(a, 1, 0, 2)), DType::Float64); }},
      {"view_dtype_dim_stride_bad", [&] { return view_dtype(slice(b, 2, 1, 3), DType::Float64); }},
      {"view_dtype_smaller_stride_bad", [&] { return view_dtype(t(a), DType::Bool); }},
      {"view_dtype_offset_bad", [&] { return view_dtype(slice(a, 1, 1, 3), DType::Float64); }},
      {"view_dtype_0d_bad", [&] { return view_dtype(select(select(a, 0, 0), 0, 0), DType::Float64); }},
      {"contiguous_t", [&] { return contiguous(t(a)); }},
      {"clone_t", [&] { return clone(t(a)); }},
  };
  ListCases list_cases = {
      {"unbind", [&] { return unbind(a, 1); }},
      {"split", [&] { return split(a, 3, 1); }},
      {"split_sizes",
       [&] {
         return split_with_sizes(a, {1, 3}, 1);
       }},
      {"split_sizes_bad",
       [&] {
         return split_with_sizes(a, {1, 2}, 1);
       }},
      {"chunk", [&] { return chunk(a, 3, 1); }},
      {"chunk_rows", [&] { return chunk(b, 2, 1); }},
  };
  CHECK(cases.size() + list_cases.size() == expected.size());
  for (auto& [id, fn] : cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, 0);
    }
  }
  for (auto& [id, fn] : list_cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) {
        check_error(fn, want);
        continue;
      }
      auto got = fn();
      const auto& parts = want.at("list").as_array();
      REQUIRE(got.size() == parts.size());
      for (size_t i = 0; i < got.size(); ++i) check_tensor(got[i], parts[i], 0);
    }
  }
}

TEST_CASE("views share storage and version counter; .data does not share the counter", "[core][views]") {
  Tensor a = base_a();
  Tensor v = slice(slice(a, 0, 1, 3), 1, 1, 3);
  CHECK(v.storage() == a.storage());
  CHECK(v.storage_offset() == 5);
  CHECK(v.strides() == IntArray{4, 1});
  CHECK(v.base().is_same(a));
  Tensor vv = t(v);
  CHECK(vv.base().is_same(a));  // views never chain
  v.bump_version();
  CHECK(a.version() == 1);
  CHECK(vv.version() == 1);
  Tensor d = shallow_copy(a);
  CHECK(d.storage() == a.storage());
  CHECK_FALSE(d.is_view());
  d.bump_version();
  CHECK(a.version() == 1);
  Tensor c = contiguous(a);
  CHECK(c.is_same(a));
}

TEST_CASE("storage is freed when its last tensor goes", "[core][storage]") {
  size_t before = storage_bytes_in_use();
  {
    Tensor a = zeros({4, 4});
    Tensor v = t(a);
    a = Tensor();
    CHECK(storage_bytes_in_use() == before + 64);
    CHECK(v.storage()->nbytes() == 64);
  }
  CHECK(storage_bytes_in_use() == before);
}

TEST_CASE("storage limit is a clear error, never an abort", "[core][storage]") {
  size_t old = storage_limit();
  set_storage_limit(1 << 20);
  CHECK_THROWS_AS(zeros({1 << 20}), Error);
  set_storage_limit(old);
  CHECK_THROWS_AS(zeros({int64_t{1} << 40, int64_t{1} << 40}), Error);
}

TEST_CASE("contiguous() of a large transposed tensor copies every element to its place", "[core][copy]") {
  // Large enough to take the tiled path (both matrix dims >= 32), with a batch dim and ragged tiles.
  Tensor a = reshape(arange(0, 2 * 45 * 70, 1, std::nullopt), {2, 45, 70});
  Tensor t = transpose(a, 1, 2);  // [2, 70, 45], strides (3150, 1, 70)
  Tensor c = contiguous(t);
  REQUIRE(c.is_contiguous());
  for (int64_t b = 0; b < 2; ++b)
    for (int64_t i = 0; i < 70; ++i)
      for (int64_t j = 0; j < 45; ++j) REQUIRE(get_element(c, {b, i, j}).to_int() == (b * 45 + j) * 70 + i);
}
