// The backward engine against PyTorch (expected/engine.json): the order nodes run in, hooks,
// retain_grad, accumulation, retain_graph, create_graph, torch.autograd.grad, .grad layouts.
#include "autograd_support.h"

namespace ag = stridelab::autograd;
using namespace stridelab;
using core::Scalar;
using core::Tensor;
using core::TensorIndex;
using stridelab::testing::check_tensor;

namespace {

Tensor num(int64_t v) { return core::scalar_tensor(Scalar(v), core::DType::Int64, true); }
Tensor floats(std::vector<double> v) {
  std::vector<Scalar> s(v.begin(), v.end());
  return core::from_values(s, {static_cast<int64_t>(v.size())}, core::DType::Float32);
}
Tensor leaf(std::vector<double> v) {
  Tensor t = floats(std::move(v));
  ag::set_requires_grad(t, true);
  return t;
}
const support::Json& engine_json() {
  static support::Json j = stridelab::testing::load_expected("autograd/expected/engine.json");
  return j;
}
void check_grad(const Tensor& t, const support::Json& want) {
  if (want.is_null()) {
    CHECK_FALSE(ag::grad(t).defined());
  } else {
    REQUIRE(ag::grad(t).defined());
    check_tensor(ag::grad(t), want, 1e-5);
  }
}
support::Json list_of_floats(const Tensor& t) {
  support::Json a = support::Json::array();
  for (int64_t k = 0; k < t.numel(); ++k) a.push_back(core::get_flat(t, k).to_double());
  return a;
}

// Records the label of every node the engine runs.
class OrderObserver : public ag::EngineObserver {
 public:
  explicit OrderObserver(std::map<const core::TensorImpl*, std::string> names) : names_(std::move(names)) {}
  void on_node_begin(const ag::Node& node, const ag::variable_list&) override {
    std::string label = node.type_name();
    if (auto* acc = dynamic_cast<const ag::AccumulateGrad*>(&node))
      label += "[" + names_.at(acc->variable().impl()) + "]";
    order.push_back(label);
  }
  std::vector<std::string> order;

 private:
  std::map<const core::TensorImpl*, std::string> names_;
};

using Graph = std::function<Tensor(std::vector<Tensor>&)>;

}  // namespace

TEST_CASE("the engine runs nodes in PyTorch's order", "[autograd][engine]") {
  std::map<std::string, Graph> graphs;
  // Each intermediate in its own statement: C++ leaves the order of argument evaluation open, and
  // the order nodes are created in is what the engine's order depends on.
  graphs["sum_of_products"] = [](auto& t) {
    Tensor ab = ag::mul(t[0], t[1]);
    Tensor cd = ag::mul(t[2], t[3]);
    return ag::sum(ag::add(ag::add(ab, cd), t[4]));
  };
  graphs["chain_of_adds"] = [](auto& t) {
    return ag::sum(ag::add(ag::add(ag::add(ag::add(t[0], t[1]), t[2]), t[3]), t[4]));
  };
  graphs["chain_of_adds_reversed"] = [](auto& t) {
    return ag::sum(ag::add(ag::add(ag::add(ag::add(t[4], t[3]), t[2]), t[1]), t[0]));
  };
  graphs["chain_of_muls"] = [](auto& t) {
    return ag::sum(ag::mul(ag::mul(ag::mul(ag::mul(t[0], t[1]), t[2]), t[3]), t[4]));
  };
  graphs["diamond"] = [](auto& t) {
    Tensor m = ag::mul(t[0], t[1]);
    Tensor em = ag::exp(m);
    Tensor sm = ag::mul(ag::sin(m), t[0]);
    return ag::sum(ag::add(em, sm));
  };
  graphs["reuse"] = [](auto& t) {
    Tensor cube = ag::mul(ag::mul(t[0], t[0]), t[0]);
    return ag::sum(ag::add(cube, t[0]));
  };
  graphs["cat"] = [](auto& t) { return ag::sum(ag::cat({t[0], t[1], t[2], t[3], t[4]})); };
  graphs["stack_reversed"] = [](auto& t) { return ag::sum(ag::stack({t[4], t[3], t[2], t[1], t[0]})); };
  graphs["inplace_view"] = [](auto& t) {
    Tensor m = ag::mul(t[0], t[1]);
    ag::index_put(m, {TensorIndex::make_integer(0)}, ag::index(t[2], {TensorIndex::make_integer(1)}, false), false);
    return ag::sum(ag::mul(m, t[3]));
  };
  for (const auto& [name, graph] : graphs) {
    SECTION(name) {
      const auto& want = engine_json().at("order_" + name);
      std::vector<Tensor> ts;
      std::map<const core::TensorImpl*, std::string> names;
      for (char c : std::string("abcde")) {
        ts.push_back(leaf({1.0, 2.0}));
        names[ts.back().impl()] = std::string(1, c);
      }
      Tensor root = graph(ts);
      OrderObserver observer(names);
      ag::set_engine_observer(&observer);
      ag::backward({root});
      ag::set_engine_observer(nullptr);
      CHECK(support::Json::array_of(observer.order).dump() == want.at("order").dump());
      for (size_t i = 0; i < ts.size(); ++i) {
        INFO("grad of "
             << "abcde"[i]);
        check_grad(ts[i], want.at("grads").at(std::string(1, "abcde"[i])));
      }
    }
  }
}

TEST_CASE("F.linear on a 3-D input runs in PyTorch's order", "[autograd][engine]") {
  const auto& want = engine_json().at("order_linear3");
  Tensor b = stridelab::testing::tensor_from(want.at("b"));
  Tensor W = stridelab::testing::tensor_from(want.at("W"));
  Tensor bw = stridelab::testing::tensor_from(want.at("bw"));
  Tensor root = ag::sum(ag::linear(b, W, bw));
  OrderObserver observer({{b.impl(), "b"}, {W.impl(), "W"}, {bw.impl(), "bw"}});
  ag::set_engine_observer(&observer);
  ag::backward({root});
  ag::set_engine_observer(nullptr);
  CHECK(support::Json::array_of(observer.order).dump() == want.at("order").dump());
}

TEST_CASE("the observer sees the gradients each node receives and produces", "[autograd][engine]") {
  struct Recorder : ag::EngineObserver {
    std::vector<std::string> events;
    void on_backward_begin(const std::vector<ag::Edge>& roots, const ag::variable_list& grads) override {
      events.push_back("begin " + roots[0].function->name() + " " + std::to_string(core::item(grads[0]).to_double()));
    }
    void on_node_begin(const ag::Node& node, const ag::variable_list& grads) override {
      events.push_back("in " + node.name() + " " + core::format_int_list(grads.at(0).sizes()));
    }
    void on_node_end(const ag::Node& node, const ag::variable_list& grads) override {
      std::string s = "out " + node.name();
      for (const Tensor& g : grads) s += g.defined() ? " " + core::format_int_list(g.sizes()) : " None";
      events.push_back(s);
    }
    void on_backward_end() override { events.push_back("end"); }
  } recorder;
  Tensor x = leaf({1.0, 2.0, 3.0});
  Tensor y = ag::sum(ag::mul(x, num(2)));
  ag::set_engine_observer(&recorder);
  ag::backward({y});
  ag::set_engine_observer(nullptr);
  std::vector<std::string> want = {"begin SumBackward0 1.000000",
                                   "in SumBackward0 []",
                                   "out SumBackward0 [3]",
                                   "in MulBackward0 [3]",
                                   "out MulBackward0 [3] None",
                                   "in torch::autograd::AccumulateGrad [3]",
                                   "out torch::autograd::AccumulateGrad",
                                   "end"};
  CHECK(recorder.events == want);
}

TEST_CASE("hooks and retain_grad", "[autograd][engine]") {
  const auto& e = engine_json();
  SECTION("hooks run in order, retain_grad after them") {
    const auto& want = e.at("hooks_then_retain");
    Tensor a = leaf({1.0, 2.0});
    Tensor b = ag::mul(a, num(3));
    support::Json calls = support::Json::array();
    ag::register_hook(
        b, {[&](const Tensor& g) {
          calls.push_back(support::Json::array_of(std::vector<support::Json>{"hook1", list_of_floats(g)}));
          return ag::mul(g, num(2));
        }});
    ag::retain_grad(b);
    ag::register_hook(
        b, {[&](const Tensor& g) {
          calls.push_back(support::Json::array_of(std::vector<support::Json>{"hook2", list_of_floats(g)}));
          return ag::mul(g, num(10));
        }});
    ag::backward({ag::sum(b)});
    CHECK(calls == want.at("calls"));
    check_tensor(ag::grad(b), want.at("b_grad"));
    check_tensor(ag::grad(a), want.at("a_grad"));
  }
  SECTION("retain_grad follows an in-place op") {
    const auto& want = e.at("retain_then_inplace");
    Tensor a = leaf({1.0, 2.0});
    Tensor b = ag::mul(a, num(3));
    ag::retain_grad(b);
    ag::mul_(b, num(2));
    ag::backward({ag::sum(b)});
    check_tensor(ag::grad(b), want.at("b_grad"));
    check_tensor(ag::grad(a), want.at("a_grad"));
  }
  SECTION("register_hook hooks stay with the node they were first registered on") {
    const auto& want = e.at("hooks_stay_with_old_node");
    Tensor a = leaf({1.0, 2.0});
    Tensor b = ag::mul(a, num(3));
    support::Json calls = support::Json::array();
    auto rec = [&](const char* tag) {
      return ag::GradHook{[&calls, tag](const Tensor& g) {
        calls.push_back(support::Json::array_of(std::vector<support::Json>{tag, list_of_floats(g)}));
        return Tensor();
      }};
    };
    ag::register_hook(b, rec("A"));
    ag::mul_(b, num(2));
    ag::register_hook(b, rec("B"));
    ag::backward({ag::sum(b)});
    CHECK(calls == want.at("calls"));
    check_tensor(ag::grad(a), want.at("a_grad"));
  }
  SECTION("a leaf's hooks run when its gradient is accumulated, not in autograd.grad") {
    Tensor a = leaf({1.0, 2.0});
    support::Json calls = support::Json::array();
    ag::register_hook(a, {[&](const Tensor& g) {
                        calls.push_back(support::Json::array_of(std::vector<support::Json>{"leaf", list_of_floats(g)}));
                        return ag::mul(g, num(2));
                      }});
    auto r = ag::grad({ag::sum(ag::mul(a, a))}, {a});
    const auto& want1 = e.at("leaf_hook_autograd_grad");
    CHECK(calls == want1.at("calls"));
    check_tensor(r[0], want1.at("result"));
    check_grad(a, want1.at("a_grad"));
    ag::backward({ag::sum(ag::mul(a, a))});
    const auto& want2 = e.at("leaf_hook_backward");
    CHECK(calls == want2.at("calls"));
    check_grad(a, want2.at("a_grad"));
  }
  SECTION("a removed hook does not run") {
    Tensor a = leaf({1.0, 2.0});
    auto handle = ag::register_hook(a, {[](const Tensor& g) { return ag::mul(g, num(100)); }});
    handle.remove();
    handle.remove();  // twice is fine
    ag::backward({ag::sum(ag::mul(a, num(1)))});
    check_grad(a, e.at("hook_removed").at("a_grad"));
  }
  SECTION("a non-leaf's hook runs only when its node runs") {
    const auto& want = e.at("nonleaf_hook_autograd_grad");
    Tensor a = leaf({1.0, 2.0});
    Tensor b = ag::mul(a, num(3));
    support::Json calls = support::Json::array();
    ag::register_hook(b, {[&](const Tensor& g) {
                        calls.push_back(support::Json::array_of(std::vector<support::Json>{"nl", list_of_floats(g)}));
                        return ag::mul(g, num(2));
                      }});
    auto r1 = ag::grad({ag::sum(b)}, {b}, {}, true);
    auto r2 = ag::grad({ag::sum(ag::mul(b, b))}, {a});
    CHECK(calls == want.at("calls"));
    check_tensor(r1[0], want.at("r1"));
    check_tensor(r2[0], want.at("r2"));
  }
  SECTION("a view's retain_grad follows the view's rebuilt grad_fn") {
    const auto& want = e.at("view_retain_after_base_inplace");
    Tensor x = leaf({1.0, 2.0, 3.0});
    Tensor y2 = ag::mul(x, num(1));
    Tensor v = ag::index(y2, {TensorIndex::make_slice(1, {}, 1)}, false);
    ag::retain_grad(v);
    ag::mul_(y2, num(2));
    ag::backward({ag::sum(ag::mul(v, num(3)))});
    check_tensor(ag::grad(v), want.at("v_grad"));
    check_tensor(ag::grad(x), want.at("x_grad"));
    CHECK(ag::grad_fn(v)->type_name() == want.at("v_grad_fn").as_string());
  }
}

TEST_CASE("accumulation, retain_graph, create_graph, torch.autograd.grad", "[autograd][engine]") {
  const auto& e = engine_json();
  SECTION("gradients accumulate across backward calls") {
    Tensor x = leaf({1.0, 2.0, 3.0});
    for (int i = 0; i < 3; ++i) ag::backward({ag::sum(ag::mul(x, x))});
    check_grad(x, e.at("accumulate").at("x_grad"));
  }
  SECTION("retain_graph keeps the saved tensors for a second backward") {
    Tensor x = leaf({1.0, 2.0, 3.0});
    Tensor loss = ag::sum(ag::mul(x, x));
    ag::backward({loss}, {}, true);
    ag::backward({loss});
    check_grad(x, e.at("retain_graph").at("x_grad"));
  }
  SECTION("create_graph: the gradient has a graph of its own") {
    const auto& want = e.at("create_graph");
    Tensor x = leaf({1.0, 2.0, 3.0});
    Tensor gx = ag::grad({ag::sum(ag::pow(x, Scalar(int64_t{3})))}, {x}, {}, std::nullopt, true)[0];
    check_tensor(gx, want.at("gx"));
    CHECK(ag::requires_grad(gx) == want.at("gx_requires_grad").as_bool());
    Tensor ggx = ag::grad({ag::sum(gx)}, {x})[0];
    check_tensor(ggx, want.at("ggx"));
  }
  SECTION("create_graph through exp and sin") {
    const auto& want = e.at("create_graph2");
    Tensor x = leaf({0.5, -1.0, 2.0});
    Tensor gx = ag::grad({ag::sum(ag::mul(ag::exp(x), ag::sin(x)))}, {x}, {}, std::nullopt, true)[0];
    check_tensor(gx, want.at("gx"), 1e-5);
    Tensor ggx = ag::grad({ag::sum(gx)}, {x})[0];
    check_tensor(ggx, want.at("ggx"), 1e-5);
  }
  SECTION("create_graph through an index assignment (CopySlices)") {
    const auto& want = e.at("create_graph_inplace_view");
    Tensor x = leaf({0.5, -1.0, 2.0});
    Tensor y = ag::mul(x, x);
    ag::index_put(y, {TensorIndex::make_integer(0)},
                  ag::pow(ag::index(x, {TensorIndex::make_integer(1)}, false), Scalar(int64_t{3})), false);
    Tensor gx = ag::grad({ag::sum(ag::mul(y, y))}, {x}, {}, std::nullopt, true)[0];
    check_tensor(gx, want.at("gx"), 1e-5);
    Tensor ggx = ag::grad({ag::sum(gx)}, {x})[0];
    check_tensor(ggx, want.at("ggx"), 1e-5);
  }
  SECTION("create_graph through matmul and softmax") {
    const auto& want = e.at("create_graph_softmax");
    Tensor xs = stridelab::testing::tensor_from(want.at("x"));
    Tensor ws = stridelab::testing::tensor_from(want.at("w"));
    Tensor loss = ag::sum(ag::pow(ag::softmax(ag::matmul(xs, ws), 1), Scalar(int64_t{2})));
    Tensor gw = ag::grad({loss}, {ws}, {}, std::nullopt, true)[0];
    check_tensor(gw, want.at("gw"), 1e-4);
    Tensor ggw = ag::grad({ag::sum(ag::mul(gw, gw))}, {ws})[0];
    check_tensor(ggw, want.at("ggw"), 1e-4);
  }
  SECTION("backward from two roots with their gradients") {
    const auto& want = e.at("backward_two_roots");
    Tensor x = leaf({1.0, 2.0, 3.0});
    Tensor w = leaf({0.5, 0.25, 2.0});
    ag::backward({ag::sum(ag::mul(x, w)), ag::sum(ag::mul(x, x))},
                 {core::scalar_tensor(Scalar(2.0), core::DType::Float32),
                  core::scalar_tensor(Scalar(1.0), core::DType::Float32)});
    check_grad(x, want.at("x_grad"));
    check_grad(w, want.at("w_grad"));
  }
  SECTION("a float64 gradient for a float32 output is cast") {
    Tensor x = leaf({1.0, 2.0, 3.0});
    Tensor g = core::from_values({1.0, 0.5, 2.0}, {3}, core::DType::Float64);
    ag::backward({ag::mul(x, num(2))}, {g});
    check_grad(x, e.at("backward_grad_dtype").at("x_grad"));
  }
  SECTION("torch.autograd.grad leaves .grad alone") {
    const auto& want = e.at("autograd_grad_leaves_grad_alone");
    Tensor x = leaf({1.0, 2.0});
    auto r = ag::grad({ag::sum(ag::mul(x, x))}, {x});
    check_tensor(r[0], want.at("result"));
    CHECK(ag::grad(x).defined() == !want.at("x_grad_is_none").as_bool());
  }
  SECTION("allow_unused") {
    const auto& want = e.at("allow_unused");
    Tensor x = leaf({1.0, 2.0});
    Tensor unused = leaf({1.0});
    auto r = ag::grad({ag::sum(ag::mul(x, x))}, {x, unused}, {}, std::nullopt, false, true);
    check_tensor(r[0], want.at("result0"));
    CHECK(r[1].defined() == !want.at("result1_is_none").as_bool());
  }
}

TEST_CASE(".grad follows PyTorch's layout contract", "[autograd][engine]") {
  const auto& want = engine_json().at("grad_layouts");
  auto transposed_leaf = [] {
    Tensor base = core::zeros({3, 4}, core::DType::Float32);
    Tensor t = ag::detach(core::t(base));
    Tensor x(std::make_shared<core::TensorImpl>(t.storage(), t.sizes(), t.strides(), 0, t.dtype(),
                                                std::make_shared<core::VersionCounter>()));
    ag::set_requires_grad(x, true);
    return x;
  };
  Tensor xt = transposed_leaf();
  ag::backward({ag::sum(ag::mul(xt, num(2)))});
  CHECK(support::Json::array_of(ag::grad(xt).strides()) == want.at("t_mul"));
  Tensor xe = transposed_leaf();
  ag::backward({ag::sum(ag::exp(xe))});
  CHECK(support::Json::array_of(ag::grad(xe).strides()) == want.at("t_exp"));
  Tensor xn = core::zeros({3, 4}, core::DType::Float32);
  ag::set_requires_grad(xn, true);
  ag::backward({ag::sum(ag::exp(ag::t(xn)))});
  CHECK(support::Json::array_of(ag::grad(xn).strides()) == want.at("contig_t_exp"));
  Tensor base = core::zeros({8}, core::DType::Float32);
  Tensor sliced = core::slice(base, 0, {}, {}, 2);
  Tensor xs(std::make_shared<core::TensorImpl>(sliced.storage(), sliced.sizes(), sliced.strides(), 0, sliced.dtype(),
                                               std::make_shared<core::VersionCounter>()));
  ag::set_requires_grad(xs, true);
  ag::backward({ag::sum(ag::mul(xs, num(2)))});
  CHECK(support::Json::array_of(ag::grad(xs).strides()) == want.at("strided"));
}

TEST_CASE("detach shares the version counter, .data does not", "[autograd][engine]") {
  const auto& want = engine_json().at("detach_data");
  Tensor x = leaf({1.0, 2.0});
  Tensor d = ag::detach(x);
  CHECK(ag::requires_grad(d) == want.at("detach_requires_grad").as_bool());
  CHECK(ag::is_leaf(d) == want.at("detach_is_leaf").as_bool());
  ag::add_(d, num(1));
  CHECK(x.version() == want.at("detach_version_shared").as_int());
  Tensor dd = ag::data(x);
  ag::add_(dd, num(1));
  CHECK(x.version() == want.at("data_version")[0].as_int());
  CHECK(dd.version() == want.at("data_version")[1].as_int());
  CHECK_FALSE(d.is_view());
  CHECK(d.storage() == x.storage());
  CHECK(dd.storage() == x.storage());
}

TEST_CASE("grad mode guards", "[autograd][engine]") {
  CHECK(ag::is_grad_enabled());
  Tensor x = leaf({1.0, 2.0});
  {
    ag::NoGradGuard no_grad;
    CHECK_FALSE(ag::is_grad_enabled());
    CHECK_FALSE(ag::requires_grad(ag::mul(x, num(2))));
    {
      ag::EnableGradGuard enable;
      CHECK(ag::requires_grad(ag::mul(x, num(2))));
    }
    CHECK_FALSE(ag::is_grad_enabled());
  }
  try {
    ag::AutoGradMode off(false);
    throw std::runtime_error("leave the block");
  } catch (const std::runtime_error&) {}
  CHECK(ag::is_grad_enabled());
  ag::set_grad_enabled(false);
  CHECK_FALSE(ag::is_grad_enabled());
  ag::set_grad_enabled(true);
}

TEST_CASE("a very long graph runs backward and is freed without deep recursion", "[autograd][engine]") {
  Tensor x = leaf({1.0});
  Tensor w = leaf({1.0});
  {
    Tensor y = x;
    for (int i = 0; i < 200000; ++i) y = ag::add(y, num(1));  // owned through edges
    for (int i = 0; i < 200000; ++i) y = ag::mul(y, w);       // and through saved inputs
    ag::backward({ag::sum(y)}, {}, /*retain_graph=*/true);
  }  // y and its 400000 nodes go here
  CHECK(core::item(ag::grad(x)).to_double() == 1.0);
  CHECK(core::item(ag::grad(w)).to_double() == Approx(200000.0 * 200001.0).epsilon(1e-2));  // float32 sums
}
