// Activations, embedding and layer_norm: forward kernels on contiguous data, and their nodes.
#include "autograd/nn_ops.h"

#include <cmath>
#include <functional>
#include <array>

#include "autograd/function_helpers.h"
#include "core/error.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::make_node;
using detail::SavingNode;
using detail::with_history;

namespace {

// A new contiguous tensor of x's shape with f applied to each element, in x's floating dtype.
template <class F>
Tensor map_floating(const Tensor& x_, const char* kernel, F&& f) {
  STRIDELAB_CHECK(core::is_floating(x_.dtype()), "\"", kernel, "\" not implemented for '",
                  core::scalar_type_name(x_.dtype()), "'");
  Tensor x = core::contiguous(x_);
  Tensor out = core::empty(x.sizes(), x.dtype());
  core::dispatch(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* in = x.data<T>();
      T* o = out.data<T>();
      for (int64_t i = 0, n = x.numel(); i < n; ++i) o[i] = f(in[i]);
    }
  });
  return out;
}

// grad * df(x) elementwise (grad and x have the same shape).
template <class F>
Tensor map_grad(const Tensor& grad_, const Tensor& x_, F&& f) {
  Tensor x = core::contiguous(x_), grad = core::contiguous(core::expand(grad_, x_.sizes()));
  Tensor out = core::empty(x.sizes(), x.dtype());
  core::dispatch(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* in = x.data<T>();
      const T* g = grad.data<T>();
      T* o = out.data<T>();
      for (int64_t i = 0, n = x.numel(); i < n; ++i) o[i] = f(g[i], in[i]);
    }
  });
  return out;
}

// An activation's node: it saves self and some attributes; its gradient is a function of them.
struct ActivationBackward : SavingNode<ActivationBackward> {
  std::string name_;
  SavedVariable self_;
  std::vector<SavedAttribute> attributes;
  std::function<Tensor(const Tensor& grad, const Tensor& self)> backward;
  std::string name() const override { return name_; }
  static auto saved_fields() { return std::array{Field{"_saved_self", &ActivationBackward::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return attributes; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    out[0] = backward(grads[0], self);
    return out;
  }
};

Tensor activation(const Tensor& self, const char* node, std::vector<SavedAttribute> attributes, Tensor result,
                  std::function<Tensor(const Tensor&, const Tensor&)> backward) {
  auto fn = make_node<ActivationBackward>(self);
  if (fn) {
    fn->name_ = node;
    fn->self_ = SavedVariable(self, false);
    fn->attributes = std::move(attributes);
    fn->backward = std::move(backward);
  }
  return with_history(result, fn);
}

constexpr double kSqrt1_2 = 0.70710678118654752440;
constexpr double k2_SqrtPi = 1.12837916709551257390;
constexpr double kSqrt2 = 1.41421356237309504880;

}  // namespace

Tensor gelu(const Tensor& self, const std::string& approximate) {
  STRIDELAB_CHECK(approximate == "none" || approximate == "tanh", "approximate argument must be either none or tanh.");
  const bool tanh_form = approximate == "tanh";
  Tensor result = map_floating(self, "GeluKernelImpl", [&](auto x) {
    using T = decltype(x);
    if (tanh_form) {
      const T beta = static_cast<T>(kSqrt2 * k2_SqrtPi * 0.5), kappa = static_cast<T>(0.044715);
      const T inner = beta * (x + kappa * x * x * x);
      return static_cast<T>(T(0.5) * x * (T(1) + std::tanh(inner)));
    }
    return static_cast<T>(x * T(0.5) * (T(1) + std::erf(x * static_cast<T>(kSqrt1_2))));
  });
  return activation(self, "GeluBackward0", {{"_saved_approximate", approximate}}, result,
                    [tanh_form](const Tensor& grad, const Tensor& x) {
                      return map_grad(grad, x, [&](auto dy, auto v) {
                        using T = decltype(v);
                        if (tanh_form) {
                          const T beta = static_cast<T>(kSqrt2 * k2_SqrtPi * 0.5), kappa = static_cast<T>(0.044715);
                          const T x_sq = v * v;
                          const T inner = beta * (v + kappa * x_sq * v);
                          const T th = std::tanh(inner);
                          const T left = T(0.5) * v, right = T(1) + th;
                          const T dleft = T(0.5) * right;
                          const T dright = left * (T(1) - th * th) * beta * (T(1) + T(3) * kappa * x_sq);
                          return static_cast<T>(dy * (dleft + dright));
                        }
                        const T beta = static_cast<T>(k2_SqrtPi * kSqrt1_2 * 0.5);
                        const T cdf = T(0.5) * (T(1) + std::erf(v * static_cast<T>(kSqrt1_2)));
                        const T pdf = std::exp(T(-0.5) * v * v) * beta;
                        return static_cast<T>(dy * (cdf + v * pdf));
                      });
                    });
}

Tensor silu(const Tensor& self) {
  Tensor result = map_floating(self, "silu_cpu", [](auto x) {
    using T = decltype(x);
    return static_cast<T>(x / (T(1) + std::exp(-x)));
  });
  return activation(self, "SiluBackward0", {}, result, [](const Tensor& grad, const Tensor& x) {
    return map_grad(grad, x, [](auto dy, auto v) {
      using T = decltype(v);
      const T s = T(1) / (T(1) + std::exp(-v));
      return static_cast<T>(dy * s * (T(1) + v * (T(1) - s)));
    });
  });
}

Tensor leaky_relu(const Tensor& self, Scalar negative_slope) {
  const double slope = negative_slope.to_double();
  Tensor result = map_floating(self, "leaky_relu_cpu", [&](auto x) {
    using T = decltype(x);
    return x > T(0) ? x : static_cast<T>(x * static_cast<T>(slope));
  });
  return activation(self, "LeakyReluBackward0", {{"_saved_negative_slope", negative_slope}}, result,
                    [slope](const Tensor& grad, const Tensor& x) {
                      return map_grad(grad, x, [&](auto dy, auto v) {
                        using T = decltype(v);
                        return v > T(0) ? dy : static_cast<T>(dy * static_cast<T>(slope));
                      });
                    });
}

Tensor elu(const Tensor& self, Scalar alpha) {
  const double a = alpha.to_double();
  Tensor result = map_floating(self, "elu_cpu", [&](auto x) {
    using T = decltype(x);
    return x <= T(0) ? static_cast<T>(std::expm1(x) * static_cast<T>(a)) : x;
  });
  return activation(
      self, "EluBackward0",
      {{"_saved_alpha", alpha}, {"_saved_input_scale", Scalar(int64_t{1})}, {"_saved_scale", Scalar(int64_t{1})}},
      result, [a](const Tensor& grad, const Tensor& x) {
        return map_grad(grad, x, [&](auto dy, auto v) {
          using T = decltype(v);
          return v <= T(0) ? static_cast<T>(dy * static_cast<T>(a) * std::exp(v)) : dy;
        });
      });
}

Tensor softplus(const Tensor& self, Scalar beta, Scalar threshold) {
  const double b = beta.to_double(), th = threshold.to_double();
  Tensor result = map_floating(self, "softplus_cpu", [&](auto x) {
    using T = decltype(x);
    const T xb = x * static_cast<T>(b);
    return xb > static_cast<T>(th) ? x : static_cast<T>(std::log1p(std::exp(xb)) / static_cast<T>(b));
  });
  return activation(self, "SoftplusBackward0", {{"_saved_beta", beta}, {"_saved_threshold", threshold}}, result,
                    [b, th](const Tensor& grad, const Tensor& x) {
                      return map_grad(grad, x, [&](auto dy, auto v) {
                        using T = decltype(v);
                        const T xb = v * static_cast<T>(b);
                        const T z = std::exp(xb);
                        return xb > static_cast<T>(th) ? dy : static_cast<T>(dy * z / (z + T(1)));
                      });
                    });
}

// ---- embedding ---------------------------------------------------------------------------------------

namespace {

struct EmbeddingBackward0 : detail::SavingNode<EmbeddingBackward0> {
  NODE_NAME(EmbeddingBackward0)
  SavedVariable indices_, weight_;
  int64_t padding_idx = -1;
  static auto saved_fields() {
    return std::array{Field{"_saved_indices", &EmbeddingBackward0::indices_},
                      Field{"_saved_weight", &EmbeddingBackward0::weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_padding_idx", padding_idx}, {"_saved_scale_grad_by_freq", false}, {"_saved_sparse", false}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor indices = core::contiguous(indices_.unpack()), weight = weight_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    const int64_t dim = weight.sizes()[1];
    Tensor grad = core::contiguous(grads[0]);
    Tensor gw = core::zeros(weight.sizes(), weight.dtype());
    core::dispatch(weight.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>) {
        const T* g = grad.data<T>();
        T* o = gw.data<T>();
        for (int64_t i = 0, n = indices.numel(); i < n; ++i) {
          const int64_t row = core::get_flat(indices, i).to_int();
          if (row == padding_idx) continue;
          for (int64_t j = 0; j < dim; ++j) o[row * dim + j] += g[i * dim + j];
        }
      }
    });
    out[0] = gw;
    return out;
  }
};

}  // namespace

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx) {
  STRIDELAB_CHECK(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32,
                  "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
                  "but got ",
                  core::legacy_type_name(indices.dtype()), " instead (while checking arguments for embedding)");
  STRIDELAB_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  auto fn = make_node<EmbeddingBackward0>(weight);
  Tensor flat = core::reshape(indices, {-1});
  for (int64_t i = 0, n = flat.numel(); i < n; ++i) {
    const int64_t r = core::get_flat(flat, i).to_int();
    STRIDELAB_CHECK_INDEX(r >= 0 && r < weight.sizes()[0], "index out of range in self");
  }
  IntArray sizes = indices.sizes();
  sizes.push_back(weight.sizes()[1]);
  Tensor result = core::contiguous(core::reshape(core::index_select(weight, 0, flat), sizes));
  if (fn) {
    fn->indices_ = SavedVariable(indices, false);
    fn->weight_ = SavedVariable(weight, false);
    fn->padding_idx = padding_idx;
  }
  return with_history(result, fn);
}

// ---- layer_norm --------------------------------------------------------------------------------------

namespace {

struct NativeLayerNormBackward0 : detail::SavingNode<NativeLayerNormBackward0> {
  NODE_NAME(NativeLayerNormBackward0)
  SavedVariable input_, weight_, bias_, result1_, result2_;
  IntArray normalized_shape;
  static auto saved_fields() {
    return std::array{Field{"_saved_input", &NativeLayerNormBackward0::input_},
                      Field{"_saved_weight", &NativeLayerNormBackward0::weight_},
                      Field{"_saved_bias", &NativeLayerNormBackward0::bias_},
                      Field{"_saved_result1", &NativeLayerNormBackward0::result1_},
                      Field{"_saved_result2", &NativeLayerNormBackward0::result2_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_normalized_shape", normalized_shape}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor input = core::contiguous(input_.unpack()), weight = weight_.unpack();
    Tensor mean = core::contiguous(result1_.unpack()), rstd = core::contiguous(result2_.unpack());
    variable_list out(3);
    if (!any_defined(grads)) return out;
    NoGradGuard no_grad;
    Tensor grad = core::contiguous(grads[0]);
    const int64_t n = core::numel_of(normalized_shape);
    const int64_t rows = n ? input.numel() / n : 0;
    const bool need_x = task_should_compute_output(0), need_w = task_should_compute_output(1),
               need_b = task_should_compute_output(2);
    Tensor gx = core::empty(input.sizes(), input.dtype());
    std::vector<double> gw(static_cast<size_t>(n)), gb(static_cast<size_t>(n));
    Tensor w = weight.defined() ? core::contiguous(weight) : Tensor();
    core::dispatch(input.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>) {
        const T* x = input.data<T>();
        const T* dy = grad.data<T>();
        const T* mu = mean.data<T>();
        const T* rs = rstd.data<T>();
        const T* gamma = w.defined() ? w.data<T>() : nullptr;
        T* dx = gx.data<T>();
        for (int64_t r = 0; r < rows; ++r) {
          double sum_g = 0, sum_gx = 0;
          for (int64_t j = 0; j < n; ++j) {
            const double xhat = (static_cast<double>(x[r * n + j]) - mu[r]) * rs[r];
            const double g = static_cast<double>(dy[r * n + j]) * (gamma ? gamma[j] : 1.0);
            sum_g += g;
            sum_gx += g * xhat;
            gw[static_cast<size_t>(j)] += static_cast<double>(dy[r * n + j]) * xhat;
            gb[static_cast<size_t>(j)] += dy[r * n + j];
          }
          for (int64_t j = 0; j < n; ++j) {
            const double xhat = (static_cast<double>(x[r * n + j]) - mu[r]) * rs[r];
            const double g = static_cast<double>(dy[r * n + j]) * (gamma ? gamma[j] : 1.0);
            dx[r * n + j] = static_cast<T>(rs[r] * (g - sum_g / n - xhat * sum_gx / n));
          }
        }
      }
    });
    auto emit = [&](const std::vector<double>& v) {
      Tensor t = core::empty(normalized_shape, input.dtype());
      core::dispatch(input.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>)
          for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = static_cast<T>(v[i]);
      });
      return t;
    };
    if (need_x) out[0] = gx;
    if (need_w) out[1] = emit(gw);
    if (need_b) out[2] = emit(gb);
    return out;
  }
};

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_layer_norm(const Tensor& input_, const IntArray& normalized_shape,
                                                     const Tensor& weight, const Tensor& bias, double eps) {
  const int64_t nd = static_cast<int64_t>(normalized_shape.size());
  bool ok = nd >= 1 && input_.dim() >= nd;
  for (int64_t i = 0; ok && i < nd; ++i)
    ok = input_.sizes()[static_cast<size_t>(input_.dim() - nd + i)] == normalized_shape[static_cast<size_t>(i)];
  STRIDELAB_CHECK(nd >= 1,
                  "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                  "element, but got normalized_shape = ",
                  core::format_int_list(normalized_shape));
  std::string star = "[*";
  for (int64_t v : normalized_shape) star += ", " + std::to_string(v);
  STRIDELAB_CHECK(ok, "Given normalized_shape=", core::format_int_list(normalized_shape),
                  ", expected input with shape ", star, "], but got input of size",
                  core::format_int_list(input_.sizes()));
  if (weight.defined())
    STRIDELAB_CHECK(weight.sizes() == normalized_shape,
                    "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
                    core::format_int_list(weight.sizes()),
                    " and normalized_shape = ", core::format_int_list(normalized_shape));
  if (bias.defined())
    STRIDELAB_CHECK(bias.sizes() == normalized_shape,
                    "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
                    core::format_int_list(bias.sizes()),
                    " and normalized_shape = ", core::format_int_list(normalized_shape));
  STRIDELAB_CHECK(core::is_floating(input_.dtype()), "\"LayerNormKernelImpl\" not implemented for '",
                  core::scalar_type_name(input_.dtype()), "'");
  auto fn = make_node<NativeLayerNormBackward0>(input_, weight, bias);
  Tensor input = core::contiguous(input_);
  const int64_t n = core::numel_of(normalized_shape);
  const int64_t rows = n ? input.numel() / n : 0;
  IntArray stat_sizes(input.sizes().begin(), input.sizes().end() - nd);
  for (int64_t i = 0; i < nd; ++i) stat_sizes.push_back(1);
  Tensor out = core::empty(input.sizes(), input.dtype());
  Tensor mean = core::empty(stat_sizes, input.dtype()), rstd = core::empty(stat_sizes, input.dtype());
  Tensor w = weight.defined() ? core::contiguous(weight) : Tensor();
  Tensor b = bias.defined() ? core::contiguous(bias) : Tensor();
  core::dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = input.data<T>();
      const T* gamma = w.defined() ? w.data<T>() : nullptr;
      const T* beta = b.defined() ? b.data<T>() : nullptr;
      T* y = out.data<T>();
      for (int64_t r = 0; r < rows; ++r) {
        double s = 0;
        for (int64_t j = 0; j < n; ++j) s += x[r * n + j];
        const double m = s / static_cast<double>(n);
        double v = 0;
        for (int64_t j = 0; j < n; ++j) v += (x[r * n + j] - m) * (x[r * n + j] - m);
        const T mean_t = static_cast<T>(m);
        const T rstd_t = T(1) / std::sqrt(static_cast<T>(v / static_cast<double>(n)) + static_cast<T>(eps));
        const T scale = rstd_t, shift = -rstd_t * mean_t;
        for (int64_t j = 0; j < n; ++j) {
          T val = x[r * n + j] * scale + shift;
          if (gamma) val = val * gamma[j];
          if (beta) val = val + beta[j];
          y[r * n + j] = val;
        }
        mean.data<T>()[r] = mean_t;
        rstd.data<T>()[r] = rstd_t;
      }
    }
  });
  if (fn) {
    fn->input_ = SavedVariable(input_, false);
    fn->weight_ = SavedVariable(weight, false);
    fn->bias_ = SavedVariable(bias, false);
    fn->normalized_shape = normalized_shape;
    with_history(out, fn);
    fn->result1_ = SavedVariable(mean, false);
    fn->result2_ = SavedVariable(rstd, false);
  }
  return {out, mean, rstd};
}

}  // namespace stridelab::autograd
