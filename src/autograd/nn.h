// The C++ side of torch.nn and torch.optim that the interpreter's Python classes call: nn.Linear's
// parameters and their default initialisation, Module.zero_grad, and torch.optim.SGD.
#pragma once

#include <optional>
#include <vector>

#include "autograd/ops.h"

namespace stridelab::autograd::nn {

// nn.Linear(in_features, out_features, bias): weight (out, in) from kaiming_uniform_(a=sqrt(5)),
// then bias from uniform_(-1/sqrt(in), 1/sqrt(in)), drawn in that order from the default
// generator, as PyTorch's reset_parameters does. Both are leaves that require grad (Parameters).
struct LinearParameters {
  Tensor weight;
  Tensor bias;  // undefined without bias
};
LinearParameters linear_parameters(int64_t in_features, int64_t out_features, bool bias = true,
                                   DType dtype = core::kDefaultFloat);

// F.dropout(input, p, training) as PyTorch's CPU dropout: the input itself when p is 0, when not
// training or when it is empty; input * 0 (a 0-d zero) when p is 1; else input * noise with noise
// a contiguous tensor of bernoulli(1 - p) draws (one random64 per element, in memory order, from
// the default generator) divided by 1 - p. inplace multiplies the input itself (dropout_).
Tensor dropout(const Tensor& input, double p, bool training, bool inplace = false);

// Module.zero_grad / Optimizer.zero_grad (PyTorch 1.13: set_to_none=False by default): each grad
// is detached (or has requires_grad cleared) and zeroed in place; with set_to_none it is dropped.
void zero_grad(const std::vector<Tensor>& parameters, bool set_to_none = false);

// torch.optim.SGD(params, lr, momentum, dampening, weight_decay, nesterov, maximize), with
// PyTorch's checks and its single-tensor update (1.13's default on the CPU).
class SGD {
 public:
  struct Options {
    double lr = 0;
    double momentum = 0;
    double dampening = 0;
    double weight_decay = 0;
    bool nesterov = false;
    bool maximize = false;
  };
  SGD(std::vector<Tensor> parameters, Options options);

  // One update under no_grad, skipping parameters without a grad. The momentum buffer of a
  // parameter is a copy of its first gradient, then buf = momentum * buf + (1 - dampening) * grad.
  void step();
  void zero_grad(bool set_to_none = false) { nn::zero_grad(parameters_, set_to_none); }

  const std::vector<Tensor>& parameters() const { return parameters_; }
  const Options& options() const { return options_; }
  // Optimizer.state[p]['momentum_buffer'] (undefined before the first step with a grad).
  const Tensor& momentum_buffer(size_t i) const { return buffers_.at(i); }

 private:
  std::vector<Tensor> parameters_;
  Options options_;
  std::vector<Tensor> buffers_;
};

}  // namespace stridelab::autograd::nn
