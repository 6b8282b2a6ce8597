// torch.optim: the Optimizer base class (subclassable from Python), SGD, Adam, AdamW, RMSprop and
// Adagrad, and torch.optim.lr_scheduler.
//
// NOTE [Optimizer arithmetic]
// PyTorch 1.13 runs each optimizer's single-tensor loop (foreach=False on CPU) as a chain of
// in-place tensor ops: exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1), and so on. Each op rounds
// to the parameter's dtype with its Python-float scalars cast to that dtype, x + alpha * y is one
// fused multiply-add, addcmul_ is self + (value * t1) * t2 with that last multiply-add fused, and
// addcdiv_ is self + (value * t1) / t2. The kernels below compute element by element in that order
// and bump the version counter of every tensor once per op that wrote it, as the op chain does.
#include <algorithm>
#include <cmath>

#include "autograd/autograd.h"
#include "autograd/nn.h"
#include "torch/attribute_object.h"
#include "torch/binding.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

namespace {

#define TORCH_OPTIM "/usr/lib/python3/dist-packages/torch/optim/"

// ---- Optimizer.state: a defaultdict(dict) -------------------------------------------------------

class StateObject : public Object {
 public:
  explicit StateObject(TypeObject* t) : Object(t), dict(new DictObject()) { track(); }
  Ref<DictObject> dict;
  void clear_refs() override { dict->clear(); }
};

StateObject* S(Object* o) { return static_cast<StateObject*>(o); }

// d[key], inserting an empty dict as defaultdict(dict) does.
ObjRef state_get(Interp& in, StateObject* s, Object* key) {
  if (Object* v = s->dict->get(in, key)) return ObjRef(v);
  ObjRef fresh(new DictObject());
  s->dict->set(in, ObjRef(key), fresh);
  return fresh;
}

TypeObject* state_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  auto inner = [](CallArgs& a) { return ObjRef(S(a.pos[0].get())->dict.get()); };
  auto delegate = [inner](const char* name) {
    return [inner, name](Interp& in, CallArgs& a) -> ObjRef {
      CallArgs rest;
      rest.pos.assign(a.pos.begin() + 1, a.pos.end());
      rest.kw = a.kw;
      return call_method(in, inner(a).get(), name, rest);
    };
  };
  NativeType nt("defaultdict", "collections");
  nt.constructor([](Interp&, TypeObject* cls, CallArgs&) -> ObjRef { return ObjRef(new StateObject(cls)); });
  nt.method("__getitem__",
            [](Interp& in, CallArgs& a) -> ObjRef { return state_get(in, S(a.pos[0].get()), a.pos.at(1).get()); });
  nt.method("__setitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    S(a.pos[0].get())->dict->set(in, a.pos.at(1), a.pos.at(2));
    return ObjRef(none());
  });
  nt.method("__delitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!S(a.pos[0].get())->dict->erase(in, a.pos.at(1).get()))
      raise(builtin_types().key_error, repr(in, a.pos[1].get()));
    return ObjRef(none());
  });
  nt.method("__contains__", [](Interp& in, CallArgs& a) -> ObjRef {
    return ObjRef(bool_obj(S(a.pos[0].get())->dict->get(in, a.pos.at(1).get()) != nullptr));
  });
  nt.method("__len__", [](Interp&, CallArgs& a) -> ObjRef {
    return make_int(static_cast<int64_t>(S(a.pos[0].get())->dict->size()));
  });
  nt.method("__iter__",
            [inner](Interp& in, CallArgs& a) -> ObjRef { return ObjRef(get_iter(in, inner(a).get()).get()); });
  for (const char* name : {"keys", "values", "items", "get", "pop", "clear", "update", "setdefault"})
    nt.method(name, delegate(name));
  nt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
    return make_str("defaultdict(<class 'dict'>, " + repr(in, S(a.pos[0].get())->dict.get()) + ")");
  });
  t = nt.build();
  return t;
}

StateObject* opt_state(Interp& in, Object* opt) {
  ObjRef s = get_attr(in, opt, "state");
  if (s->type() != state_type()) raise(builtin_types().type_error, "optimizer.state is not a defaultdict");
  return S(s.get());
}

Object* dict_item(Interp& in, Object* d, const char* key) { return as<DictObject>(d)->get(in, make_str(key).get()); }
void dict_put(Interp& in, Object* d, const char* key, ObjRef v) { as<DictObject>(d)->set(in, make_str(key), v); }

// ---- Optimizer.__init__ and add_param_group -----------------------------------------------------

std::vector<ObjRef> group_params(Interp& in, Object* group) {
  Object* ps = dict_item(in, group, "params");
  return ps ? to_vector(in, ps) : std::vector<ObjRef>{};
}

double group_num(Interp& in, Object* group, const char* key) {
  Object* v = dict_item(in, group, key);
  if (!v) raise(builtin_types().key_error, std::string("'") + key + "'");
  return to_double(in, v);
}

bool group_bool(Interp& in, Object* group, const char* key) {
  Object* v = dict_item(in, group, key);
  return v && truthy(in, v);
}

// torch.typename: a tensor's legacy type name, else the object's type with its module.
std::string torch_typename(Object* o) {
  if (is_tensor(o)) return core::legacy_type_name(unwrap(o).dtype());
  const TypeObject* t = o->type();
  return t->module_ == "builtins" ? t->name_ : t->module_ + "." + t->name_;
}

// torch.optim.optimizer.required, the default of SGD's lr.
ObjRef required_parameter() {
  static TypeObject* t =
      NativeType("_RequiredParameter", "torch.optim.optimizer")
          .method("__repr__", [](Interp&, CallArgs&) -> ObjRef { return make_str("<required parameter>"); })
          .build();
  static ObjRef value(new Object(t));
  return value;
}

// Optimizer.add_param_group: the group dict itself is kept (and completed with the defaults), as
// PyTorch keeps the caller's dict.
void add_param_group(Interp& in, Object* opt, Object* group_obj, std::vector<const TorchFrame*> outer) {
  auto fail = [&](const TorchFrame& where, TypeObject* type, const std::string& msg) {
    std::vector<const TorchFrame*> frames = outer;
    frames.push_back(&where);
    raise_from(frames, type, msg);
  };
  if (!is_instance(group_obj, builtin_types().dict))
    fail(frames::optimizer_add_group_assert, builtin_types().assertion_error, "param group must be a dict");
  auto* group = as<DictObject>(group_obj);
  ObjRef key = make_str("params");
  Object* params = group->get(in, key.get());
  if (!params) raise(builtin_types().key_error, "'params'");
  std::vector<ObjRef> list = is_tensor(params) ? std::vector<ObjRef>{ObjRef(params)} : to_vector(in, params);
  group->set(in, key, make_list(list));
  for (auto& param : list) {
    if (!is_tensor(param.get()))
      fail(frames::optimizer_add_group_not_tensor, builtin_types().type_error,
           "optimizer can only optimize Tensors, but one of the params is " + torch_typename(param.get()));
    const Tensor& t = unwrap(param.get());
    if (!ag::is_leaf(t) && !ag::retains_grad(t))
      fail(frames::optimizer_add_group_non_leaf, builtin_types().value_error, "can't optimize a non-leaf Tensor");
  }
  ObjRef defaults = get_attr(in, opt, "defaults");
  for (auto& [name, value] : as<DictObject>(defaults.get())->items()) {
    if (group->get(in, name.get())) continue;
    if (value.get() == required_parameter().get())
      fail(frames::optimizer_add_group_required, builtin_types().value_error,
           "parameter group didn't specify a value of required optimization parameter " +
               as<StrObject>(name.get())->value_);
    group->set(in, name, value);
  }
  std::vector<Object*> seen;
  ObjRef groups = get_attr(in, opt, "param_groups");
  for (auto& g : to_vector(in, groups.get()))
    for (auto& q : group_params(in, g.get())) seen.push_back(q.get());
  for (auto& param : list)
    if (std::find(seen.begin(), seen.end(), param.get()) != seen.end())
      fail(frames::optimizer_add_group_duplicate, builtin_types().value_error,
           "some parameters appear in more than one parameter group");
  as<ListObject>(groups.get())->items_.push_back(ObjRef(group_obj));
}

// Optimizer.__init__(self, params, defaults); `outer` are the frames of the subclass's __init__.
void optimizer_init(Interp& in, Object* self, Object* params, ObjRef defaults,
                    const std::vector<const TorchFrame*>& outer) {
  auto with = [&](const TorchFrame& f) {
    std::vector<const TorchFrame*> v = outer;
    v.push_back(&f);
    return v;
  };
  set_attr(in, self, "defaults", defaults);
  if (is_tensor(params))
    raise_from(with(frames::optimizer_init_tensor), builtin_types().type_error,
               "params argument given to the optimizer should be an iterable of Tensors or dicts, but got " +
                   torch_typename(params));
  set_attr(in, self, "state", ObjRef(new StateObject(state_type())));
  set_attr(in, self, "param_groups", make_list({}));
  std::vector<ObjRef> groups = to_vector(in, params);
  if (groups.empty())
    raise_from(with(frames::optimizer_init_empty), builtin_types().value_error,
               "optimizer got an empty parameter list");
  if (!is_instance(groups[0].get(), builtin_types().dict)) {
    Ref<DictObject> g(new DictObject());
    g->set(in, make_str("params"), make_list(groups));
    groups = {ObjRef(g.get())};
  }
  for (auto& g : groups) add_param_group(in, self, g.get(), with(frames::optimizer_init_add_group));
}

// ---- the kernels (NOTE [Optimizer arithmetic]) --------------------------------------------------

// Runs fn(T* const* data, n) over tensors of one shape and dtype, each seen as a contiguous array;
// a non-contiguous one is computed in a contiguous copy and written back. writes[k] says how many
// in-place ops the step applies to tensor k (its version counter moves by that much).
template <class F>
void elementwise(std::vector<Tensor> ts, const std::vector<int>& writes, F&& fn) {
  std::vector<Tensor> work;
  for (auto& t : ts) work.push_back(t.is_contiguous() ? t : core::contiguous(t));
  const int64_t n = ts[0].numel();
  core::dispatch(ts[0].dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      std::vector<T*> ptr;
      for (auto& w : work) ptr.push_back(w.template data<T>());
      fn(ptr, n, T{});
    } else {
      throw core::Error(core::ErrorKind::RuntimeError, "optimizers update floating-point parameters only");
    }
  });
  for (size_t k = 0; k < ts.size(); ++k) {
    if (k >= writes.size() || writes[k] == 0) continue;
    if (!work[k].is_same(ts[k])) core::copy_(ts[k], work[k]);
    for (int i = 0; i < writes[k]; ++i) ts[k].bump_version();
  }
}

Tensor zeros_like(const Tensor& p) {
  Tensor z = core::empty_like(p);
  core::fill_(z, core::Scalar(0.0));
  return z;
}

Tensor state_tensor(Interp& in, Object* st, const char* key) {
  Object* v = dict_item(in, st, key);
  if (!v || !is_tensor(v)) raise(builtin_types().key_error, std::string("'") + key + "'");
  return unwrap(v);
}

// step_t += 1 on a float32 0-dim step tensor; returns step_t.item().
double bump_step(Interp& in, Object* st) {
  Tensor s = state_tensor(in, st, "step");
  float* v = s.data<float>();
  *v = *v + 1.0f;
  s.bump_version();
  return static_cast<double>(*v);
}

struct Grad {
  ObjRef param;
  Tensor p, g;
};

std::vector<Grad> params_with_grad(Interp& in, Object* group) {
  std::vector<Grad> out;
  for (auto& po : group_params(in, group)) {
    Tensor p = unwrap(po.get());
    Tensor g = ag::grad(p);
    if (g.defined()) out.push_back({po, p, g});
  }
  return out;
}

std::pair<double, double> betas_of(Interp& in, Object* group) {
  Object* b = dict_item(in, group, "betas");
  if (!b) raise(builtin_types().key_error, "'betas'");
  auto v = to_vector(in, b);
  if (v.size() != 2) raise(builtin_types().value_error, "betas must hold two values");
  return {to_double(in, v[0].get()), to_double(in, v[1].get())};
}

void sgd_step(Interp& in, Object* opt, Object* group) {
  const double lr = group_num(in, group, "lr"), mom = group_num(in, group, "momentum");
  const double damp = group_num(in, group, "dampening"), wd = group_num(in, group, "weight_decay");
  const bool nesterov = group_bool(in, group, "nesterov"), maximize = group_bool(in, group, "maximize");
  StateObject* state = opt_state(in, opt);
  for (auto& [po, p, g] : params_with_grad(in, group)) {
    ObjRef st = state_get(in, state, po.get());
    Object* buf_obj = dict_item(in, st.get(), "momentum_buffer");
    Tensor buf = buf_obj && is_tensor(buf_obj) ? unwrap(buf_obj) : Tensor();
    if (mom == 0) {
      elementwise({p, g}, {1}, [&](auto& d, int64_t n, auto zero) {
        using T = decltype(zero);
        const T w = static_cast<T>(wd), nlr = static_cast<T>(-lr);
        for (int64_t i = 0; i < n; ++i) {
          T x = maximize ? -d[1][i] : d[1][i];
          if (wd != 0) x = std::fma(w, d[0][i], x);
          d[0][i] = std::fma(nlr, x, d[0][i]);
        }
      });
      dict_put(in, st.get(), "momentum_buffer", ObjRef(none()));
      continue;
    }
    const bool fresh = !buf.defined();
    if (fresh) buf = zeros_like(p);
    // A fresh buffer is the (decayed) gradient's clone: no in-place write is seen on it.
    elementwise({p, g, buf}, {1, 0, fresh ? 0 : 2}, [&](auto& d, int64_t n, auto zero) {
      using T = decltype(zero);
      const T w = static_cast<T>(wd), nlr = static_cast<T>(-lr), m = static_cast<T>(mom);
      const T keep = static_cast<T>(1 - damp);
      for (int64_t i = 0; i < n; ++i) {
        T x = maximize ? -d[1][i] : d[1][i];
        if (wd != 0) x = std::fma(w, d[0][i], x);
        if (fresh) {
          d[2][i] = x;
        } else {
          T b = d[2][i] * m;
          d[2][i] = keep == T(1) ? b + x : std::fma(keep, x, b);
        }
        x = nesterov ? std::fma(m, d[2][i], x) : d[2][i];
        d[0][i] = std::fma(nlr, x, d[0][i]);
      }
    });
    if (fresh) dict_put(in, st.get(), "momentum_buffer", wrap(buf));
  }
}

void adam_step(Interp& in, Object* opt, Object* group, bool decoupled) {
  const double lr = group_num(in, group, "lr"), eps = group_num(in, group, "eps");
  const double wd = group_num(in, group, "weight_decay");
  const bool amsgrad = group_bool(in, group, "amsgrad"), maximize = group_bool(in, group, "maximize");
  // Plain names, not a structured binding: the kernel lambda below captures them (C++20 allows
  // capturing a binding, clang 14, the wasm compiler, does not).
  const auto betas = betas_of(in, group);
  const double beta1 = betas.first, beta2 = betas.second;
  StateObject* state = opt_state(in, opt);
  for (auto& [po, p, g] : params_with_grad(in, group)) {
    ObjRef st = state_get(in, state, po.get());
    if (as<DictObject>(st.get())->size() == 0) {
      dict_put(in, st.get(), "step", wrap(core::scalar_tensor(core::Scalar(0.0), DType::Float32)));
      dict_put(in, st.get(), "exp_avg", wrap(zeros_like(p)));
      dict_put(in, st.get(), "exp_avg_sq", wrap(zeros_like(p)));
      if (amsgrad) dict_put(in, st.get(), "max_exp_avg_sq", wrap(zeros_like(p)));
    }
    const double step = bump_step(in, st.get());
    const double bc1 = 1 - std::pow(beta1, step), bc2 = 1 - std::pow(beta2, step);
    const double step_size = lr / bc1, bc2_sqrt = std::sqrt(bc2);
    std::vector<Tensor> ts{p, g, state_tensor(in, st.get(), "exp_avg"), state_tensor(in, st.get(), "exp_avg_sq")};
    if (amsgrad) ts.push_back(state_tensor(in, st.get(), "max_exp_avg_sq"));
    const int param_writes = decoupled ? 2 : 1;
    elementwise(ts, {param_writes, 0, 2, 2, 1}, [&](auto& d, int64_t n, auto zero) {
      using T = decltype(zero);
      const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2), omb1 = static_cast<T>(1 - beta1),
              omb2 = static_cast<T>(1 - beta2), w = static_cast<T>(wd), decay = static_cast<T>(1 - lr * wd),
              c2 = static_cast<T>(bc2_sqrt), e = static_cast<T>(eps), nss = static_cast<T>(-step_size);
      for (int64_t i = 0; i < n; ++i) {
        T x = maximize ? -d[1][i] : d[1][i];
        if (decoupled) d[0][i] = d[0][i] * decay;
        else if (wd != 0) x = std::fma(w, d[0][i], x);
        d[2][i] = std::fma(omb1, x, d[2][i] * b1);
        d[3][i] = std::fma(omb2 * x, x, d[3][i] * b2);
        T v = d[3][i];
        if (amsgrad) {
          if (!(d[4][i] >= v)) d[4][i] = std::isnan(d[4][i]) ? d[4][i] : v;
          v = d[4][i];
        }
        const T denom = std::sqrt(v) / c2 + e;
        d[0][i] = d[0][i] + (nss * d[2][i]) / denom;
      }
    });
  }
}

void rmsprop_step(Interp& in, Object* opt, Object* group) {
  const double lr = group_num(in, group, "lr"), alpha = group_num(in, group, "alpha");
  const double eps = group_num(in, group, "eps"), wd = group_num(in, group, "weight_decay");
  const double mom = group_num(in, group, "momentum");
  const bool centered = group_bool(in, group, "centered"), maximize = group_bool(in, group, "maximize");
  StateObject* state = opt_state(in, opt);
  for (auto& [po, p, g] : params_with_grad(in, group)) {
    ObjRef st = state_get(in, state, po.get());
    if (as<DictObject>(st.get())->size() == 0) {
      dict_put(in, st.get(), "step", make_int(0));
      dict_put(in, st.get(), "square_avg", wrap(zeros_like(p)));
      if (mom > 0) dict_put(in, st.get(), "momentum_buffer", wrap(zeros_like(p)));
      if (centered) dict_put(in, st.get(), "grad_avg", wrap(zeros_like(p)));
    }
    ObjRef step = make_int(0);
    if (Object* s = dict_item(in, st.get(), "step")) step = binary_op(in, BinOpKind::Add, s, make_int(1).get());
    dict_put(in, st.get(), "step", step);
    std::vector<Tensor> ts{p, g, state_tensor(in, st.get(), "square_avg")};
    ts.push_back(mom > 0 ? state_tensor(in, st.get(), "momentum_buffer") : p);
    ts.push_back(centered ? state_tensor(in, st.get(), "grad_avg") : p);
    elementwise(ts, {1, 0, 2, mom > 0 ? 2 : 0, centered ? 2 : 0}, [&](auto& d, int64_t n, auto zero) {
      using T = decltype(zero);
      const T a = static_cast<T>(alpha), oma = static_cast<T>(1 - alpha), w = static_cast<T>(wd),
              e = static_cast<T>(eps), m = static_cast<T>(mom), nlr = static_cast<T>(-lr);
      for (int64_t i = 0; i < n; ++i) {
        T x = maximize ? -d[1][i] : d[1][i];
        if (wd != 0) x = std::fma(w, d[0][i], x);
        d[2][i] = std::fma(oma * x, x, d[2][i] * a);
        T avg;
        if (centered) {
          d[4][i] = std::fma(oma, x, d[4][i] * a);
          avg = std::sqrt(std::fma(-d[4][i], d[4][i], d[2][i]));
        } else {
          avg = std::sqrt(d[2][i]);
        }
        avg = avg + e;
        if (mom > 0) {
          d[3][i] = d[3][i] * m + x / avg;
          d[0][i] = std::fma(nlr, d[3][i], d[0][i]);
        } else {
          d[0][i] = d[0][i] + (nlr * x) / avg;
        }
      }
    });
  }
}

void adagrad_step(Interp& in, Object* opt, Object* group) {
  const double lr = group_num(in, group, "lr"), lr_decay = group_num(in, group, "lr_decay");
  const double eps = group_num(in, group, "eps"), wd = group_num(in, group, "weight_decay");
  const bool maximize = group_bool(in, group, "maximize");
  StateObject* state = opt_state(in, opt);
  for (auto& [po, p, g] : params_with_grad(in, group)) {
    ObjRef st = state_get(in, state, po.get());
    const double step = bump_step(in, st.get());
    const double clr = lr / (1 + (step - 1) * lr_decay);
    elementwise({p, g, state_tensor(in, st.get(), "sum")}, {1, 0, 1}, [&](auto& d, int64_t n, auto zero) {
      using T = decltype(zero);
      const T w = static_cast<T>(wd), e = static_cast<T>(eps), nclr = static_cast<T>(-clr);
      for (int64_t i = 0; i < n; ++i) {
        T x = maximize ? -d[1][i] : d[1][i];
        if (wd != 0) x = std::fma(w, d[0][i], x);
        d[2][i] = std::fma(x, x, d[2][i]);
        const T sd = std::sqrt(d[2][i]) + e;
        d[0][i] = d[0][i] + (nclr * x) / sd;
      }
    });
  }
}

// ---- the classes --------------------------------------------------------------------------------

// One "raise ValueError(...)" line of an optimizer's __init__: the argument it checks ("betas0" /
// "betas1": an index of betas), the frame, and the message before the value.
struct Check {
  const char* key;
  TorchFrame frame;
  const char* message;
};

struct OptimSpec {
  const char* name;
  const char* module;
  // The __init__ parameters as ArgParser lists them (after self), and each one's default.
  std::vector<const char*> params;
  std::vector<ObjRef (*)()> defaults;
  std::vector<Check> checks;
  std::vector<const char*> order;  // the keys of `defaults`, in the order __init__ builds it
  TorchFrame super_frame;
  void (*step)(Interp&, Object*, Object*);
  void (*after_init)(Interp&, Object*) = nullptr;
};

ObjRef f_1e_3() { return make_float(1e-3); }
ObjRef f_1e_2() { return make_float(1e-2); }
ObjRef f_1e_8() { return make_float(1e-8); }
ObjRef f_1e_10() { return make_float(1e-10); }
ObjRef f_099() { return make_float(0.99); }
ObjRef i_0() { return make_int(0); }
ObjRef b_false() { return ObjRef(false_obj()); }
ObjRef o_none() { return ObjRef(none()); }
ObjRef betas_default() { return ObjRef(make_tuple({make_float(0.9), make_float(0.999)}).get()); }

void adagrad_init_state(Interp& in, Object* self) {
  StateObject* state = opt_state(in, self);
  for (auto& g : to_vector(in, get_attr(in, self, "param_groups").get())) {
    Object* init = dict_item(in, g.get(), "initial_accumulator_value");
    const double v = init ? to_double(in, init) : 0.0;
    for (auto& po : group_params(in, g.get())) {
      ObjRef st = state_get(in, state, po.get());
      dict_put(in, st.get(), "step", wrap(core::scalar_tensor(core::Scalar(0.0), DType::Float32)));
      Tensor s = core::empty_like(unwrap(po.get()));
      core::fill_(s, core::Scalar(v));
      dict_put(in, st.get(), "sum", wrap(s));
    }
  }
}

#define ADAM_PARAMS                                                    \
  "params", "lr=", "betas=", "eps=", "weight_decay=", "amsgrad=", "*", \
      "foreach=", "maximize=", "capturable=", "differentiable=", "fused="
#define ADAMW_PARAMS \
  "params", "lr=", "betas=", "eps=", "weight_decay=", "amsgrad=", "*", "maximize=", "foreach=", "capturable="
#define RMSPROP_PARAMS \
  "params",            \
      "lr=", "alpha=", "eps=", "weight_decay=", "momentum=", "centered=", "foreach=", "maximize=", "differentiable="
#define ADAGRAD_PARAMS \
  "params", "lr=", "lr_decay=", "weight_decay=", "initial_accumulator_value=", "eps=", "foreach=", "*", "maximize="

const OptimSpec& spec(int which) {
  static const std::vector<OptimSpec> all = [] {
    std::vector<OptimSpec> v;
    auto check = [](const char* key, const char* file, int line, const char* text, const char* msg) {
      return Check{key, {file, line, "__init__", text}, msg};
    };
    const char* lr_line = "    raise ValueError(\"Invalid learning rate: {}\".format(lr))\n";
    const char* eps_line = "    raise ValueError(\"Invalid epsilon value: {}\".format(eps))\n";
    const char* wd_line = "    raise ValueError(\"Invalid weight_decay value: {}\".format(weight_decay))\n";
    const char* b0_line = "    raise ValueError(\"Invalid beta parameter at index 0: {}\".format(betas[0]))\n";
    const char* b1_line = "    raise ValueError(\"Invalid beta parameter at index 1: {}\".format(betas[1]))\n";
    const char* mom_line = "    raise ValueError(\"Invalid momentum value: {}\".format(momentum))\n";
    const char* lr_msg = "Invalid learning rate: ";
    const char* eps_msg = "Invalid epsilon value: ";
    const char* wd_msg = "Invalid weight_decay value: ";
    v.push_back({"Adam",
                 "torch.optim.adam",
                 {ADAM_PARAMS},
                 {nullptr, f_1e_3, betas_default, f_1e_8, i_0, b_false, o_none, b_false, b_false, b_false, b_false},
                 {check("lr", TORCH_OPTIM "adam.py", 124, lr_line, lr_msg),
                  check("eps", TORCH_OPTIM "adam.py", 126, eps_line, eps_msg),
                  check("betas0", TORCH_OPTIM "adam.py", 128, b0_line, "Invalid beta parameter at index 0: "),
                  check("betas1", TORCH_OPTIM "adam.py", 130, b1_line, "Invalid beta parameter at index 1: "),
                  check("weight_decay", TORCH_OPTIM "adam.py", 132, wd_line, wd_msg)},
                 {"lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable",
                  "differentiable", "fused"},
                 {TORCH_OPTIM "adam.py", 137, "__init__", "    super(Adam, self).__init__(params, defaults)\n"},
                 [](Interp& in, Object* o, Object* g) { adam_step(in, o, g, false); }});
    v.push_back({"AdamW",
                 "torch.optim.adamw",
                 {ADAMW_PARAMS},
                 {nullptr, f_1e_3, betas_default, f_1e_8, f_1e_2, b_false, b_false, o_none, b_false},
                 {check("lr", TORCH_OPTIM "adamw.py", 80, lr_line, lr_msg),
                  check("eps", TORCH_OPTIM "adamw.py", 82, eps_line, eps_msg),
                  check("betas0", TORCH_OPTIM "adamw.py", 84, b0_line, "Invalid beta parameter at index 0: "),
                  check("betas1", TORCH_OPTIM "adamw.py", 86, b1_line, "Invalid beta parameter at index 1: "),
                  check("weight_decay", TORCH_OPTIM "adamw.py", 88, wd_line, wd_msg)},
                 {"lr", "betas", "eps", "weight_decay", "amsgrad", "foreach", "maximize", "capturable"},
                 {TORCH_OPTIM "adamw.py", 92, "__init__", "    super(AdamW, self).__init__(params, defaults)\n"},
                 [](Interp& in, Object* o, Object* g) { adam_step(in, o, g, true); }});
    v.push_back(
        {"RMSprop",
         "torch.optim.rmsprop",
         {RMSPROP_PARAMS},
         {nullptr, f_1e_2, f_099, f_1e_8, i_0, i_0, b_false, o_none, b_false, b_false},
         {check("lr", TORCH_OPTIM "rmsprop.py", 74, lr_line, lr_msg),
          check("eps", TORCH_OPTIM "rmsprop.py", 76, eps_line, eps_msg),
          check("momentum", TORCH_OPTIM "rmsprop.py", 78, mom_line, "Invalid momentum value: "),
          check("weight_decay", TORCH_OPTIM "rmsprop.py", 80, wd_line, wd_msg),
          check("alpha", TORCH_OPTIM "rmsprop.py", 82,
                "    raise ValueError(\"Invalid alpha value: {}\".format(alpha))\n", "Invalid alpha value: ")},
         {"lr", "momentum", "alpha", "eps", "centered", "weight_decay", "foreach", "maximize", "differentiable"},
         {TORCH_OPTIM "rmsprop.py", 87, "__init__", "    super(RMSprop, self).__init__(params, defaults)\n"},
         rmsprop_step});
    v.push_back(
        {"Adagrad",
         "torch.optim.adagrad",
         {ADAGRAD_PARAMS},
         {nullptr, f_1e_2, i_0, i_0, i_0, f_1e_10, o_none, b_false},
         {check("lr", TORCH_OPTIM "adagrad.py", 65, lr_line, lr_msg),
          check("lr_decay", TORCH_OPTIM "adagrad.py", 67,
                "    raise ValueError(\"Invalid lr_decay value: {}\".format(lr_decay))\n", "Invalid lr_decay value: "),
          check("weight_decay", TORCH_OPTIM "adagrad.py", 69, wd_line, wd_msg),
          check("initial_accumulator_value", TORCH_OPTIM "adagrad.py", 71, "    raise ValueError(\n",
                "Invalid initial_accumulator_value value: "),
          check("eps", TORCH_OPTIM "adagrad.py", 77, eps_line, eps_msg)},
         {"lr", "lr_decay", "eps", "weight_decay", "initial_accumulator_value", "foreach", "maximize"},
         {TORCH_OPTIM "adagrad.py", 88, "__init__", "    super(Adagrad, self).__init__(params, defaults)\n"},
         adagrad_step,
         adagrad_init_state});
    return v;
  }();
  return all[static_cast<size_t>(which)];
}

// The __init__ of an OptimSpec class, once ArgParser has read its arguments (index 0 is self).
void spec_init(Interp& in, const OptimSpec& sp, const ArgParser& p) {
  std::vector<std::string> names;
  for (const char* n : sp.params) {
    std::string s = n;
    if (s == "*") continue;
    if (!s.empty() && s.back() == '=') s.pop_back();
    names.push_back(s);
  }
  auto value = [&](size_t i) { return p.has(i + 1) ? ObjRef(p.get(i + 1)) : sp.defaults[i](); };
  auto index_of = [&](const std::string& n) {
    return static_cast<size_t>(std::find(names.begin(), names.end(), n) - names.begin());
  };
  for (const Check& c : sp.checks) {
    std::string key = c.key;
    ObjRef v;
    if (key == "betas0" || key == "betas1") {
      auto betas = to_vector(in, value(index_of("betas")).get());
      v = betas.at(key == "betas0" ? 0 : 1);
      const double x = to_double(in, v.get());
      if (0.0 <= x && x < 1.0) continue;
    } else {
      v = value(index_of(key));
      if (0.0 <= to_double(in, v.get())) continue;
    }
    raise_from({&c.frame}, builtin_types().value_error, c.message + str(in, v.get()));
  }
  Ref<DictObject> defaults(new DictObject());
  for (const char* key : sp.order) defaults->set(in, make_str(key), value(index_of(key)));
  optimizer_init(in, p.get(0), value(0).get(), ObjRef(defaults.get()), {&sp.super_frame});
  if (sp.after_init) sp.after_init(in, p.get(0));
}

ObjRef optimizer_step(Interp& in, CallArgs& a, void (*step)(Interp&, Object*, Object*)) {
  ArgParser p(a, "step", {"self", "closure="});
  Object* self = p.get(0);
  ObjRef loss(none());
  if (p.has(1) && p.get(1) != none()) {
    const bool was = grad_enabled();
    set_grad_enabled(true);
    try {
      CallArgs none_args;
      loss = call(in, p.get(1), none_args);
    } catch (...) {
      set_grad_enabled(was);
      throw;
    }
    set_grad_enabled(was);
  }
  ag::AutoGradMode no_grad(false);
  for (auto& g : to_vector(in, get_attr(in, self, "param_groups").get())) guarded([&] { step(in, self, g.get()); });
  return loss;
}

TypeObject* g_optimizer = nullptr;

TypeObject* optimizer_type() {
  if (g_optimizer) return g_optimizer;
  NativeType nt("Optimizer", "torch.optim.optimizer");
  nt.constructor(new_attribute_object);
  nt.method("__init__", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "__init__", {"self", "params", "defaults"});
    optimizer_init(in, p.get(0), p.get(1), ObjRef(p.get(2)), {});
    return ObjRef(none());
  });
  nt.method("add_param_group", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "add_param_group", {"self", "param_group"});
    add_param_group(in, p.get(0), p.get(1), {});
    return ObjRef(none());
  });
  nt.method("zero_grad", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "zero_grad", {"self", "set_to_none="});
    const bool set_to_none = p.get_bool(in, 1, false);
    for (auto& g : to_vector(in, get_attr(in, p.get(0), "param_groups").get())) {
      std::vector<Tensor> ts;
      for (auto& q : group_params(in, g.get())) ts.push_back(unwrap(q.get()));
      guarded([&] { ag::nn::zero_grad(ts, set_to_none); });
    }
    return ObjRef(none());
  });
  nt.method("step", [](Interp& in, CallArgs& a) -> ObjRef {
    // Optimizer.__init__ wraps each class's step in a profiling wrapper, whose frame shows.
    static const TorchFrame wrapper{TORCH_OPTIM "optimizer.py", 140, "wrapper",
                                    "    out = func(*args, **kwargs)\n"
                                    "          ^^^^^^^^^^^^^^^^^^^^^\n"};
    static const TorchFrame base_step{TORCH_OPTIM "optimizer.py", 298, "step", "    raise NotImplementedError\n"};
    through({&wrapper}, [&] { ArgParser p(a, "Optimizer.step", {"self", "closure"}); });
    Ref<ExceptionObject> e = new_exception(builtin_types().not_implemented_error, {});
    add_torch_frames(e.get(), {&wrapper, &base_step});
    throw PyError{e};
  });
  nt.method("state_dict", [](Interp& in, CallArgs& a) -> ObjRef {
    // Optimizer.state_dict: the state keyed by each parameter's index in the groups, and the groups
    // with their parameters as indices.
    ArgParser p(a, "state_dict", {"self"});
    Object* self = p.get(0);
    StateObject* state = opt_state(in, self);
    Ref<DictObject> packed_state(new DictObject());
    ObjRef groups = make_list({});
    int64_t index = 0;
    for (auto& g : to_vector(in, get_attr(in, self, "param_groups").get())) {
      Ref<DictObject> packed(new DictObject());
      std::vector<ObjRef> ids;
      for (auto& [k, v] : as<DictObject>(g.get())->items()) {
        if (as<StrObject>(k.get())->value_ != "params") packed->set(in, k, v);
      }
      for (auto& q : group_params(in, g.get())) {
        if (Object* st = state->dict->get(in, q.get())) packed_state->set(in, make_int(index), ObjRef(st));
        ids.push_back(make_int(index++));
      }
      packed->set(in, make_str("params"), make_list(ids));
      as<ListObject>(groups.get())->items_.push_back(ObjRef(packed.get()));
    }
    Ref<DictObject> out(new DictObject());
    out->set(in, make_str("state"), ObjRef(packed_state.get()));
    out->set(in, make_str("param_groups"), groups);
    return ObjRef(out.get());
  });
  nt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
    Object* self = a.pos[0].get();
    std::string s = type_name(self) + " (";
    int i = 0;
    for (auto& g : to_vector(in, get_attr(in, self, "param_groups").get())) {
      s += "\nParameter Group " + std::to_string(i++) + "\n";
      auto items = as<DictObject>(g.get())->items();
      std::sort(items.begin(), items.end(), [](auto& x, auto& y) {
        return as<StrObject>(x.first.get())->value_ < as<StrObject>(y.first.get())->value_;
      });
      for (auto& [k, v] : items) {
        std::string key = as<StrObject>(k.get())->value_;
        if (key == "params") continue;
        s += "    " + key + ": " + str(in, v.get()) + "\n";
      }
    }
    return make_str(s + ")");
  });
  g_optimizer = nt.build();
  return g_optimizer;
}

TypeObject* sgd_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("SGD", "torch.optim.sgd", optimizer_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__",
                                {"self", "params", "lr=", "momentum=", "dampening=", "weight_decay=", "nesterov=", "*",
                                 "maximize=", "foreach=", "differentiable="});
                    // SGD.__init__'s checks, then its defaults (lr is required: a group must give it).
                    if (p.has(2) && p.get(2) != required_parameter().get() && p.get_double(in, 2, 0.0) < 0)
                      raise_from({&frames::sgd_init_lr}, builtin_types().value_error,
                                 "Invalid learning rate: " + str(in, p.get(2)));
                    if (p.has(3) && p.get_double(in, 3, 0.0) < 0)
                      raise_from({&frames::sgd_init_momentum}, builtin_types().value_error,
                                 "Invalid momentum value: " + str(in, p.get(3)));
                    if (p.has(5) && p.get_double(in, 5, 0.0) < 0)
                      raise_from({&frames::sgd_init_weight_decay}, builtin_types().value_error,
                                 "Invalid weight_decay value: " + str(in, p.get(5)));
                    Ref<DictObject> defaults(new DictObject());
                    auto num = [&](size_t i, ObjRef dflt) { return p.has(i) ? ObjRef(p.get(i)) : dflt; };
                    defaults->set(in, make_str("lr"), num(2, required_parameter()));
                    defaults->set(in, make_str("momentum"), num(3, make_int(0)));
                    defaults->set(in, make_str("dampening"), num(4, make_int(0)));
                    defaults->set(in, make_str("weight_decay"), num(5, make_int(0)));
                    defaults->set(in, make_str("nesterov"), num(6, ObjRef(false_obj())));
                    defaults->set(in, make_str("maximize"), num(7, ObjRef(false_obj())));
                    defaults->set(in, make_str("foreach"), num(8, ObjRef(none())));
                    defaults->set(in, make_str("differentiable"), num(9, ObjRef(false_obj())));
                    if (p.has(6) && truthy(in, p.get(6)) &&
                        (p.get_double(in, 3, 0.0) <= 0 || p.get_double(in, 4, 0.0) != 0))
                      raise_from({&frames::sgd_init_nesterov}, builtin_types().value_error,
                                 "Nesterov momentum requires a momentum and zero dampening");
                    optimizer_init(in, p.get(0), p.get(1), ObjRef(defaults.get()), {&frames::sgd_init_super});
                    return ObjRef(none());
                  })
          .method("step", [](Interp& in, CallArgs& a) -> ObjRef { return optimizer_step(in, a, sgd_step); })
          .build();
  return t;
}

#define OPTIM_CLASS(index, PARAMS)                                                                               \
  NativeType(spec(index).name, spec(index).module, optimizer_type())                                             \
      .method("__init__",                                                                                        \
              [](Interp& in, CallArgs& a) -> ObjRef {                                                            \
                ArgParser p(a, "__init__", {"self", PARAMS});                                                    \
                spec_init(in, spec(index), p);                                                                   \
                return ObjRef(none());                                                                           \
              })                                                                                                 \
      .method("step", [](Interp& in, CallArgs& a) -> ObjRef { return optimizer_step(in, a, spec(index).step); }) \
      .build()

}  // namespace

TypeObject* optimizer_base_type() { return optimizer_type(); }

Ref<ModuleObject> make_optim_module(Interp& in) {
  auto m = make_module("torch.optim");
  module_add(m.get(), "Optimizer", ObjRef(optimizer_type()));
  module_add(m.get(), "SGD", ObjRef(sgd_type()));
  static TypeObject* adam = OPTIM_CLASS(0, ADAM_PARAMS);
  static TypeObject* adamw = OPTIM_CLASS(1, ADAMW_PARAMS);
  static TypeObject* rmsprop = OPTIM_CLASS(2, RMSPROP_PARAMS);
  static TypeObject* adagrad = OPTIM_CLASS(3, ADAGRAD_PARAMS);
  module_add(m.get(), "Adam", ObjRef(adam));
  module_add(m.get(), "AdamW", ObjRef(adamw));
  module_add(m.get(), "RMSprop", ObjRef(rmsprop));
  module_add(m.get(), "Adagrad", ObjRef(adagrad));
  return m;
}

}  // namespace stridelab::torch
