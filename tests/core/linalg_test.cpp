// Matrix products against PyTorch: shapes, strides, values and error messages (record_linalg.py).
#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;

namespace {

Tensor Wi(int64_t v) { return scalar_tensor(v, DType::Int64, true); }
Tensor Wf(double v) { return scalar_tensor(v, DType::Float64, true); }
Tensor B(BinaryOp op, const Tensor& x, const Tensor& y) { return binary(op, x, y); }
Tensor Z(const IntArray& sizes, DType dtype = DType::Float32) { return zeros(sizes, dtype); }
Tensor ar(int64_t n) { return arange(0, n, 1, std::nullopt); }
const std::nullopt_t kNone = std::nullopt;

// (arange(n) % m).reshape(sizes)
Tensor pattern(const IntArray& sizes, int64_t m) {
  return reshape(B(BinaryOp::Remainder, ar(numel_of(sizes)), Wi(m)), sizes);
}

struct Fixtures {
  Tensor a = reshape(arange(0.0, 6.0, 1.0, kNone), {2, 3});
  Tensor b = reshape(arange(0.0, 12.0, 1.0, kNone), {3, 4});
  Tensor v3 = arange(0.0, 3.0, 1.0, kNone);
  Tensor v4 = B(BinaryOp::Sub, arange(0.0, 4.0, 1.0, kNone), Wi(1));
  Tensor i = reshape(ar(6), {2, 3});
  Tensor d = reshape(arange(0.0, 6.0, 1.0, DType::Float64), {2, 3});
  Tensor g = reshape(arange(0.0, 24.0, 1.0, kNone), {2, 3, 4});
  Tensor h = B(BinaryOp::Div, reshape(arange(0.0, 40.0, 1.0, kNone), {2, 4, 5}), Wi(4));
  Tensor B2 = ones({2, 2}, DType::Bool);
  Tensor A = B(BinaryOp::Div, pattern({67, 300}, 7), Wi(8));
  Tensor Bm = B(BinaryOp::Sub, B(BinaryOp::Div, pattern({300, 45}, 5), Wi(4)), Wf(0.5));
  Tensor X = B(BinaryOp::Div, pattern({5, 33, 40}, 9), Wi(4));
  Tensor Y = B(BinaryOp::Sub, pattern({40, 20}, 3), Wf(1.0));
  Tensor Ai = pattern({67, 30}, 7);
  Tensor Bi = B(BinaryOp::Sub, pattern({30, 45}, 5), Wi(2));
};

}  // namespace

TEST_CASE("matrix products match PyTorch", "[core][linalg]") {
  auto expected = stridelab::testing::load_expected("core/expected/linalg.json");
  Fixtures fx;
  const Tensor &a = fx.a, &b = fx.b, &v3 = fx.v3, &v4 = fx.v4, &i = fx.i, &d = fx.d, &g = fx.g, &h = fx.h, &B2 = fx.B2,
               &A = fx.A, &Bm = fx.Bm, &X = fx.X, &Y = fx.Y, &Ai = fx.Ai, &Bi = fx.Bi;
  const DType F64 = DType::Float64, Bool = DType::Bool;
  std::map<std::string, std::function<Tensor()>> cases = {
      {"dot", [&] { return matmul(v3, v3); }},
      {"dot_int", [&] { return dot(select(i, 0, 0), select(i, 0, 1)); }},
      {"dot_mismatch", [&] { return matmul(Z({3}), Z({4})); }},
      {"dot_2d",
       [&] {
         return dot(Z({3, 1}), Z({3}));
       }},
      {"dot_dtype", [&] { return dot(Z({3}), Z({3}, F64)); }},
      {"dot_dtype_size", [&] { return dot(Z({3}), Z({4}, F64)); }},
      {"dot_bool", [&] { return dot(ones({3}, Bool), ones({3}, Bool)); }},
      {"dot_empty", [&] { return dot(Z({0}), Z({0})); }},
      {"mv", [&] { return matmul(a, v3); }},
      {"mv_mismatch",
       [&] {
         return matmul(Z({2, 3}), Z({4}));
       }},
      {"mv_fn_bad_dims",
       [&] {
         return mv(Z({2, 3}), Z({4, 1}));
       }},
      {"mv_fn_vec", [&] { return mv(Z({3}), Z({3})); }},
      {"mv_dtype",
       [&] {
         return mv(Z({2, 3}), Z({3}, F64));
       }},
      {"mv_dtype_size",
       [&] {
         return mv(Z({2, 3}), Z({4}, F64));
       }},
      {"mv_int", [&] { return mv(i, ar(3)); }},
      {"mv_bool",
       [&] {
         return mv(ones({2, 3}, Bool), ones({3}, Bool));
       }},
      {"vm", [&] { return matmul(v3, b); }},
      {"vm_mismatch",
       [&] {
         return matmul(Z({3}), Z({4, 5}));
       }},
      {"mm", [&] { return matmul(a, b); }},
      {"mm_t", [&] { return matmul(t(a), a); }},
      {"mm_mismatch",
       [&] {
         return matmul(Z({2, 3}), Z({4, 5}));
       }},
      {"mm_fn_vec",
       [&] {
         return mm(Z({3}), Z({3, 3}));
       }},
      {"mm_fn_3d",
       [&] {
         return mm(Z({2, 3}), Z({3, 2, 2}));
       }},
      {"mm_dtype", [&] { return matmul(a, t(i)); }},
      {"mm_dtype_long_float", [&] { return mm(i, t(a)); }},
      {"mm_dtype_size",
       [&] {
         return mm(Z({2, 3}), Z({4, 5}, F64));
       }},
      {"mm_int", [&] { return matmul(i, t(i)); }},
      {"mm_double", [&] { return matmul(d, t(d)); }},
      {"mm_bool", [&] { return matmul(B2, B2); }},
      {"mm_empty_rows",
       [&] {
         return matmul(Z({0, 3}), Z({3, 4}));
       }},
      {"mm_empty_inner",
       [&] {
         return matmul(Z({2, 0}), Z({0, 4}));
       }},
      {"mm_strides_t",
       [&] {
         return mm(t(Z({3, 2})), Z({3, 4}));
       }},
      {"matmul_0d", [&] { return matmul(scalar_tensor(3.0, DType::Float32), Z({3})); }},
      {"matmul_0d_right", [&] { return matmul(Z({3}), scalar_tensor(3.0, DType::Float32)); }},
      {"fold_3_2", [&] { return matmul(g, slice(t(b), 1, kNone, 2)); }},
      {"fold_3_2_mismatch",
       [&] {
         return matmul(Z({2, 2, 3}), Z({4, 5}));
       }},
      {"fold_3_1", [&] { return matmul(g, v4); }},
      {"fold_3_1_mismatch",
       [&] {
         return matmul(Z({2, 2, 3}), Z({4}));
       }},
      {"fold_1_3", [&] { return matmul(slice(v4, 0, kNone, 3), g); }},
      {"fold_1_3_mismatch",
       [&] {
         return matmul(Z({3}), Z({2, 4, 5}));
       }},
      {"fold_2_3", [&] { return matmul(a, g); }},
      {"fold_2_3_mismatch",
       [&] {
         return matmul(Z({2, 3}), Z({5, 4, 6}));
       }},
      {"fold_3t_2", [&] { return matmul(transpose(g, 1, 2), t(a)); }},
      {"nofold_2_3t",
       [&] {
         return matmul(Z({2, 3}), transpose(Z({5, 4, 3}), 1, 2));
       }},
      {"nofold_2_3t_mismatch",
       [&] {
         return matmul(Z({2, 3}), transpose(Z({5, 3, 4}), 1, 2));
       }},
      {"batched", [&] { return matmul(g, h); }},
      {"batched_mismatch",
       [&] {
         return matmul(Z({2, 2, 3}), Z({2, 4, 5}));
       }},
      {"batched_broadcast",
       [&] {
         return matmul(Z({2, 1, 3, 4}), Z({5, 4, 2}));
       }},
      {"batched_broadcast_values", [&] { return matmul(unsqueeze(g, 1), unsqueeze(h, 0)); }},
      {"batched_bad_broadcast",
       [&] {
         return matmul(Z({2, 2, 3}), Z({3, 3, 4}));
       }},
      {"batched_t", [&] { return matmul(transpose(g, 1, 2), g); }},
      {"bmm", [&] { return bmm(g, h); }},
      {"bmm_2d",
       [&] {
         return bmm(Z({2, 3}), Z({3, 3}));
       }},
      {"bmm_2d_right",
       [&] {
         return bmm(Z({2, 2, 3}), Z({3, 3}));
       }},
      {"bmm_mismatch",
       [&] {
         return bmm(Z({2, 2, 3}), Z({3, 3, 3}));
       }},
      {"bmm_mismatch_k",
       [&] {
         return bmm(Z({2, 2, 3}), Z({2, 4, 3}));
       }},
      {"bmm_dtype",
       [&] {
         return bmm(Z({2, 2, 3}), Z({2, 3, 4}, F64));
       }},
      {"bmm_bool",
       [&] {
         return bmm(ones({1, 2, 2}, Bool), ones({1, 2, 2}, Bool));
       }},
      {"bmm_t", [&] { return bmm(mT(g), g); }},
      {"big", [&] { return matmul(A, Bm); }},
      {"big_t", [&] { return matmul(t(Bm), t(A)); }},
      {"big_strided",
       [&] {
         return matmul(slice(slice(A, 0, kNone, kNone, 2), 1, 1, kNone),
                       slice(slice(Bm, 0, 1, kNone), 1, kNone, kNone, 3));
       }},
      {"big_double", [&] { return matmul(to(A, F64), to(Bm, F64)); }},
      {"big_fold", [&] { return matmul(X, Y); }},
      {"big_batched",
       [&] {
         return bmm(X, expand(Y, {5, 40, 20}));
       }},
      {"big_int", [&] { return matmul(Ai, Bi); }},
      {"big_mv", [&] { return matmul(A, select(Bm, 1, 0)); }},
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

TEST_CASE("blocked matmul agrees with a plain triple loop", "[core][linalg]") {
  // Sizes that straddle the micro-tile (6 x 16) and the K block (256).
  for (auto [m, k, n] : {std::array<int64_t, 3>{1, 1, 2}, {7, 3, 17}, {13, 257, 33}, {50, 513, 5}, {97, 31, 130}}) {
    Tensor x = B(BinaryOp::Div, pattern({m, k}, 11), Wi(16)), y = B(BinaryOp::Sub, pattern({k, n}, 13), Wf(6.0));
    Tensor z = matmul(x, y);
    for (int64_t r = 0; r < m; r += std::max<int64_t>(1, m / 5))
      for (int64_t c = 0; c < n; c += std::max<int64_t>(1, n / 5)) {
        double want = 0;
        for (int64_t p = 0; p < k; ++p) want += get_element(x, {r, p}).to_double() * get_element(y, {p, c}).to_double();
        INFO(m << "x" << k << "x" << n << " at " << r << "," << c);
        CHECK(get_element(z, {r, c}).to_double() == want);
      }
  }
}

TEST_CASE("matrix products on every dtype and odd shapes raise or succeed, never crash", "[core][linalg]") {
  const DType dtypes[] = {DType::Bool, DType::Int32, DType::Int64, DType::Float32, DType::Float64};
  const IntArray shapes[] = {{},     {0},       {3},       {0, 3},    {3, 0},      {2, 3},
                             {3, 2}, {2, 0, 3}, {2, 3, 3}, {1, 3, 2}, {4, 1, 2, 3}};
  int calls = 0;
  for (DType d : dtypes)
    for (const IntArray& sa : shapes)
      for (const IntArray& sb : shapes) {
        Tensor a = ones(sa, d), b = ones(sb, d);
        for (auto fn : {matmul, mm, bmm, mv, dot}) {
          ++calls;
          try {
            fn(a, b);
          } catch (const Error&) {}
        }
      }
  CHECK(calls == 5 * 11 * 11 * 5);
}
