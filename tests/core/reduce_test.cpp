// Reductions against PyTorch: dtypes, shapes, values and errors (record_reduce.py). Long float32
// sums are compared exactly: they check that we add in PyTorch's order.
#include <cmath>

#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;

namespace {

Tensor Wi(int64_t v) { return scalar_tensor(v, DType::Int64, true); }
Tensor Wf(double v) { return scalar_tensor(v, DType::Float64, true); }
Tensor vec(const std::vector<Scalar>& v, DType dtype) {
  return from_values(v, {static_cast<int64_t>(v.size())}, dtype);
}
Tensor B(BinaryOp op, const Tensor& x, const Tensor& y) { return binary(op, x, y); }
const double kInf = INFINITY, kNan = NAN;
const std::nullopt_t kNone = std::nullopt;

struct Fixtures {
  Tensor a = reshape(arange(0, 12, 1, kNone), {3, 4});
  Tensor f = B(BinaryOp::Div, reshape(arange(-6.0, 6.0, 1.0, kNone), {3, 4}), Wi(2));
  Tensor g = B(BinaryOp::Div, reshape(arange(0.0, 24.0, 1.0, kNone), {2, 3, 4}), Wi(3));
  Tensor d = B(BinaryOp::Sub, reshape(arange(0, 6, 1, DType::Float64), {2, 3}), Wf(2.5));
  Tensor bl = vec({true, false, true, false}, DType::Bool);
  Tensor nv = vec({1.0, kNan, 3.0, kNan}, DType::Float32);
  Tensor e = zeros({0, 3});
  Tensor s = scalar_tensor(3.0, DType::Float32);
  Tensor ties = from_values({1, 3, 3, 2, 2, 0}, {2, 3}, DType::Int64);
  Tensor big =
      B(BinaryOp::Add, B(BinaryOp::Div, B(BinaryOp::Remainder, arange(0, 101000, 1, kNone), Wi(977)), Wi(7)), Wf(0.1));
};

}  // namespace

TEST_CASE("reductions match PyTorch", "[core][reduce]") {
  auto expected = stridelab::testing::load_expected("core/expected/reduce.json");
  Fixtures fx;
  const Tensor &a = fx.a, &f = fx.f, &g = fx.g, &d = fx.d, &bl = fx.bl, &nv = fx.nv, &e = fx.e, &s = fx.s,
               &ties = fx.ties, &big = fx.big;
  std::map<std::string, std::function<Tensor()>> cases = {
      {"sum_all_int", [&] { return sum(a); }},
      {"sum_all_bool", [&] { return sum(bl); }},
      {"sum_all_float", [&] { return sum(f); }},
      {"sum_dim0", [&] { return sum(f, {0}); }},
      {"sum_dim1_keep", [&] { return sum(f, {1}, true); }},
      {"sum_neg_dim", [&] { return sum(g, {-1}); }},
      {"sum_dims",
       [&] {
         return sum(g, {0, 2});
       }},
      {"sum_dims_keep",
       [&] {
         return sum(g, {2, 0}, true);
       }},
      {"sum_dup",
       [&] {
         return sum(f, {0, 0});
       }},
      {"sum_bad_dim", [&] { return sum(a, {5}); }},
      {"sum_dtype", [&] { return sum(a, {}, false, DType::Float32); }},
      {"sum_dtype_int32", [&] { return sum(f, {}, false, DType::Int32); }},
      {"sum_empty_dim0", [&] { return sum(e, {0}); }},
      {"sum_empty_dim1", [&] { return sum(e, {1}); }},
      {"sum_0d", [&] { return sum(s, {0}); }},
      {"sum_0d_bad", [&] { return sum(s, {1}); }},
      {"sum_t", [&] { return sum(t(f), {1}); }},
      {"sum_double", [&] { return sum(d, {0}); }},
      {"sum_empty_tuple", [&] { return sum(f, {}); }},
      {"mean_all", [&] { return mean(f); }},
      {"mean_dim", [&] { return mean(g, {1}); }},
      {"mean_int", [&] { return mean(a); }},
      {"mean_int_dtype", [&] { return mean(a, {}, false, DType::Float32); }},
      {"mean_float_int_dtype", [&] { return mean(f, {}, false, DType::Int64); }},
      {"mean_empty", [&] { return mean(e); }},
      {"mean_empty_dim", [&] { return mean(e, {0}); }},
      {"mean_bad_dim", [&] { return mean(f, {2}); }},
      {"prod_all_int", [&] { return prod(a); }},
      {"prod_all_bool", [&] { return prod(bl); }},
      {"prod_dim", [&] { return prod(f, 1); }},
      {"prod_keep", [&] { return prod(g, 0, true); }},
      {"prod_empty", [&] { return prod(e); }},
      {"prod_int_small", [&] { return prod(B(BinaryOp::Add, select(a, 0, 1), Wi(1))); }},
      {"var_all", [&] { return var(f); }},
      {"var_dim", [&] { return var(f, {0}); }},
      {"var_biased", [&] { return var(g, {1}, 0); }},
      {"var_correction",
       [&] {
         return var(g, {0, 2}, 2);
       }},
      {"var_one", [&] { return var(slice(select(f, 0, 0), 0, kNone, 1)); }},
      {"var_int", [&] { return var(a); }},
      {"var_empty", [&] { return var(e); }},
      {"std_keep", [&] { return core::std(f, {1}, 1, true); }},
      {"std_all", [&] { return core::std(g); }},
      {"std_int", [&] { return core::std(a); }},
      {"norm_2", [&] { return norm(f); }},
      {"norm_1", [&] { return norm(f, 1); }},
      {"norm_inf", [&] { return norm(f, kInf); }},
      {"norm_ninf", [&] { return norm(f, -kInf); }},
      {"norm_0", [&] { return norm(f, 0); }},
      {"norm_3_dim", [&] { return norm(f, 3, {1}); }},
      {"norm_keep",
       [&] {
         return norm(g, 2, {0, 1}, true);
       }},
      {"norm_int", [&] { return norm(a); }},
      {"norm_empty", [&] { return norm(e); }},
      {"max_all", [&] { return max(f); }},
      {"max_all_int", [&] { return max(a); }},
      {"max_all_bool", [&] { return max(bl); }},
      {"min_all", [&] { return min(g); }},
      {"max_nan", [&] { return max(nv); }},
      {"min_nan", [&] { return min(nv); }},
      {"max_empty", [&] { return max(e); }},
      {"argmax_all", [&] { return argmax(f); }},
      {"argmax_dim", [&] { return argmax(a, 0); }},
      {"argmax_keep", [&] { return argmax(g, 2, true); }},
      {"argmin_all", [&] { return argmin(g); }},
      {"argmin_dim", [&] { return argmin(f, 1); }},
      {"argmax_ties", [&] { return argmax(ties, 1); }},
      {"argmin_ties", [&] { return argmin(ties); }},
      {"argmax_nan", [&] { return argmax(nv); }},
      {"argmin_nan", [&] { return argmin(nv); }},
      {"argmax_bool", [&] { return argmax(bl); }},
      {"argmax_empty", [&] { return argmax(e); }},
      {"argmax_empty_dim0", [&] { return argmax(e, 0); }},
      {"argmax_empty_dim1", [&] { return argmax(e, 1); }},
      {"argmax_all_keep", [&] { return argmax(f, kNone, true); }},
      {"all_int", [&] { return all(a); }},
      {"any_dim", [&] { return any(a, 1); }},
      {"all_dim_float", [&] { return all(f, 0); }},
      {"all_keep", [&] { return all(f, 1, true); }},
      {"any_bool", [&] { return any(bl); }},
      {"all_empty", [&] { return all(e); }},
      {"any_empty", [&] { return any(e); }},
      {"any_nan", [&] { return any(nv); }},
      {"softmax_1", [&] { return softmax(f, 1); }},
      {"softmax_0", [&] { return softmax(f, 0); }},
      {"softmax_3d", [&] { return softmax(g, 1); }},
      {"softmax_t", [&] { return softmax(t(f), 0); }},
      {"softmax_int", [&] { return softmax(a, 0); }},
      {"softmax_int_last", [&] { return softmax(a, 1); }},
      {"softmax_bool", [&] { return softmax(bl, 0); }},
      {"softmax_dtype", [&] { return softmax(f, 0, DType::Float64); }},
      {"softmax_int_dtype", [&] { return softmax(a, 0, DType::Float64); }},
      {"softmax_empty", [&] { return softmax(e, 0); }},
      {"softmax_0d", [&] { return softmax(s, 0); }},
      {"softmax_big", [&] { return softmax(B(BinaryOp::Mul, f, Wi(100)), 1); }},
      {"softmax_inf",
       [&] {
         return softmax(vec({1.0, kInf, 2.0}, DType::Float32), 0);
       }},
      {"softmax_ninf",
       [&] {
         return softmax(vec({-kInf, 0.0, -kInf}, DType::Float32), 0);
       }},
      {"softmax_bad_dim", [&] { return softmax(f, 2); }},
      {"log_softmax_1", [&] { return log_softmax(f, 1); }},
      {"log_softmax_0", [&] { return log_softmax(g, 0); }},
      {"log_softmax_big", [&] { return log_softmax(B(BinaryOp::Mul, f, Wi(100)), 1); }},
      {"log_softmax_int", [&] { return log_softmax(a, 0); }},
      {"log_softmax_bool", [&] { return log_softmax(bl, 0); }},
      {"log_softmax_0d", [&] { return log_softmax(s, 0); }},
  };
  std::map<std::string, std::function<std::pair<Tensor, Tensor>()>> pair_cases = {
      {"max_dim", [&] { return max(f, 1); }},        {"max_dim_keep", [&] { return max(a, -1, true); }},
      {"min_dim", [&] { return min(g, 1); }},        {"max_ties", [&] { return max(ties, 1); }},
      {"min_ties", [&] { return min(ties, 0); }},    {"max_dim_nan", [&] { return max(nv, 0); }},
      {"min_dim_nan", [&] { return min(nv, 0); }},   {"max_0d", [&] { return max(s, 0); }},
      {"max_empty_dim0", [&] { return max(e, 0); }}, {"max_empty_dim1", [&] { return max(e, 1); }},
      {"max_bool_dim", [&] { return max(bl, 0); }},  {"max_bad_dim", [&] { return max(a, 2); }},
  };
  // Compared exactly: the order of summation is PyTorch's.
  std::map<std::string, std::function<Tensor()>> exact_cases = {
      {"big_sum", [&] { return sum(big); }},
      {"big_mean", [&] { return mean(big); }},
      {"big_sum_rows",
       [&] {
         return sum(view(big, {1000, 101}), {1});
       }},
      {"big_sum_cols",
       [&] {
         return sum(view(big, {1000, 101}), {0});
       }},
      {"big_sum_cols_wide",
       [&] {
         return sum(view(big, {101, 1000}), {0});
       }},
      {"big_sum_rows_wide",
       [&] {
         return sum(view(big, {101, 1000}), {1});
       }},
      {"big_sum_t",
       [&] {
         return sum(t(view(big, {1000, 101})), {1});
       }},
      {"big_sum_t0",
       [&] {
         return sum(t(view(big, {1000, 101})), {0});
       }},
      {"big_sum_3d",
       [&] {
         return sum(view(big, {10, 100, 101}), {0, 2});
       }},
      {"big_sum_strided", [&] { return sum(slice(big, 0, kNone, kNone, 3)); }},
      {"big_mean_dim",
       [&] {
         return mean(view(big, {101, 1000}), {1});
       }},
      {"big_sum_double", [&] { return sum(to(big, DType::Float64)); }},
  };
  CHECK(cases.size() + pair_cases.size() + exact_cases.size() == expected.size());
  for (auto& [id, fn] : cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, 2e-7);
    }
  }
  for (auto& [id, fn] : pair_cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) {
        check_error(fn, want);
      } else {
        auto [values, indices] = fn();
        check_tensor(values, want.at("list").as_array()[0], 0);
        check_tensor(indices, want.at("list").as_array()[1], 0);
      }
    }
  }
  for (auto& [id, fn] : exact_cases) {
    SECTION(id) { check_tensor(fn(), expected.at(id), 0); }
  }
}

TEST_CASE("reductions on every dtype and odd shapes raise or succeed, never crash", "[core][reduce]") {
  const DType dtypes[] = {DType::Bool, DType::Int32, DType::Int64, DType::Float32, DType::Float64};
  int calls = 0;
  for (DType d : dtypes)
    for (const IntArray& sizes : {IntArray{}, IntArray{0}, IntArray{0, 3}, IntArray{3, 0}, IntArray{2, 3, 4}}) {
      Tensor x = to(reshape(B(BinaryOp::Remainder, arange(0, numel_of(sizes), 1, kNone), Wi(5)), sizes), d);
      std::vector<std::function<void()>> ops = {
          [&] { sum(x); },
          [&] { sum(x, {-1}, true); },
          [&] { mean(x, {0}); },
          [&] { prod(x, 0); },
          [&] { var(x, {0}); },
          [&] { core::std(x); },
          [&] { norm(x, 3, {-1}); },
          [&] { max(x); },
          [&] { min(x, -1); },
          [&] { argmax(x, 0, true); },
          [&] { argmin(x); },
          [&] { all(x, 0); },
          [&] { any(x); },
          [&] { softmax(x, -1); },
          [&] { log_softmax(x, 0, DType::Float64); },
          [&] {
            sum(x, {0, 0});
          },
          [&] { max(x, 7); },
      };
      for (auto& op : ops) {
        ++calls;
        try {
          op();
        } catch (const Error&) {}
      }
    }
  CHECK(calls == 5 * 5 * 17);
}
