// Every differentiable op against PyTorch (record_autograd.py, expected/ops.json): the output, the
// graph it records (node names and edges), and the gradients for a fixed upstream gradient; then
// the same gradients against finite differences in float64.
#include <cmath>

#include "autograd/grad_mode.h"
#include "core/random.h"
#include "autograd_support.h"

using namespace stridelab;
namespace ag = stridelab::autograd;
using ag::NoGradGuard;
using ag::Reduction;
using core::IntArray;
using core::Scalar;
using core::Tensor;
using core::TensorIndex;
using stridelab::testing::check_tensor;

namespace {

using Env = std::map<std::string, Tensor>;
using Case = std::function<Tensor(Env&)>;

Tensor num(double v) { return core::scalar_tensor(Scalar(v), core::DType::Float64, /*wrapped_number=*/true); }
Tensor num(int64_t v) { return core::scalar_tensor(Scalar(v), core::DType::Int64, /*wrapped_number=*/true); }
Tensor num(int v) { return num(int64_t{v}); }
Tensor ints(std::vector<int64_t> v) {
  std::vector<Scalar> s(v.begin(), v.end());
  return core::from_values(s, {static_cast<int64_t>(v.size())}, core::DType::Int64);
}
TensorIndex I(int64_t i) { return TensorIndex::make_integer(i); }
TensorIndex S(std::optional<int64_t> a = {}, std::optional<int64_t> b = {}, int64_t step = 1) {
  return TensorIndex::make_slice(a, b, step);
}
TensorIndex T_(Tensor t) { return TensorIndex::make_tensor(std::move(t)); }
Tensor zero_like_value(const Tensor& t) { return core::scalar_tensor(Scalar(0.0), t.dtype()); }
Tensor one(const Tensor& x) { return ag::mul(x, num(1)); }  // x * 1: a non-leaf copy of x

std::map<std::string, Case> cases() {
  std::map<std::string, Case> c;
  // elementwise
  c["add"] = [](Env& e) { return ag::add(e["x"], e["y"]); };
  c["add_alpha"] = [](Env& e) { return ag::add(e["x"], e["v"], 2); };
  c["add_scalar"] = [](Env& e) { return ag::add(e["x"], num(1.5)); };
  c["add_mixed_dtype"] = [](Env& e) { return ag::add(e["x"], e["xd"]); };
  c["sub"] = [](Env& e) { return ag::sub(e["x"], e["v"]); };
  c["sub_alpha"] = [](Env& e) { return ag::sub(e["x"], e["y"], 0.5); };
  c["rsub"] = [](Env& e) { return ag::rsub(e["x"], 1); };
  c["mul"] = [](Env& e) { return ag::mul(e["x"], e["y"]); };
  c["mul_bcast"] = [](Env& e) { return ag::mul(e["x"], e["v"]); };
  c["mul_scalar"] = [](Env& e) { return ag::mul(e["x"], num(2)); };
  c["mul_0d"] = [](Env& e) { return ag::mul(e["x"], e["s"]); };
  c["div"] = [](Env& e) { return ag::div(e["x"], e["p"]); };
  c["div_scalar"] = [](Env& e) { return ag::div(e["x"], num(2)); };
  c["rdiv"] = [](Env& e) { return ag::mul(ag::reciprocal(e["p"]), num(2)); };
  c["pow_scalar"] = [](Env& e) { return ag::pow(e["p"], Scalar(int64_t{2})); };
  c["pow_frac"] = [](Env& e) { return ag::pow(e["p"], Scalar(2.5)); };
  c["pow_zero"] = [](Env& e) { return ag::pow(e["x"], Scalar(int64_t{0})); };
  c["pow_tensor"] = [](Env& e) { return ag::pow(e["p"], e["y"]); };
  c["pow_rscalar"] = [](Env& e) { return ag::pow(num(2), e["x"]); };
  c["pow_scalar_base"] = [](Env& e) { return ag::pow(Scalar(int64_t{2}), e["x"]); };
  c["neg"] = [](Env& e) { return ag::neg(e["x"]); };
  c["exp"] = [](Env& e) { return ag::exp(e["x"]); };
  c["log"] = [](Env& e) { return ag::log(e["p"]); };
  c["sqrt"] = [](Env& e) { return ag::sqrt(e["p"]); };
  c["abs"] = [](Env& e) { return ag::abs(e["x"]); };
  c["sin"] = [](Env& e) { return ag::sin(e["x"]); };
  c["cos"] = [](Env& e) { return ag::cos(e["x"]); };
  c["tanh"] = [](Env& e) { return ag::tanh(e["x"]); };
  c["sigmoid"] = [](Env& e) { return ag::sigmoid(e["x"]); };
  c["relu"] = [](Env& e) { return ag::relu(e["x"]); };
  c["relu_f"] = [](Env& e) { return ag::relu(e["x"]); };
  c["clamp"] = [](Env& e) { return ag::clamp(e["x"], Scalar(-0.5), Scalar(0.5)); };
  c["clamp_min"] = [](Env& e) { return ag::clamp(e["x"], Scalar(0.1), std::nullopt); };
  c["clamp_max"] = [](Env& e) { return ag::clamp(e["x"], std::nullopt, Scalar(0.2)); };
  c["clamp_tensor"] = [](Env& e) { return ag::clamp(e["x"], e["y"], e["p"]); };
  c["clamp_tensor_min"] = [](Env& e) { return ag::clamp(e["x"], e["y"], Tensor()); };
  c["clamp_tensor_max"] = [](Env& e) { return ag::clamp(e["x"], Tensor(), e["v"]); };
  c["maximum"] = [](Env& e) { return ag::maximum(e["x"], e["y"]); };
  c["minimum"] = [](Env& e) { return ag::minimum(e["x"], e["y"]); };
  c["maximum_tie"] = [](Env& e) { return ag::maximum(e["tie"], e["z0"]); };
  c["where"] = [](Env& e) { return ag::where(e["mask"], e["x"], e["y"]); };
  c["masked_fill"] = [](Env& e) { return ag::masked_fill(e["x"], e["mask"], Scalar(0.5)); };
  c["remainder_scalar"] = [](Env& e) { return ag::remainder(e["x"], Scalar(0.7)); };
  c["remainder"] = [](Env& e) { return ag::remainder(e["x"], e["p"]); };
  // 2 // x: Python's __rfloordiv__ is torch.floor_divide(wrapped 2, x).
  c["rfloordiv"] = [](Env& e) { return ag::floor_divide(num(2), e["x"]); };
  c["floordiv_plain"] = [](Env& e) { return ag::floor_divide(ag::detach(e["y"]), e["x"]); };
  c["masked_fill_tensor"] = [](Env& e) { return ag::masked_fill(e["x"], e["mask"], e["s"]); };
  c["masked_fill_tensor_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::masked_fill_(o, e["mask"], e["s"]);
  };
  // reductions
  c["sum_all"] = [](Env& e) { return ag::sum(e["x"]); };
  c["sum_dim"] = [](Env& e) { return ag::sum(e["x"], {0}); };
  c["sum_dims_keep"] = [](Env& e) { return ag::sum(e["b"], {0, 2}, true); };
  c["sum_neg"] = [](Env& e) { return ag::sum(e["b"], {-1}); };
  c["sum_dtype"] = [](Env& e) { return ag::sum(e["x"], core::DType::Float64); };
  c["mean_all"] = [](Env& e) { return ag::mean(e["x"]); };
  c["mean_dim"] = [](Env& e) { return ag::mean(e["b"], {1}); };
  c["mean_keep"] = [](Env& e) { return ag::mean(e["x"], {1}, true); };
  c["prod_all"] = [](Env& e) { return ag::prod(e["p"]); };
  c["prod_dim"] = [](Env& e) { return ag::prod(e["x"], 1); };
  c["prod_zero"] = [](Env& e) { return ag::prod(e["z0"], 1); };
  c["prod_zero_all"] = [](Env& e) { return ag::prod(ag::index(e["z0"], {I(0)}, false)); };
  c["var"] = [](Env& e) { return ag::var(e["x"]); };
  c["var_dim"] = [](Env& e) { return ag::var(e["x"], {1}); };
  c["var_biased"] = [](Env& e) { return ag::var(e["x"], {1}, 0); };
  c["std"] = [](Env& e) { return ag::std(e["x"]); };
  c["std_dim"] = [](Env& e) { return ag::std(e["x"], {0}, 1, true); };
  c["norm"] = [](Env& e) { return ag::norm(e["x"]); };
  c["norm_dim"] = [](Env& e) { return ag::norm(e["x"], 2, {1}); };
  c["norm_p1"] = [](Env& e) { return ag::norm(e["x"], 1); };
  c["norm_p3"] = [](Env& e) { return ag::norm(e["x"], 3); };
  c["norm_fro"] = [](Env& e) { return ag::frobenius_norm(e["x"], {0, 1}); };
  c["max_all"] = [](Env& e) { return ag::max(e["x"]); };
  c["min_all"] = [](Env& e) { return ag::min(e["x"]); };
  c["max_ties"] = [](Env& e) { return ag::max(e["tie"]); };
  c["max_dim"] = [](Env& e) { return ag::max(e["x"], 1).first; };
  c["min_dim_keep"] = [](Env& e) { return ag::min(e["x"], 0, true).first; };
  c["softmax"] = [](Env& e) { return ag::softmax(e["x"], 1); };
  c["softmax0"] = [](Env& e) { return ag::softmax(e["b"], 0); };
  c["log_softmax"] = [](Env& e) { return ag::log_softmax(e["x"], -1); };
  c["softmax_dtype"] = [](Env& e) { return ag::softmax(e["x"], 1, core::DType::Float64); };
  // matrix products
  c["mm"] = [](Env& e) { return ag::matmul(e["x"], e["m"]); };
  c["mv"] = [](Env& e) { return ag::matmul(e["x"], e["v"]); };
  c["dot"] = [](Env& e) { return ag::matmul(e["v"], e["w"]); };
  c["vm"] = [](Env& e) { return ag::matmul(e["v"], e["m"]); };
  c["bmm"] = [](Env& e) { return ag::bmm(e["b"], e["c"]); };
  c["batched"] = [](Env& e) { return ag::matmul(e["b"], e["c"]); };
  c["batched_vec"] = [](Env& e) { return ag::matmul(e["b"], e["v"]); };
  c["batched_mat"] = [](Env& e) { return ag::matmul(e["b"], e["m"]); };
  c["mat_batched"] = [](Env& e) { return ag::matmul(e["x"], e["c"]); };
  c["vec_batched"] = [](Env& e) { return ag::matmul(e["v"], e["c"]); };
  c["transposed_batched"] = [](Env& e) { return ag::matmul(ag::transpose(e["b"], 1, 2), e["x"]); };
  c["broadcast_batched"] = [](Env& e) { return ag::matmul(ag::index(e["b"], {S({}, 1)}, false), e["c"]); };
  c["mm_colmajor"] = [](Env& e) { return ag::matmul(e["xc"], e["m"]); };
  c["linear2"] = [](Env& e) { return ag::linear(e["x"], e["W"], e["bw"]); };
  c["linear3"] = [](Env& e) { return ag::linear(e["b"], e["W"], e["bw"]); };
  c["linear3_nc"] = [](Env& e) { return ag::linear(ag::transpose(e["b"], 0, 1), e["W"], e["bw"]); };
  c["linear1"] = [](Env& e) { return ag::linear(e["v"], e["W"], e["bw"]); };
  c["linear_nobias"] = [](Env& e) { return ag::linear(e["x"], e["W"]); };
  c["addmm"] = [](Env& e) { return ag::addmm(e["bw"], e["x"], e["m"]); };
  // views
  c["view"] = [](Env& e) { return ag::view(e["x"], {12}); };
  c["view_as"] = [](Env& e) { return ag::view_as(e["x"], e["y"]); };
  c["reshape_view"] = [](Env& e) { return ag::reshape(e["x"], {2, 6}); };
  c["reshape_copy"] = [](Env& e) { return ag::reshape(ag::t(e["x"]), {12}); };
  c["flatten"] = [](Env& e) { return ag::flatten(e["b"]); };
  c["flatten1"] = [](Env& e) { return ag::flatten(e["b"], 1); };
  c["flatten_1d"] = [](Env& e) { return ag::flatten(e["v"]); };
  c["unflatten"] = [](Env& e) { return ag::unflatten(e["x"], 1, {2, 2}); };
  c["transpose"] = [](Env& e) { return ag::transpose(e["b"], 0, 2); };
  c["t"] = [](Env& e) { return ag::t(e["x"]); };
  c["T"] = [](Env& e) { return ag::T(e["x"]); };
  c["mT"] = [](Env& e) { return ag::mT(e["b"]); };
  c["permute"] = [](Env& e) { return ag::permute(e["b"], {2, 0, 1}); };
  c["squeeze"] = [](Env& e) { return ag::squeeze(ag::index(e["x"], {S(), TensorIndex::make_none()})); };
  c["squeeze_dim"] = [](Env& e) { return ag::squeeze(ag::index(e["x"], {TensorIndex::make_none()}, false), 0); };
  c["unsqueeze"] = [](Env& e) { return ag::unsqueeze(e["x"], 1); };
  c["expand"] = [](Env& e) { return ag::expand(e["v"], {3, 4}); };
  c["expand_new"] = [](Env& e) { return ag::expand(e["x"], {2, 3, 4}); };
  c["expand_as"] = [](Env& e) { return ag::expand_as(e["v"], e["x"]); };
  c["narrow"] = [](Env& e) { return ag::narrow(e["x"], 1, 1, 2); };
  c["select"] = [](Env& e) { return ag::select(e["x"], 1, 2); };
  c["slice_step"] = [](Env& e) { return ag::index(e["x"], {S(), S({}, {}, 2)}); };
  c["unbind"] = [](Env& e) { return ag::unbind(e["x"], 1)[2]; };
  c["split"] = [](Env& e) { return ag::split(e["x"], 2, 1)[1]; };
  c["split_sizes"] = [](Env& e) { return ag::split_with_sizes(e["x"], {1, 3}, 1)[1]; };
  c["chunk"] = [](Env& e) { return ag::chunk(e["x"], 2, 0)[1]; };
  c["diagonal"] = [](Env& e) { return ag::diagonal(e["x"]); };
  c["diagonal_off"] = [](Env& e) { return ag::diagonal(e["x"], 1); };
  c["movedim"] = [](Env& e) { return ag::movedim(e["b"], {0}, {2}); };
  c["unfold"] = [](Env& e) { return ag::unfold(e["x"], 1, 2, 1); };
  c["as_strided"] = [](Env& e) { return ag::as_strided(e["x"], {2, 2}, {1, 2}, 1); };
  c["as_strided_overlap"] = [](Env& e) { return ag::as_strided(e["x"], {3, 3}, {1, 1}); };
  // indexing
  c["idx_int"] = [](Env& e) { return ag::index(e["x"], {I(1)}, false); };
  c["idx_int2"] = [](Env& e) { return ag::index(e["x"], {I(1), I(2)}); };
  c["idx_slice"] = [](Env& e) { return ag::index(e["x"], {S(1)}, false); };
  c["idx_slice_tuple"] = [](Env& e) { return ag::index(e["x"], {S(0, 3), I(1)}); };
  c["idx_none"] = [](Env& e) { return ag::index(e["x"], {S(), TensorIndex::make_none(), S(1)}); };
  c["idx_ellipsis"] = [](Env& e) { return ag::index(e["x"], {TensorIndex::make_ellipsis()}, false); };
  c["idx_ellipsis_int"] = [](Env& e) { return ag::index(e["x"], {TensorIndex::make_ellipsis(), I(1)}); };
  c["idx_list"] = [](Env& e) { return ag::index(e["x"], {T_(ints({0, 2}))}, false); };
  c["idx_tensor"] = [](Env& e) { return ag::index(e["x"], {T_(e["idx"])}, false); };
  c["idx_mask"] = [](Env& e) { return ag::index(e["x"], {T_(e["mask"])}, false); };
  c["idx_mixed"] = [](Env& e) { return ag::index(e["x"], {I(1), T_(ints({0, 2}))}); };
  c["idx_mixed2"] = [](Env& e) { return ag::index(e["x"], {T_(ints({0, 2})), S(1)}); };
  c["idx_two_lists"] = [](Env& e) { return ag::index(e["x"], {T_(ints({0, 1})), T_(ints({1, 3}))}); };
  c["idx_0d_tensor"] = [](Env& e) {
    return ag::index(e["x"], {T_(core::scalar_tensor(Scalar(int64_t{1}), core::DType::Int64))}, false);
  };
  c["gather"] = [](Env& e) { return ag::gather(e["x"], 1, e["gidx"]); };
  c["index_select"] = [](Env& e) { return ag::index_select(e["x"], 1, e["sidx"]); };
  c["masked_select"] = [](Env& e) { return ag::masked_select(e["x"], e["mask"]); };
  c["masked_select_bcast"] = [](Env& e) { return ag::masked_select(e["x"], e["mask_row"]); };
  // copies
  c["clone"] = [](Env& e) { return ag::clone(e["x"]); };
  c["contiguous"] = [](Env& e) { return ag::contiguous(ag::t(e["x"])); };
  c["to64"] = [](Env& e) { return ag::to(e["x"], core::DType::Float64); };
  c["double"] = [](Env& e) { return ag::to(e["x"], core::DType::Float64); };
  c["cat"] = [](Env& e) { return ag::cat({e["x"], e["y"]}, 0); };
  c["cat1"] = [](Env& e) { return ag::cat({e["x"], ag::index(e["y"], {S(), S({}, 2)})}, 1); };
  c["stack"] = [](Env& e) { return ag::stack({e["x"], e["y"]}, 1); };
  c["repeat"] = [](Env& e) { return ag::repeat(e["v"], {2, 3}); };
  c["repeat3"] = [](Env& e) { return ag::repeat(e["x"], {2, 1, 2}); };
  c["flip"] = [](Env& e) { return ag::flip(e["x"], {0, 1}); };
  // in place on non-leaves
  c["add_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::add_(o, e["y"], 2);
  };
  c["mul_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::mul_(o, e["y"]);
  };
  c["mul_scalar_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::mul_(o, num(2));
  };
  c["div_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::div_(o, e["p"]);
  };
  c["pow_"] = [](Env& e) {
    Tensor o = one(e["p"]);
    return ag::pow_(o, Scalar(int64_t{2}));
  };
  c["pow_tensor_"] = [](Env& e) {
    Tensor o = one(e["p"]);
    return ag::pow_(o, e["y"]);
  };
  c["exp_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::exp_(o);
  };
  c["log_"] = [](Env& e) {
    Tensor o = one(e["p"]);
    return ag::log_(o);
  };
  c["sqrt_"] = [](Env& e) {
    Tensor o = one(e["p"]);
    return ag::sqrt_(o);
  };
  c["sin_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::sin_(o);
  };
  c["cos_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::cos_(o);
  };
  c["neg_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::neg_(o);
  };
  c["abs_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::abs_(o);
  };
  c["relu_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::relu_(o);
  };
  c["tanh_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::tanh_(o);
  };
  c["sigmoid_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::sigmoid_(o);
  };
  c["clamp_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::clamp_(o, Scalar(-0.5), Scalar(0.5));
  };
  c["masked_fill_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::masked_fill_(o, e["mask"], Scalar(0.0));
  };
  c["zero_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::zero_(o);
  };
  c["normal_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::normal_(o, 0.5, 2.0);
  };
  c["uniform_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::uniform_(o, -1.0, 3.0);
  };
  c["fill_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::fill_(o, Scalar(2.0));
  };
  c["fill_tensor_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::fill_(o, e["s"]);
  };
  c["copy_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::copy_(o, e["y"]);
  };
  c["copy_bcast_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::copy_(o, e["v"]);
  };
  c["copy_into_plain"] = [](Env& e) {
    Tensor o = core::zeros({3, 4}, e["x"].dtype());
    return ag::copy_(o, e["x"]);
  };
  c["iadd"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::add_(o, e["y"]);
  };
  c["isub_scalar"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::sub_(o, num(2));
  };
  c["view_mul_"] = [](Env& e) {
    Tensor o = one(e["x"]);
    Tensor row = ag::index(o, {I(1)}, false);
    ag::mul_(row, ag::index(e["y"], {I(0)}, false));
    return o;
  };
  c["setitem_int"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {I(1)}, zero_like_value(o), false);
    return o;
  };
  c["setitem_scalar_grad"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {I(0), I(1)}, e["s"]);
    return o;
  };
  c["setitem_mask"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {T_(e["mask"])}, zero_like_value(o), false);
    return o;
  };
  c["setitem_slice"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {S(), S(1, 3)}, ag::index(e["v"], {S({}, 2)}, false));
    return o;
  };
  c["setitem_ellipsis"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {TensorIndex::make_ellipsis()}, e["s"], false);
    return o;
  };
  c["setitem_list"] = [](Env& e) {
    Tensor o = one(e["x"]);
    ag::index_put(o, {T_(ints({0, 2}))}, ag::index(e["y"], {S({}, 2)}, false), false);
    return o;
  };
  c["index_put_acc"] = [](Env& e) {
    Tensor o = one(e["x"]);
    return ag::index_put_(o, {T_(e["idx"])}, e["v"], true);
  };
  c["view_then_base_inplace"] = [](Env& e) {
    Tensor y2 = one(e["x"]);
    Tensor v2 = ag::index(y2, {S(1)}, false);
    ag::mul_(y2, num(2));
    return ag::mul(v2, ag::index(e["y"], {S(1)}, false));
  };
  c["zeros_setitem"] = [](Env& e) {
    Tensor o = core::zeros({3, 4}, e["x"].dtype());
    ag::index_put(o, {I(1)}, ag::mul(ag::index(e["x"], {I(0)}, false), num(2)), false);
    return o;
  };
  // losses
  c["mse"] = [](Env& e) { return ag::mse_loss(e["x"], e["y"]); };
  c["mse_sum"] = [](Env& e) { return ag::mse_loss(e["x"], e["y"], Reduction::Sum); };
  c["mse_none"] = [](Env& e) { return ag::mse_loss(e["x"], e["y"], Reduction::None); };
  c["mse_bcast"] = [](Env& e) { return ag::mse_loss(e["x"], e["v"]); };
  c["cross_entropy"] = [](Env& e) { return ag::cross_entropy(e["x"], e["tgt"]); };
  c["ce_sum"] = [](Env& e) { return ag::cross_entropy(e["x"], e["tgt"], Reduction::Sum); };
  c["ce_none"] = [](Env& e) { return ag::cross_entropy(e["x"], e["tgt"], Reduction::None); };
  c["ce_1d"] = [](Env& e) {
    return ag::cross_entropy(e["v"], core::scalar_tensor(Scalar(int64_t{2}), core::DType::Int64));
  };
  c["ce_ignore"] = [](Env& e) { return ag::cross_entropy(e["x"], e["tgt"], Reduction::Mean, 0); };
  c["nll"] = [](Env& e) { return ag::nll_loss(ag::log_softmax(e["x"], 1), e["tgt"]); };
  c["bce_logits"] = [](Env& e) { return ag::binary_cross_entropy_with_logits(e["x"], e["prob"]); };
  c["bce_logits_sum"] = [](Env& e) { return ag::binary_cross_entropy_with_logits(e["x"], e["prob"], Reduction::Sum); };
  c["bce_logits_target"] = [](Env& e) { return ag::binary_cross_entropy_with_logits(e["x"], e["q"]); };
  return c;
}

struct Recorded {
  support::Json json;
  Env inputs;
  std::map<const core::TensorImpl*, std::string> names;
};

Recorded& recorded() {
  static Recorded r = [] {
    Recorded r;
    r.json = stridelab::testing::load_expected("autograd/expected/ops.json");
    for (const auto& [name, d] : r.json.at("inputs").as_object()) {
      r.inputs[name] = stridelab::testing::tensor_from(d);
      r.names[r.inputs[name].impl()] = name;
    }
    return r;
  }();
  return r;
}

// The float64 copy of every floating input, as leaves that require grad (others unchanged).
Env to_float64(const Env& env) {
  Env out;
  for (const auto& [name, t] : env) {
    if (core::is_floating(t.dtype())) {
      Tensor d = core::contiguous(core::to(t, core::DType::Float64, true));
      if (ag::requires_grad(t)) ag::set_requires_grad(d, true);
      out[name] = d;
    } else {
      out[name] = t;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("every recorded op has a C++ case", "[autograd][ops]") {
  auto all = cases();
  for (const auto& [id, expected] : recorded().json.at("cases").as_object()) {
    INFO(id);
    CHECK(all.count(id) == 1);
  }
}

TEST_CASE("ops give PyTorch's outputs, graphs and gradients", "[autograd][ops]") {
  auto all = cases();
  Recorded& r = recorded();
  for (const auto& [id, expected] : r.json.at("cases").as_object()) {
    if (!all.count(id)) continue;
    SECTION(id) {
      REQUIRE_FALSE(expected.contains("error"));
      Env env = r.inputs;
      std::vector<std::string> warnings;
      ag::set_warning_handler([&](const ag::Warning& w) { warnings.push_back(w.message); });
      core::manual_seed(7);  // as the record script, for the random fills
      Tensor out = all[id](env);
      ag::set_warning_handler(nullptr);
      CHECK(support::Json::array_of(warnings) == expected.at("warnings"));
      check_tensor(out, expected.at("out"), 1e-4);
      CHECK(stridelab::testing::graph_string(ag::grad_fn(out), r.names) == expected.at("chain").as_string());
      CHECK(stridelab::testing::saved_names(ag::grad_fn(out)) == expected.at("saved"));
      if (!expected.contains("grads")) continue;
      std::vector<std::string> names;
      std::vector<Tensor> wrt;
      for (const auto& [name, g] : expected.at("grads").as_object()) {
        names.push_back(name);
        wrt.push_back(env[name]);
      }
      Tensor upstream = stridelab::testing::tensor_from(expected.at("upstream"));
      auto grads = ag::grad({out}, wrt, {upstream}, std::nullopt, false, /*allow_unused=*/true);
      for (size_t i = 0; i < names.size(); ++i) {
        INFO("gradient of " << names[i]);
        const auto& g = expected.at("grads").at(names[i]);
        if (g.is_null()) {
          CHECK_FALSE(grads[i].defined());
        } else {
          REQUIRE(grads[i].defined());
          support::Json want = g;
          want.as_object().erase(std::remove_if(want.as_object().begin(), want.as_object().end(),
                                                [](const auto& kv) { return kv.first == "strides"; }),
                                 want.as_object().end());
          check_tensor(grads[i], want, 1e-4);
        }
      }
    }
  }
}

TEST_CASE("op gradients match finite differences in float64", "[autograd][ops][fd]") {
  auto all = cases();
  Recorded& r = recorded();
  for (const auto& [id, expected] : r.json.at("cases").as_object()) {
    if (!all.count(id) || expected.contains("error") || !expected.contains("grads") || !expected.at("fd").as_bool())
      continue;
    SECTION(id) {
      Env env = to_float64(r.inputs);
      Tensor out = all[id](env);
      Tensor upstream = core::to(stridelab::testing::tensor_from(expected.at("upstream")), out.dtype());
      std::vector<std::string> names;
      std::vector<Tensor> wrt;
      for (const auto& [name, g] : expected.at("grads").as_object()) {
        names.push_back(name);
        wrt.push_back(env[name]);
      }
      auto grads = ag::grad({out}, wrt, {upstream}, std::nullopt, false, true);
      const double eps = 1e-6;
      for (size_t i = 0; i < names.size(); ++i) {
        const Tensor& leaf = wrt[i];
        for (int64_t k = 0; k < leaf.numel(); ++k) {
          double& cell = stridelab::testing::element_ref(leaf, k);
          double saved = cell;
          double plus, minus;
          {
            NoGradGuard no_grad;
            cell = saved + eps;
            Env e1 = env;
            plus = stridelab::testing::weighted_sum(all[id](e1), upstream);
            cell = saved - eps;
            Env e2 = env;
            minus = stridelab::testing::weighted_sum(all[id](e2), upstream);
            cell = saved;
          }
          double numeric = (plus - minus) / (2 * eps);
          double analytic = grads[i].defined() ? core::get_flat(grads[i], k).to_double() : 0.0;
          INFO("d/d" << names[i] << "[" << k << "]");
          CHECK(analytic == Approx(numeric).epsilon(1e-5).margin(1e-6));
        }
      }
    }
  }
}
