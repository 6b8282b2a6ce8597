// torch.nn.init: calculate_gain and the in-place initialisers (uniform_, normal_, trunc_normal_,
// constant_, ones_, zeros_, eye_, dirac_, sparse_, xavier_uniform_, xavier_normal_,
// kaiming_uniform_, kaiming_normal_), computing their bounds with torch/nn/init.py's arithmetic
// and making init.py's tensor calls, so that seeded draws and version counts match PyTorch's.
#include <cmath>
#include <limits>

#include "autograd/autograd.h"
#include "torch/binding.h"
#include "torch/dispatch.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

namespace ag = ::stridelab::autograd;

#define INIT_PY "/usr/lib/python3/dist-packages/torch/nn/init.py"
const TorchFrame fan_too_few_dims{
    INIT_PY, 287, "_calculate_fan_in_and_fan_out",
    "    raise ValueError(\"Fan in and fan out can not be computed for tensor with fewer than 2 dimensions\")\n"};
const TorchFrame xavier_uniform_fans{INIT_PY, 323, "xavier_uniform_",
                                     "    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)\n"
                                     "                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame xavier_normal_fans{INIT_PY, 350, "xavier_normal_",
                                    "    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)\n"
                                    "                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame correct_fan_mode{
    INIT_PY, 360, "_calculate_correct_fan",
    "    raise ValueError(\"Mode {} not supported, please use one of {}\".format(mode, valid_modes))\n"};
const TorchFrame correct_fan_fans{INIT_PY, 362, "_calculate_correct_fan",
                                  "    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)\n"
                                  "                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame kaiming_uniform_fan{INIT_PY, 407, "kaiming_uniform_",
                                     "    fan = _calculate_correct_fan(tensor, mode)\n"
                                     "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame kaiming_normal_fan{INIT_PY, 447, "kaiming_normal_",
                                    "    fan = _calculate_correct_fan(tensor, mode)\n"
                                    "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame kaiming_uniform_gain{INIT_PY, 408, "kaiming_uniform_",
                                      "    gain = calculate_gain(nonlinearity, a)\n"
                                      "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame kaiming_normal_gain{INIT_PY, 448, "kaiming_normal_",
                                     "    gain = calculate_gain(nonlinearity, a)\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame gain_slope{INIT_PY, 114, "calculate_gain",
                            "    raise ValueError(\"negative_slope {} not a valid number\".format(param))\n"};
const TorchFrame gain_unsupported{INIT_PY, 119, "calculate_gain",
                                  "    raise ValueError(\"Unsupported nonlinearity {}\".format(nonlinearity))\n"};

Tensor tensor_of(Object* o, const char* method) {
  if (!is_tensor(o))
    raise(builtin_types().attribute_error, "'" + type_name(o) + "' object has no attribute '" + method + "'");
  return unwrap(o);
}

// calculate_gain(nonlinearity, param); `outer` is the initialiser's frame when it called this.
double calculate_gain(Interp& in, Object* nonlinearity, Object* param, const TorchFrame* outer) {
  auto fail = [&](const TorchFrame& frame, const std::string& msg) {
    std::vector<const TorchFrame*> chain;
    if (outer) chain.push_back(outer);
    chain.push_back(&frame);
    raise_from(chain, builtin_types().value_error, msg);
  };
  const std::string n = is_str(nonlinearity) ? as<StrObject>(nonlinearity)->value_ : "";
  const bool named = is_str(nonlinearity);
  for (const char* linear :
       {"linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "sigmoid"})
    if (named && n == linear) return 1;
  if (named && n == "tanh") return 5.0 / 3;
  if (named && n == "relu") return std::sqrt(2.0);
  if (named && n == "leaky_relu") {
    double slope = 0.01;
    if (param && param != none()) {
      if (param->type() == builtin_types().bool_ || !is_number(param))
        fail(gain_slope, "negative_slope " + str(in, param) + " not a valid number");
      slope = to_double(in, param);
    }
    return std::sqrt(2.0 / (1 + slope * slope));
  }
  if (named && n == "selu") return 3.0 / 4;
  fail(gain_unsupported, "Unsupported nonlinearity " + str(in, nonlinearity));
  return 0;
}

// _calculate_fan_in_and_fan_out; `outer` lists the frames of the callers.
std::pair<double, double> fans(const Tensor& t, std::vector<const TorchFrame*> outer) {
  if (t.dim() < 2) {
    outer.push_back(&fan_too_few_dims);
    raise_from(outer, builtin_types().value_error,
               "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
  }
  int64_t receptive = 1;
  for (int64_t d = 2; d < t.dim(); ++d) receptive *= t.sizes()[static_cast<size_t>(d)];
  return {static_cast<double>(t.sizes()[1] * receptive), static_cast<double>(t.sizes()[0] * receptive)};
}

bool has_zero_dim(const Tensor& t) {
  for (int64_t s : t.sizes())
    if (s == 0) return true;
  return false;
}

// The in-place draw or fill, under no_grad as init.py does it; the tensor object is returned.
template <class F>
ObjRef no_grad(Object* t, F&& fill) {
  ag::AutoGradMode guard(false);
  guarded(fill);
  return ObjRef(t);
}

ObjRef kaiming(Interp& in, CallArgs& a, bool uniform) {
  const char* name = uniform ? "kaiming_uniform_" : "kaiming_normal_";
  ArgParser p(a, name, {"tensor", "a=", "mode=", "nonlinearity="});
  Object* obj = p.get(0);
  Tensor t = tensor_of(obj, "shape");
  if (has_zero_dim(t)) {
    static const WarningSite uniform_site{INIT_PY, 405,
                                          "warnings.warn(\"Initializing zero-element tensors is a no-op\")"};
    static const WarningSite normal_site{INIT_PY, 445,
                                         "warnings.warn(\"Initializing zero-element tensors is a no-op\")"};
    WarnFrom from(uniform ? uniform_site : normal_site);
    emit_warning("Initializing zero-element tensors is a no-op");
    return ObjRef(obj);
  }
  const TorchFrame* fan_frame = uniform ? &kaiming_uniform_fan : &kaiming_normal_fan;
  Object* mode_obj = p.has(2) ? p.get(2) : nullptr;
  std::string mode = "fan_in";
  if (mode_obj) {
    CallArgs none_args;
    ObjRef lowered = call_method(in, mode_obj, "lower", none_args);
    mode = str(in, lowered.get());
  }
  if (mode != "fan_in" && mode != "fan_out")
    raise_from({fan_frame, &correct_fan_mode}, builtin_types().value_error,
               "Mode " + mode + " not supported, please use one of ['fan_in', 'fan_out']");
  auto [fan_in, fan_out] = fans(t, {fan_frame, &correct_fan_fans});
  const double fan = mode == "fan_in" ? fan_in : fan_out;
  ObjRef nonlinearity = p.has(3) ? ObjRef(p.get(3)) : make_str("leaky_relu");
  ObjRef slope = p.has(1) ? ObjRef(p.get(1)) : make_int(0);
  const double gain =
      calculate_gain(in, nonlinearity.get(), slope.get(), uniform ? &kaiming_uniform_gain : &kaiming_normal_gain);
  const double std = gain / std::sqrt(fan);
  if (uniform) {
    const double bound = std::sqrt(3.0) * std;
    return no_grad(obj, [&] { op::uniform_(t, -bound, bound); });
  }
  return no_grad(obj, [&] { op::normal_(t, 0, std); });
}
// erfinv as PyTorch's CPU kernel computes it (calc_erfinv, in T's own arithmetic): a rational
// approximation, then two Newton steps.
template <class T>
T erfinv(T y) {
  const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  const T d[2] = {T(3.543889200), T(1.637067800)};
  const T y_abs = std::abs(y);
  if (y_abs > T(1.0)) return std::numeric_limits<T>::quiet_NaN();
  if (y_abs == T(1.0)) return std::copysign(std::numeric_limits<T>::infinity(), y);
  T x;
  if (y_abs <= static_cast<T>(0.7)) {
    const T z = y * y;
    const T num = (((a[3] * z + a[2]) * z + a[1]) * z + a[0]);
    const T dem = ((((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + static_cast<T>(1.0));
    x = y * num / dem;
  } else {
    const T z = std::sqrt(-std::log((static_cast<T>(1.0) - y_abs) / static_cast<T>(2.0)));
    const T num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0];
    const T dem = (d[1] * z + d[0]) * z + static_cast<T>(1.0);
    x = std::copysign(num, y) / dem;
  }
  const T two_over_sqrt_pi = static_cast<T>(2.0) / static_cast<T>(std::sqrt(3.14159265358979323846));
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  return x;
}

// tensor.erfinv_() for a float32 or float64 tensor: one write, one version bump.
void erfinv_(const Tensor& t) {
  if (t.dtype() != DType::Float32 && t.dtype() != DType::Float64)
    raise(builtin_types().not_implemented_error,
          "stridelab does not support torch.nn.init.trunc_normal_ on this dtype yet");
  Tensor c = guarded([&] { return core::contiguous(t); });
  const int64_t n = c.numel();
  if (c.dtype() == DType::Float32) {
    float* p = c.data<float>();
    for (int64_t i = 0; i < n; ++i) p[i] = erfinv(p[i]);
  } else {
    double* p = c.data<double>();
    for (int64_t i = 0; i < n; ++i) p[i] = erfinv(p[i]);
  }
  if (c.impl() != t.impl()) guarded([&] { core::copy_(t, c); });
  t.bump_version();
}

ObjRef call_tensor_method(Interp& in, Object* t, const char* name, std::vector<ObjRef> pos,
                          std::vector<std::pair<std::string, ObjRef>> kw = {}) {
  CallArgs args;
  args.pos = std::move(pos);
  args.kw = std::move(kw);
  return call_method(in, t, name, args);
}

double norm_cdf(double x) { return (1. + std::erf(x / std::sqrt(2.))) / 2.; }

const TorchFrame eye_dims{INIT_PY, 234, "eye_",
                          "    raise ValueError(\"Only tensors with 2 dimensions are supported\")\n"};
const TorchFrame dirac_dims{INIT_PY, 257, "dirac_",
                            "    raise ValueError(\"Only tensors with 3, 4, or 5 dimensions are supported\")\n"};
const TorchFrame dirac_groups{INIT_PY, 262, "dirac_", "    raise ValueError('dim 0 must be divisible by groups')\n"};
const TorchFrame sparse_dims{INIT_PY, 515, "sparse_",
                             "    raise ValueError(\"Only tensors with 2 dimensions are supported\")\n"};

ObjRef trunc_normal(Interp& in, CallArgs& a) {
  ArgParser p(a, "trunc_normal_", {"tensor", "mean=", "std=", "a=", "b="});
  Object* obj = p.get(0);
  const double mean = p.get_double(in, 1, 0.0), std = p.get_double(in, 2, 1.0);
  const double lo = p.get_double(in, 3, -2.0), hi = p.get_double(in, 4, 2.0);
  static const WarningSite warn_site{INIT_PY, 176, "return _no_grad_trunc_normal_(tensor, mean, std, a, b)"};
  if (mean < lo - 2 * std || mean > hi + 2 * std) {
    WarnFrom from(warn_site);
    emit_warning(
        "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
        "The distribution of values may be incorrect.");
  }
  ag::AutoGradMode guard(false);
  const double l = norm_cdf((lo - mean) / std), u = norm_cdf((hi - mean) / std);
  call_tensor_method(in, obj, "uniform_", {make_float(2 * l - 1), make_float(2 * u - 1)});
  erfinv_(tensor_of(obj, "erfinv_"));
  call_tensor_method(in, obj, "mul_", {make_float(std * std::sqrt(2.))});
  call_tensor_method(in, obj, "add_", {make_float(mean)});
  call_tensor_method(in, obj, "clamp_", {}, {{"min", make_float(lo)}, {"max", make_float(hi)}});
  return ObjRef(obj);
}

ObjRef eye_init(Interp& in, CallArgs& a) {
  ArgParser p(a, "eye_", {"tensor"});
  Object* obj = p.get(0);
  Tensor t = tensor_of(obj, "ndimension");
  if (t.dim() != 2)
    raise_from({&eye_dims}, builtin_types().value_error, "Only tensors with 2 dimensions are supported");
  ag::AutoGradMode guard(false);
  ObjRef eye = get_attr(in, in.import_module("torch").get(), "eye");
  CallArgs args;
  args.pos = {make_int(t.sizes()[0]), make_int(t.sizes()[1])};
  args.kw = {{"out", ObjRef(obj)}, {"requires_grad", ObjRef(bool_obj(ag::requires_grad(t)))}};
  call(in, eye.get(), args);
  return ObjRef(obj);
}

ObjRef dirac_init(Interp& in, CallArgs& a) {
  ArgParser p(a, "dirac_", {"tensor", "groups="});
  Object* obj = p.get(0);
  Tensor t = tensor_of(obj, "ndimension");
  const int64_t dims = t.dim();
  if (dims < 3 || dims > 5)
    raise_from({&dirac_dims}, builtin_types().value_error, "Only tensors with 3, 4, or 5 dimensions are supported");
  const int64_t groups = p.get_int(in, 1, 1);
  const auto& sizes = t.sizes();
  if (groups == 0) raise(builtin_types().zero_division_error, "integer division or modulo by zero");
  if (((sizes[0] % groups) + groups) % groups != 0)
    raise_from({&dirac_groups}, builtin_types().value_error, "dim 0 must be divisible by groups");
  const int64_t per_group = sizes[0] / groups;
  const int64_t min_dim = std::min(per_group, sizes[1]);
  ag::AutoGradMode guard(false);
  call_tensor_method(in, obj, "zero_", {});
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t d = 0; d < min_dim; ++d) {
      std::vector<ObjRef> key = {make_int(g * per_group + d), make_int(d)};
      for (int64_t k = 2; k < dims; ++k) key.push_back(make_int(sizes[static_cast<size_t>(k)] / 2));
      set_item(in, obj, make_tuple(std::move(key)).get(), make_int(1));
    }
  return ObjRef(obj);
}

ObjRef sparse_init(Interp& in, CallArgs& a) {
  ArgParser p(a, "sparse_", {"tensor", "sparsity", "std="});
  Object* obj = p.get(0);
  Tensor t = tensor_of(obj, "ndimension");
  if (t.dim() != 2)
    raise_from({&sparse_dims}, builtin_types().value_error, "Only tensors with 2 dimensions are supported");
  const int64_t rows = t.sizes()[0], cols = t.sizes()[1];
  const double sparsity = to_double(in, p.get(1));
  const int64_t num_zeros = static_cast<int64_t>(std::ceil(sparsity * static_cast<double>(rows)));
  ag::AutoGradMode guard(false);
  call_tensor_method(in, obj, "normal_", {make_int(0), p.has(2) ? ObjRef(p.get(2)) : make_float(0.01)});
  ObjRef randperm = get_attr(in, in.import_module("torch").get(), "randperm");
  for (int64_t col = 0; col < cols; ++col) {
    ObjRef row_indices = call1(in, randperm.get(), make_int(rows));
    ObjRef slice(new SliceObject(ObjRef(none()), make_int(num_zeros), ObjRef(none())));
    ObjRef zero_indices = get_item(in, row_indices.get(), slice.get());
    set_item(in, obj, make_tuple({zero_indices, make_int(col)}).get(), make_int(0));
  }
  return ObjRef(obj);
}
#undef INIT_PY

}  // namespace

Ref<ModuleObject> make_nn_init_module(Interp& in) {
  auto m = make_module("torch.nn.init");
  module_add_function(m.get(), "calculate_gain", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "calculate_gain", {"nonlinearity", "param="});
    const double g = calculate_gain(in, p.get(0), p.has(1) ? p.get(1) : nullptr, nullptr);
    // init.py returns the int 1 for the linear functions and sigmoid (leaky_relu's 1.0 is a float).
    const bool leaky = is_str(p.get(0)) && as<StrObject>(p.get(0))->value_ == "leaky_relu";
    return g == 1 && !leaky ? make_int(1) : make_float(g);
  });
  module_add_function(m.get(), "uniform_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "uniform_", {"tensor", "a=", "b="});
    Tensor t = tensor_of(p.get(0), "uniform_");
    double lo = p.get_double(in, 1, 0.0), hi = p.get_double(in, 2, 1.0);
    return no_grad(p.get(0), [&] { op::uniform_(t, lo, hi); });
  });
  module_add_function(m.get(), "normal_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "normal_", {"tensor", "mean=", "std="});
    Tensor t = tensor_of(p.get(0), "normal_");
    double mean = p.get_double(in, 1, 0.0), std = p.get_double(in, 2, 1.0);
    return no_grad(p.get(0), [&] { op::normal_(t, mean, std); });
  });
  module_add_function(m.get(), "constant_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "constant_", {"tensor", "val"});
    Tensor t = tensor_of(p.get(0), "fill_");
    core::Scalar v = to_scalar(in, p.get(1));
    return no_grad(p.get(0), [&] { op::fill_(t, v); });
  });
  module_add_function(m.get(), "ones_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "ones_", {"tensor"});
    Tensor t = tensor_of(p.get(0), "fill_");
    return no_grad(p.get(0), [&] { op::fill_(t, core::Scalar(1.0)); });
  });
  module_add_function(m.get(), "zeros_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "zeros_", {"tensor"});
    Tensor t = tensor_of(p.get(0), "zero_");
    return no_grad(p.get(0), [&] { op::zero_(t); });
  });
  for (bool uniform : {true, false}) {
    const char* name = uniform ? "xavier_uniform_" : "xavier_normal_";
    module_add_function(m.get(), name, [uniform, name](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"tensor", "gain="});
      Tensor t = tensor_of(p.get(0), "dim");
      auto [fan_in, fan_out] = fans(t, {uniform ? &xavier_uniform_fans : &xavier_normal_fans});
      const double std = p.get_double(in, 1, 1.0) * std::sqrt(2.0 / (fan_in + fan_out));
      if (uniform) {
        const double bound = std::sqrt(3.0) * std;
        return no_grad(p.get(0), [&] { op::uniform_(t, -bound, bound); });
      }
      return no_grad(p.get(0), [&] { op::normal_(t, 0.0, std); });
    });
  }
  module_add_function(m.get(), "trunc_normal_", trunc_normal);
  module_add_function(m.get(), "eye_", eye_init);
  module_add_function(m.get(), "dirac_", dirac_init);
  module_add_function(m.get(), "sparse_", sparse_init);
  module_add_function(m.get(), "kaiming_uniform_", [](Interp& in, CallArgs& a) { return kaiming(in, a, true); });
  module_add_function(m.get(), "kaiming_normal_", [](Interp& in, CallArgs& a) { return kaiming(in, a, false); });
  return m;
}

}  // namespace stridelab::torch
