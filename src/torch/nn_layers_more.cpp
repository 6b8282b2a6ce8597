// Activations, embedding and layer_norm: torch.nn.functional's gelu, silu, leaky_relu, elu,
// softplus, embedding, layer_norm, and the layers nn.GELU, nn.SiLU, nn.LeakyReLU, nn.ELU,
// nn.Softplus, nn.Embedding, nn.LayerNorm.
#include <cmath>

#include "autograd/autograd.h"
#include "autograd/loss_more_ops.h"
#include "autograd/nn_ops.h"
#include "core/random.h"
#include "torch/dispatch.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;
using core::Scalar;

namespace {

#define TORCH_PY "/usr/lib/python3/dist-packages/torch/"
const TorchFrame F_embedding_padding{TORCH_PY "nn/functional.py", 2199, "embedding",
                                     "    assert padding_idx < weight.size(0), \"Padding_idx must be within "
                                     "num_embeddings\"\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
#undef TORCH_PY

Tensor tensor_in(Object* o, const char* fname, const char* pname = "input", int position = 1) {
  if (!is_tensor(o))
    raise(builtin_types().type_error, std::string(fname) + "(): argument '" + pname + "' (position " +
                                          std::to_string(position) + ") must be Tensor, not " + py_typename(o));
  return unwrap(o);
}

[[noreturn]] void no_inplace(const char* fname) {
  raise(builtin_types().not_implemented_error,
        std::string("stridelab does not support inplace=True in torch.nn.functional.") + fname + " yet");
}

ObjRef F_gelu(Interp& in, Object* x, const std::string& approximate) {
  Tensor t = tensor_in(x, "gelu");
  return guarded([&] { return wrap(ag::gelu(t, approximate)); });
}
ObjRef F_silu(Interp& in, Object* x, bool inplace) {
  if (inplace) no_inplace("silu");
  Tensor t = tensor_in(x, "silu");
  return guarded([&] { return wrap(ag::silu(t)); });
}
ObjRef F_leaky_relu(Interp& in, Object* x, Object* slope, bool inplace) {
  if (inplace) no_inplace("leaky_relu");
  Tensor t = tensor_in(x, "leaky_relu");
  Scalar s = slope ? to_scalar(in, slope) : Scalar(0.01);
  return guarded([&] { return wrap(ag::leaky_relu(t, s)); });
}
ObjRef F_elu(Interp& in, Object* x, Object* alpha, bool inplace) {
  if (inplace) no_inplace("elu");
  Tensor t = tensor_in(x, "elu");
  Scalar a = alpha ? to_scalar(in, alpha) : Scalar(1.0);
  return guarded([&] { return wrap(ag::elu(t, a)); });
}
ObjRef F_softplus(Interp& in, Object* x, Object* beta, Object* threshold) {
  Tensor t = tensor_in(x, "softplus");
  Scalar b = beta ? to_scalar(in, beta) : Scalar(int64_t{1});
  Scalar th = threshold ? to_scalar(in, threshold) : Scalar(int64_t{20});
  return guarded([&] { return wrap(ag::softplus(t, b, th)); });
}

// F.embedding: padding_idx checked and made non-negative as functional.py does.
ObjRef F_embedding(Interp& in, Object* input, Object* weight, Object* padding, Object* max_norm) {
  Tensor w = tensor_in(weight, "embedding", "weight", 1);
  int64_t pad = -1;
  if (padding && padding != none()) {
    pad = to_index(in, padding);
    const int64_t rows = w.dim() > 0 ? w.sizes()[0] : 0;
    if (pad >= rows || pad < -rows)
      raise_from({&F_embedding_padding}, builtin_types().assertion_error, "Padding_idx must be within num_embeddings");
    if (pad < 0) pad += rows;
  }
  if (max_norm && max_norm != none())
    raise(builtin_types().not_implemented_error,
          "stridelab does not support max_norm in torch.nn.functional.embedding yet");
  Tensor idx = tensor_in(input, "embedding", "indices", 2);
  return guarded([&] { return wrap(ag::embedding(w, idx, pad)); });
}

IntArray shape_arg(Interp& in, Object* o) {
  if (o->type() == builtin_types().tuple || o->type() == builtin_types().list || o->type() == types().size) {
    IntArray out;
    for (auto& it : to_vector(in, o)) out.push_back(to_index(in, it.get()));
    return out;
  }
  return {to_index(in, o)};
}

ObjRef F_layer_norm(Interp& in, Object* input, Object* shape, Object* weight, Object* bias, double eps) {
  Tensor x = tensor_in(input, "layer_norm");
  IntArray ns = shape_arg(in, shape);
  Tensor w = weight && weight != none() ? tensor_in(weight, "layer_norm", "weight", 3) : Tensor();
  Tensor b = bias && bias != none() ? tensor_in(bias, "layer_norm", "bias", 4) : Tensor();
  return guarded([&] { return wrap(std::get<0>(ag::native_layer_norm(x, ns, w, b, eps))); });
}

ag::Reduction reduction_arg(const std::string& r) {
  if (r == "mean") return ag::Reduction::Mean;
  if (r == "sum") return ag::Reduction::Sum;
  if (r == "none") return ag::Reduction::None;
  raise(builtin_types().value_error, r + " is not a valid value for reduction");
}

ObjRef F_l1_loss(Object* x, Object* t, const std::string& reduction) {
  Tensor a = tensor_in(x, "l1_loss"), b = tensor_in(t, "l1_loss", "target", 2);
  ag::Reduction r = reduction_arg(reduction);
  return guarded([&] { return wrap(ag::l1_loss(a, b, r)); });
}

ObjRef F_smooth_l1_loss(Object* x, Object* t, const std::string& reduction, double beta) {
  Tensor a = tensor_in(x, "smooth_l1_loss"), b = tensor_in(t, "smooth_l1_loss", "target", 2);
  ag::Reduction r = reduction_arg(reduction);
  return guarded([&] { return wrap(ag::smooth_l1_loss(a, b, r, beta)); });
}

ObjRef F_binary_cross_entropy(Object* x, Object* t, Object* weight, const std::string& reduction) {
  Tensor a = tensor_in(x, "binary_cross_entropy"), b = tensor_in(t, "binary_cross_entropy", "target", 2);
  if (a.sizes() != b.sizes())
    raise(builtin_types().value_error, "Using a target size (torch.Size(" + core::format_int_list(b.sizes()) +
                                           ")) that is different to the input size (torch.Size(" +
                                           core::format_int_list(a.sizes()) +
                                           ")) is deprecated. Please ensure they have the same size.");
  Tensor w = weight && weight != none() ? tensor_in(weight, "binary_cross_entropy", "weight", 3) : Tensor();
  ag::Reduction r = reduction_arg(reduction);
  return guarded([&] {
    Tensor ww = w.defined() ? core::contiguous(core::expand(w, a.sizes())) : w;
    return wrap(ag::binary_cross_entropy(a, b, ww, r));
  });
}

ObjRef F_kl_div(Object* x, Object* t, const std::string& reduction, bool log_target) {
  Tensor a = tensor_in(x, "kl_div"), b = tensor_in(t, "kl_div", "target", 2);
  if (reduction == "mean") {
    static const WarningSite site{"/usr/lib/python3/dist-packages/torch/nn/functional.py", 2916, "warnings.warn("};
    WarnFrom from(site);
    emit_warning(
        "reduction: 'mean' divides the total loss by both the batch size and the support size.'batchmean' divides "
        "only by the batch size, and aligns with the KL div math definition.'mean' will be changed to behave the "
        "same as 'batchmean' in the next major release.");
  }
  if (reduction == "batchmean") {
    return guarded([&] {
      Tensor s = ag::kl_div(a, b, ag::Reduction::Sum, log_target);
      // `reduced / input.size()[0]`: a Python int, wrapped as a tensor (DivBackward0).
      if (a.dim() == 0) return wrap(s);
      return wrap(ag::div(s, core::scalar_tensor(Scalar(a.sizes()[0]), DType::Int64, true)));
    });
  }
  ag::Reduction r = reduction_arg(reduction);
  return guarded([&] { return wrap(ag::kl_div(a, b, r, log_target)); });
}

ObjRef new_module(TypeObject* cls) {
  ObjRef o(new NnModule(cls));
  as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
  return o;
}

Object* forward_input(CallArgs& a, const std::string& kind) {
  if (a.pos.size() < 2)
    raise(builtin_types().type_error, kind + ".forward() missing 1 required positional argument: 'input'");
  return a.pos[1].get();
}

ObjRef make_param(const Tensor& t) {
  ag::set_requires_grad(t, true);
  return wrap_as(t, types().parameter);
}

// A layer with settings kept as attributes: its constructor's parameters and defaults, its
// forward and its extra_repr.
struct LayerSpec {
  const char* name;
  const char* module;
  std::vector<const char*> params;  // "name=" for the optional ones
  std::vector<std::function<ObjRef()>> defaults;
  NativeFn forward;
  NativeFn extra_repr;
};

TypeObject* settings_layer(TypeObject* base, LayerSpec spec) {
  auto params = spec.params;
  auto defaults = spec.defaults;
  return NativeType(spec.name, spec.module, base)
      .constructor([params, defaults](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
        const std::vector<const char*>& ps = params;
        if (a.pos.size() > ps.size())
          raise(builtin_types().type_error, "__init__() takes from 1 to " + std::to_string(ps.size() + 1) +
                                                " positional arguments but " + std::to_string(a.pos.size() + 1) +
                                                " were given");
        ObjRef o = new_module(cls);
        // Positional, then keyword arguments, by the parameter names (without '=').
        for (size_t i = 0; i < ps.size(); ++i) {
          std::string n = ps[i];
          if (!n.empty() && n.back() == '=') n.pop_back();
          ObjRef v;
          if (i < a.pos.size()) v = a.pos[i];
          for (auto& [k, val] : a.kw)
            if (k == n) v = val;
          if (!v) v = defaults[i]();
          as_module(o.get())->dict_.set(n, v);
          if (n == "weight") as_module(o.get())->buffers.push_back(n);  // a loss's weight is a buffer
        }
        return o;
      })
      .method("forward", spec.forward)
      .method("extra_repr", spec.extra_repr)
      .build();
}

std::string s_of(Interp& in, Object* o) { return str(in, o); }

}  // namespace

void add_nn_layers_more(TypeObject* base, std::vector<std::pair<std::string, TypeObject*>>& layers) {
  auto none_dflt = [] { return ObjRef(none()); };
  auto false_dflt = [] { return ObjRef(false_obj()); };
  layers.emplace_back(
      "GELU", settings_layer(base, {"GELU",
                                    "torch.nn.modules.activation",
                                    {"approximate="},
                                    {[] { return make_str("none"); }},
                                    [](Interp& in, CallArgs& a) -> ObjRef {
                                      NnModule* m = as_module(a.pos[0].get());
                                      return F_gelu(in, forward_input(a, "GELU"),
                                                    s_of(in, module_attr(m, "approximate")));
                                    },
                                    [](Interp& in, CallArgs& a) -> ObjRef {
                                      return make_str("approximate=" +
                                                      repr(in, module_attr(as_module(a.pos[0].get()), "approximate")));
                                    }}));
  layers.emplace_back(
      "SiLU",
      settings_layer(base, {"SiLU",
                            "torch.nn.modules.activation",
                            {"inplace="},
                            {false_dflt},
                            [](Interp& in, CallArgs& a) -> ObjRef {
                              NnModule* m = as_module(a.pos[0].get());
                              return F_silu(in, forward_input(a, "SiLU"), truthy(in, module_attr(m, "inplace")));
                            },
                            [](Interp& in, CallArgs& a) -> ObjRef {
                              return make_str(
                                  truthy(in, module_attr(as_module(a.pos[0].get()), "inplace")) ? "inplace=True" : "");
                            }}));
  layers.emplace_back(
      "LeakyReLU",
      settings_layer(base, {"LeakyReLU",
                            "torch.nn.modules.activation",
                            {"negative_slope=", "inplace="},
                            {[] { return make_float(0.01); }, false_dflt},
                            [](Interp& in, CallArgs& a) -> ObjRef {
                              NnModule* m = as_module(a.pos[0].get());
                              return F_leaky_relu(in, forward_input(a, "LeakyReLU"), module_attr(m, "negative_slope"),
                                                  truthy(in, module_attr(m, "inplace")));
                            },
                            [](Interp& in, CallArgs& a) -> ObjRef {
                              NnModule* m = as_module(a.pos[0].get());
                              return make_str("negative_slope=" + s_of(in, module_attr(m, "negative_slope")) +
                                              (truthy(in, module_attr(m, "inplace")) ? ", inplace=True" : ""));
                            }}));
  layers.emplace_back(
      "ELU", settings_layer(base, {"ELU",
                                   "torch.nn.modules.activation",
                                   {"alpha=", "inplace="},
                                   {[] { return make_float(1.0); }, false_dflt},
                                   [](Interp& in, CallArgs& a) -> ObjRef {
                                     NnModule* m = as_module(a.pos[0].get());
                                     return F_elu(in, forward_input(a, "ELU"), module_attr(m, "alpha"),
                                                  truthy(in, module_attr(m, "inplace")));
                                   },
                                   [](Interp& in, CallArgs& a) -> ObjRef {
                                     NnModule* m = as_module(a.pos[0].get());
                                     return make_str("alpha=" + s_of(in, module_attr(m, "alpha")) +
                                                     (truthy(in, module_attr(m, "inplace")) ? ", inplace=True" : ""));
                                   }}));
  layers.emplace_back("Softplus",
                      settings_layer(base, {"Softplus",
                                            "torch.nn.modules.activation",
                                            {"beta=", "threshold="},
                                            {[] { return make_int(1); }, [] { return make_int(20); }},
                                            [](Interp& in, CallArgs& a) -> ObjRef {
                                              NnModule* m = as_module(a.pos[0].get());
                                              return F_softplus(in, forward_input(a, "Softplus"),
                                                                module_attr(m, "beta"), module_attr(m, "threshold"));
                                            },
                                            [](Interp& in, CallArgs& a) -> ObjRef {
                                              NnModule* m = as_module(a.pos[0].get());
                                              return make_str("beta=" + s_of(in, module_attr(m, "beta")) +
                                                              ", threshold=" + s_of(in, module_attr(m, "threshold")));
                                            }}));
  // The losses: settings as attributes, no extra_repr.
  auto no_repr = [](Interp&, CallArgs&) -> ObjRef { return make_str(""); };
  auto mean_dflt = [] { return make_str("mean"); };
  auto forward2 = [](CallArgs& a, const std::string& kind) -> std::pair<Object*, Object*> {
    if (a.pos.size() < 3)
      raise(builtin_types().type_error, kind + ".forward() missing " +
                                            (a.pos.size() < 2 ? "2 required positional arguments: 'input' and 'target'"
                                                              : "1 required positional argument: 'target'"));
    return {a.pos[1].get(), a.pos[2].get()};
  };
  layers.emplace_back("L1Loss",
                      settings_layer(base, {"L1Loss",
                                            "torch.nn.modules.loss",
                                            {"size_average=", "reduce=", "reduction="},
                                            {none_dflt, none_dflt, mean_dflt},
                                            [forward2](Interp& in, CallArgs& a) -> ObjRef {
                                              auto [x, t] = forward2(a, "L1Loss");
                                              return F_l1_loss(
                                                  x, t, s_of(in, module_attr(as_module(a.pos[0].get()), "reduction")));
                                            },
                                            no_repr}));
  layers.emplace_back("SmoothL1Loss",
                      settings_layer(base, {"SmoothL1Loss",
                                            "torch.nn.modules.loss",
                                            {"size_average=", "reduce=", "reduction=", "beta="},
                                            {none_dflt, none_dflt, mean_dflt, [] { return make_float(1.0); }},
                                            [forward2](Interp& in, CallArgs& a) -> ObjRef {
                                              auto [x, t] = forward2(a, "SmoothL1Loss");
                                              NnModule* m = as_module(a.pos[0].get());
                                              return F_smooth_l1_loss(x, t, s_of(in, module_attr(m, "reduction")),
                                                                      to_double(in, module_attr(m, "beta")));
                                            },
                                            no_repr}));
  layers.emplace_back("BCELoss", settings_layer(base, {"BCELoss",
                                                       "torch.nn.modules.loss",
                                                       {"weight=", "size_average=", "reduce=", "reduction="},
                                                       {none_dflt, none_dflt, none_dflt, mean_dflt},
                                                       [forward2](Interp& in, CallArgs& a) -> ObjRef {
                                                         auto [x, t] = forward2(a, "BCELoss");
                                                         NnModule* m = as_module(a.pos[0].get());
                                                         return F_binary_cross_entropy(
                                                             x, t, module_attr(m, "weight"),
                                                             s_of(in, module_attr(m, "reduction")));
                                                       },
                                                       no_repr}));
  layers.emplace_back("KLDivLoss", settings_layer(base, {"KLDivLoss",
                                                         "torch.nn.modules.loss",
                                                         {"size_average=", "reduce=", "reduction=", "log_target="},
                                                         {none_dflt, none_dflt, mean_dflt, false_dflt},
                                                         [forward2](Interp& in, CallArgs& a) -> ObjRef {
                                                           auto [x, t] = forward2(a, "KLDivLoss");
                                                           NnModule* m = as_module(a.pos[0].get());
                                                           return F_kl_div(x, t, s_of(in, module_attr(m, "reduction")),
                                                                           truthy(in, module_attr(m, "log_target")));
                                                         },
                                                         no_repr}));
  // nn.Embedding: weight from normal_(0, 1), the padding row then zeroed (two version bumps).
  TypeObject* emb =
      NativeType("Embedding", "torch.nn.modules.sparse", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__",
                        {"num_embeddings", "embedding_dim", "padding_idx=", "max_norm=", "norm_type=",
                         "scale_grad_by_freq=", "sparse=", "_weight=", "device=", "dtype="});
            const int64_t num = to_index(in, p.get(0)), dim = to_index(in, p.get(1));
            std::optional<int64_t> pad;
            if (p.has(2) && p.get(2) != none()) {
              int64_t v = to_index(in, p.get(2));
              if (v >= num || v < -num)
                raise(builtin_types().assertion_error, v >= num ? "Padding_idx must be within num_embeddings"
                                                                : "Padding_idx must be within num_embeddings");
              pad = v < 0 ? v + num : v;
            }
            if (p.has(3) && p.get(3) != none())
              raise(builtin_types().not_implemented_error,
                    "stridelab does not support max_norm in torch.nn.Embedding yet");
            ObjRef o = new_module(cls);
            NnModule* m = as_module(o.get());
            m->dict_.set("num_embeddings", make_int(num));
            m->dict_.set("embedding_dim", make_int(dim));
            m->dict_.set("padding_idx", pad ? make_int(*pad) : ObjRef(none()));
            m->dict_.set("max_norm", ObjRef(none()));
            m->dict_.set("norm_type", make_float(2.0));
            m->dict_.set("scale_grad_by_freq", ObjRef(false_obj()));
            m->dict_.set("sparse", ObjRef(false_obj()));
            Tensor w = core::empty({num, dim});
            guarded([&] {
              ag::NoGradGuard no_grad;
              core::normal_(w, 0.0, 1.0);
              w.bump_version();
              if (pad) {
                core::fill_(core::select(w, 0, *pad), Scalar(int64_t{0}));
                w.bump_version();
              }
            });
            nn_module_setattr(in, m, "weight", make_param(w));
            return o;
          })
          .method("forward",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    return F_embedding(in, forward_input(a, "Embedding"), module_attr(m, "weight"),
                                       module_attr(m, "padding_idx"), nullptr);
                  })
          .method("extra_repr",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::string s =
                        s_of(in, module_attr(m, "num_embeddings")) + ", " + s_of(in, module_attr(m, "embedding_dim"));
                    if (module_attr(m, "padding_idx") != none())
                      s += ", padding_idx=" + s_of(in, module_attr(m, "padding_idx"));
                    return make_str(s);
                  })
          .build();
  layers.emplace_back("Embedding", emb);
  // nn.LayerNorm: weight ones, bias zeros (each version 1), normalized_shape kept as a tuple.
  TypeObject* ln =
      NativeType("LayerNorm", "torch.nn.modules.normalization", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"normalized_shape", "eps=", "elementwise_affine=", "device=", "dtype="});
            IntArray ns = shape_arg(in, p.get(0));
            const bool affine = p.get_bool(in, 2, true);
            ObjRef o = new_module(cls);
            NnModule* m = as_module(o.get());
            std::vector<ObjRef> items;
            for (int64_t v : ns) items.push_back(make_int(v));
            m->dict_.set("normalized_shape", ObjRef(make_tuple(std::move(items)).get()));
            m->dict_.set("eps", p.has(1) ? ObjRef(p.get(1)) : make_float(1e-5));
            m->dict_.set("elementwise_affine", ObjRef(bool_obj(affine)));
            if (affine) {
              Tensor w = core::ones(ns), b = core::zeros(ns);
              w.bump_version();
              b.bump_version();
              nn_module_setattr(in, m, "weight", make_param(w));
              nn_module_setattr(in, m, "bias", make_param(b));
            } else {
              m->params.push_back("weight");
              m->params.push_back("bias");
              m->dict_.set("weight", ObjRef(none()));
              m->dict_.set("bias", ObjRef(none()));
            }
            return o;
          })
          .method("forward",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    return F_layer_norm(in, forward_input(a, "LayerNorm"), module_attr(m, "normalized_shape"),
                                        module_attr(m, "weight"), module_attr(m, "bias"),
                                        to_double(in, module_attr(m, "eps")));
                  })
          .method("extra_repr",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    return make_str(s_of(in, module_attr(m, "normalized_shape")) +
                                    ", eps=" + s_of(in, module_attr(m, "eps")) +
                                    ", elementwise_affine=" + s_of(in, module_attr(m, "elementwise_affine")));
                  })
          .build();
  layers.emplace_back("LayerNorm", ln);
}

void add_nn_layer_functions_more(ModuleObject* f) {
  module_add_function(f, "gelu", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "gelu", {"input", "approximate="});
    return F_gelu(in, p.get(0), p.get_str(1, "none"));
  });
  module_add_function(f, "silu", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "silu", {"input", "inplace="});
    return F_silu(in, p.get(0), p.get_bool(in, 1, false));
  });
  module_add_function(f, "leaky_relu", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "leaky_relu", {"input", "negative_slope=", "inplace="});
    return F_leaky_relu(in, p.get(0), p.get(1), p.get_bool(in, 2, false));
  });
  module_add_function(f, "elu", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "elu", {"input", "alpha=", "inplace="});
    return F_elu(in, p.get(0), p.get(1), p.get_bool(in, 2, false));
  });
  module_add_function(f, "softplus", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "softplus", {"input", "beta=", "threshold="});
    return F_softplus(in, p.get(0), p.get(1), p.get(2));
  });
  module_add_function(f, "embedding", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "embedding",
                {"input", "weight", "padding_idx=", "max_norm=", "norm_type=", "scale_grad_by_freq=", "sparse="});
    return F_embedding(in, p.get(0), p.get(1), p.get(2), p.get(3));
  });
  module_add_function(f, "layer_norm", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "layer_norm", {"input", "normalized_shape", "weight=", "bias=", "eps="});
    return F_layer_norm(in, p.get(0), p.get(1), p.get(2), p.get(3), p.get_double(in, 4, 1e-5));
  });
  module_add_function(f, "l1_loss", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "l1_loss", {"input", "target", "size_average=", "reduce=", "reduction="});
    return F_l1_loss(p.get(0), p.get(1), p.get_str(4, "mean"));
  });
  module_add_function(f, "smooth_l1_loss", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "smooth_l1_loss", {"input", "target", "size_average=", "reduce=", "reduction=", "beta="});
    return F_smooth_l1_loss(p.get(0), p.get(1), p.get_str(4, "mean"), p.get_double(in, 5, 1.0));
  });
  module_add_function(f, "binary_cross_entropy", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "binary_cross_entropy", {"input", "target", "weight=", "size_average=", "reduce=", "reduction="});
    return F_binary_cross_entropy(p.get(0), p.get(1), p.get(2), p.get_str(5, "mean"));
  });
  module_add_function(f, "kl_div", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "kl_div", {"input", "target", "size_average=", "reduce=", "reduction=", "log_target="});
    return F_kl_div(p.get(0), p.get(1), p.get_str(4, "mean"), p.get_bool(in, 5, false));
  });
}

}  // namespace stridelab::torch
