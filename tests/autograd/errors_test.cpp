// PyTorch's autograd errors, word for word (record_autograd.py, expected/errors.json).
#include "autograd_support.h"

namespace ag = stridelab::autograd;
using namespace stridelab;
using core::Scalar;
using core::Tensor;
using core::TensorIndex;
using stridelab::testing::check_error;

namespace {

Tensor num(int64_t v) { return core::scalar_tensor(Scalar(v), core::DType::Int64, true); }
TensorIndex I(int64_t i) { return TensorIndex::make_integer(i); }
TensorIndex S(std::optional<int64_t> a = {}, std::optional<int64_t> b = {}) { return TensorIndex::make_slice(a, b, 1); }
Tensor leaf3() {
  Tensor x = core::from_values({1.0, 2.0, 3.0}, {3}, core::DType::Float32);
  ag::set_requires_grad(x, true);
  return x;
}
Tensor floats(core::IntArray sizes) { return core::ones(sizes, core::DType::Float32); }
Tensor longs(std::vector<int64_t> v) {
  std::vector<Scalar> s(v.begin(), v.end());
  return core::from_values(s, {static_cast<int64_t>(v.size())}, core::DType::Int64);
}
ag::GradHook lambda_hook(std::function<Tensor(const Tensor&)> fn) { return ag::GradHook{std::move(fn), "<lambda>"}; }

using Cases = std::map<std::string, std::function<void()>>;

Cases cases() {
  Cases c;
  c["leaf_inplace"] = [] {
    Tensor x = leaf3();
    ag::mul_(x, num(2));
  };
  c["leaf_view_inplace"] = [] {
    Tensor x = leaf3();
    Tensor v = ag::index(x, {I(0)}, false);
    ag::mul_(v, num(2));
  };
  c["leaf_view_view_inplace"] = [] {
    Tensor x = leaf3();
    Tensor v = ag::index(ag::view(x, {3}), {S(1)}, false);
    ag::zero_(v);
  };
  c["no_grad_view_of_leaf"] = [] {
    Tensor x = leaf3();
    Tensor v;
    {
      ag::NoGradGuard no_grad;
      v = ag::index(x, {S(1)}, false);
    }
    ag::mul_(v, num(2));
  };
  c["no_grad_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor v;
    {
      ag::NoGradGuard no_grad;
      v = ag::index(y, {S(1)}, false);
    }
    ag::add_(v, num(1));
  };
  c["no_grad_view_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor v;
    {
      ag::NoGradGuard no_grad;
      v = ag::index(y, {S(1)}, false);
    }
    Tensor vv = ag::index(v, {S(0, 1)}, false);
    ag::add_(vv, num(1));
  };
  c["unbind_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor p = ag::unbind(y, 0)[0];
    ag::mul_(p, num(2));
  };
  c["split_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor p = ag::split(y, 1)[1];
    ag::mul_(p, num(2));
  };
  c["chunk_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor p = ag::chunk(y, 3)[2];
    ag::mul_(p, num(2));
  };
  c["split_sizes_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor p = ag::split_with_sizes(y, {1, 2})[1];
    ag::mul_(p, num(2));
  };
  c["unbind_view_of_view"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor p = ag::view(ag::unbind(y, 0)[0], {1});
    ag::mul_(p, num(2));
  };
  c["unbind_indirect"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    auto u = ag::unbind(y, 0);
    ag::mul_(y, num(2));
    ag::grad_fn(u[0]);
  };
  c["no_grad_indirect"] = [] {
    Tensor y = ag::mul(leaf3(), num(1));
    Tensor v;
    {
      ag::NoGradGuard no_grad;
      v = ag::select(y, 0, 0);
    }
    ag::mul_(y, num(2));
    ag::grad_fn(v);
  };
  c["no_grad_view_plain_base"] = [] {
    Tensor x = leaf3();
    Tensor z = core::zeros({3}, core::DType::Float32);
    Tensor v;
    {
      ag::NoGradGuard no_grad;
      v = ag::index(z, {S(0, 2)}, false);
    }
    ag::add_(v, ag::index(x, {S(0, 2)}, false));
  };
  c["implicit_grad"] = [] { ag::backward({ag::mul(leaf3(), num(2))}); };
  c["no_grad_fn"] = [] { ag::backward({ag::sum(floats({2}))}); };
  c["no_grad_fn_second"] = [] { ag::backward({ag::sum(ag::mul(leaf3(), num(2))), ag::sum(floats({2}))}); };
  c["backward_twice"] = [] {
    Tensor x = leaf3();
    Tensor w = ag::sum(ag::mul(x, x));
    ag::backward({w});
    ag::backward({w});
  };
  c["backward_twice_scalar_mul"] = [] {
    Tensor w = ag::sum(ag::mul(leaf3(), num(2)));
    ag::backward({w});
    ag::backward({w});
  };
  c["backward_twice_add_ok"] = [] {
    Tensor w = ag::sum(ag::add(leaf3(), num(1)));
    ag::backward({w});
    ag::backward({w});
  };
  c["saved_after_free"] = [] {
    Tensor e = ag::exp(leaf3());
    ag::backward({ag::sum(e)});
    auto fn = ag::grad_fn(e);
    fn->saved_tensors().at(0).saved->unpack(fn);
  };
  c["requires_grad_method_int"] = [] { ag::set_requires_grad(longs({1, 2}), true, ag::RequiresGradCall::Method); };
  c["requires_grad_attr_int"] = [] { ag::set_requires_grad(longs({1, 2}), true, ag::RequiresGradCall::Attribute); };
  c["requires_grad_factory_int"] = [] { ag::set_requires_grad(longs({1, 2}), true, ag::RequiresGradCall::Factory); };
  c["requires_grad_method_nonleaf_false"] = [] {
    ag::set_requires_grad(ag::mul(leaf3(), num(2)), false, ag::RequiresGradCall::Method);
  };
  c["requires_grad_attr_nonleaf_false"] = [] {
    ag::set_requires_grad(ag::mul(leaf3(), num(2)), false, ag::RequiresGradCall::Attribute);
  };
  c["requires_grad_attr_nonleaf_true"] = [] {
    ag::set_requires_grad(ag::mul(leaf3(), num(2)), true, ag::RequiresGradCall::Attribute);
  };
  c["retain_grad_no_grad"] = [] { ag::retain_grad(floats({2})); };
  c["hook_no_grad"] = [] { ag::register_hook(floats({2}), lambda_hook([](const Tensor& g) { return g; })); };
  c["grad_set_size"] = [] {
    Tensor t = floats({3});
    ag::set_requires_grad(t, true);
    ag::set_grad(t, floats({2}));
  };
  c["grad_set_dtype"] = [] {
    Tensor t = floats({3});
    ag::set_requires_grad(t, true);
    ag::set_grad(t, core::ones({3}, core::DType::Float64));
  };
  c["grad_set_both"] = [] {
    Tensor t = floats({3});
    ag::set_requires_grad(t, true);
    ag::set_grad(t, core::ones({2}, core::DType::Float64));
  };
  c["grad_set_self"] = [] {
    Tensor t = floats({3});
    ag::set_requires_grad(t, true);
    ag::set_grad(t, t);
  };
  c["grad_shape_mismatch"] = [] { ag::backward({ag::mul(leaf3(), num(2))}, {floats({2})}); };
  c["grad_unused"] = [] {
    Tensor x = leaf3();
    Tensor other = floats({2});
    ag::set_requires_grad(other, true);
    ag::grad({ag::sum(ag::mul(x, num(2)))}, {x, other});
  };
  c["grad_input_no_grad"] = [] { ag::grad({ag::sum(ag::mul(leaf3(), num(2)))}, {floats({2})}); };
  c["grad_output_no_grad"] = [] { ag::grad({ag::sum(floats({2}))}, {leaf3()}); };
  c["floor_divide_backward"] = [] { ag::backward({ag::sum(ag::floor_divide(leaf3(), Scalar(int64_t{2})))}); };
  c["floor_divide_tensor_backward"] = [] {
    Tensor x = leaf3();
    ag::backward({ag::sum(ag::floor_divide(x, ag::add(ag::mul(x, num(1)), num(5))))});
  };
  c["rremainder_backward"] = [] { ag::backward({ag::sum(ag::remainder(Scalar(int64_t{2}), leaf3()))}); };
  c["rfloordiv_backward"] = [] { ag::backward({ag::sum(ag::floor_divide(num(2), leaf3()))}); };
  c["index_out_of_range"] = [] { ag::index(floats({2, 3}), {I(2)}, false); };
  c["index_out_of_range_neg"] = [] { ag::index(floats({2, 3}), {I(-3)}, false); };
  c["index_out_of_range_tuple"] = [] { ag::index(floats({2, 3}), {I(0), I(5)}); };
  c["index_out_of_range_after_none"] = [] { ag::index(floats({2, 3}), {TensorIndex::make_none(), I(0), I(5)}); };
  c["index_out_of_range_0d_tensor"] = [] {
    ag::index(floats({2, 3}),
              {I(0), TensorIndex::make_tensor(core::scalar_tensor(Scalar(int64_t{5}), core::DType::Int64))});
  };
  c["index_0d"] = [] { ag::index(core::scalar_tensor(Scalar(1.0), core::DType::Float32), {I(0)}, false); };
  c["index_0d_nonzero"] = [] { ag::index(core::scalar_tensor(Scalar(1.0), core::DType::Float32), {I(1)}, false); };
  c["setitem_int_out_of_range"] = [] {
    Tensor t = floats({2, 3});
    ag::index_put(t, {I(2)}, core::scalar_tensor(Scalar(1.0), core::DType::Float32, true), false);
  };
  c["setitem_expand"] = [] {
    Tensor t = floats({2, 3});
    ag::index_put(t, {I(0)}, floats({2}), false);
  };
  c["setitem_expand_slice"] = [] {
    Tensor t = floats({2, 3});
    ag::index_put(t, {S(0, 1)}, floats({2}), false);
  };
  c["setitem_expand_rank"] = [] {
    Tensor t = floats({2, 3});
    ag::index_put(t, {I(0)}, floats({4, 3}), false);
  };
  c["setitem_list_shape"] = [] {
    Tensor t = floats({2, 3});
    ag::index_put(t, {TensorIndex::make_tensor(longs({0}))}, floats({2}), false);
  };
  c["flatten_args"] = [] { ag::flatten(floats({2, 3}), 1, 0); };
  c["clamp_no_bounds"] = [] { ag::clamp(leaf3(), Tensor(), Tensor()); };
  c["detach_view"] = [] { ag::detach_(ag::select(leaf3(), 0, 0)); };
  c["matmul_0d"] = [] { ag::matmul(core::scalar_tensor(Scalar(1.0), core::DType::Float32), leaf3()); };
  c["ce_target_bounds"] = [] { ag::cross_entropy(floats({2, 3}), longs({0, 3})); };
  c["ce_batch_mismatch"] = [] { ag::cross_entropy(floats({2, 3}), longs({0, 1, 2})); };
  c["bce_size"] = [] { ag::binary_cross_entropy_with_logits(floats({2, 3}), floats({3})); };
  c["hook_changes_size"] = [] {
    Tensor a = ag::mul(leaf3(), num(1));
    ag::register_hook(a, lambda_hook([](const Tensor&) { return core::ones({5}, core::DType::Float32); }));
    ag::backward({ag::sum(a)});
  };
  c["hook_changes_type"] = [] {
    Tensor a = ag::mul(leaf3(), num(1));
    ag::register_hook(a, lambda_hook([](const Tensor& g) { return core::to(g, core::DType::Float64); }));
    ag::backward({ag::sum(a)});
  };
  c["sgd_lr"] = [] { ag::nn::SGD({leaf3()}, {.lr = -0.1}); };
  c["sgd_momentum"] = [] { ag::nn::SGD({leaf3()}, {.lr = 0.1, .momentum = -0.5}); };
  c["sgd_weight_decay"] = [] { ag::nn::SGD({leaf3()}, {.lr = 0.1, .weight_decay = -1.0}); };
  c["sgd_nesterov"] = [] { ag::nn::SGD({leaf3()}, {.lr = 0.1, .nesterov = true}); };
  c["sgd_empty"] = [] { ag::nn::SGD({}, {.lr = 0.1}); };
  c["version_leaf_input"] = [] {
    Tensor leaf64 = core::ones({2, 3}, core::DType::Float64);
    ag::set_requires_grad(leaf64, true);
    Tensor r = ag::mul(leaf64, leaf64);
    {
      ag::NoGradGuard no_grad;
      ag::add_(leaf64, num(1));
    }
    ag::backward({ag::sum(r)});
  };
  c["version_saved_output"] = [] {
    Tensor o = ag::mul(leaf3(), num(1));
    Tensor r = ag::exp(o);
    ag::mul_(r, num(2));
    ag::backward({ag::sum(r)});
  };
  c["version_unbind_output"] = [] {
    Tensor o = ag::mul(leaf3(), num(1));
    auto parts = ag::unbind(o, 0);
    Tensor r = ag::mul(parts[1], parts[1]);
    {
      ag::NoGradGuard no_grad;
      ag::mul_(o, num(2));
    }
    ag::backward({r});
  };
  c["version_data_escapes"] = [] {
    Tensor o = ag::mul(leaf3(), num(1));
    Tensor r = ag::mul(o, o);
    Tensor d = ag::data(o);
    ag::mul_(d, num(2));
    ag::backward({ag::sum(r)});
  };
  return c;
}

}  // namespace

TEST_CASE("autograd errors are PyTorch's, word for word", "[autograd][errors]") {
  auto expected = stridelab::testing::load_expected("autograd/expected/errors.json");
  auto all = cases();
  for (const auto& [id, want] : expected.as_object()) {
    if (id == "nonleaf_grad_warning" || id == "warn_once") continue;
    SECTION(id) {
      REQUIRE(all.count(id) == 1);
      if (want.contains("error")) check_error(all[id], want);
      else CHECK_NOTHROW(all[id]());
    }
  }
}

TEST_CASE(".grad of a non-leaf warns with PyTorch's text", "[autograd][errors]") {
  auto expected = stridelab::testing::load_expected("autograd/expected/errors.json").at("nonleaf_grad_warning");
  std::vector<ag::Warning> seen;
  ag::set_warning_handler([&](const ag::Warning& w) { seen.push_back(w); });
  Tensor x = leaf3();
  Tensor y = ag::mul(x, num(2));
  CHECK_FALSE(ag::grad(y).defined());
  CHECK_FALSE(ag::grad(x).defined());  // a leaf: no warning
  ag::retain_grad(y);
  ag::grad(y);  // retains its grad: no warning
  ag::set_warning_handler(nullptr);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].category == expected.at("category")[0].as_string());
  CHECK(seen[0].message == expected.at("warnings")[0].as_string());
}

TEST_CASE("once-only warnings are given once per program", "[autograd][errors]") {
  auto expected = stridelab::testing::load_expected("autograd/expected/errors.json").at("warn_once");
  std::vector<std::string> seen;
  ag::set_warning_handler([&](const ag::Warning& w) { seen.push_back(w.message); });
  ag::reset_warn_once();
  auto run = [&](const std::function<void()>& fn) {
    seen.clear();
    fn();
    return support::Json::array_of(seen);
  };
  Tensor x = leaf3();
  CHECK(run([] { ag::T(floats({3})); }) == expected.at("T_1d"));
  CHECK(run([] { ag::T(floats({3})); }) == expected.at("T_1d_again"));
  CHECK(run([&] { ag::backward({ag::sum(ag::mul(x, x))}, {}, std::nullopt, true); }) == expected.at("create_graph"));
  CHECK(run([&] { ag::backward({ag::sum(ag::mul(x, x))}, {}, std::nullopt, true); }) ==
        expected.at("create_graph_again"));
  ag::reset_warn_once();
  CHECK(run([] { ag::T(floats({3})); }) == expected.at("T_1d"));
  ag::set_warning_handler(nullptr);
  // The reference cycle the warning is about (x.grad's graph holds x): break it, as it advises.
  ag::set_grad(x, Tensor());
}
