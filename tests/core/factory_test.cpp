// arange, linspace, eye and full against PyTorch (record_factory.py): sizes, dtype, values and
// errors, including arange's integer dtypes with float bounds.
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;
using Cases = std::map<std::string, std::function<Tensor()>>;

TEST_CASE("factories match PyTorch", "[core][factory]") {
  auto expected = stridelab::testing::load_expected("core/expected/factory.json");
  auto I = [](int64_t v) { return Scalar(v); };
  auto F = [](double v) { return Scalar(v); };
  const std::optional<DType> infer;
  Cases cases = {
      {"arange_int", [&] { return arange(I(0), I(10), I(3), infer); }},
      {"arange_int_neg", [&] { return arange(I(10), I(0), I(-3), infer); }},
      {"arange_float", [&] { return arange(I(0), I(1), F(0.25), infer); }},
      {"arange_float_end", [&] { return arange(I(0), F(5.0), I(1), infer); }},
      {"arange_float64", [&] { return arange(I(0), I(5), I(2), DType::Float64); }},
      {"arange_int64_float_step", [&] { return arange(I(0), I(10), F(2.5), DType::Int64); }},
      {"arange_int32_float_step", [&] { return arange(I(0), I(10), F(2.5), DType::Int32); }},
      {"arange_int64_float_start", [&] { return arange(F(0.5), I(5), F(1.5), DType::Int64); }},
      {"arange_int32_float_start", [&] { return arange(F(0.5), I(5), F(1.5), DType::Int32); }},
      {"arange_int64_float_end", [&] { return arange(I(1), F(4.5), I(1), DType::Int64); }},
      {"arange_int64_step_truncated_to_zero", [&] { return arange(I(0), I(2), F(0.5), DType::Int64); }},
      {"arange_float32_from_ints", [&] { return arange(I(1), I(4), I(1), DType::Float32); }},
      {"arange_zero_step", [&] { return arange(I(0), I(5), I(0), infer); }},
      {"arange_wrong_sign", [&] { return arange(I(0), I(5), I(-1), infer); }},
      {"linspace", [&] { return linspace(0, 1, 5); }},
      {"linspace_one", [&] { return linspace(3, 10, 1); }},
      {"linspace_zero", [&] { return linspace(0, 10, 0); }},
      {"linspace_int", [&] { return linspace(0, 10, 5, DType::Int64); }},
      {"linspace_down", [&] { return linspace(3, -3, 7); }},
      {"linspace_negative", [&] { return linspace(0, 1, -1); }},
      {"eye", [&] { return eye(3, 3); }},
      {"eye_rect", [&] { return eye(2, 3); }},
      {"eye_int", [&] { return eye(3, 2, DType::Int64); }},
      {"eye_bad", [&] { return eye(-1, -1); }},
      {"full_int",
       [&] {
         return full({2, 2}, I(7), DType::Int64);
       }},
      {"full_float", [&] { return full({2}, F(3.5), DType::Float32); }},
      {"full_bool", [&] { return full({2}, Scalar(true), DType::Bool); }},
      {"full_cast", [&] { return full({2}, F(1.5), DType::Int64); }},
  };
  CHECK(cases.size() == expected.size());
  for (auto& [id, fn] : cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, 0);
    }
  }
}
