// F.batch_norm and the modules nn.BatchNorm1d, nn.BatchNorm2d and nn.BatchNorm3d (torch/nn/modules/batchnorm.py):
// weight and bias parameters, the running_mean / running_var / num_batches_tracked buffers, the
// momentum (or, with momentum=None, the cumulative average) of the running statistics.
#include "autograd/autograd.h"
#include "autograd/batch_norm.h"
#include "torch/binding.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

namespace ag = ::stridelab::autograd;

#define NN_PY "/usr/lib/python3/dist-packages/torch/nn/"
const TorchFrame verify_batch{NN_PY "functional.py", 2448, "batch_norm", "    _verify_batch_size(input.size())\n"};
const TorchFrame verify_batch_raise{NN_PY "functional.py", 2416, "_verify_batch_size",
                                    "    raise ValueError(\"Expected more than 1 value per channel when training, got "
                                    "input size {}\".format(size))\n"};
const TorchFrame torch_batch_norm{NN_PY "functional.py", 2450, "batch_norm",
                                  "    return torch.batch_norm(\n"
                                  "           ^^^^^^^^^^^^^^^^^\n"};
const TorchFrame check_dim{NN_PY "modules/batchnorm.py", 138, "forward", "    self._check_input_dim(input)\n"};
const TorchFrame check_dim_1d{NN_PY "modules/batchnorm.py", 301, "_check_input_dim", "    raise ValueError(\n"};
const TorchFrame check_dim_2d{NN_PY "modules/batchnorm.py", 410, "_check_input_dim",
                              "    raise ValueError(\"expected 4D input (got {}D input)\".format(input.dim()))\n"};
const TorchFrame check_dim_3d{NN_PY "modules/batchnorm.py", 516, "_check_input_dim",
                              "    raise ValueError(\"expected 5D input (got {}D input)\".format(input.dim()))\n"};
const TorchFrame forward_batch_norm{NN_PY "modules/batchnorm.py", 171, "forward",
                                    "    return F.batch_norm(\n"
                                    "           ^^^^^^^^^^^^^\n"};
#undef NN_PY

Tensor opt_tensor(Object* o, const char* pname, int position) {
  if (!o || o == none()) return Tensor();
  if (!is_tensor(o))
    raise(builtin_types().type_error, std::string("batch_norm(): argument '") + pname + "' (position " +
                                          std::to_string(position) + ") must be Tensor, not " + py_typename(o));
  return unwrap(o);
}

// torch/nn/functional.py's batch_norm.
ObjRef F_batch_norm(Object* input, Object* running_mean, Object* running_var, Object* weight, Object* bias,
                    bool training, double momentum, double eps) {
  if (!is_tensor(input))
    raise(builtin_types().attribute_error, "'" + type_name(input) + "' object has no attribute 'size'");
  Tensor x = unwrap(input);
  if (training) {
    int64_t prod = x.dim() ? x.sizes()[0] : 1;
    for (int64_t d = 2; d < x.dim(); ++d) prod *= x.sizes()[static_cast<size_t>(d)];
    if (prod == 1)
      raise_from({&verify_batch, &verify_batch_raise}, builtin_types().value_error,
                 "Expected more than 1 value per channel when training, got input size torch.Size(" +
                     core::format_int_list(x.sizes()) + ")");
  }
  Tensor w = opt_tensor(weight, "weight", 2), b = opt_tensor(bias, "bias", 3);
  Tensor rm = opt_tensor(running_mean, "running_mean", 4), rv = opt_tensor(running_var, "running_var", 5);
  return through({&torch_batch_norm}, [&] {
    return guarded([&] { return wrap(std::get<0>(ag::native_batch_norm(x, w, b, rm, rv, training, momentum, eps))); });
  });
}

ObjRef make_param(const Tensor& t) {
  ag::set_requires_grad(t, true);
  return wrap_as(t, types().parameter);
}

// _BatchNorm.forward: the input's dims checked, num_batches_tracked counted in training, and the
// running statistics used (and updated) when they are tracked.
ObjRef batch_norm_forward(Interp& in, CallArgs& a, int dims) {
  NnModule* m = as_module(a.pos[0].get());
  const std::string kind = m->type()->native_base()->name_;
  if (a.pos.size() < 2)
    raise(builtin_types().type_error, kind + ".forward() missing 1 required positional argument: 'input'");
  Object* input = a.pos[1].get();
  CallArgs none_args;
  const int64_t d = to_index(in, call_method(in, input, "dim", none_args).get());
  if (dims == 1 && d != 2 && d != 3)
    raise_from({&check_dim, &check_dim_1d}, builtin_types().value_error,
               "expected 2D or 3D input (got " + std::to_string(d) + "D input)");
  if (dims == 2 && d != 4)
    raise_from({&check_dim, &check_dim_2d}, builtin_types().value_error,
               "expected 4D input (got " + std::to_string(d) + "D input)");
  if (dims == 3 && d != 5)
    raise_from({&check_dim, &check_dim_3d}, builtin_types().value_error,
               "expected 5D input (got " + std::to_string(d) + "D input)");
  const bool training = truthy(in, module_attr(m, "training"));
  const bool track = truthy(in, module_attr(m, "track_running_stats"));
  Object* momentum = module_attr(m, "momentum");
  double factor = momentum == none() ? 0.0 : to_double(in, momentum);
  if (training && track && module_attr(m, "num_batches_tracked") != none()) {
    Object* nbt = module_attr(m, "num_batches_tracked");
    CallArgs one;
    one.pos.push_back(make_int(1));
    call_method(in, nbt, "add_", one);
    if (momentum == none()) factor = 1.0 / static_cast<double>(core::item(unwrap(nbt)).to_int());
  }
  const bool bn_training =
      training || (module_attr(m, "running_mean") == none() && module_attr(m, "running_var") == none());
  const bool use_running = !training || track;
  return through({&forward_batch_norm}, [&] {
    return F_batch_norm(input, use_running ? module_attr(m, "running_mean") : none(),
                        use_running ? module_attr(m, "running_var") : none(), module_attr(m, "weight"),
                        module_attr(m, "bias"), bn_training, factor, to_double(in, module_attr(m, "eps")));
  });
}

TypeObject* batch_norm_type(const char* name, TypeObject* base, int dims) {
  return NativeType(name, "torch.nn.modules.batchnorm", base)
      .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__",
                    {"num_features", "eps=", "momentum=", "affine=", "track_running_stats=", "device=", "dtype="});
        const int64_t n = to_index(in, p.get(0));
        const bool affine = p.get_bool(in, 3, true), track = p.get_bool(in, 4, true);
        ObjRef o(new NnModule(cls));
        NnModule* m = as_module(o.get());
        m->dict_.set("training", ObjRef(true_obj()));
        m->dict_.set("num_features", make_int(n));
        m->dict_.set("eps", p.has(1) ? ObjRef(p.get(1)) : make_float(1e-5));
        m->dict_.set("momentum", p.has(2) ? ObjRef(p.get(2)) : make_float(0.1));
        m->dict_.set("affine", ObjRef(bool_obj(affine)));
        m->dict_.set("track_running_stats", ObjRef(bool_obj(track)));
        // reset_parameters: each tensor filled once in place after it was made (version 1).
        auto filled = [](Tensor t) {
          t.bump_version();
          return t;
        };
        if (affine) {
          nn_module_setattr(in, m, "weight", make_param(filled(core::ones({n}))));
          nn_module_setattr(in, m, "bias", make_param(filled(core::zeros({n}))));
        } else {
          m->params = {"weight", "bias"};
          m->dict_.set("weight", ObjRef(none()));
          m->dict_.set("bias", ObjRef(none()));
        }
        m->buffers = {"running_mean", "running_var", "num_batches_tracked"};
        if (track) {
          m->dict_.set("running_mean", wrap(filled(core::zeros({n}))));
          m->dict_.set("running_var", wrap(filled(core::ones({n}))));
          m->dict_.set("num_batches_tracked", wrap(filled(core::zeros({}, core::DType::Int64))));
        } else {
          for (const char* b : {"running_mean", "running_var", "num_batches_tracked"}) m->dict_.set(b, ObjRef(none()));
        }
        return o;
      })
      .attr("_version", make_int(2))  // _NormBase: version 2 added num_batches_tracked
      .method("forward", [dims](Interp& in, CallArgs& a) -> ObjRef { return batch_norm_forward(in, a, dims); })
      .method("extra_repr",
              [](Interp& in, CallArgs& a) -> ObjRef {
                NnModule* m = as_module(a.pos[0].get());
                return make_str(str(in, module_attr(m, "num_features")) + ", eps=" + str(in, module_attr(m, "eps")) +
                                ", momentum=" + str(in, module_attr(m, "momentum")) +
                                ", affine=" + str(in, module_attr(m, "affine")) +
                                ", track_running_stats=" + str(in, module_attr(m, "track_running_stats")));
              })
      .build();
}

}  // namespace

void add_nn_batch_norm(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers) {
  layers.emplace_back("BatchNorm1d", batch_norm_type("BatchNorm1d", module_base, 1));
  layers.emplace_back("BatchNorm2d", batch_norm_type("BatchNorm2d", module_base, 2));
  layers.emplace_back("BatchNorm3d", batch_norm_type("BatchNorm3d", module_base, 3));
}

void add_batch_norm_function(ModuleObject* functional) {
  module_add_function(functional, "batch_norm", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "batch_norm",
                {"input", "running_mean", "running_var", "weight=", "bias=", "training=", "momentum=", "eps="});
    return F_batch_norm(p.get(0), p.get(1), p.get(2), p.get(3), p.get(4), p.get_bool(in, 5, false),
                        p.get_double(in, 6, 0.1), p.get_double(in, 7, 1e-5));
  });
}

}  // namespace stridelab::torch
