// Convolution and pooling: torch.conv1d / conv2d, torch.max_pool2d, torch.nn.functional's conv1d,
// conv2d, max_pool1d, max_pool2d, avg_pool2d, adaptive_avg_pool2d, and the layers nn.Conv1d,
// nn.Conv2d, nn.MaxPool1d, nn.MaxPool2d, nn.AvgPool2d, nn.AdaptiveAvgPool2d.
#include <cmath>

#include "autograd/autograd.h"
#include "autograd/conv_ops.h"
#include "core/random.h"
#include "torch/dispatch.h"
#include "torch/functions.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

namespace {

#define TORCH_PY "/usr/lib/python3/dist-packages/torch/"

// The Python lines of PyTorch between a layer (or F.*) and the C++ that raised.
const TorchFrame conv2d_forward{TORCH_PY "nn/modules/conv.py", 463, "forward",
                                "    return self._conv_forward(input, self.weight, self.bias)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame conv2d_conv_forward{TORCH_PY "nn/modules/conv.py", 459, "_conv_forward",
                                     "    return F.conv2d(input, weight, bias, self.stride,\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame conv1d_forward{TORCH_PY "nn/modules/conv.py", 313, "forward",
                                "    return self._conv_forward(input, self.weight, self.bias)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame conv1d_conv_forward{TORCH_PY "nn/modules/conv.py", 309, "_conv_forward",
                                     "    return F.conv1d(input, weight, bias, self.stride,\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame conv2d_init{TORCH_PY "nn/modules/conv.py", 450, "__init__", "    super(Conv2d, self).__init__(\n"};
const TorchFrame conv1d_init{TORCH_PY "nn/modules/conv.py", 302, "__init__", "    super(Conv1d, self).__init__(\n"};
const TorchFrame convnd_groups_in{TORCH_PY "nn/modules/conv.py", 90, "__init__",
                                  "    raise ValueError('in_channels must be divisible by groups')\n"};
const TorchFrame convnd_groups_out{TORCH_PY "nn/modules/conv.py", 92, "__init__",
                                   "    raise ValueError('out_channels must be divisible by groups')\n"};
const TorchFrame convnd_padding_string{TORCH_PY "nn/modules/conv.py", 96, "__init__", "    raise ValueError(\n"};
const TorchFrame convnd_same_strided{
    TORCH_PY "nn/modules/conv.py", 100, "__init__",
    "    raise ValueError(\"padding='same' is not supported for strided convolutions\")\n"};
const TorchFrame convnd_padding_mode{
    TORCH_PY "nn/modules/conv.py", 104, "__init__",
    "    raise ValueError(\"padding_mode must be one of {}, but got padding_mode='{}'\".format(\n"};
const TorchFrame maxpool2d_forward{TORCH_PY "nn/modules/pooling.py", 166, "forward",
                                   "    return F.max_pool2d(input, self.kernel_size, self.stride,\n"
                                   "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame maxpool1d_forward{TORCH_PY "nn/modules/pooling.py", 92, "forward",
                                   "    return F.max_pool1d(input, self.kernel_size, self.stride,\n"
                                   "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame jit_if_true{TORCH_PY "_jit_internal.py", 487, "fn",
                             "    return if_true(*args, **kwargs)\n"
                             "           ^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame jit_if_false{TORCH_PY "_jit_internal.py", 489, "fn",
                              "    return if_false(*args, **kwargs)\n"
                              "           ^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_max_pool2d{
    TORCH_PY "nn/functional.py", 782, "_max_pool2d",
    "    return torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_max_pool2d_with_indices{
    TORCH_PY "nn/functional.py", 757, "max_pool2d_with_indices",
    "    return torch._C._nn.max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_max_pool1d{
    TORCH_PY "nn/functional.py", 696, "_max_pool1d",
    "    return torch.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame avgpool2d_forward{TORCH_PY "nn/modules/pooling.py", 627, "forward",
                                   "    return F.avg_pool2d(input, self.kernel_size, self.stride,\n"
                                   "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame adaptive_forward{TORCH_PY "nn/modules/pooling.py", 1184, "forward",
                                  "    return F.adaptive_avg_pool2d(input, self.output_size)\n"
                                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_adaptive{TORCH_PY "nn/functional.py", 1214, "adaptive_avg_pool2d",
                            "    return torch._C._nn.adaptive_avg_pool2d(input, _output_size)\n"
                            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

#undef TORCH_PY

// An int, or a tuple / list of ints, as n ints (PyTorch's _single / _pair and IntArrayRef[n]).
IntArray n_ints(Interp& in, Object* o, size_t n) {
  if (o->type() == builtin_types().tuple || o->type() == builtin_types().list) {
    IntArray out;
    for (auto& it : to_vector(in, o)) out.push_back(to_index(in, it.get()));
    if (out.size() == 1) out = IntArray(n, out[0]);
    return out;
  }
  return IntArray(n, to_index(in, o));
}

ObjRef int_tuple(const IntArray& v) {
  std::vector<ObjRef> items;
  for (int64_t x : v) items.push_back(make_int(x));
  return ObjRef(make_tuple(std::move(items)).get());
}

IntArray expand_to(IntArray v, size_t n) {
  if (v.size() == 1) v = IntArray(n, v[0]);
  return v;
}

std::string sizes_str(const IntArray& s) { return core::format_int_list(s); }

// at::conv1d / at::conv2d: the checks of _convolution, an unbatched input run as a batch of one
// (UnsqueezeBackward0 in, SqueezeBackward1 out), padding='same' / 'valid' turned into numbers.
Tensor conv_nd(const Tensor& input_, const Tensor& weight, const Tensor& bias, IntArray stride,
               std::optional<IntArray> padding_ints, const std::string& padding_str, IntArray dilation, int64_t groups,
               size_t nd) {
  const char* name = nd == 1 ? "conv1d" : "conv2d";
  const int64_t dim = input_.dim();
  STRIDELAB_CHECK(dim == static_cast<int64_t>(nd) + 1 || dim == static_cast<int64_t>(nd) + 2, "Expected ", nd + 1,
                  "D (unbatched) or ", nd + 2, "D (batched) input to ", name,
                  ", but got input of size: ", sizes_str(input_.sizes()));
  const bool batched = dim == static_cast<int64_t>(nd) + 2;
  stride = expand_to(stride, nd);
  dilation = expand_to(dilation, nd);
  IntArray padding;
  if (padding_ints) {
    padding = expand_to(*padding_ints, nd);
  } else if (padding_str == "valid") {
    padding.assign(nd, 0);
  } else if (padding_str == "same") {
    for (int64_t s : stride) STRIDELAB_CHECK(s == 1, "padding='same' is not supported for strided convolutions");
    for (size_t i = 0; i < nd; ++i) {
      const int64_t total = dilation[i] * (weight.sizes()[std::min<size_t>(i + 2, weight.sizes().size() - 1)] - 1);
      if (total % 2 != 0)
        throw core::Error(core::ErrorKind::NotImplementedError,
                          "stridelab does not support padding='same' with an even kernel length and odd dilation yet");
      padding.push_back(total / 2);
    }
  } else {
    STRIDELAB_CHECK(false, "Invalid padding string: '", padding_str, "'");
  }
  for (int64_t s : stride) STRIDELAB_CHECK(s > 0, "non-positive stride is not supported");
  for (int64_t p : padding) STRIDELAB_CHECK(p >= 0, "negative padding is not supported");
  Tensor input = batched ? input_ : op::unsqueeze(input_, 0);
  STRIDELAB_CHECK(input.dtype() == weight.dtype(), "expected scalar type ", core::scalar_type_name(input.dtype()),
                  " but found ", core::scalar_type_name(weight.dtype()));
  STRIDELAB_CHECK(weight.dim() == input.dim(), "Expected ", weight.dim(), "-dimensional input for ", weight.dim(),
                  "-dimensional weight ", sizes_str(weight.sizes()), ", but got ", input.dim(),
                  "-dimensional input of size ", sizes_str(input.sizes()), " instead");
  STRIDELAB_CHECK(groups > 0, "non-positive groups is not supported");
  STRIDELAB_CHECK(weight.sizes()[0] % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ",
                  groups, " at dimension 0, but got weight of size [", sizes_str(weight.sizes()), "] instead");
  STRIDELAB_CHECK(input.sizes()[1] == weight.sizes()[1] * groups, "Given groups=", groups, ", weight of size ",
                  sizes_str(weight.sizes()), ", expected input", sizes_str(input.sizes()), " to have ",
                  weight.sizes()[1] * groups, " channels, but got ", input.sizes()[1], " channels instead");
  if (bias.defined()) {
    STRIDELAB_CHECK(bias.dim() == 1 && bias.sizes()[0] == weight.sizes()[0], "Given weight of size ",
                    sizes_str(weight.sizes()), ", expected bias to be 1-dimensional with ", weight.sizes()[0],
                    " elements, but got bias of size ", sizes_str(bias.sizes()), " instead");
    STRIDELAB_CHECK(bias.dtype() == input.dtype(), "expected scalar type ", core::scalar_type_name(input.dtype()),
                    " but found ", core::scalar_type_name(bias.dtype()));
  }
  bool too_big = false;
  std::string padded = "(", kernel = "(";
  for (size_t i = 0; i < nd; ++i) {
    const int64_t in_size = input.sizes()[i + 2] + 2 * padding[i];
    const int64_t k = dilation[i] * (weight.sizes()[i + 2] - 1) + 1;
    if (k > in_size) too_big = true;
    padded += (i ? " x " : "") + std::to_string(in_size);
    kernel += (i ? " x " : "") + std::to_string(k);
  }
  STRIDELAB_CHECK(!too_big, "Calculated padded input size per channel: ", padded, "). Kernel size: ", kernel,
                  "). Kernel size can't be greater than actual input size");
  core::ConvParams p{stride, padding, dilation, groups};
  Tensor out = ag::convolution(input, weight, bias, p);
  return batched ? out : op::squeeze(out, 0);
}

// A conv's padding argument: ints, or a string ('same', 'valid').
struct PaddingArg {
  std::optional<IntArray> ints;
  std::string str;
};

PaddingArg padding_arg(Interp& in, Object* o, size_t nd) {
  PaddingArg p;
  if (!o) {
    p.ints = IntArray(nd, 0);
  } else if (is_str(o)) {
    p.str = as<StrObject>(o)->value_;
  } else {
    p.ints = n_ints(in, o, nd);
  }
  return p;
}

// pool2d_shape_check and the output size of max_pool2d_with_indices.
core::PoolParams pool_params(const Tensor& input, IntArray kernel, IntArray stride, IntArray padding, IntArray dilation,
                             bool ceil_mode, const char* name) {
  STRIDELAB_CHECK(kernel.size() == 1 || kernel.size() == 2, name,
                  ": kernel_size must either be a single int, or a tuple of two ints");
  STRIDELAB_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 2, name,
                  ": stride must either be omitted, a single int, or a tuple of two ints");
  STRIDELAB_CHECK(padding.size() == 1 || padding.size() == 2, name,
                  ": padding must be either be a single int, or a tuple of two ints");
  core::PoolParams p;
  p.kernel = expand_to(kernel, 2);
  p.stride = stride.empty() ? p.kernel : expand_to(stride, 2);
  p.padding = expand_to(padding, 2);
  p.dilation = expand_to(dilation, 2);
  p.ceil_mode = ceil_mode;
  const int64_t d = input.dim();
  STRIDELAB_CHECK((d == 3 || d == 4) && input.numel() > 0, "non-empty 3D or 4D (batch mode) tensor expected for input");
  for (int i = 0; i < 2; ++i) {
    STRIDELAB_CHECK(p.kernel[i] > 0, "kernel size should be greater than zero, but got kH: ", p.kernel[0],
                    " kW: ", p.kernel[1]);
    STRIDELAB_CHECK(p.stride[i] > 0, "stride should be greater than zero, but got dH: ", p.stride[0],
                    " dW: ", p.stride[1]);
    STRIDELAB_CHECK(p.dilation[i] > 0, "dilation should be greater than zero, but got dilationH: ", p.dilation[0],
                    " dilationW: ", p.dilation[1]);
    STRIDELAB_CHECK(p.padding[i] <= p.kernel[i] / 2,
                    "pad should be at most half of kernel size, but got pad=", p.padding[i],
                    " and kernel_size=", p.kernel[i]);
  }
  const int64_t h = input.sizes()[static_cast<size_t>(d - 2)], w = input.sizes()[static_cast<size_t>(d - 1)];
  const int64_t planes = input.sizes()[static_cast<size_t>(d - 3)];
  const int64_t oh = core::pool_output_size(h, p.kernel[0], p.padding[0], p.stride[0], p.dilation[0], ceil_mode);
  const int64_t ow = core::pool_output_size(w, p.kernel[1], p.padding[1], p.stride[1], p.dilation[1], ceil_mode);
  STRIDELAB_CHECK(oh >= 1 && ow >= 1, "Given input size: (", planes, "x", h, "x", w, "). Calculated output size: (",
                  planes, "x", oh, "x", ow, "). Output size is too small");
  return p;
}

std::pair<Tensor, Tensor> checked_max_pool2d(const Tensor& input, const IntArray& kernel, const IntArray& stride,
                                             const IntArray& padding, const IntArray& dilation, bool ceil_mode) {
  core::PoolParams p = pool_params(input, kernel, stride, padding, dilation, ceil_mode, "max_pool2d");
  return ag::max_pool2d_with_indices(input, p, stride);
}

// max_pool1d as max_pool1d_with_indices runs it: unsqueeze(-2), the 2-d pool, squeeze(-2).
std::pair<Tensor, Tensor> checked_max_pool1d(const Tensor& input, IntArray kernel, IntArray stride, IntArray padding,
                                             IntArray dilation, bool ceil_mode) {
  STRIDELAB_CHECK(input.dim() == 2 || input.dim() == 3,
                  "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but "
                  "got:",
                  sizes_str(input.sizes()));
  STRIDELAB_CHECK(kernel.size() == 1, "max_pool1d() kernel_size must be an int or int list of size 1 but got size ",
                  kernel.size());
  if (stride.empty()) stride = kernel;
  Tensor x = op::unsqueeze(input, -2);
  auto [v, i] = checked_max_pool2d(x, {1, kernel[0]}, {1, stride[0]}, {0, padding[0]}, {1, dilation[0]}, ceil_mode);
  return {op::squeeze(v, -2), core::squeeze(i, -2)};
}

Tensor checked_avg_pool2d(const Tensor& input, const IntArray& kernel, const IntArray& stride, const IntArray& padding,
                          bool ceil_mode, bool count_include_pad, std::optional<int64_t> divisor_override) {
  core::wrap_dim(-3, input.dim());
  core::PoolParams p = pool_params(input, kernel, stride, padding, {1}, ceil_mode, "avg_pool2d");
  if (divisor_override) STRIDELAB_CHECK(*divisor_override != 0, "divisor must be not zero");
  return ag::avg_pool2d(input, p, stride, count_include_pad, divisor_override);
}

Tensor checked_adaptive_avg_pool2d(const Tensor& input, IntArray out) {
  STRIDELAB_CHECK(input.dim() == 3 || input.dim() == 4, "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ",
                  sizes_str(input.sizes()));
  for (int64_t d = 1; d < input.dim(); ++d)
    STRIDELAB_CHECK(input.sizes()[static_cast<size_t>(d)] > 0,
                    "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                    "has sizes ",
                    sizes_str(input.sizes()), " with dimension ", d, " being empty");
  STRIDELAB_CHECK(out.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  // A 1x1 output is the mean over the last two dims (MeanBackward1), as at::adaptive_avg_pool2d does.
  if (out[0] == 1 && out[1] == 1) return op::mean(input, IntArray{-1, -2}, true, std::nullopt);
  return ag::adaptive_avg_pool2d(input, out);
}

// output_size for adaptive pooling: an int, or a pair whose None entries keep the input's size.
IntArray adaptive_size(Interp& in, Object* o, const Tensor& input) {
  if (o->type() != builtin_types().tuple && o->type() != builtin_types().list) return IntArray(2, to_index(in, o));
  auto items = to_vector(in, o);
  IntArray out;
  for (size_t i = 0; i < items.size(); ++i)
    out.push_back(items[i].get() == none() ? input.sizes()[input.sizes().size() - items.size() + i]
                                           : to_index(in, items[i].get()));
  return expand_to(out, 2);
}

Tensor tensor_in(Object* o, const char* fname) {
  if (!is_tensor(o))
    raise(builtin_types().type_error,
          std::string(fname) + "(): argument 'input' (position 1) must be Tensor, not " + py_typename(o));
  return unwrap(o);
}

// ---- F.* bodies ------------------------------------------------------------------------------------

ObjRef F_max_pool(Interp& in, CallArgs& a, size_t nd, std::vector<const TorchFrame*> outer) {
  ArgParser p(a, nd == 1 ? "max_pool1d" : "max_pool2d",
              {"input", "kernel_size", "stride=", "padding=", "dilation=", "ceil_mode=", "return_indices="});
  const bool with_indices = p.get_bool(in, 6, false);
  IntArray kernel = n_ints(in, p.get(1), 1);
  IntArray stride = p.has(2) && p.get(2) != none() ? n_ints(in, p.get(2), 1) : IntArray{};
  IntArray padding = p.has(3) ? n_ints(in, p.get(3), 1) : IntArray{0};
  IntArray dilation = p.has(4) ? n_ints(in, p.get(4), 1) : IntArray{1};
  const bool ceil_mode = p.get_bool(in, 5, false);
  outer.push_back(with_indices ? &jit_if_true : &jit_if_false);
  if (nd == 1) outer.push_back(&F_max_pool1d);
  else outer.push_back(with_indices ? &F_max_pool2d_with_indices : &F_max_pool2d);
  Object* x = p.get(0);
  return through(outer, [&] {
    Tensor t = tensor_in(x, nd == 1 ? "max_pool1d" : "max_pool2d");
    return guarded([&] {
      auto r = nd == 1 ? checked_max_pool1d(t, kernel, stride, padding, dilation, ceil_mode)
                       : checked_max_pool2d(t, kernel, stride, padding, dilation, ceil_mode);
      if (with_indices) return ObjRef(make_tuple({wrap(r.first), wrap(r.second)}).get());
      return wrap(r.first);
    });
  });
}

ObjRef F_avg_pool2d(Interp& in, CallArgs& a, std::vector<const TorchFrame*> outer) {
  ArgParser p(a, "avg_pool2d",
              {"input", "kernel_size", "stride=", "padding=", "ceil_mode=", "count_include_pad=", "divisor_override="});
  IntArray kernel = n_ints(in, p.get(1), 1);
  IntArray stride = p.has(2) && p.get(2) != none() ? n_ints(in, p.get(2), 1) : IntArray{};
  IntArray padding = p.has(3) ? n_ints(in, p.get(3), 1) : IntArray{0};
  std::optional<int64_t> divisor;
  if (p.has(6) && p.get(6) != none()) divisor = to_index(in, p.get(6));
  Object* x = p.get(0);
  return through(outer, [&] {
    Tensor t = tensor_in(x, "avg_pool2d");
    return guarded([&] {
      return wrap(
          checked_avg_pool2d(t, kernel, stride, padding, p.get_bool(in, 4, false), p.get_bool(in, 5, true), divisor));
    });
  });
}

ObjRef F_adaptive_avg_pool2d(Interp& in, CallArgs& a, std::vector<const TorchFrame*> outer) {
  ArgParser p(a, "adaptive_avg_pool2d", {"input", "output_size"});
  Object* x = p.get(0);
  Object* size = p.get(1);
  if (!is_tensor(x))
    raise(builtin_types().type_error,
          "adaptive_avg_pool2d(): argument 'input' (position 1) must be Tensor, not " + py_typename(x));
  IntArray out = adaptive_size(in, size, unwrap(x));
  outer.push_back(&F_adaptive);
  return through(outer, [&] { return guarded([&] { return wrap(checked_adaptive_avg_pool2d(unwrap(x), out)); }); });
}

// ---- layers ----------------------------------------------------------------------------------------

ObjRef new_module(TypeObject* cls) {
  ObjRef o(new NnModule(cls));
  as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
  return o;
}

ObjRef make_param(const Tensor& t) { return wrap_as(t, types().parameter); }

// _ConvNd.__init__ and reset_parameters: weight (out, in / groups, *kernel) from
// kaiming_uniform_(a=sqrt(5)), then bias from uniform_(-1/sqrt(fan_in), 1/sqrt(fan_in)).
ObjRef conv_layer(Interp& in, TypeObject* cls, CallArgs& a, size_t nd) {
  ArgParser p(a, "__init__",
              {"in_channels", "out_channels", "kernel_size",
               "stride=", "padding=", "dilation=", "groups=", "bias=", "padding_mode=", "device=", "dtype="});
  const TorchFrame* init = nd == 1 ? &conv1d_init : &conv2d_init;
  const int64_t cin = to_index(in, p.get(0)), cout = to_index(in, p.get(1));
  IntArray kernel = n_ints(in, p.get(2), nd);
  IntArray stride = p.has(3) ? n_ints(in, p.get(3), nd) : IntArray(nd, 1);
  IntArray dilation = p.has(5) ? n_ints(in, p.get(5), nd) : IntArray(nd, 1);
  const int64_t groups = p.get_int(in, 6, 1);
  const bool bias = p.get_bool(in, 7, true);
  const std::string mode = p.get_str(8, "zeros");
  if (groups <= 0) raise_from({init}, builtin_types().value_error, "groups must be a positive integer");
  if (cin % groups != 0)
    raise_from({init, &convnd_groups_in}, builtin_types().value_error, "in_channels must be divisible by groups");
  if (cout % groups != 0)
    raise_from({init, &convnd_groups_out}, builtin_types().value_error, "out_channels must be divisible by groups");
  ObjRef padding_obj;
  if (p.has(4) && is_str(p.get(4))) {
    const std::string s = as<StrObject>(p.get(4))->value_;
    if (s != "same" && s != "valid")
      raise_from({init, &convnd_padding_string}, builtin_types().value_error,
                 "Invalid padding string '" + s + "', should be one of {'same', 'valid'}");
    for (int64_t st : stride)
      if (st != 1)
        raise_from({init, &convnd_same_strided}, builtin_types().value_error,
                   "padding='same' is not supported for strided convolutions");
    padding_obj = ObjRef(p.get(4));
  } else {
    padding_obj = int_tuple(p.has(4) ? n_ints(in, p.get(4), nd) : IntArray(nd, 0));
  }
  if (mode != "zeros" && mode != "reflect" && mode != "replicate" && mode != "circular")
    raise_from({init, &convnd_padding_mode}, builtin_types().value_error,
               "padding_mode must be one of {'reflect', 'zeros', 'circular', 'replicate'}, but got padding_mode='" +
                   mode + "'");
  if (mode != "zeros")
    raise(builtin_types().not_implemented_error,
          "stridelab does not support padding_mode='" + mode + "' in torch.nn.Conv" + std::to_string(nd) + "d yet");
  ObjRef o = new_module(cls);
  NnModule* m = as_module(o.get());
  m->dict_.set("in_channels", make_int(cin));
  m->dict_.set("out_channels", make_int(cout));
  m->dict_.set("kernel_size", int_tuple(kernel));
  m->dict_.set("stride", int_tuple(stride));
  m->dict_.set("padding", padding_obj);
  m->dict_.set("dilation", int_tuple(dilation));
  m->dict_.set("transposed", ObjRef(false_obj()));
  m->dict_.set("output_padding", int_tuple(IntArray(nd, 0)));
  m->dict_.set("groups", make_int(groups));
  m->dict_.set("padding_mode", make_str(mode));
  IntArray wsizes{cout, cin / groups};
  wsizes.insert(wsizes.end(), kernel.begin(), kernel.end());
  Tensor w = core::empty(wsizes), b;
  if (bias) b = core::empty({cout});
  guarded([&] {
    ag::NoGradGuard no_grad;
    core::kaiming_uniform_(w, std::sqrt(5.0));
    w.bump_version();
    if (bias) {
      const int64_t fan_in = core::fan_in(w);
      const double bound = fan_in > 0 ? 1.0 / std::sqrt(static_cast<double>(fan_in)) : 0.0;
      core::uniform_(b, -bound, bound);
      b.bump_version();
    }
  });
  ag::set_requires_grad(w, true);
  nn_module_setattr(in, m, "weight", make_param(w));
  if (bias) {
    ag::set_requires_grad(b, true);
    nn_module_setattr(in, m, "bias", make_param(b));
  } else {
    m->params.push_back("bias");
    m->dict_.set("bias", ObjRef(none()));
  }
  return o;
}

ObjRef conv_forward(Interp& in, CallArgs& a, size_t nd) {
  NnModule* m = as_module(a.pos[0].get());
  if (a.pos.size() < 2)
    raise(builtin_types().type_error,
          "Conv" + std::to_string(nd) + "d.forward() missing 1 required positional argument: 'input'");
  Object* x = a.pos[1].get();
  Object* w = module_attr(m, "weight");
  Object* b = module_attr(m, "bias");
  PaddingArg pad = padding_arg(in, module_attr(m, "padding"), nd);
  IntArray stride = n_ints(in, module_attr(m, "stride"), nd), dilation = n_ints(in, module_attr(m, "dilation"), nd);
  const int64_t groups = to_index(in, module_attr(m, "groups"));
  std::vector<const TorchFrame*> frames = nd == 1
                                              ? std::vector<const TorchFrame*>{&conv1d_forward, &conv1d_conv_forward}
                                              : std::vector<const TorchFrame*>{&conv2d_forward, &conv2d_conv_forward};
  return through(frames, [&] {
    Tensor t = tensor_in(x, nd == 1 ? "conv1d" : "conv2d");
    Tensor bias = b != none() ? unwrap(b) : Tensor();
    return guarded([&] { return wrap(conv_nd(t, unwrap(w), bias, stride, pad.ints, pad.str, dilation, groups, nd)); });
  });
}

std::string obj_str(Interp& in, Object* o) { return str(in, o); }

// The args of a layer's forward with self and one input.
Object* forward_input(CallArgs& a, const std::string& kind) {
  if (a.pos.size() < 2)
    raise(builtin_types().type_error, kind + ".forward() missing 1 required positional argument: 'input'");
  return a.pos[1].get();
}

// Module-level pooling: the layer's attributes passed on as keyword arguments to the F.* body.
CallArgs pool_call(CallArgs& a, const std::string& kind, NnModule* m, std::initializer_list<const char*> names) {
  CallArgs c;
  c.pos.push_back(ObjRef(forward_input(a, kind)));
  for (const char* n : names) c.kw.emplace_back(n, ObjRef(module_attr(m, n)));
  return c;
}

}  // namespace

void add_nn_layers(TypeObject* base, std::vector<std::pair<std::string, TypeObject*>>& layers) {
  for (size_t nd : {size_t{1}, size_t{2}}) {
    const std::string name = "Conv" + std::to_string(nd) + "d";
    TypeObject* t =
        NativeType(name, "torch.nn.modules.conv", base)
            .constructor([nd](Interp& in, TypeObject* cls, CallArgs& a) { return conv_layer(in, cls, a, nd); })
            .method("forward", [nd](Interp& in, CallArgs& a) { return conv_forward(in, a, nd); })
            .method("extra_repr",
                    [nd](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      std::string s = obj_str(in, module_attr(m, "in_channels")) + ", " +
                                      obj_str(in, module_attr(m, "out_channels")) +
                                      ", kernel_size=" + obj_str(in, module_attr(m, "kernel_size")) +
                                      ", stride=" + obj_str(in, module_attr(m, "stride"));
                      Object* pad = module_attr(m, "padding");
                      if (is_str(pad) || n_ints(in, pad, nd) != IntArray(nd, 0)) s += ", padding=" + obj_str(in, pad);
                      if (n_ints(in, module_attr(m, "dilation"), nd) != IntArray(nd, 1))
                        s += ", dilation=" + obj_str(in, module_attr(m, "dilation"));
                      if (n_ints(in, module_attr(m, "output_padding"), nd) != IntArray(nd, 0))
                        s += ", output_padding=" + obj_str(in, module_attr(m, "output_padding"));
                      if (to_index(in, module_attr(m, "groups")) != 1)
                        s += ", groups=" + obj_str(in, module_attr(m, "groups"));
                      if (module_attr(m, "bias") == none()) s += ", bias=False";
                      if (obj_str(in, module_attr(m, "padding_mode")) != "zeros")
                        s += ", padding_mode=" + obj_str(in, module_attr(m, "padding_mode"));
                      return make_str(s);
                    })
            .build();
    layers.emplace_back(name, t);
  }
  // MaxPool1d / MaxPool2d: attributes as given (stride defaults to kernel_size).
  for (size_t nd : {size_t{1}, size_t{2}}) {
    const std::string name = "MaxPool" + std::to_string(nd) + "d";
    TypeObject* t =
        NativeType(name, "torch.nn.modules.pooling", base)
            .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
              ArgParser p(a, "__init__",
                          {"kernel_size", "stride=", "padding=", "dilation=", "return_indices=", "ceil_mode="});
              ObjRef o = new_module(cls);
              NnModule* m = as_module(o.get());
              m->dict_.set("kernel_size", ObjRef(p.get(0)));
              m->dict_.set("stride", ObjRef(p.has(1) && p.get(1) != none() ? p.get(1) : p.get(0)));
              m->dict_.set("padding", p.has(2) ? ObjRef(p.get(2)) : make_int(0));
              m->dict_.set("dilation", p.has(3) ? ObjRef(p.get(3)) : make_int(1));
              m->dict_.set("return_indices", p.has(4) ? ObjRef(p.get(4)) : ObjRef(false_obj()));
              m->dict_.set("ceil_mode", p.has(5) ? ObjRef(p.get(5)) : ObjRef(false_obj()));
              return o;
            })
            .method("forward",
                    [nd, name](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      CallArgs c = pool_call(
                          a, name, m, {"kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"});
                      return F_max_pool(in, c, nd, {nd == 1 ? &maxpool1d_forward : &maxpool2d_forward});
                    })
            .method("extra_repr",
                    [](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      return make_str("kernel_size=" + obj_str(in, module_attr(m, "kernel_size")) +
                                      ", stride=" + obj_str(in, module_attr(m, "stride")) +
                                      ", padding=" + obj_str(in, module_attr(m, "padding")) +
                                      ", dilation=" + obj_str(in, module_attr(m, "dilation")) +
                                      ", ceil_mode=" + obj_str(in, module_attr(m, "ceil_mode")));
                    })
            .build();
    layers.emplace_back(name, t);
  }
  TypeObject* avg =
      NativeType("AvgPool2d", "torch.nn.modules.pooling", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(
                a, "__init__",
                {"kernel_size", "stride=", "padding=", "ceil_mode=", "count_include_pad=", "divisor_override="});
            ObjRef o = new_module(cls);
            NnModule* m = as_module(o.get());
            m->dict_.set("kernel_size", ObjRef(p.get(0)));
            m->dict_.set("stride", ObjRef(p.has(1) && p.get(1) != none() ? p.get(1) : p.get(0)));
            m->dict_.set("padding", p.has(2) ? ObjRef(p.get(2)) : make_int(0));
            m->dict_.set("ceil_mode", p.has(3) ? ObjRef(p.get(3)) : ObjRef(false_obj()));
            m->dict_.set("count_include_pad", p.has(4) ? ObjRef(p.get(4)) : ObjRef(true_obj()));
            m->dict_.set("divisor_override", p.has(5) ? ObjRef(p.get(5)) : ObjRef(none()));
            return o;
          })
          .method("forward",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    CallArgs c = pool_call(
                        a, "AvgPool2d", m,
                        {"kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"});
                    return F_avg_pool2d(in, c, {&avgpool2d_forward});
                  })
          .method("extra_repr",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    return make_str("kernel_size=" + obj_str(in, module_attr(m, "kernel_size")) +
                                    ", stride=" + obj_str(in, module_attr(m, "stride")) +
                                    ", padding=" + obj_str(in, module_attr(m, "padding")));
                  })
          .build();
  layers.emplace_back("AvgPool2d", avg);
  TypeObject* adaptive =
      NativeType("AdaptiveAvgPool2d", "torch.nn.modules.pooling", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"output_size"});
            ObjRef o = new_module(cls);
            as_module(o.get())->dict_.set("output_size", ObjRef(p.get(0)));
            return o;
          })
          .method("forward",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    CallArgs c = pool_call(a, "AdaptiveAvgPool2d", m, {"output_size"});
                    return F_adaptive_avg_pool2d(in, c, {&adaptive_forward});
                  })
          .method(
              "extra_repr",
              [](Interp& in, CallArgs& a) -> ObjRef {
                return make_str("output_size=" + obj_str(in, module_attr(as_module(a.pos[0].get()), "output_size")));
              })
          .build();
  layers.emplace_back("AdaptiveAvgPool2d", adaptive);
  add_nn_layers_more(base, layers);
  add_nn_containers(base, layers);
  add_nn_param_containers(base, layers);
}

void add_nn_layer_functions(ModuleObject* functional, ModuleObject* torch_module) {
  for (const char* name : {"conv1d", "conv2d"})
    if (Object* f = torch_module->dict_.get(name)) module_add(functional, name, ObjRef(f));
  module_add_function(functional, "max_pool1d", [](Interp& in, CallArgs& a) { return F_max_pool(in, a, 1, {}); });
  module_add_function(functional, "max_pool2d", [](Interp& in, CallArgs& a) { return F_max_pool(in, a, 2, {}); });
  module_add_function(functional, "avg_pool2d", [](Interp& in, CallArgs& a) { return F_avg_pool2d(in, a, {}); });
  module_add_function(functional, "adaptive_avg_pool2d",
                      [](Interp& in, CallArgs& a) { return F_adaptive_avg_pool2d(in, a, {}); });
  add_nn_layer_functions_more(functional);
}

namespace bindings {

void define_conv_ops() {
  for (size_t nd : {size_t{1}, size_t{2}}) {
    const std::string n = nd == 1 ? "conv1d" : "conv2d";
    const std::string k = nd == 1 ? "[1]" : "[2]";
    static std::vector<std::string> names;
    names.push_back(n);
    def(names.back().c_str(), {},
        {n + "(Tensor input, Tensor weight, Tensor? bias=None, IntArrayRef" + k + " stride=1, IntArrayRef" + k +
             " padding=0, IntArrayRef" + k + " dilation=1, int64_t groups=1)",
         n + "(Tensor input, Tensor weight, Tensor? bias=None, IntArrayRef" + k +
             " stride=1, c10::string_view padding=\"valid\", IntArrayRef" + k + " dilation=1, int64_t groups=1)"},
        [nd](Interp&, ParsedArgs& a) {
          Tensor bias = a.opt_tensor(a.at("bias")).value_or(Tensor());
          std::optional<IntArray> pad_ints;
          std::string pad_str;
          if (a.idx == 1) pad_str = a.string(a.at("padding"));
          else pad_ints = a.intlist(a.at("padding"));
          return guarded([&] {
            return wrap(conv_nd(a.tensor("input"), a.tensor("weight"), bias, a.intlist(a.at("stride")), pad_ints,
                                pad_str, a.intlist(a.at("dilation")), a.toInt(a.at("groups")), nd));
          });
        });
  }
  def("max_pool2d", {},
      {"max_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=[], IntArrayRef[2] padding=0, "
       "IntArrayRef[2] dilation=1, bool ceil_mode=False)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return wrap(checked_max_pool2d(a.tensor("input"), a.intlist(a.at("kernel_size")), a.intlist(a.at("stride")),
                                         a.intlist(a.at("padding")), a.intlist(a.at("dilation")),
                                         a.toBool(a.at("ceil_mode")))
                          .first);
        });
      });
}

}  // namespace bindings

}  // namespace stridelab::torch
