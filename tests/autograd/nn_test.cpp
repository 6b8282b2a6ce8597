// nn.Linear's initialisation and torch.optim.SGD against PyTorch (expected/nn.json): a few training
// steps give PyTorch's losses and parameters.
#include "autograd_support.h"
#include "core/random.h"

namespace ag = stridelab::autograd;
using namespace stridelab;
using core::Scalar;
using core::Tensor;
using stridelab::testing::check_tensor;

namespace {

const support::Json& nn_json() {
  static support::Json j = stridelab::testing::load_expected("autograd/expected/nn.json");
  return j;
}

std::vector<Tensor> params_of(const std::vector<ag::nn::LinearParameters>& layers) {
  std::vector<Tensor> ps;
  for (const auto& l : layers) {
    ps.push_back(l.weight);
    ps.push_back(l.bias);
  }
  return ps;
}

// nn.Sequential(Linear, ReLU, Linear)
Tensor forward(const std::vector<ag::nn::LinearParameters>& layers, const Tensor& x) {
  Tensor h = ag::relu(ag::linear(x, layers[0].weight, layers[0].bias));
  return ag::linear(h, layers[1].weight, layers[1].bias);
}

}  // namespace

TEST_CASE("nn.Linear's default initialisation draws PyTorch's numbers", "[autograd][nn]") {
  const auto& want = nn_json().at("linear_init");
  core::manual_seed(0);
  auto lin = ag::nn::linear_parameters(4, 3);
  check_tensor(lin.weight, want.at("weight"), 0);
  check_tensor(lin.bias, want.at("bias"), 0);
  CHECK(lin.weight.version() == want.at("weight_version").as_int());
  CHECK(lin.bias.version() == want.at("bias_version").as_int());
  CHECK(ag::requires_grad(lin.weight));
  CHECK(ag::is_leaf(lin.weight));
}

TEST_CASE("SGD with momentum trains a small MLP as PyTorch does", "[autograd][nn]") {
  const auto& want = nn_json().at("sgd_momentum");
  core::manual_seed(0);
  std::vector<ag::nn::LinearParameters> layers = {ag::nn::linear_parameters(4, 8), ag::nn::linear_parameters(8, 1)};
  Tensor data = stridelab::testing::tensor_from(want.at("data"));
  Tensor target = stridelab::testing::tensor_from(want.at("target"));
  ag::nn::SGD opt(params_of(layers), {.lr = 0.05, .momentum = 0.9});
  const auto& losses = want.at("losses").as_array();
  for (size_t step = 0; step < losses.size(); ++step) {
    opt.zero_grad();
    Tensor loss = ag::mse_loss(forward(layers, data), target);
    ag::backward({loss});
    opt.step();
    INFO("step " << step);
    CHECK(core::item(loss).to_double() == Approx(losses[step].as_double()).epsilon(1e-5));
  }
  auto ps = params_of(layers);
  for (size_t i = 0; i < ps.size(); ++i) {
    INFO("parameter " << i);
    check_tensor(ps[i], want.at("final")[i], 1e-4);
    CHECK(ps[i].version() == want.at("versions")[i].as_int());
    CHECK(ag::grad(ps[i]).version() == want.at("grad_versions")[i].as_int());
  }
}

TEST_CASE("SGD with cross_entropy trains a classifier as PyTorch does", "[autograd][nn]") {
  const auto& want = nn_json().at("sgd_cross_entropy");
  core::manual_seed(1);
  std::vector<ag::nn::LinearParameters> layers = {ag::nn::linear_parameters(4, 5), ag::nn::linear_parameters(5, 3)};
  Tensor data = stridelab::testing::tensor_from(want.at("data"));
  Tensor labels = stridelab::testing::tensor_from(want.at("labels"));
  ag::nn::SGD opt(params_of(layers), {.lr = 0.1});
  const auto& losses = want.at("losses").as_array();
  for (size_t step = 0; step < losses.size(); ++step) {
    opt.zero_grad();
    Tensor loss = ag::cross_entropy(forward(layers, data), labels);
    ag::backward({loss});
    opt.step();
    INFO("step " << step);
    CHECK(core::item(loss).to_double() == Approx(losses[step].as_double()).epsilon(1e-5));
  }
  auto ps = params_of(layers);
  for (size_t i = 0; i < ps.size(); ++i) check_tensor(ps[i], want.at("final")[i], 1e-4);
}

TEST_CASE("SGD with nesterov momentum and weight decay", "[autograd][nn]") {
  const auto& want = nn_json().at("sgd_nesterov");
  Tensor w = stridelab::testing::tensor_from(want.at("w0"));
  ag::set_requires_grad(w, true);
  Tensor scale = core::from_values({1.0, 2.0, 3.0}, {3}, core::DType::Float32);
  ag::nn::SGD opt({w}, {.lr = 0.1, .momentum = 0.5, .weight_decay = 0.01, .nesterov = true});
  for (size_t step = 0; step < want.at("steps").size(); ++step) {
    opt.zero_grad();
    ag::backward({ag::sum(ag::mul(ag::mul(w, w), scale))});
    opt.step();
    check_tensor(w, want.at("steps")[step], 1e-5);
  }
}

TEST_CASE("zero_grad zeroes in place, or drops the grads", "[autograd][nn]") {
  Tensor w = core::ones({2}, core::DType::Float32);
  ag::set_requires_grad(w, true);
  ag::backward({ag::sum(ag::mul(w, w))});
  Tensor g = ag::grad(w);
  ag::nn::zero_grad({w});
  CHECK(ag::grad(w).is_same(g));
  CHECK(core::item(core::sum(ag::grad(w))).to_double() == 0.0);
  CHECK(g.version() == 1);  // PyTorch: 0 after backward, 1 after zero_grad
  ag::nn::zero_grad({w}, /*set_to_none=*/true);
  CHECK_FALSE(ag::grad(w).defined());
}
