// Elementwise ops against PyTorch: result dtype, layout, values and errors (record_elementwise.py).
#include <cmath>
#include <set>

#include "core/elementwise_kernels.h"
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;

namespace {

// Python numbers, as the interpreter passes them: wrapped 0-d tensors.
Tensor Wi(int64_t v) { return scalar_tensor(v, DType::Int64, true); }
Tensor Wf(double v) { return scalar_tensor(v, DType::Float64, true); }
Tensor Wb(bool v) { return scalar_tensor(v, DType::Bool, true); }
// torch.tensor(v): a 0-d tensor that is not a Python number.
Tensor T0(Scalar v, DType dtype) { return scalar_tensor(v, dtype, false); }
Tensor vec(const std::vector<Scalar>& v, DType dtype) {
  return from_values(v, {static_cast<int64_t>(v.size())}, dtype);
}
Tensor B(BinaryOp op, const Tensor& x, const Tensor& y) { return binary(op, x, y); }
Tensor U(UnaryOp op, const Tensor& x) { return unary(op, x); }
template <class Fn>
Tensor IP(const Tensor& x, Fn fn) {
  Tensor c = clone(x);
  fn(c);
  return c;
}
const double kInf = INFINITY, kNan = NAN;
const std::nullopt_t kNone = std::nullopt;

struct Fixtures {
  Tensor a = reshape(arange(0, 12, 1, kNone), {3, 4});
  Tensor f = binary(BinaryOp::Div, reshape(arange(-6.0, 6.0, 1.0, kNone), {3, 4}), Wi(2));
  Tensor d = binary(BinaryOp::Sub, reshape(arange(0, 6, 1, DType::Float64), {2, 3}), Wf(2.5));
  Tensor i32 = vec({-3, 0, 2, 7}, DType::Int32);
  Tensor bl = vec({true, false, true, false}, DType::Bool);
  Tensor nv = vec({1.0, kNan, -kInf, kInf, 0.0, -0.5}, DType::Float32);
  Tensor lin = binary(BinaryOp::Div, arange(-200.0, 201.0, 1.0, kNone), Wi(10));
  Tensor sq() const { return clone(reshape(arange(0.0, 9.0, 1.0, kNone), {3, 3})); }
};

}  // namespace

TEST_CASE("elementwise ops match PyTorch", "[core][elementwise]") {
  auto expected = stridelab::testing::load_expected("core/expected/elementwise.json");
  Fixtures fx;
  const Tensor &a = fx.a, &f = fx.f, &d = fx.d, &i32 = fx.i32, &bl = fx.bl, &nv = fx.nv, &lin = fx.lin;
  using O = BinaryOp;
  using UO = UnaryOp;
  std::map<std::string, std::function<DType()>> dtype_cases = {
      {"rt_int_float", [&] { return result_type(a, Wf(2.5)); }},
      {"rt_int32_bigint", [&] { return result_type(i32, Wi(int64_t{1} << 40)); }},
      {"rt_int32_0d_double", [&] { return result_type(i32, T0(2.5, DType::Float64)); }},
      {"rt_int32_0d_long", [&] { return result_type(i32, T0(5, DType::Int64)); }},
      {"rt_bool_int", [&] { return result_type(bl, Wi(1)); }},
      {"rt_bool_bool", [&] { return result_type(bl, Wb(true)); }},
      {"rt_int32_long", [&] { return result_type(i32, a); }},
      {"rt_float_double", [&] { return result_type(f, d); }},
      {"rt_0d_float_long", [&] { return result_type(T0(1.0, DType::Float32), a); }},
      {"rt_float_double_0d", [&] { return result_type(f, T0(1.0, DType::Float64)); }},
  };
  std::map<std::string, std::function<bool()>> bool_cases = {
      {"allclose_tiny", [&] { return allclose(f, B(O::Add, f, Wf(1e-7))); }},
      {"allclose_far", [&] { return allclose(f, B(O::Add, f, Wf(1e-3))); }},
      {"allclose_nan", [&] { return allclose(nv, nv); }},
      {"allclose_nan_eq", [&] { return allclose(nv, nv, 1e-5, 1e-8, true); }},
      {"allclose_dtypes", [&] { return allclose(f, d); }},
      {"allclose_mismatch", [&] { return allclose(zeros({2}), zeros({3})); }},
      {"allclose_broadcast", [&] { return allclose(zeros({2}), zeros({1})); }},
      {"allclose_inf", [&] { return allclose(vec({kInf}, DType::Float32), vec({kInf}, DType::Float32)); }},
      {"allclose_inf_neg", [&] { return allclose(vec({kInf}, DType::Float32), vec({-kInf}, DType::Float32)); }},
      {"allclose_int", [&] { return allclose(a, a); }},
      {"equal_same", [&] { return equal(a, clone(a)); }},
      {"equal_int_float", [&] { return equal(a, f); }},
      {"equal_shapes",
       [&] {
         return equal(zeros({2}), zeros({2, 1}));
       }},
      {"equal_promote",
       [&] {
         return equal(vec({1, 2}, DType::Int64), vec({1.0, 2.0}, DType::Float32));
       }},
      {"equal_nan", [&] { return equal(nv, nv); }},
  };
  std::map<std::string, std::function<Tensor()>> cases = {
      {"add_int_float", [&] { return B(O::Add, a, f); }},
      {"add_int_wrapped_int", [&] { return B(O::Add, a, Wi(2)); }},
      {"add_int_wrapped_float", [&] { return B(O::Add, a, Wf(2.5)); }},
      {"add_alpha_int", [&] { return binary(O::Add, a, a, 2); }},
      {"add_alpha_float", [&] { return binary(O::Add, f, a, 0.5); }},
      {"add_alpha_float_on_int", [&] { return binary(O::Add, a, a, 2.5); }},
      {"add_alpha_bool_on_float", [&] { return binary(O::Add, f, f, true); }},
      {"add_bool_bool", [&] { return B(O::Add, bl, bl); }},
      {"add_bool_alpha", [&] { return binary(O::Add, bl, bl, 2); }},
      {"add_bool_int", [&] { return B(O::Add, bl, Wi(1)); }},
      {"add_bool_float", [&] { return B(O::Add, bl, Wf(1.5)); }},
      {"add_int32_bigint", [&] { return B(O::Add, i32, Wi(int64_t{1} << 40)); }},
      {"add_int32_0d_long", [&] { return B(O::Add, i32, T0(int64_t{1} << 40, DType::Int64)); }},
      {"add_int32_long", [&] { return B(O::Add, i32, select(a, 0, 0)); }},
      {"mul_int32_0d_double", [&] { return B(O::Mul, i32, T0(2.5, DType::Float64)); }},
      {"add_t_scalar", [&] { return B(O::Add, t(a), Wi(1)); }},
      {"add_t_t", [&] { return B(O::Add, t(f), t(f)); }},
      {"add_t_mismatch", [&] { return B(O::Add, t(f), f); }},
      {"add_col_row", [&] { return B(O::Add, slice(f, 1, 0, 1), select(f, 0, 0)); }},
      {"add_3d_broadcast", [&] { return B(O::Add, unsqueeze(t(f), 1), f); }},
      {"add_permuted",
       [&] {
         return B(O::Add, permute(zeros({3, 1, 4}), {2, 0, 1}), Wi(1));
       }},
      {"add_t_expand",
       [&] {
         return B(O::Add, unsqueeze(t(zeros({4, 3})), 1), zeros({3, 2, 4}));
       }},
      {"add_sliced", [&] { return B(O::Add, slice(f, 1, kNone, kNone, 2), Wi(1)); }},
      {"add_t_plain",
       [&] {
         return B(O::Add, t(f), ones({4, 3}));
       }},
      {"add_plain_t",
       [&] {
         return B(O::Add, ones({4, 3}), t(f));
       }},
      {"add_empty",
       [&] {
         return B(O::Add, zeros({0, 3}), Wi(1));
       }},
      {"add_0d", [&] { return B(O::Add, T0(2.0, DType::Float32), T0(3, DType::Int64)); }},
      {"sub_int_float", [&] { return B(O::Sub, a, f); }},
      {"sub_int_bool", [&] { return B(O::Sub, a, bl); }},
      {"sub_bool_bool", [&] { return B(O::Sub, bl, bl); }},
      {"sub_wrapped_bool", [&] { return B(O::Sub, Wi(1), bl); }},
      {"sub_alpha", [&] { return binary(O::Sub, a, f, 2); }},
      {"sub_wrapped_first", [&] { return B(O::Sub, Wi(10), a); }},
      {"mul_int_float", [&] { return B(O::Mul, a, f); }},
      {"mul_bool", [&] { return B(O::Mul, bl, bl); }},
      {"mul_wrap",
       [&] {
         return B(O::Mul, vec({int64_t{1} << 62, 3}, DType::Int64), Wi(4));
       }},
      {"add_wrap", [&] { return B(O::Add, vec({INT64_MAX}, DType::Int64), Wi(1)); }},
      {"div_int_wrapped", [&] { return B(O::Div, a, Wi(2)); }},
      {"div_int_int", [&] { return B(O::Div, a, a); }},
      {"div_int32", [&] { return B(O::Div, i32, Wi(2)); }},
      {"div_bool", [&] { return B(O::Div, bl, bl); }},
      {"div_float_zero", [&] { return B(O::Div, f, Wi(0)); }},
      {"div_int_zero", [&] { return B(O::Div, a, Wi(0)); }},
      {"div_double", [&] { return B(O::Div, d, Wi(2)); }},
      {"floordiv_int", [&] { return B(O::FloorDivide, a, Wi(3)); }},
      {"floordiv_int_neg", [&] { return B(O::FloorDivide, a, Wi(-5)); }},
      {"floordiv_signs",
       [&] {
         return B(O::FloorDivide, vec({-7, 7, -7, 7}, DType::Int64), vec({2, -2, -2, 2}, DType::Int64));
       }},
      {"floordiv_float", [&] { return B(O::FloorDivide, f, Wf(0.75)); }},
      {"floordiv_float_zero", [&] { return B(O::FloorDivide, f, Wi(0)); }},
      {"floordiv_int_zero", [&] { return B(O::FloorDivide, a, Wi(0)); }},
      {"floordiv_bool", [&] { return B(O::FloorDivide, bl, bl); }},
      {"floordiv_float_signs",
       [&] {
         return B(O::FloorDivide, vec({-7.5, 7.5}, DType::Float32), vec({2, -2}, DType::Int64));
       }},
      {"floordiv_inf",
       [&] {
         return B(O::FloorDivide, vec({5.0, -5.0}, DType::Float32), Wf(kInf));
       }},
      {"rem_int", [&] { return B(O::Remainder, a, Wi(5)); }},
      {"rem_int_neg", [&] { return B(O::Remainder, a, Wi(-5)); }},
      {"rem_signs",
       [&] {
         return B(O::Remainder, vec({-7, 7, -7, 7}, DType::Int64), vec({2, -2, -2, 2}, DType::Int64));
       }},
      {"rem_float_neg",
       [&] {
         return B(O::Remainder, vec({-7.0, 7.0}, DType::Float32), Wi(-2));
       }},
      {"rem_float_zero", [&] { return B(O::Remainder, f, Wi(0)); }},
      {"rem_int_zero", [&] { return B(O::Remainder, a, Wi(0)); }},
      {"rem_bool", [&] { return B(O::Remainder, bl, bl); }},
      {"rem_inf",
       [&] {
         return B(O::Remainder, vec({5.0, -5.0}, DType::Float32), Wf(kInf));
       }},
      {"rem_float", [&] { return B(O::Remainder, f, Wf(1.5)); }},
      {"pow_int_2", [&] { return B(O::Pow, a, Wi(2)); }},
      {"pow_int_neg", [&] { return B(O::Pow, a, Wi(-1)); }},
      {"pow_int_tensor_neg", [&] { return B(O::Pow, a, T0(-1, DType::Int64)); }},
      {"pow_0d_int_neg", [&] { return B(O::Pow, T0(-1, DType::Int64), Wi(-1)); }},
      {"pow_int_half", [&] { return B(O::Pow, a, Wf(0.5)); }},
      {"pow_float_2", [&] { return B(O::Pow, f, Wi(2)); }},
      {"pow_float_3", [&] { return B(O::Pow, f, Wi(3)); }},
      {"pow_float_half", [&] { return B(O::Pow, f, Wf(0.5)); }},
      {"pow_float_m1", [&] { return B(O::Pow, f, Wi(-1)); }},
      {"pow_float_m2", [&] { return B(O::Pow, f, Wi(-2)); }},
      {"pow_float_mhalf", [&] { return B(O::Pow, f, Wf(-0.5)); }},
      {"pow_float_17", [&] { return B(O::Pow, f, Wf(1.7)); }},
      {"pow_float_float", [&] { return B(O::Pow, f, f); }},
      {"pow_wrapped_base", [&] { return B(O::Pow, Wi(2), a); }},
      {"pow_wrapped_float_base", [&] { return B(O::Pow, Wf(2.5), a); }},
      {"pow_int_neg_tensor",
       [&] {
         return B(O::Pow, vec({0, 1, -1, 2}, DType::Int64), vec({-1, -1, -1, -3}, DType::Int64));
       }},
      {"pow_bool_int", [&] { return B(O::Pow, bl, Wi(2)); }},
      {"pow_bool_bool", [&] { return B(O::Pow, bl, bl); }},
      {"pow_bool_neg", [&] { return B(O::Pow, bl, Wi(-1)); }},
      {"pow_int32_float", [&] { return B(O::Pow, i32, Wf(2.5)); }},
      {"pow_float_inttensor", [&] { return B(O::Pow, vec({3.0}, DType::Float32), vec({2}, DType::Int64)); }},
      {"eq_int_float", [&] { return B(O::Eq, a, f); }},
      {"eq_int_wrapped_float", [&] { return B(O::Eq, a, Wf(2.5)); }},
      {"lt_int", [&] { return B(O::Lt, a, Wi(3)); }},
      {"ge_float", [&] { return B(O::Ge, f, Wi(0)); }},
      {"gt_int_float", [&] { return B(O::Gt, a, f); }},
      {"le_wrapped", [&] { return B(O::Le, a, Wi(2)); }},
      {"eq_bool_int", [&] { return B(O::Eq, bl, Wi(1)); }},
      {"eq_nan", [&] { return B(O::Eq, nv, nv); }},
      {"ne_nan", [&] { return B(O::Ne, nv, nv); }},
      {"lt_nan", [&] { return B(O::Lt, nv, Wi(1)); }},
      {"gt_t", [&] { return B(O::Gt, t(f), Wi(0)); }},
      {"and_int", [&] { return B(O::BitwiseAnd, a, Wi(5)); }},
      {"or_int_bool", [&] { return B(O::BitwiseOr, a, bl); }},
      {"xor_int_bool", [&] { return B(O::BitwiseXor, a, Wb(true)); }},
      {"and_bool", [&] { return B(O::BitwiseAnd, bl, bl); }},
      {"or_bool", [&] { return B(O::BitwiseOr, bl, Wb(true)); }},
      {"and_float", [&] { return B(O::BitwiseAnd, f, Wi(1)); }},
      {"and_int_wrapped_float", [&] { return B(O::BitwiseAnd, a, Wf(1.5)); }},
      {"or_float_bool", [&] { return B(O::BitwiseOr, vec({5.0}, DType::Float32), vec({true}, DType::Bool)); }},
      {"xor_bool_float", [&] { return B(O::BitwiseXor, vec({true}, DType::Bool), vec({1.0}, DType::Float32)); }},
      {"logical_and", [&] { return B(O::LogicalAnd, a, f); }},
      {"logical_or", [&] { return B(O::LogicalOr, f, bl); }},
      {"logical_and_nan", [&] { return B(O::LogicalAnd, nv, T0(1, DType::Int64)); }},
      {"maximum", [&] { return B(O::Maximum, a, f); }},
      {"minimum_0d", [&] { return B(O::Minimum, a, T0(2.5, DType::Float32)); }},
      {"maximum_nan", [&] { return B(O::Maximum, nv, T0(0.0, DType::Float32)); }},
      {"minimum_nan", [&] { return B(O::Minimum, nv, T0(0.0, DType::Float32)); }},
      {"maximum_bool",
       [&] {
         return B(O::Maximum, bl, vec({false, false, true, true}, DType::Bool));
       }},
      {"iadd", [&] { return IP(f, [](const Tensor& c) { binary_(O::Add, c, Wi(1)); }); }},
      {"iadd_t", [&] { return IP(t(f), [](const Tensor& c) { binary_(O::Add, c, Wi(1)); }); }},
      {"iadd_int_float", [&] { return IP(a, [](const Tensor& c) { binary_(O::Add, c, Wf(1.5)); }); }},
      {"idiv_int", [&] { return IP(a, [](const Tensor& c) { binary_(O::Div, c, Wi(2)); }); }},
      {"imul_int_float", [&] { return IP(a, [](const Tensor& c) { binary_(O::Mul, c, Wf(2.5)); }); }},
      {"iadd_int_floattensor", [&] { return IP(a, [&](const Tensor& c) { binary_(O::Add, c, f); }); }},
      {"iadd_int32_long", [&] { return IP(i32, [&](const Tensor& c) { binary_(O::Add, c, select(a, 0, 0)); }); }},
      {"imul_float_double",
       [&] {
         return IP(vec({1.5}, DType::Float32),
                   [](const Tensor& c) { binary_(O::Mul, c, vec({1.0 / 3}, DType::Float64)); });
       }},
      {"iadd_broadcast_grow",
       [&] {
         Tensor z = zeros({3});
         binary_(O::Add, z, zeros({2, 3}));
         return z;
       }},
      {"iadd_broadcast_grow2",
       [&] {
         Tensor z = zeros({3, 1});
         binary_(O::Add, z, zeros({3, 4}));
         return z;
       }},
      {"iadd_mismatch",
       [&] {
         Tensor z = zeros({3});
         binary_(O::Add, z, zeros({4}));
         return z;
       }},
      {"iadd_expanded",
       [&] {
         Tensor z = expand(zeros({1}), {3});
         binary_(O::Add, z, Wi(1));
         return z;
       }},
      {"iadd_expanded_mismatch",
       [&] {
         Tensor z = expand(zeros({1}), {3});
         binary_(O::Add, z, zeros({4}));
         return z;
       }},
      {"iadd_self_t",
       [&] {
         Tensor x = fx.sq();
         binary_(O::Add, x, t(x));
         return x;
       }},
      {"iadd_self",
       [&] {
         Tensor x = fx.sq();
         binary_(O::Add, x, x);
         return x;
       }},
      {"iadd_shifted",
       [&] {
         Tensor x = fx.sq();
         Tensor y = slice(x, 0, 1, kNone);
         binary_(O::Add, y, slice(x, 0, kNone, -1));
         return y;
       }},
      {"iadd_row",
       [&] {
         Tensor x = fx.sq();
         binary_(O::Add, x, select(x, 0, 0));
         return x;
       }},
      {"ipow_int_float", [&] { return IP(a, [](const Tensor& c) { binary_(O::Pow, c, Wf(2.0)); }); }},
      {"ipow_int", [&] { return IP(a, [](const Tensor& c) { binary_(O::Pow, c, Wi(2)); }); }},
      {"iand_int_float",
       [&] { return IP(a, [](const Tensor& c) { binary_(O::BitwiseAnd, c, vec({1.0}, DType::Float32)); }); }},
      {"iadd_bool", [&] { return IP(bl, [&](const Tensor& c) { binary_(O::Add, c, bl); }); }},
      {"isub_int_bool", [&] { return IP(a, [&](const Tensor& c) { binary_(O::Sub, c, bl); }); }},
      {"ifloordiv_float", [&] { return IP(f, [](const Tensor& c) { binary_(O::FloorDivide, c, Wf(0.5)); }); }},
      {"isub_alpha", [&] { return IP(f, [&](const Tensor& c) { binary_(O::Sub, c, f, 3); }); }},
      {"neg_float", [&] { return U(UO::Neg, f); }},
      {"neg_int", [&] { return U(UO::Neg, a); }},
      {"neg_bool", [&] { return U(UO::Neg, bl); }},
      {"neg_min", [&] { return U(UO::Neg, vec({INT64_MIN}, DType::Int64)); }},
      {"exp_float", [&] { return U(UO::Exp, f); }},
      {"exp_int", [&] { return U(UO::Exp, a); }},
      {"exp_bool", [&] { return U(UO::Exp, bl); }},
      {"exp_double", [&] { return U(UO::Exp, d); }},
      {"exp_special", [&] { return U(UO::Exp, nv); }},
      {"exp_edges",
       [&] {
         return U(UO::Exp, vec({88.7, 88.8, -87.4, -103.0, -104.0}, DType::Float32));
       }},
      {"exp_lin", [&] { return U(UO::Exp, lin); }},
      {"exp_dense", [&] { return U(UO::Exp, B(O::Div, arange(-2100.0, 1801.0, 1.0, kNone), Wi(20))); }},
      {"exp_dense_fine", [&] { return U(UO::Exp, B(O::Div, arange(-2000.0, 2000.0, 1.0, kNone), Wi(997))); }},
      {"exp_4",
       [&] {
         return U(UO::Exp, vec({0.5, 1.0, 2.0, 4.0}, DType::Float32));
       }},
      {"exp_t", [&] { return U(UO::Exp, t(f)); }},
      {"exp_sliced", [&] { return U(UO::Exp, slice(f, 1, kNone, kNone, 2)); }},
      {"log_float", [&] { return U(UO::Log, f); }},
      {"log_int", [&] { return U(UO::Log, a); }},
      {"sqrt_float", [&] { return U(UO::Sqrt, f); }},
      {"sqrt_int", [&] { return U(UO::Sqrt, a); }},
      {"abs_float", [&] { return U(UO::Abs, f); }},
      {"abs_int", [&] { return U(UO::Abs, a); }},
      {"abs_bool", [&] { return U(UO::Abs, bl); }},
      {"abs_min", [&] { return U(UO::Abs, vec({INT64_MIN}, DType::Int64)); }},
      {"sin_float", [&] { return U(UO::Sin, f); }},
      {"cos_int32", [&] { return U(UO::Cos, i32); }},
      {"tanh_float", [&] { return U(UO::Tanh, f); }},
      {"tanh_bool", [&] { return U(UO::Tanh, bl); }},
      {"sigmoid_float", [&] { return U(UO::Sigmoid, f); }},
      {"sigmoid_int", [&] { return U(UO::Sigmoid, a); }},
      {"sigmoid_lin", [&] { return U(UO::Sigmoid, B(O::Mul, lin, Wi(5))); }},
      {"sigmoid_special", [&] { return U(UO::Sigmoid, nv); }},
      {"sigmoid_tail", [&] { return U(UO::Sigmoid, B(O::Div, arange(-18.0, 19.0, 1.0, kNone), Wi(3))); }},
      {"relu_float", [&] { return U(UO::Relu, f); }},
      {"relu_int", [&] { return U(UO::Relu, a); }},
      {"relu_bool", [&] { return U(UO::Relu, bl); }},
      {"relu_nan", [&] { return U(UO::Relu, nv); }},
      {"logical_not_int", [&] { return U(UO::LogicalNot, a); }},
      {"logical_not_nan", [&] { return U(UO::LogicalNot, nv); }},
      {"bitwise_not_int", [&] { return U(UO::BitwiseNot, a); }},
      {"bitwise_not_bool", [&] { return U(UO::BitwiseNot, bl); }},
      {"bitwise_not_float", [&] { return U(UO::BitwiseNot, f); }},
      {"iexp", [&] { return IP(f, [](const Tensor& c) { unary_(UO::Exp, c); }); }},
      {"iexp_int", [&] { return IP(a, [](const Tensor& c) { unary_(UO::Exp, c); }); }},
      {"ineg_int", [&] { return IP(a, [](const Tensor& c) { unary_(UO::Neg, c); }); }},
      {"ineg_bool", [&] { return IP(bl, [](const Tensor& c) { unary_(UO::Neg, c); }); }},
      {"isqrt_int", [&] { return IP(a, [](const Tensor& c) { unary_(UO::Sqrt, c); }); }},
      {"irelu_int", [&] { return IP(a, [](const Tensor& c) { unary_(UO::Relu, c); }); }},
      {"iexp_expanded",
       [&] {
         Tensor z = expand(zeros({1}), {3});
         unary_(UO::Exp, z);
         return z;
       }},
      {"isin_t", [&] { return IP(t(f), [](const Tensor& c) { unary_(UO::Sin, c); }); }},
      {"where", [&] { return where(B(O::Gt, a, Wi(3)), a, f); }},
      {"where_int_cond", [&] { return where(a, a, f); }},
      {"where_scalars_mixed", [&] { return where(B(O::Gt, f, Wi(0)), Wi(1), Wf(0.0)); }},
      {"where_scalars_int", [&] { return where(B(O::Gt, f, Wi(0)), Wi(1), Wi(0)); }},
      {"where_scalars_bool_int", [&] { return where(B(O::Gt, f, Wi(0)), Wb(true), Wi(0)); }},
      {"where_t", [&] { return where(B(O::Gt, t(f), Wi(0)), t(f), Wf(0.0)); }},
      {"where_mismatch", [&] { return where(B(O::Gt, f, Wi(0)), t(f), f); }},
      {"where_broadcast", [&] { return where(bl, Wf(1.5), a); }},
      {"clamp_int_float", [&] { return clamp(a, 1.5, kNone); }},
      {"clamp_int", [&] { return clamp(a, 1, 3); }},
      {"clamp_bool", [&] { return clamp(bl, 0, 1); }},
      {"clamp_min", [&] { return clamp(f, -1, kNone); }},
      {"clamp_max", [&] { return clamp(f, kNone, 1); }},
      {"clamp_crossed", [&] { return clamp(f, 5, 2); }},
      {"clamp_nan_bound", [&] { return clamp(f, kNan, kNone); }},
      {"clamp_nan_input", [&] { return clamp(nv, 0, 2); }},
      {"clamp_none", [&] { return clamp(a, kNone, kNone); }},
      {"clamp_t", [&] { return clamp(t(f), 0.5, kNone); }},
      {"iclamp_int", [&] { return IP(a, [](const Tensor& c) { clamp_(c, 1, kNone); }); }},
      {"iclamp_int_float", [&] { return IP(a, [](const Tensor& c) { clamp_(c, 1.5, kNone); }); }},
      {"iclamp_int32_float", [&] { return IP(i32, [](const Tensor& c) { clamp_(c, 1.5, kNone); }); }},
      {"iclamp_bool", [&] { return IP(bl, [](const Tensor& c) { clamp_(c, 0, 1); }); }},
      {"iclamp_float", [&] { return IP(f, [](const Tensor& c) { clamp_(c, -1, 1); }); }},
      {"mfill", [&] { return IP(f, [&](const Tensor& c) { masked_fill_(c, B(O::Gt, f, Wi(0)), 1.5); }); }},
      {"mfill_int_float", [&] { return IP(a, [&](const Tensor& c) { masked_fill_(c, B(O::Gt, a, Wi(3)), 1.5); }); }},
      {"mfill_broadcast", [&] { return IP(f, [&](const Tensor& c) { masked_fill_(c, bl, kNan); }); }},
      {"mfill_bad_shape",
       [&] {
         return IP(f, [&](const Tensor& c) { masked_fill_(c, from_values({true, false}, {2, 1}, DType::Bool), 1); });
       }},
      {"mfill_0d", [&] { return IP(f, [&](const Tensor& c) { masked_fill_(c, T0(true, DType::Bool), 2); }); }},
      {"mfill_grow",
       [&] {
         Tensor z = zeros({3});
         masked_fill_(z, ones({2, 3}, DType::Bool), 1);
         return z;
       }},
      {"mfill_int_mask",
       [&] { return IP(f, [&](const Tensor& c) {
               masked_fill_(c, vec({1, 0, 1, 0}, DType::Int64), 2.0);
             }); }},
      {"mfill_int_mask_bad",
       [&] { return IP(f, [&](const Tensor& c) {
               masked_fill_(c, vec({2, 0, 1, 0}, DType::Int64), 2.0);
             }); }},
      {"mfill_t", [&] { return IP(t(f), [&](const Tensor& c) { masked_fill_(c, B(O::Gt, t(f), Wi(0)), 0.0); }); }},
  };
  CHECK(cases.size() + dtype_cases.size() + bool_cases.size() == expected.size());
  // exp and sigmoid follow PyTorch's algorithm, so they must agree to the last bit.
  const std::set<std::string> exact = {"exp_float",       "exp_int",     "exp_bool",       "exp_special", "exp_edges",
                                       "exp_lin",         "exp_dense",   "exp_dense_fine", "exp_4",       "exp_t",
                                       "exp_sliced",      "iexp",        "sigmoid_float",  "sigmoid_int", "sigmoid_lin",
                                       "sigmoid_special", "sigmoid_tail"};
  for (auto& [id, fn] : cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, exact.count(id) ? 0 : 2e-7);
    }
  }
  for (auto& [id, fn] : dtype_cases) {
    SECTION(id) { CHECK(std::string(dtype_name(fn())) == expected.at(id).at("scalar").as_string()); }
  }
  for (auto& [id, fn] : bool_cases) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else CHECK(fn() == want.at("scalar").as_bool());
    }
  }
}

TEST_CASE("in-place elementwise ops write into the same storage", "[core][elementwise]") {
  Tensor x = reshape(arange(0.0, 6.0, 1.0, std::nullopt), {2, 3});
  Tensor v = t(x);
  const uintptr_t before = x.data_ptr();
  binary_(BinaryOp::Mul, v, scalar_tensor(2, DType::Int64, true));
  unary_(UnaryOp::Neg, x);
  CHECK(x.data_ptr() == before);
  CHECK(get_element(x, {1, 2}).to_double() == -10.0);
  CHECK(x.version() == 0);  // callers bump the version
}

TEST_CASE("vectorised exp agrees with the scalar exp bit for bit", "[core][elementwise]") {
  std::vector<float> in, out(40001);
  for (int i = 0; i <= 40000; ++i) in.push_back(-110.0f + 210.0f * static_cast<float>(i) / 40000.0f);
  in[17] = NAN;
  in[18] = INFINITY;
  in[19] = -INFINITY;
  kernels::exp_f32_row(out.data(), in.data(), static_cast<int64_t>(in.size()));
  for (size_t i = 0; i < in.size(); ++i) {
    const float want = kernels::exp_f32(in[i]);
    INFO("x = " << in[i]);
    if (std::isnan(want)) CHECK(std::isnan(out[i]));
    else CHECK(out[i] == want);
  }
}

TEST_CASE("elementwise ops on every dtype and odd shapes raise or succeed, never crash", "[core][elementwise]") {
  const DType dtypes[] = {DType::Bool, DType::Int32, DType::Int64, DType::Float32, DType::Float64};
  auto make = [](const IntArray& sizes, DType dt) {
    Tensor base = reshape(arange(0, numel_of(sizes), 1, std::nullopt), sizes);
    return to(B(BinaryOp::Remainder, base, Wi(3)), dt);
  };
  int calls = 0, errors = 0;
  for (DType da : dtypes)
    for (DType db : dtypes) {
      std::vector<std::pair<Tensor, Tensor>> pairs = {
          {make({}, da), make({}, db)},
          {make({0}, da), make({0}, db)},
          {make({0, 3}, da), make({3}, db)},
          {make({2, 3}, da), t(make({3, 2}, db))},
          {make({2, 1, 3}, da), make({4, 1}, db)},
          {make({3}, da), scalar_tensor(2, DType::Int64, true)},
          {scalar_tensor(-1.5, DType::Float64, true), make({2, 2}, db)},
      };
      for (auto& [x, y] : pairs)
        for (int op = 0; op <= static_cast<int>(BinaryOp::Minimum); ++op) {
          ++calls;
          try {
            Tensor r = binary(static_cast<BinaryOp>(op), x, y, 1);
            CHECK(r.sizes() == broadcast_shapes(x.sizes(), y.sizes()));
            Tensor c = clone(x);
            binary_(static_cast<BinaryOp>(op), c, y, 1);
          } catch (const Error&) { ++errors; }
        }
    }
  for (DType d : dtypes)
    for (const IntArray& sizes : {IntArray{}, IntArray{0}, IntArray{2, 3}})
      for (int op = 0; op <= static_cast<int>(UnaryOp::BitwiseNot); ++op) {
        ++calls;
        try {
          Tensor x = make(sizes, d);
          Tensor r = unary(static_cast<UnaryOp>(op), x);
          CHECK(r.sizes() == sizes);
          unary_(static_cast<UnaryOp>(op), x);
          clamp_(x, 0, 1);
          masked_fill_(x, B(BinaryOp::Gt, x, Wi(0)), 7);
        } catch (const Error&) { ++errors; }
      }
  CHECK(calls > errors);
}
