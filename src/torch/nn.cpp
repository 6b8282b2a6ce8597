// torch.nn (Module as a native base class, Parameter, Linear, ReLU, Flatten, Softmax, Sequential,
// the losses), torch.nn.functional and torch.autograd.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "autograd/autograd.h"
#include "core/random.h"
#include "python/format.h"
#include "torch/binding.h"
#include "python/recursion.h"
#include "torch/dispatch.h"
#include "torch/functions.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;
using core::Scalar;

namespace {

// ---- nn.Module (NnModule: torch/nn_module.h) -------------------------------------------------------

TypeObject* g_module = nullptr;

bool is_module(const Object* o) { return g_module && o->type()->is_subtype_of(g_module); }
void erase_name(std::vector<std::string>& v, const std::string& n) {
  v.erase(std::remove(v.begin(), v.end(), n), v.end());
}

const TorchFrame setattr_buffer_frame{"/usr/lib/python3/dist-packages/torch/nn/modules/module.py", 1312, "__setattr__",
                                      "    raise TypeError(\"cannot assign '{}' as buffer '{}' \"\n"};

void module_setattr(Interp& in, NnModule* m, const std::string& name, ObjRef value) {
  Object* v = value.get();
  bool is_param = v->type()->is_subtype_of(types().parameter);
  const size_t had_modules = m->modules.size();
  if (is_param) {
    if (std::find(m->params.begin(), m->params.end(), name) == m->params.end()) m->params.push_back(name);
    erase_name(m->modules, name);
    erase_name(m->buffers, name);
    erase_name(m->non_persistent, name);
    if (m->modules.size() != had_modules) ++m->modules_state;
  } else if (is_module(v)) {
    if (std::find(m->modules.begin(), m->modules.end(), name) == m->modules.end()) {
      m->modules.push_back(name);
      ++m->modules_state;
    }
    erase_name(m->params, name);
    erase_name(m->buffers, name);
    erase_name(m->non_persistent, name);
  } else if (std::find(m->params.begin(), m->params.end(), name) != m->params.end()) {
    if (v != none())
      raise_from({&frames::module_setattr}, builtin_types().type_error,
                 "cannot assign '" +
                     (is_tensor(v) ? std::string(core::legacy_type_name(unwrap(v).dtype())) : type_name(v)) +
                     "' as parameter '" + name + "' (torch.nn.Parameter or None expected)");
  } else if (std::find(m->modules.begin(), m->modules.end(), name) != m->modules.end()) {
    if (v != none())
      raise(builtin_types().type_error,
            "cannot assign '" + type_name(v) + "' as child module '" + name + "' (torch.nn.Module or None expected)");
  } else if (std::find(m->buffers.begin(), m->buffers.end(), name) != m->buffers.end()) {
    if (v != none() && !is_tensor(v))
      raise_from({&setattr_buffer_frame}, builtin_types().type_error,
                 "cannot assign '" + type_name(v) + "' as buffer '" + name + "' (torch.Tensor or None expected)");
  }
  m->dict_.set(name, std::move(value));
}

void named_params(Interp& in, NnModule* m, const std::string& prefix, std::vector<std::pair<std::string, ObjRef>>& out,
                  std::vector<Object*>& seen, bool recurse) {
  // Each module once, as named_modules() visits them (a module may contain itself).
  if (std::find(seen.begin(), seen.end(), m) != seen.end()) return;
  seen.push_back(m);
  for (auto& n : m->params) {
    Object* p = m->dict_.get(n);
    if (!p || p == none()) continue;
    if (std::find(seen.begin(), seen.end(), p) != seen.end()) continue;
    seen.push_back(p);
    out.emplace_back(prefix + n, ObjRef(p));
  }
  if (!recurse) return;
  for (auto& n : m->modules) {
    Object* c = m->dict_.get(n);
    if (c && is_module(c)) named_params(in, as_module(c), prefix + n + ".", out, seen, true);
  }
}

std::vector<std::pair<std::string, ObjRef>> all_named_params(Interp& in, Object* m, bool recurse = true) {
  std::vector<std::pair<std::string, ObjRef>> out;
  std::vector<Object*> seen;
  named_params(in, as_module(m), "", out, seen, recurse);
  return out;
}

std::string add_indent(const std::string& s, int n) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    out += s[i];
    if (s[i] == '\n') out += std::string(static_cast<size_t>(n), ' ');
  }
  return out;
}

// Module.__repr__ (torch/nn/modules/module.py), with its frames in tracebacks and its levels of the
// recursion limit: repr() of a child and PyObject_Repr, then the frame (NOTE [C levels of the
// recursion limit]), so that a module containing itself stops where PyTorch does.
std::string module_repr(Interp& in, Object* self) {
  python::CLevels levels(in, {" while calling a Python object", " while getting the repr of an object", ""});
  NnModule* m = as_module(self);
  CallArgs none_args;
  ObjRef er = through({&frames::module_repr_extra}, [&] {
    // extra_repr is a Python method in PyTorch: its frame's level is checked even where it is
    // native here (a Python one checks it again, at the same depth).
    { python::CLevels frame(in, {""}); }
    return call_method(in, self, "extra_repr", none_args);
  });
  if (!is_str(er.get()) && truthy(in, er.get()))
    through({&frames::module_repr_split}, [&] { return get_attr(in, er.get(), "split"); });
  std::string extra = is_str(er.get()) ? as<StrObject>(er.get())->value_ : "";
  std::vector<std::string> extra_lines, child_lines;
  if (!extra.empty()) {
    size_t pos = 0;
    while (true) {
      size_t nl = extra.find('\n', pos);
      extra_lines.push_back(extra.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos));
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
  }
  for (auto& n : m->modules) {
    Object* c = m->dict_.get(n);
    if (!c || c == none()) continue;
    child_lines.push_back("(" + n +
                          "): " + add_indent(through({&frames::module_repr_child}, [&] { return repr(in, c); }), 2));
  }
  std::string s = self->type()->name_ + "(";
  std::vector<std::string> lines = extra_lines;
  lines.insert(lines.end(), child_lines.begin(), child_lines.end());
  if (!lines.empty()) {
    if (extra_lines.size() == 1 && child_lines.empty()) {
      s += extra_lines[0];
    } else {
      s += "\n  ";
      for (size_t i = 0; i < lines.size(); ++i) s += (i ? "\n  " : "") + lines[i];
      s += "\n";
    }
  }
  return s + ")";
}

ObjRef generator_of(std::vector<ObjRef> items, const char* qualname) {
  auto* g = new VectorIterator(std::move(items), builtin_types().generator);
  g->qualname_ = qualname;
  return ObjRef(g);
}

ObjRef make_param(const Tensor& t) { return wrap_as(op::set_requires_grad(t, true), types().parameter); }

Tensor T(Object* o) {
  if (!is_tensor(o))
    raise(builtin_types().type_error, "expected Tensor as element 0 in argument 0, but got " + type_name(o));
  return unwrap(o);
}

op::Reduction reduction_of(const std::string& r) {
  if (r == "mean") return op::Reduction::Mean;
  if (r == "sum") return op::Reduction::Sum;
  if (r == "none") return op::Reduction::None;
  raise(builtin_types().value_error, r + " is not a valid value for reduction");
}

op::Reduction reduction_of_or(const std::string& r, op::Reduction fallback) {
  if (r == "mean") return op::Reduction::Mean;
  if (r == "sum") return op::Reduction::Sum;
  if (r == "none") return op::Reduction::None;
  return fallback;
}

// ---- nn.LazyLinear and nn.UninitializedParameter ------------------------------------------------------
// A LazyLinear holds UninitializedParameters (empty Parameters of their own class) until its first
// call: Module.__call__ then runs what PyTorch's forward pre-hook runs (initialize_parameters):
// in_features from input.shape[-1], each parameter given data of its shape and made a Parameter
// again (the same object, so an optimizer made before keeps it), Linear's reset_parameters under
// no_grad (one version bump each), and the module becomes a Linear.

TypeObject* g_linear = nullptr;
TypeObject* g_lazy_linear = nullptr;
TypeObject* g_uninitialized = nullptr;

#define LAZY_PY "/usr/lib/python3/dist-packages/torch/nn/modules/lazy.py"
const WarningSite lazy_warning_site{LAZY_PY, 180,
                                    "warnings.warn('Lazy modules are a new feature under heavy development '"};
#undef LAZY_PY

bool has_uninitialized_params(NnModule* m) {
  for (auto& n : m->params)
    if (Object* v = m->dict_.get(n); v && is_uninitialized_parameter(v)) return true;
  for (auto& n : m->buffers)
    if (Object* v = m->dict_.get(n); v && is_uninitialized_parameter(v)) return true;
  return false;
}

// UninitializedParameter.materialize(shape): new data of that shape, and the class Parameter.
void materialize(Object* p, const IntArray& shape) {
  Tensor& t = unwrap(p);
  Tensor fresh = guarded([&] { return core::empty(shape, t.dtype()); });
  core::TensorImpl* impl = t.impl();
  impl->storage_ = fresh.storage();
  impl->sizes_ = fresh.sizes();
  impl->strides_ = fresh.strides();
  impl->storage_offset_ = fresh.storage_offset();
  p->set_type(types().parameter);
}

// LazyLinear.initialize_parameters(input), then what _infer_parameters does after it.
void infer_lazy_linear(Interp& in, NnModule* m, Object* input) {
  if (has_uninitialized_params(m)) {
    ObjRef shape = get_attr(in, input, "shape");
    ObjRef last = get_item(in, shape.get(), make_int(-1).get());
    const int64_t fi = to_index(in, last.get());
    m->i0 = fi;
    m->dict_.set("in_features", make_int(fi));
    Object* w = m->dict_.get("weight");
    Object* b = m->dict_.get("bias");
    if (w && is_uninitialized_parameter(w)) materialize(w, {m->i1, fi});
    if (b && b != none() && is_uninitialized_parameter(b)) materialize(b, {m->i1});
    if (fi != 0 && !has_uninitialized_params(m)) {
      guarded([&] {
        const Tensor& weight = unwrap(w);
        core::kaiming_uniform_(weight, std::sqrt(5.0));
        weight.bump_version();
        if (b && b != none()) {
          const int64_t fan_in = core::fan_in(weight);
          const double bound = fan_in > 0 ? 1.0 / std::sqrt(static_cast<double>(fan_in)) : 0.0;
          core::uniform_(unwrap(b), -bound, bound);
          unwrap(b).bump_version();
        }
      });
    }
  }
  if (has_uninitialized_params(m))
    raise(builtin_types().runtime_error, "module " + m->type()->name_ + " has not been fully initialized");
  m->set_type(g_linear);
}

// ---- torch.nn.functional's bodies, as functional.py runs them ---------------------------------------
// Errors raised inside functional.py's own lines get its frames; calling through a layer adds the
// layer's forward frame (builtin_forward) and Module.__call__'s (module_call).

Tensor tensor_arg(Object* o, const char* fname, const char* pname, int position) {
  if (!is_tensor(o))
    raise(builtin_types().type_error, std::string(fname) + "(): argument '" + pname + "' (position " +
                                          std::to_string(position) + ") must be Tensor, not " + py_typename(o));
  return unwrap(o);
}

ObjRef F_relu(Object* input, bool inplace, Object* self_obj) {
  return through({&frames::F_relu}, [&] {
    Tensor x = tensor_arg(input, inplace ? "relu_" : "relu", "input", 1);
    if (inplace) {
      guarded([&] { op::unary_(core::UnaryOp::Relu, x); });
      return ObjRef(self_obj);
    }
    return guarded([&] { return wrap(op::unary(core::UnaryOp::Relu, x)); });
  });
}

ObjRef F_softmax(Object* input, std::optional<int64_t> dim_arg, std::optional<DType> dt, bool log) {
  if (!is_tensor(input))
    raise(builtin_types().attribute_error,
          "'" + type_name(input) + "' object has no attribute '" + (log ? "log_softmax" : "softmax") + "'");
  const Tensor& x = unwrap(input);
  // _get_softmax_dim's choice when dim is None, with its deprecation warning (stacklevel: the
  // caller of F.softmax, or of the nn.Softmax module).
  if (!dim_arg)
    emit_warning(std::string("Implicit dimension choice for ") + (log ? "log_softmax" : "softmax") +
                 " has been deprecated. Change the call to include dim=X as an argument.");
  int64_t dim = dim_arg ? *dim_arg : ((x.dim() == 0 || x.dim() == 1 || x.dim() == 3) ? 0 : 1);
  return through({log ? &frames::F_log_softmax : &frames::F_softmax}, [&] {
    return guarded([&] { return wrap(log ? op::log_softmax(x, dim, dt) : op::softmax(x, dim, dt)); });
  });
}

ObjRef F_mse_loss(Object* input, Object* target, const std::string& reduction) {
  Tensor x = T(input), y = T(target);
  // The size warning, then broadcast_tensors, then the reduction's name, as functional.py goes.
  try {
    Tensor r = op::mse_loss(x, y, reduction_of_or(reduction, op::Reduction::Mean));
    if (reduction != "mean" && reduction != "sum" && reduction != "none")
      raise_from({&frames::F_mse_loss_reduction, &frames::reduction_get_enum}, builtin_types().value_error,
                 reduction + " is not a valid value for reduction");
    return wrap(r);
  } catch (const core::Error& e) {
    if (std::string(e.what()).rfind("The size of tensor a", 0) == 0)
      through({&frames::F_mse_loss_broadcast, &frames::functional_broadcast_tensors}, [&] { rethrow_core(e); });
    rethrow_core(e);
  }
}

// An optional tensor argument (weight=, pos_weight=): undefined for None or absent.
Tensor opt_tensor(Object* o, const char* fname, const char* pname, int position) {
  if (!o || o == none()) return Tensor();
  return tensor_arg(o, fname, pname, position);
}

ObjRef F_cross_entropy(Object* input, Object* target, const std::string& reduction, int64_t ignore_index,
                       Object* weight = nullptr, double label_smoothing = 0.0) {
  return through({&frames::F_cross_entropy}, [&] {
    Tensor w = opt_tensor(weight, "cross_entropy_loss", "weight", 3);
    return guarded([&] {
      return wrap(ag::cross_entropy(T(input), T(target), reduction_of(reduction), ignore_index, w, label_smoothing));
    });
  });
}

ObjRef F_nll_loss(Object* input, Object* target, const std::string& reduction, int64_t ignore_index, Object* weight) {
  return through({&frames::F_nll_loss}, [&] {
    Tensor x = tensor_arg(input, "nll_loss_nd", "input", 1);
    Tensor y = tensor_arg(target, "nll_loss_nd", "target", 2);
    Tensor w = opt_tensor(weight, "nll_loss_nd", "weight", 3);
    return guarded([&] { return wrap(ag::nll_loss(x, y, reduction_of(reduction), ignore_index, w)); });
  });
}

ObjRef F_bce_with_logits(Object* input, Object* target, const std::string& reduction, Object* weight = nullptr,
                         Object* pos_weight = nullptr) {
  Tensor x = T(input), y = T(target);
  if (x.sizes() != y.sizes())
    raise_from({&frames::F_bce_with_logits_size}, builtin_types().value_error,
               "Target size (torch.Size(" + core::format_int_list(y.sizes()) +
                   ")) must be the same as input size (torch.Size(" + core::format_int_list(x.sizes()) + "))");
  Tensor w = opt_tensor(weight, "binary_cross_entropy_with_logits", "weight", 3);
  Tensor pw = opt_tensor(pos_weight, "binary_cross_entropy_with_logits", "pos_weight", 4);
  return guarded([&] { return wrap(ag::binary_cross_entropy_with_logits(x, y, reduction_of(reduction), w, pw)); });
}

ObjRef F_dropout(Interp& in, Object* input, Object* p_obj, bool training, bool inplace) {
  double p = to_double(in, p_obj);
  if (p < 0 || p > 1)
    raise_from({&frames::F_dropout_p}, builtin_types().value_error,
               "dropout probability has to be between 0 and 1, but got " + str(in, p_obj));
  return through({inplace ? &frames::F_dropout_inplace : &frames::F_dropout}, [&] {
    Tensor x = tensor_arg(input, inplace ? "dropout_" : "dropout", "input", 1);
    return guarded([&] {
      Tensor r = ag::nn::dropout(x, p, training, inplace);
      return r.impl() == x.impl() ? ObjRef(input) : wrap(r);  // the input itself, as PyTorch returns it
    });
  });
}

std::string number_repr(Object* o) {
  if (o->type() == builtin_types().float_) return float_repr(as<FloatObject>(o)->value_);
  if (o->type() == builtin_types().bool_) return o == true_obj() ? "True" : "False";
  if (o->type() == builtin_types().int_) return std::to_string(as<IntObject>(o)->value_);
  return "?";
}

// The built-in layers' forward and extra_repr, by type name.
ObjRef builtin_forward(Interp& in, NnModule* m, CallArgs& a) {
  const std::string& kind = m->type()->native_base()->name_;
  auto arg = [&](size_t i) -> Object* {
    if (a.pos.size() <= i + 1) {
      if (kind == "Sequential" || kind == "Identity" || kind == "Linear" || kind == "LazyLinear" || kind == "ReLU" ||
          kind == "Sigmoid" || kind == "Tanh" || kind == "Flatten" || kind == "Softmax" || kind == "LogSoftmax" ||
          kind == "Dropout" || i == 0)
        raise(builtin_types().type_error, kind + ".forward() missing 1 required positional argument: 'input'");
      raise(builtin_types().type_error, kind + ".forward() missing 1 required positional argument: 'target'");
    }
    return a.pos[i + 1].get();
  };
  using namespace frames;
  if (kind == "Linear" || kind == "LazyLinear") {
    Object* w = m->dict_.get("weight");
    Object* b = m->dict_.get("bias");
    Object* x = arg(0);
    return through({&linear_forward}, [&] {
      for (Object* p : {w, b})
        if (p && is_uninitialized_parameter(p)) raise_uninitialized_use("<built-in function linear>");
      Tensor input = tensor_arg(x, "linear", "input", 1);
      Tensor bias = b && b != none() ? unwrap(b) : Tensor();
      return guarded([&] { return wrap(op::linear(input, unwrap(w), bias)); });
    });
  }
  if (kind == "ReLU") {
    Object* x = arg(0);
    return through({&relu_forward}, [&] { return F_relu(x, m->flag, x); });
  }
  if (kind == "Sigmoid" || kind == "Tanh") {
    Object* x = arg(0);
    bool sig = kind == "Sigmoid";
    return through({sig ? &sigmoid_forward : &tanh_forward}, [&] {
      Tensor t = tensor_arg(x, sig ? "sigmoid" : "tanh", "input", 1);
      return guarded([&] { return wrap(op::unary(sig ? core::UnaryOp::Sigmoid : core::UnaryOp::Tanh, t)); });
    });
  }
  if (kind == "Identity") return ObjRef(arg(0));
  if (kind == "Dropout") {
    Object* x = arg(0);
    Object* p = m->dict_.get("p");
    Object* training = m->dict_.get("training");
    Object* inplace = m->dict_.get("inplace");
    return through({&dropout_forward}, [&] {
      return F_dropout(in, x, p, training && truthy(in, training), inplace && truthy(in, inplace));
    });
  }
  if (kind == "Flatten") {
    Object* x = arg(0);
    return through({&flatten_forward}, [&] {
      if (!is_tensor(x))
        raise(builtin_types().attribute_error, "'" + type_name(x) + "' object has no attribute 'flatten'");
      return guarded([&] { return wrap(op::flatten(unwrap(x), m->i0, m->i1)); });
    });
  }
  if (kind == "Softmax" || kind == "LogSoftmax") {
    Object* x = arg(0);
    bool log = kind == "LogSoftmax";
    std::optional<int64_t> dim;
    if (m->has_dim) dim = m->i0;
    return through({log ? &log_softmax_forward : &softmax_forward},
                   [&] { return F_softmax(x, dim, std::nullopt, log); });
  }
  if (kind == "MSELoss") {
    Object* x = arg(0);
    Object* y = arg(1);
    static const WarningSite site{mse_loss_forward.file, mse_loss_forward.line,
                                  "return F.mse_loss(input, target, reduction=self.reduction)"};
    WarnFrom from(site);
    return through({&mse_loss_forward}, [&] { return F_mse_loss(x, y, m->reduction); });
  }
  if (kind == "CrossEntropyLoss") {
    Object* x = arg(0);
    Object* y = arg(1);
    Object* w = m->dict_.get("weight");
    Object* ls = m->dict_.get("label_smoothing");
    return through({&cross_entropy_forward},
                   [&] { return F_cross_entropy(x, y, m->reduction, m->i0, w, ls ? to_double(in, ls) : 0.0); });
  }
  if (kind == "NLLLoss") {
    Object* x = arg(0);
    Object* y = arg(1);
    Object* w = m->dict_.get("weight");
    return through({&nll_loss_forward}, [&] { return F_nll_loss(x, y, m->reduction, m->i0, w); });
  }
  if (kind == "BCEWithLogitsLoss") {
    Object* x = arg(0);
    Object* y = arg(1);
    Object* w = m->dict_.get("weight");
    Object* pw = m->dict_.get("pos_weight");
    return through({&bce_with_logits_forward}, [&] { return F_bce_with_logits(x, y, m->reduction, w, pw); });
  }
  if (kind == "Sequential") {
    // `for module in self` walks the OrderedDict _modules: a module added or removed while one
    // runs is reported at the next step, unless that one was the last.
    ObjRef x(arg(0));
    const uint64_t state = m->modules_state;
    for (size_t i = 0; i < m->modules.size(); ++i) {
      if (m->modules_state != state)
        raise_from({&sequential_iterate}, builtin_types().runtime_error, "OrderedDict mutated during iteration");
      ObjRef c(m->dict_.get(m->modules[i]));
      const bool last = i + 1 == m->modules.size();
      static const WarningSite site{sequential_forward.file, sequential_forward.line, "input = module(input)"};
      WarnFrom from(site);
      x = through({&sequential_forward}, [&] { return call1(in, c.get(), x); });
      if (last) break;
    }
    return x;
  }
  raise_from({&module_forward_unimplemented}, builtin_types().not_implemented_error,
             "Module [" + m->type()->name_ + "] is missing the required \"forward\" function");
}

std::string builtin_extra_repr(NnModule* m) {
  const TypeObject* nb = m->type()->native_base();
  const std::string& kind = nb->name_;
  if (kind == "Linear" || kind == "LazyLinear")
    return "in_features=" + std::to_string(m->i0) + ", out_features=" + std::to_string(m->i1) +
           ", bias=" + (m->dict_.get("bias") && m->dict_.get("bias") != none() ? "True" : "False");
  if (kind == "ReLU") return m->flag ? "inplace=True" : "";
  if (kind == "Flatten") return "start_dim=" + std::to_string(m->i0) + ", end_dim=" + std::to_string(m->i1);
  if (kind == "Dropout") {
    Object* p = m->dict_.get("p");
    Object* inplace = m->dict_.get("inplace");
    return "p=" + (p ? number_repr(p) : "?") + ", inplace=" + (inplace ? number_repr(inplace) : "?");
  }
  if (kind == "Softmax" || kind == "LogSoftmax") return m->has_dim ? "dim=" + std::to_string(m->i0) : "dim=None";
  return "";
}

void zero_grads(Interp& in, const std::vector<ObjRef>& params, bool set_to_none) {
  std::vector<Tensor> ts;
  for (auto& p : params) ts.push_back(unwrap(p.get()));
  ag::nn::zero_grad(ts, set_to_none);
}

std::vector<std::pair<std::string, TypeObject*>> g_layers;

TypeObject* layer(const char* name, const char* module, NativeNew make) {
  TypeObject* t = NativeType(name, module, g_module).constructor(std::move(make)).build();
  g_layers.emplace_back(name, t);
  return t;
}

}  // namespace

TypeObject* nn_module_base() { return g_module; }

bool is_uninitialized_parameter(const Object* o) {
  return g_uninitialized && o->type()->is_subtype_of(g_uninitialized);
}

[[noreturn]] void raise_uninitialized_use(const std::string& what) {
  raise(builtin_types().value_error,
        "Attempted to use an uninitialized parameter in " + what +
            ". This error happens when you are using a `LazyModule` or explicitly manipulating "
            "`torch.nn.parameter.UninitializedParameter` objects. When using LazyModules Call `forward` with a dummy "
            "batch to initialize the parameters before calling torch functions");
}

void nn_module_setattr(Interp& in, NnModule* m, const std::string& name, ObjRef value) {
  module_setattr(in, m, name, std::move(value));
}

Ref<ModuleObject> make_nn_module(Interp& in) {
  if (!g_module) {
    NativeType mt("Module", "torch.nn.modules.module");
    mt.constructor([](Interp&, TypeObject* cls, CallArgs&) -> ObjRef {
      ObjRef o(new NnModule(cls));
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      return o;
    });
    mt.method("__init__", [](Interp&, CallArgs& a) -> ObjRef { return ObjRef(none()); });
    mt.method("__setattr__", [](Interp& in, CallArgs& a) -> ObjRef {
      module_setattr(in, as_module(a.pos[0].get()), as<StrObject>(a.pos[1].get())->value_, a.pos[2]);
      return ObjRef(none());
    });
    mt.method("__getattr__", [](Interp&, CallArgs& a) -> ObjRef {
      // Reached only when normal lookup failed, as Module.__getattr__ is.
      std::string n = is_str(a.pos[1].get()) ? as<StrObject>(a.pos[1].get())->value_ : "";
      raise_from({&frames::module_getattr}, builtin_types().attribute_error,
                 "'" + type_name(a.pos[0].get()) + "' object has no attribute '" + n + "'");
    });
    mt.method("__delattr__", [](Interp& in, CallArgs& a) -> ObjRef {
      NnModule* m = as_module(a.pos[0].get());
      std::string n = as<StrObject>(a.pos[1].get())->value_;
      if (!m->dict_.erase(n))
        raise(builtin_types().attribute_error, "'" + type_name(m) + "' object has no attribute '" + n + "'");
      erase_name(m->params, n);
      erase_name(m->buffers, n);
      erase_name(m->non_persistent, n);
      const size_t had_modules = m->modules.size();
      erase_name(m->modules, n);
      if (m->modules.size() != had_modules) ++m->modules_state;
      return ObjRef(none());
    });
    mt.method("__call__", [](Interp& in, CallArgs& a) -> ObjRef {
      ObjRef self = a.pos[0];
      if (g_lazy_linear && self->type()->is_subtype_of(g_lazy_linear) && a.pos.size() == 2)
        infer_lazy_linear(in, as_module(self.get()), a.pos[1].get());
      ObjRef fwd = get_attr(in, self.get(), "forward");
      CallArgs rest;
      rest.pos.assign(a.pos.begin() + 1, a.pos.end());
      rest.kw = a.kw;
      // A forward written in Python: warnings inside it belong to its own lines, whatever
      // PyTorch frame called this module (Sequential's container.py line, say).
      bool python_forward = fwd->type() == builtin_types().method &&
                            as<BoundMethodObject>(fwd.get())->func_->type() == builtin_types().function;
      std::optional<WarnFrom> own_lines;
      if (python_forward) own_lines.emplace(user_code_site());
      return through({&frames::module_call}, [&] { return call(in, fwd.get(), rest); });
    });
    mt.method("forward",
              [](Interp& in, CallArgs& a) -> ObjRef { return builtin_forward(in, as_module(a.pos[0].get()), a); });
    mt.method("extra_repr",
              [](Interp&, CallArgs& a) -> ObjRef { return make_str(builtin_extra_repr(as_module(a.pos[0].get()))); });
    mt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef { return make_str(module_repr(in, a.pos[0].get())); });
    mt.method("parameters", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "parameters", {"self", "recurse="});
      std::vector<ObjRef> items;
      for (auto& [n, v] : all_named_params(in, a.pos[0].get(), p.get_bool(in, 1, true))) items.push_back(v);
      return generator_of(std::move(items), "Module.parameters");
    });
    mt.method("named_parameters", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "named_parameters", {"self", "prefix=", "recurse="});
      std::string prefix = p.get_str(1, "");
      std::vector<ObjRef> items;
      for (auto& [n, v] : all_named_params(in, a.pos[0].get(), p.get_bool(in, 2, true)))
        items.push_back(make_tuple({make_str(prefix.empty() ? n : prefix + "." + n), v}));
      return generator_of(std::move(items), "Module.named_parameters");
    });
    mt.method("children", [](Interp& in, CallArgs& a) -> ObjRef {
      NnModule* m = as_module(a.pos[0].get());
      std::vector<ObjRef> items;
      for (auto& n : m->modules) items.push_back(ObjRef(m->dict_.get(n)));
      return generator_of(std::move(items), "Module.children");
    });
    mt.method("named_children", [](Interp& in, CallArgs& a) -> ObjRef {
      NnModule* m = as_module(a.pos[0].get());
      std::vector<ObjRef> items;
      for (auto& n : m->modules) items.push_back(make_tuple({make_str(n), ObjRef(m->dict_.get(n))}));
      return generator_of(std::move(items), "Module.named_children");
    });
    mt.method("modules", [](Interp& in, CallArgs& a) -> ObjRef {
      std::vector<ObjRef> items;
      std::vector<Object*> seen;
      // Each module once, as named_modules()'s memo has it (a module may contain itself).
      std::function<void(Object*)> walk = [&](Object* o) {
        if (!o || !is_module(o) || std::find(seen.begin(), seen.end(), o) != seen.end()) return;
        seen.push_back(o);
        items.push_back(ObjRef(o));
        for (auto& n : as_module(o)->modules) walk(as_module(o)->dict_.get(n));
      };
      walk(a.pos[0].get());
      return generator_of(std::move(items), "Module.modules");
    });
    mt.method("named_modules", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "named_modules", {"self", "memo=", "prefix=", "remove_duplicate="});
      const bool dedup = p.get_bool(in, 3, true);
      std::vector<ObjRef> items;
      std::vector<Object*> seen;
      // Depth first, self first under the prefix, children as prefix.name; a module reached
      // twice is listed once unless remove_duplicate=False.
      std::function<void(Object*, const std::string&)> walk = [&](Object* o, const std::string& prefix) {
        if (!o || !is_module(o)) return;
        if (dedup && std::find(seen.begin(), seen.end(), o) != seen.end()) return;
        NativeDepth depth;  // remove_duplicate=False on a module containing itself recurses
        seen.push_back(o);
        items.push_back(make_tuple({make_str(prefix), ObjRef(o)}));
        for (auto& n : as_module(o)->modules) walk(as_module(o)->dict_.get(n), prefix.empty() ? n : prefix + "." + n);
      };
      walk(a.pos[0].get(), p.get_str(2, ""));
      return generator_of(std::move(items), "Module.named_modules");
    });
    mt.method("apply", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "apply", {"self", "fn"});
      // Children first (each applying to its own children), then self, as Module.apply; a child
      // registered twice under one parent is visited once there, as children() yields it once.
      // children() walks the OrderedDict _modules: a child added or removed while fn runs is
      // reported at the next step, unless the child was the last one.
      std::function<void(Object*)> walk = [&](Object* o) {
        NativeDepth depth;  // a module containing itself recurses, as in PyTorch
        // Module.apply's frame, and for `for module in self.children()` the frames of children()
        // and named_children() and the call of _modules.items() (NOTE [C levels of the recursion
        // limit]): a module containing itself stops where PyTorch does.
        python::CLevels frame(in, {""});
        through({&frames::module_apply_children}, [&] {
          python::CLevels children(in, {""});
          through({&frames::module_children}, [&] {
            python::CLevels named_children(in, {""});
            through({&frames::module_named_children_items},
                    [&] { python::CLevels items(in, {" while calling a Python object"}); });
          });
        });
        NnModule* m = as_module(o);
        const uint64_t state = m->modules_state;
        std::vector<ObjRef> done;
        for (size_t i = 0; i < m->modules.size(); ++i) {
          if (m->modules_state != state)
            raise_from({&frames::module_apply_children, &frames::module_children, &frames::module_named_children},
                       builtin_types().runtime_error, "OrderedDict mutated during iteration");
          const bool last = i + 1 == m->modules.size();
          ObjRef c(m->dict_.get(m->modules[i]));
          if (c && is_module(c.get()) && std::find_if(done.begin(), done.end(), [&](const ObjRef& d) {
                                           return d.get() == c.get();
                                         }) == done.end()) {
            done.push_back(c);
            through({&frames::module_apply_child}, [&] { walk(c.get()); });
          }
          if (last) break;
        }
        CallArgs args;
        args.pos.push_back(ObjRef(o));
        through({&frames::module_apply_fn}, [&] { call(in, p.get(1), args); });
      };
      walk(a.pos[0].get());
      return a.pos[0];
    });
    mt.method("requires_grad_", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "requires_grad_", {"self", "requires_grad="});
      for (auto& [n, v] : all_named_params(in, a.pos[0].get())) {
        CallArgs args;
        args.pos.push_back(ObjRef(p.has(1) ? p.get(1) : true_obj()));
        call_method(in, v.get(), "requires_grad_", args);
      }
      return a.pos[0];
    });
    // float() / double(): each floating parameter (and its grad) gets converted data in place, so
    // the Parameter objects stay the same, as Module._apply does.
    for (const char* conv : {"float", "double"}) {
      mt.method(conv, [conv](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, conv, {"self"});
        auto convert_data = [&](Object* t) {
          if (!core::is_floating(unwrap(t).dtype())) return;
          ObjRef data = get_attr(in, t, "data");
          CallArgs none_args;
          set_attr(in, t, "data", call_method(in, data.get(), conv, none_args));
        };
        for (auto& [n, v] : all_named_params(in, a.pos[0].get())) {
          convert_data(v.get());
          ObjRef g = get_attr(in, v.get(), "grad");
          if (is_tensor(g.get())) convert_data(g.get());
        }
        return a.pos[0];
      });
    }
    mt.method("zero_grad", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "zero_grad", {"self", "set_to_none="});
      std::vector<ObjRef> ps;
      for (auto& [n, v] : all_named_params(in, a.pos[0].get())) ps.push_back(v);
      guarded([&] { zero_grads(in, ps, p.get_bool(in, 1, false)); });
      return ObjRef(none());
    });
    auto set_training = [](Interp& in, Object* self, bool mode) {
      // PyTorch's train() sets the flag, then calls train() on each child in order: a module that
      // contains itself (m.m = m) sends it round the cycle until RecursionError, every module met
      // before the cycle set and none after. Reaching a module already on the path is that point.
      std::vector<Object*> path;
      std::function<void(Object*)> walk = [&](Object* o) {
        if (!o || !is_module(o)) return;
        if (std::find(path.begin(), path.end(), o) != path.end())
          raise(builtin_types().recursion_error, "maximum recursion depth exceeded while calling a Python object");
        path.push_back(o);
        as_module(o)->dict_.set("training", ObjRef(bool_obj(mode)));
        for (auto& n : as_module(o)->modules) walk(as_module(o)->dict_.get(n));
        path.pop_back();
      };
      walk(self);
    };
    mt.method("train", [set_training](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "train", {"self", "mode="});
      set_training(in, a.pos[0].get(), p.get_bool(in, 1, true));
      return a.pos[0];
    });
    mt.method("eval", [set_training](Interp& in, CallArgs& a) -> ObjRef {
      set_training(in, a.pos[0].get(), false);
      return a.pos[0];
    });
    mt.method("to", [](Interp&, CallArgs& a) -> ObjRef { return a.pos[0]; });
    mt.method("cpu", [](Interp&, CallArgs& a) -> ObjRef { return a.pos[0]; });
    mt.method("register_parameter", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "register_parameter", {"self", "name", "param"});
      module_setattr(in, as_module(a.pos[0].get()), as<StrObject>(p.get(1))->value_, ObjRef(p.get(2)));
      return ObjRef(none());
    });
    mt.method("add_module", [](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, "add_module", {"self", "name", "module"});
      module_setattr(in, as_module(a.pos[0].get()), as<StrObject>(p.get(1))->value_, ObjRef(p.get(2)));
      return ObjRef(none());
    });
    add_module_state_methods(mt);
    mt.attr("_version", make_int(1));  // what state_dict()._metadata records per module
    g_module = mt.build();

    layer("Linear", "torch.nn.modules.linear", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"in_features", "out_features", "bias=", "device=", "dtype="});
      int64_t fi = to_index(in, p.get(0)), fo = to_index(in, p.get(1));
      bool bias = p.get_bool(in, 2, true);
      ObjRef o(new NnModule(cls));
      NnModule* m = as_module(o.get());
      m->dict_.set("training", ObjRef(true_obj()));
      m->i0 = fi;
      m->i1 = fo;
      m->dict_.set("in_features", make_int(fi));
      m->dict_.set("out_features", make_int(fo));
      // Drawn as PyTorch's reset_parameters draws them (weight, then bias), each version 1.
      auto params = guarded([&] { return ag::nn::linear_parameters(fi, fo, bias); });
      module_setattr(in, m, "weight", make_param(params.weight));
      if (bias) {
        module_setattr(in, m, "bias", make_param(params.bias));
      } else {
        m->params.push_back("bias");
        m->dict_.set("bias", ObjRef(none()));
      }
      return o;
    });
    g_linear = g_layers.back().second;
    g_uninitialized =
        NativeType("UninitializedParameter", "torch.nn.parameter", types().parameter)
            .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
              ArgParser p(a, "__new__", {"requires_grad=", "device=", "dtype="});
              std::optional<DType> dt = p.has(2) && p.get(2) != none() ? dtype_of_object(p.get(2)) : std::nullopt;
              Tensor data = guarded([&] { return core::empty({0}, dt.value_or(core::kDefaultFloat)); });
              return wrap_as(guarded([&] { return op::set_requires_grad(data, p.get_bool(in, 0, true)); }), cls);
            })
            .method("__repr__",
                    [](Interp&, CallArgs& a) -> ObjRef { return make_str("<" + a.pos[0]->type()->name_ + ">"); })
            .method("__str__",
                    [](Interp&, CallArgs& a) -> ObjRef { return make_str("<" + a.pos[0]->type()->name_ + ">"); })
            .property("shape",
                      [](Interp&, Object*) -> ObjRef {
                        raise(builtin_types().runtime_error,
                              "Can't access the shape of an uninitialized parameter or buffer. This error usually "
                              "happens in `load_state_dict` when trying to load an uninitialized parameter into an "
                              "initialized one. Call `forward` to initialize the parameters before accessing their "
                              "attributes.");
                      })
            .method("materialize",
                    [](Interp& in, CallArgs& a) -> ObjRef {
                      ArgParser p(a, "materialize", {"self", "shape", "device=", "dtype="});
                      IntArray shape;
                      if (is_number(p.get(1))) shape.push_back(to_index(in, p.get(1)));
                      else
                        for (auto& s : to_vector(in, p.get(1))) shape.push_back(to_index(in, s.get()));
                      if (p.has(3) && p.get(3) != none())
                        if (auto dt = dtype_of_object(p.get(3))) unwrap(a.pos[0].get()).impl()->dtype_ = *dt;
                      materialize(a.pos[0].get(), shape);
                      return ObjRef(none());
                    })
            .build();
    g_lazy_linear =
        NativeType("LazyLinear", "torch.nn.modules.linear", g_linear)
            .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
              ArgParser p(a, "__init__", {"out_features", "bias=", "device=", "dtype="});
              const int64_t fo = to_index(in, p.get(0));
              const bool bias = p.get_bool(in, 1, true);
              ObjRef o(new NnModule(cls));
              NnModule* m = as_module(o.get());
              m->dict_.set("training", ObjRef(true_obj()));
              m->i0 = 0;
              m->i1 = fo;
              m->dict_.set("in_features", make_int(0));
              m->dict_.set("out_features", make_int(fo));
              CallArgs param_args;
              if (p.has(3)) param_args.kw.emplace_back("dtype", ObjRef(p.get(3)));
              module_setattr(in, m, "weight", call(in, g_uninitialized, param_args));
              if (bias) {
                module_setattr(in, m, "bias", call(in, g_uninitialized, param_args));
              } else {
                m->params.push_back("bias");
                m->dict_.set("bias", ObjRef(none()));
              }
              WarnFrom from(lazy_warning_site);
              emit_warning(
                  "Lazy modules are a new feature under heavy development so changes to the API or functionality "
                  "can happen at any moment.");
              return o;
            })
            .method("has_uninitialized_params",
                    [](Interp&, CallArgs& a) -> ObjRef {
                      return ObjRef(bool_obj(has_uninitialized_params(as_module(a.pos[0].get()))));
                    })
            .method("initialize_parameters",
                    [](Interp& in, CallArgs& a) -> ObjRef {
                      ArgParser p(a, "initialize_parameters", {"self", "input"});
                      NnModule* m = as_module(a.pos[0].get());
                      TypeObject* keep = m->type();
                      keep->incref();
                      infer_lazy_linear(in, m, p.get(1));
                      m->set_type(keep);  // only the forward pre-hook changes the class
                      keep->decref();
                      return ObjRef(none());
                    })
            .build();
    g_layers.emplace_back("LazyLinear", g_lazy_linear);
    auto simple = [](Interp&, TypeObject* cls, CallArgs&) -> ObjRef {
      ObjRef o(new NnModule(cls));
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      return o;
    };
    layer("ReLU", "torch.nn.modules.activation", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"inplace="});
      ObjRef o(new NnModule(cls));
      as_module(o.get())->flag = p.get_bool(in, 0, false);
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      as_module(o.get())->dict_.set("inplace", ObjRef(bool_obj(as_module(o.get())->flag)));
      return o;
    });
    layer("Sigmoid", "torch.nn.modules.activation", simple);
    layer("Tanh", "torch.nn.modules.activation", simple);
    layer("Identity", "torch.nn.modules.linear", simple);
    layer("Flatten", "torch.nn.modules.flatten", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"start_dim=", "end_dim="});
      ObjRef o(new NnModule(cls));
      as_module(o.get())->i0 = p.get_int(in, 0, 1);
      as_module(o.get())->i1 = p.get_int(in, 1, -1);
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      return o;
    });
    layer("Dropout", "torch.nn.modules.dropout", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"p=", "inplace="});
      ObjRef prob = p.has(0) ? ObjRef(p.get(0)) : make_float(0.5);
      double v = to_double(in, prob.get());
      if (v < 0 || v > 1)
        raise_from({&frames::dropout_init}, builtin_types().value_error,
                   "dropout probability has to be between 0 and 1, but got " + str(in, prob.get()));
      ObjRef o(new NnModule(cls));
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      as_module(o.get())->dict_.set("p", prob);
      as_module(o.get())->dict_.set("inplace", p.has(1) ? ObjRef(p.get(1)) : ObjRef(false_obj()));
      return o;
    });
    for (const char* sm : {"Softmax", "LogSoftmax"}) {
      layer(sm, "torch.nn.modules.activation", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"dim="});
        ObjRef o(new NnModule(cls));
        as_module(o.get())->has_dim = p.has(0) && p.get(0) != none();
        as_module(o.get())->i0 = p.get_int(in, 0, 0);
        as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
        return o;
      });
    }
    // Each loss's own __init__ parameters, in order; weight and pos_weight are buffers, None when
    // not given.
    layer("MSELoss", "torch.nn.modules.loss", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"size_average=", "reduce=", "reduction="});
      ObjRef o(new NnModule(cls));
      as_module(o.get())->reduction = p.get_str(2, "mean");
      as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
      as_module(o.get())->dict_.set("reduction", make_str(as_module(o.get())->reduction));
      return o;
    });
    // CrossEntropyLoss and NLLLoss: (weight, size_average, ignore_index, reduce, reduction, ...).
    auto class_loss = [](Interp& in, TypeObject* cls, const ArgParser& p) -> ObjRef {
      ObjRef o(new NnModule(cls));
      NnModule* m = as_module(o.get());
      m->reduction = p.get_str(4, "mean");
      m->i0 = p.get_int(in, 2, -100);
      m->dict_.set("training", ObjRef(true_obj()));
      m->dict_.set("weight", p.has(0) ? ObjRef(p.get(0)) : ObjRef(none()));
      m->buffers.push_back("weight");
      m->dict_.set("reduction", make_str(m->reduction));
      m->dict_.set("ignore_index", make_int(m->i0));
      return o;
    };
    layer("CrossEntropyLoss", "torch.nn.modules.loss",
          [class_loss](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__",
                        {"weight=", "size_average=", "ignore_index=", "reduce=", "reduction=", "label_smoothing="});
            ObjRef o = class_loss(in, cls, p);
            as_module(o.get())->dict_.set("label_smoothing", p.has(5) ? ObjRef(p.get(5)) : make_float(0.0));
            return o;
          });
    layer("NLLLoss", "torch.nn.modules.loss", [class_loss](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"weight=", "size_average=", "ignore_index=", "reduce=", "reduction="});
      return class_loss(in, cls, p);
    });
    layer("BCEWithLogitsLoss", "torch.nn.modules.loss", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      ArgParser p(a, "__init__", {"weight=", "size_average=", "reduce=", "reduction=", "pos_weight="});
      ObjRef o(new NnModule(cls));
      NnModule* m = as_module(o.get());
      m->reduction = p.get_str(3, "mean");
      m->dict_.set("training", ObjRef(true_obj()));
      m->dict_.set("weight", p.has(0) ? ObjRef(p.get(0)) : ObjRef(none()));
      m->dict_.set("pos_weight", p.has(4) ? ObjRef(p.get(4)) : ObjRef(none()));
      m->buffers = {"weight", "pos_weight"};
      m->dict_.set("reduction", make_str(m->reduction));
      return o;
    });
    // Sequential: a list of modules named "0", "1", ... (names kept by slicing, renumbered by del).
    auto item_key = [](Interp& in, NnModule* m, Object* idx) -> std::string {
      int64_t n = static_cast<int64_t>(m->modules.size());
      int64_t i = to_index(in, idx);
      if (i < -n || i >= n)
        raise_from({&frames::sequential_getitem, &frames::sequential_get_item_by_idx}, builtin_types().index_error,
                   "index " + std::to_string(i) + " is out of range");
      return m->modules[static_cast<size_t>(i < 0 ? i + n : i)];
    };
    auto sliced_keys = [](Interp& in, NnModule* m, Object* idx) {
      std::vector<std::string> keys;
      ObjRef all = make_list({});
      for (auto& k : m->modules) as<ListObject>(all.get())->items_.push_back(make_str(k));
      ObjRef part = get_item(in, all.get(), idx);
      for (auto& k : to_vector(in, part.get())) keys.push_back(as<StrObject>(k.get())->value_);
      return keys;
    };
    TypeObject* seq =
        NativeType("Sequential", "torch.nn.modules.container", g_module)
            .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
              ObjRef o(new NnModule(cls));
              as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
              for (size_t i = 0; i < a.pos.size(); ++i) {
                if (!is_module(a.pos[i].get()))
                  raise_from({&frames::sequential_init, &frames::module_add_module}, builtin_types().type_error,
                             type_name(a.pos[i].get()) + " is not a Module subclass");
                module_setattr(in, as_module(o.get()), std::to_string(i), a.pos[i]);
              }
              return o;
            })
            .method("__getitem__",
                    [item_key, sliced_keys](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      if (a.pos[1]->type() == builtin_types().slice) {
                        ObjRef out(new NnModule(m->type()));
                        as_module(out.get())->dict_.set("training", ObjRef(true_obj()));
                        for (auto& k : sliced_keys(in, m, a.pos[1].get()))
                          module_setattr(in, as_module(out.get()), k, ObjRef(m->dict_.get(k)));
                        return out;
                      }
                      return ObjRef(m->dict_.get(item_key(in, m, a.pos[1].get())));
                    })
            .method("__setitem__",
                    [item_key](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      module_setattr(in, m, item_key(in, m, a.pos[1].get()), a.pos[2]);
                      return ObjRef(none());
                    })
            .method("__delitem__",
                    [item_key, sliced_keys](Interp& in, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      std::vector<std::string> keys = a.pos[1]->type() == builtin_types().slice
                                                          ? sliced_keys(in, m, a.pos[1].get())
                                                          : std::vector<std::string>{item_key(in, m, a.pos[1].get())};
                      for (auto& k : keys) {
                        m->dict_.erase(k);
                        erase_name(m->modules, k);
                      }
                      ++m->modules_state;
                      // Renumbered "0", "1", ... as Sequential.__delitem__ does.
                      std::vector<ObjRef> kept;
                      for (auto& k : m->modules) {
                        kept.push_back(ObjRef(m->dict_.get(k)));
                        m->dict_.erase(k);
                      }
                      m->modules.clear();
                      for (size_t i = 0; i < kept.size(); ++i) module_setattr(in, m, std::to_string(i), kept[i]);
                      return ObjRef(none());
                    })
            .method("append",
                    [](Interp& in, CallArgs& a) -> ObjRef {
                      ArgParser p(a, "append", {"self", "module"});
                      NnModule* m = as_module(a.pos[0].get());
                      module_setattr(in, m, std::to_string(m->modules.size()), ObjRef(p.get(1)));
                      return a.pos[0];
                    })
            .method("__len__",
                    [](Interp&, CallArgs& a) -> ObjRef {
                      return make_int(static_cast<int64_t>(as_module(a.pos[0].get())->modules.size()));
                    })
            .method("__iter__",
                    [](Interp&, CallArgs& a) -> ObjRef {
                      NnModule* m = as_module(a.pos[0].get());
                      std::vector<ObjRef> items;
                      for (auto& n : m->modules) items.push_back(ObjRef(m->dict_.get(n)));
                      return ObjRef(new VectorIterator(std::move(items), builtin_types().iterator));
                    })
            .build();
    g_layers.emplace_back("Sequential", seq);
    add_nn_layers(g_module, g_layers);
    add_nn_batch_norm(g_module, g_layers);
  }

  auto m = make_module("torch.nn");
  module_add(m.get(), "Module", ObjRef(g_module));
  module_add(m.get(), "Parameter", ObjRef(types().parameter));
  module_add(m.get(), "UninitializedParameter", ObjRef(g_uninitialized));
  for (auto& [n, t] : g_layers) module_add(m.get(), n, ObjRef(t));
  return m;
}

// ---- torch.nn.functional ----------------------------------------------------------------------------

Ref<ModuleObject> make_functional_module(Interp& in) {
  auto m = make_module("torch.nn.functional");
  module_add_function(m.get(), "relu", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "relu", {"input", "inplace="});
    return F_relu(p.get(0), p.get_bool(in, 1, false), p.get(0));
  });
  for (const char* name : {"sigmoid", "tanh"}) {
    const bool sig = std::string(name) == "sigmoid";
    core::UnaryOp u = sig ? core::UnaryOp::Sigmoid : core::UnaryOp::Tanh;
    module_add_function(m.get(), name, [u, name, sig](Interp&, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"input"});
      // functional.py's deprecation warning, at its own line (warnings.warn without stacklevel).
      static const WarningSite tanh_site{
          "/usr/lib/python3/dist-packages/torch/nn/functional.py", 1956,
          "warnings.warn(\"nn.functional.tanh is deprecated. Use torch.tanh instead.\")"};
      static const WarningSite sigmoid_site{
          "/usr/lib/python3/dist-packages/torch/nn/functional.py", 1967,
          "warnings.warn(\"nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.\")"};
      {
        WarnFrom from(sig ? sigmoid_site : tanh_site);
        emit_warning(std::string("nn.functional.") + name + " is deprecated. Use torch." + name + " instead.");
      }
      return guarded([&] { return wrap(op::unary(u, tensor_arg(p.get(0), name, "input", 1))); });
    });
  }
  for (const char* name : {"softmax", "log_softmax"}) {
    bool log = std::string(name) == "log_softmax";
    module_add_function(m.get(), name, [log, name](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"input", "dim=", "_stacklevel=", "dtype="});
      std::optional<int64_t> dim;
      if (p.has(1) && p.get(1) != none()) dim = to_index(in, p.get(1));
      std::optional<DType> dt = p.has(3) && p.get(3) != none() ? dtype_of_object(p.get(3)) : std::nullopt;
      return F_softmax(p.get(0), dim, dt, log);
    });
  }
  module_add_function(m.get(), "dropout", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "dropout", {"input", "p=", "training=", "inplace="});
    ObjRef prob = p.has(1) ? ObjRef(p.get(1)) : make_float(0.5);
    return F_dropout(in, p.get(0), prob.get(), p.get_bool(in, 2, true), p.get_bool(in, 3, false));
  });
  module_add_function(m.get(), "linear", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "linear", {"input", "weight", "bias="});
    Tensor x = tensor_arg(p.get(0), "linear", "input", 1);
    Tensor w = tensor_arg(p.get(1), "linear", "weight", 2);
    Tensor b = p.has(2) && p.get(2) != none() ? tensor_arg(p.get(2), "linear", "bias", 3) : Tensor();
    return guarded([&] { return wrap(op::linear(x, w, b)); });
  });
  module_add_function(m.get(), "mse_loss", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "mse_loss", {"input", "target", "size_average=", "reduce=", "reduction="});
    return F_mse_loss(p.get(0), p.get(1), p.get_str(4, "mean"));
  });
  module_add_function(m.get(), "cross_entropy", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(
        a, "cross_entropy",
        {"input", "target", "weight=", "size_average=", "ignore_index=", "reduce=", "reduction=", "label_smoothing="});
    return F_cross_entropy(p.get(0), p.get(1), p.get_str(6, "mean"), p.get_int(in, 4, -100),
                           p.has(2) ? p.get(2) : nullptr, p.get_double(in, 7, 0.0));
  });
  module_add_function(m.get(), "nll_loss", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "nll_loss",
                {"input", "target", "weight=", "size_average=", "ignore_index=", "reduce=", "reduction="});
    return F_nll_loss(p.get(0), p.get(1), p.get_str(6, "mean"), p.get_int(in, 4, -100), p.has(2) ? p.get(2) : nullptr);
  });
  module_add_function(m.get(), "binary_cross_entropy_with_logits", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "binary_cross_entropy_with_logits",
                {"input", "target", "weight=", "size_average=", "reduce=", "reduction=", "pos_weight="});
    return F_bce_with_logits(p.get(0), p.get(1), p.get_str(5, "mean"), p.has(2) ? p.get(2) : nullptr,
                             p.has(6) ? p.get(6) : nullptr);
  });
  bindings::add_more_functional(m.get());
  add_batch_norm_function(m.get());
  return m;
}

// ---- torch.autograd -----------------------------------------------------------------------------------

static std::vector<Tensor> tensors_of(Interp& in, Object* o) {
  std::vector<Tensor> out;
  if (o == none()) return out;
  if (is_tensor(o)) return {unwrap(o)};
  for (auto& it : to_vector(in, o)) {
    if (it.get() == none()) out.push_back(Tensor());
    else out.push_back(T(it.get()));
  }
  return out;
}

static std::optional<bool> opt_bool_arg(Interp& in, const ArgParser& p, size_t i) {
  if (!p.has(i) || p.get(i) == none()) return std::nullopt;
  return truthy(in, p.get(i));
}

Ref<ModuleObject> make_autograd_module(Interp& in) {
  auto m = make_module("torch.autograd");
  module_add(m.get(), "Function", ObjRef(autograd_function_type()));
  module_add_function(m.get(), "backward", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "backward",
                {"tensors", "grad_tensors=", "retain_graph=", "create_graph=", "grad_variables=", "inputs="});
    auto ts = tensors_of(in, p.get(0));
    auto gs = p.has(1) ? tensors_of(in, p.get(1)) : std::vector<Tensor>{};
    run_engine(EngineCall::Backward, [&] { ag::backward(ts, gs, opt_bool_arg(in, p, 2), p.get_bool(in, 3, false)); });
    return ObjRef(none());
  });
  module_add_function(m.get(), "grad", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "grad",
                {"outputs", "inputs", "grad_outputs=", "retain_graph=", "create_graph=", "only_inputs=",
                 "allow_unused=", "is_grads_batched="});
    auto outs = tensors_of(in, p.get(0));
    auto ins = tensors_of(in, p.get(1));
    auto gos = p.has(2) ? tensors_of(in, p.get(2)) : std::vector<Tensor>{};
    std::vector<Tensor> r;
    run_engine(EngineCall::Grad, [&] {
      r = ag::grad(outs, ins, gos, opt_bool_arg(in, p, 3), p.get_bool(in, 4, false), p.get_bool(in, 6, false));
    });
    return wrap_list(r, true);
  });
  return m;
}

}  // namespace stridelab::torch
