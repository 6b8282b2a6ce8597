#include "autograd/nn.h"

#include <cmath>

#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "core/error.h"
#include "core/random.h"

namespace stridelab::autograd::nn {

namespace {

// Python's repr of a float in the optimizer's messages ("Invalid learning rate: -0.1").
std::string float_repr(double v) {
  std::string s = core::str(v);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

}  // namespace

LinearParameters linear_parameters(int64_t in_features, int64_t out_features, bool bias, DType dtype) {
  LinearParameters p;
  p.weight = core::empty({out_features, in_features}, dtype);
  if (bias) p.bias = core::empty({out_features}, dtype);
  {
    NoGradGuard no_grad;
    core::kaiming_uniform_(p.weight, std::sqrt(5.0));
    p.weight.bump_version();
    if (bias) {
      int64_t fan_in = core::fan_in(p.weight);
      double bound = fan_in > 0 ? 1.0 / std::sqrt(static_cast<double>(fan_in)) : 0.0;
      core::uniform_(p.bias, -bound, bound);
      p.bias.bump_version();
    }
  }
  set_requires_grad(p.weight, true);
  if (bias) set_requires_grad(p.bias, true);
  return p;
}

Tensor dropout(const Tensor& input, double p, bool training, bool inplace) {
  Tensor self = input;
  if (p == 0 || !training || input.numel() == 0) return input;
  if (p == 1) {
    Tensor zero = core::zeros({}, input.dtype());
    return inplace ? autograd::mul_(self, zero) : autograd::mul(input, zero);
  }
  // noise.bernoulli_(1 - p): at::bernoulli_distribution<double>, a uniform double from the 53 low
  // bits of one random64, compared with the probability.
  Tensor noise = core::empty(input.sizes(), input.dtype());
  const double keep = 1 - p;
  core::Generator& gen = core::default_generator();
  core::dispatch(noise.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* out = noise.data<T>();
    for (int64_t i = 0, n = noise.numel(); i < n; ++i) {
      const double u = static_cast<double>(gen.next_uint64() & ((uint64_t{1} << 53) - 1)) * 0x1p-53;
      out[i] = static_cast<T>(u < keep);
    }
  });
  core::binary_(core::BinaryOp::Div, noise, core::scalar_tensor(Scalar(keep), DType::Float64, true));
  return inplace ? autograd::mul_(self, noise) : autograd::mul(input, noise);
}

void zero_grad(const std::vector<Tensor>& parameters, bool set_to_none) {
  for (const Tensor& p : parameters) {
    AutogradMeta* meta = impl::get_meta(p);
    if (!meta || !meta->grad.defined()) continue;
    if (set_to_none) {
      meta->grad = Tensor();
      continue;
    }
    Tensor& g = meta->grad;
    if (grad_fn(g)) detach_(g);
    else set_requires_grad(g, false);
    autograd::zero_(g);
  }
}

SGD::SGD(std::vector<Tensor> parameters, Options options)
    : parameters_(std::move(parameters)), options_(options), buffers_(parameters_.size()) {
  STRIDELAB_CHECK_VALUE(options.lr >= 0, "Invalid learning rate: ", float_repr(options.lr));
  STRIDELAB_CHECK_VALUE(options.momentum >= 0, "Invalid momentum value: ", float_repr(options.momentum));
  STRIDELAB_CHECK_VALUE(options.weight_decay >= 0, "Invalid weight_decay value: ", float_repr(options.weight_decay));
  STRIDELAB_CHECK_VALUE(!options.nesterov || (options.momentum > 0 && options.dampening == 0),
                        "Nesterov momentum requires a momentum and zero dampening");
  STRIDELAB_CHECK_VALUE(!parameters_.empty(), "optimizer got an empty parameter list");
}

void SGD::step() {
  NoGradGuard no_grad;
  const Options& o = options_;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    Tensor& param = parameters_[i];
    AutogradMeta* meta = impl::get_meta(param);
    if (!meta || !meta->grad.defined()) continue;
    Tensor d_p = o.maximize ? autograd::neg(meta->grad) : meta->grad;
    if (o.weight_decay != 0) d_p = autograd::add(d_p, param, Scalar(o.weight_decay));
    if (o.momentum != 0) {
      Tensor& buf = buffers_[i];
      if (!buf.defined()) {
        buf = detach(autograd::clone(d_p));
      } else {
        autograd::mul_(buf, detail::wrapped(Scalar(o.momentum)));
        autograd::add_(buf, d_p, Scalar(1 - o.dampening));
      }
      d_p = o.nesterov ? autograd::add(d_p, buf, Scalar(o.momentum)) : buf;
    }
    autograd::add_(param, d_p, Scalar(-o.lr));
  }
}

}  // namespace stridelab::autograd::nn
