// The `torch` module: dtypes, device, Size, grad-mode context managers, runtime settings, the
// torch.* functions, and register_torch() which makes torch, torch.nn, torch.nn.functional,
// torch.optim and torch.autograd importable.
#include "torch/torch.h"

#include <limits>
#include <map>

#include "autograd/basic_nodes.h"
#include "autograd/variable.h"
#include "core/print.h"
#include "core/random.h"
#include "python/suggestions.h"
#include "torch/binding.h"
#include "torch/dispatch.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

int g_num_threads = 1;

// ---- grad mode: no_grad(), enable_grad(), set_grad_enabled(b) ------------------------------------
class GradModeObject : public Object {
 public:
  GradModeObject(TypeObject* t, bool enabled) : Object(t), enabled_(enabled) {}
  bool enabled_;
  std::vector<bool> saved_;
  // torch.inference_mode(mode): grad mode is !mode, inference mode (NOTE [Inference tensors] in
  // core/tensor.h) is mode, both restored on exit.
  bool sets_inference_ = false;
  std::vector<bool> saved_inference_;
  void enter() {
    saved_.push_back(grad_enabled());
    set_grad_enabled(enabled_);
    if (sets_inference_) {
      saved_inference_.push_back(core::InferenceMode::enabled);
      core::InferenceMode::enabled = !enabled_;
    }
  }
  void leave() {
    if (!saved_.empty()) {
      set_grad_enabled(saved_.back());
      saved_.pop_back();
    }
    if (sets_inference_ && !saved_inference_.empty()) {
      core::InferenceMode::enabled = saved_inference_.back();
      saved_inference_.pop_back();
    }
  }
};

TypeObject* make_grad_mode_type(const char* name, support::Callback<bool(Interp&, CallArgs&)> mode_of, bool set_now,
                                bool sets_inference = false) {
  return NativeType(name, "torch.autograd.grad_mode")
      .constructor([mode_of, set_now, sets_inference](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
        bool m = mode_of(in, a);
        ObjRef o(new GradModeObject(cls, m));
        static_cast<GradModeObject*>(o.get())->sets_inference_ = sets_inference;
        if (set_now) static_cast<GradModeObject*>(o.get())->enter();
        return o;
      })
      .method("__enter__",
              [set_now](Interp&, CallArgs& a) -> ObjRef {
                auto* g = static_cast<GradModeObject*>(a.pos[0].get());
                if (!set_now) g->enter();
                return ObjRef(none());
              })
      .method("__exit__",
              [](Interp&, CallArgs& a) -> ObjRef {
                static_cast<GradModeObject*>(a.pos[0].get())->leave();
                return ObjRef(false_obj());
              })
      .method("__call__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                // Used as a decorator: the wrapped function runs in this grad mode.
                auto* g = static_cast<GradModeObject*>(a.pos[0].get());
                bool mode = g->enabled_;
                const bool sets_inference = g->sets_inference_;
                ObjRef fn = a.pos.at(1);
                std::string name = "wrapper";
                if (fn->type() == builtin_types().function) name = as<FunctionObject>(fn.get())->name_;
                return make_function(name, [fn, mode, sets_inference](Interp& in, CallArgs& args) -> ObjRef {
                  bool prev = grad_enabled();
                  const bool prev_inference = core::InferenceMode::enabled;
                  set_grad_enabled(mode);
                  if (sets_inference) core::InferenceMode::enabled = !mode;
                  try {
                    ObjRef r = call(in, fn.get(), args);
                    set_grad_enabled(prev);
                    core::InferenceMode::enabled = prev_inference;
                    return r;
                  } catch (...) {
                    set_grad_enabled(prev);
                    core::InferenceMode::enabled = prev_inference;
                    throw;
                  }
                });
              })
      .build();
}

// ---- storages -------------------------------------------------------------------------------------
class StorageObject : public Object {
 public:
  StorageObject(TypeObject* t, core::Storage s, DType d) : Object(t), storage(std::move(s)), dtype(d) {}
  core::Storage storage;
  DType dtype;
  int64_t size() const { return static_cast<int64_t>(storage->nbytes() / core::itemsize(dtype)); }
  // Byte i of the storage (what an untyped storage's elements are).
  int64_t byte(int64_t i) const { return static_cast<int64_t>(static_cast<uint8_t>(storage->data()[i])); }
};

TypeObject* g_typed_storage = nullptr;
TypeObject* g_untyped_storage = nullptr;

Tensor storage_as_tensor(StorageObject* s) {
  Tensor base = core::empty({0}, s->dtype);
  auto impl = std::make_shared<core::TensorImpl>(s->storage, IntArray{s->size()}, IntArray{1}, 0, s->dtype,
                                                 std::make_shared<core::VersionCounter>());
  return Tensor(impl);
}

void init_storage_types() {
  if (g_typed_storage) return;
  auto common = [](NativeType& t) {
    t.method("data_ptr", [](Interp&, CallArgs& a) -> ObjRef {
      return make_int(static_cast<int64_t>(static_cast<StorageObject*>(a.pos[0].get())->storage->address()));
    });
    t.method("nbytes", [](Interp&, CallArgs& a) -> ObjRef {
      return make_int(static_cast<int64_t>(static_cast<StorageObject*>(a.pos[0].get())->storage->nbytes()));
    });
    t.method("__len__", [](Interp&, CallArgs& a) -> ObjRef {
      return make_int(static_cast<StorageObject*>(a.pos[0].get())->size());
    });
    t.property("device", [](Interp&, Object*) -> ObjRef { return device_obj(); });
    t.method("size", [](Interp&, CallArgs& a) -> ObjRef {
      return make_int(static_cast<StorageObject*>(a.pos[0].get())->size());
    });
    t.method("element_size", [](Interp&, CallArgs& a) -> ObjRef {
      return make_int(static_cast<int64_t>(core::itemsize(static_cast<StorageObject*>(a.pos[0].get())->dtype)));
    });
    t.method("tolist", [](Interp&, CallArgs& a) -> ObjRef {
      auto* s = static_cast<StorageObject*>(a.pos[0].get());
      if (s->type() == g_untyped_storage) {
        std::vector<ObjRef> items;
        for (int64_t i = 0; i < s->size(); ++i) items.push_back(make_int(s->byte(i)));
        return make_list(std::move(items));
      }
      return tolist(storage_as_tensor(s));
    });
    t.method("__getitem__", [](Interp& in, CallArgs& a) -> ObjRef {
      auto* s = static_cast<StorageObject*>(a.pos[0].get());
      int64_t i = to_index(in, a.pos[1].get());
      int64_t n = s->size();
      if (i < 0) i += n;
      if (i < 0 || i >= n)
        raise(builtin_types().index_error, "index " + std::to_string(to_index(in, a.pos[1].get())) +
                                               " out of range for storage of size " + std::to_string(n));
      if (s->type() == g_untyped_storage) return make_int(s->byte(i));
      return scalar_to_py(guarded([&] { return core::get_flat(storage_as_tensor(s), i); }));
    });
    t.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
      auto* s = static_cast<StorageObject*>(a.pos[0].get());
      Tensor t = storage_as_tensor(s);
      std::string body;
      int64_t n = s->size();
      for (int64_t i = 0; i < n; ++i) {
        ObjRef v = s->type() == g_untyped_storage ? make_int(s->byte(i)) : scalar_to_py(core::get_flat(t, i));
        body += " " + str(in, v.get()) + "\n";
      }
      bool typed = s->type() == g_typed_storage;
      std::string name =
          typed ? "torch.storage.TypedStorage(dtype=" + std::string(core::dtype_name(s->dtype)) + ", device=cpu)"
                : "torch.storage.UntypedStorage(device=cpu)";
      return make_str(body + "[" + name + " of size " + std::to_string(n) + "]");
    });
  };
  NativeType typed("TypedStorage", "torch.storage");
  common(typed);
  typed.property("dtype", [](Interp&, Object* s) { return dtype_obj(static_cast<StorageObject*>(s)->dtype); });
  // The bytes under a typed storage, as an UntypedStorage (what 2.x's Tensor.untyped_storage() returns).
  typed.method("untyped", [](Interp&, CallArgs& a) -> ObjRef {
    return ObjRef(
        new StorageObject(g_untyped_storage, static_cast<StorageObject*>(a.pos[0].get())->storage, DType::Bool));
  });
  g_typed_storage = typed.build();
  NativeType untyped("UntypedStorage", "torch.storage");
  common(untyped);
  g_untyped_storage = untyped.build();
}

ObjRef make_storage(const Tensor& t, bool typed) {
  init_storage_types();
  return ObjRef(
      new StorageObject(typed ? g_typed_storage : g_untyped_storage, t.storage(), typed ? t.dtype() : DType::Bool));
}

}  // namespace

ObjRef typed_storage_of(const Tensor& t) { return make_storage(t, true); }
ObjRef untyped_storage_of(const Tensor& t) { return make_storage(t, false); }

static Ref<ModuleObject> make_torch_module(Interp& in) {
  init_tensor_type(in);
  TorchTypes& T = types();
  auto m = make_module("torch");
  module_add(m.get(), "Tensor", ObjRef(T.tensor));
  module_add(m.get(), "Size", ObjRef(T.size));
  module_add(m.get(), "dtype", ObjRef(T.dtype));
  module_add(m.get(), "device", ObjRef(T.device));
  module_add(m.get(), "__version__", make_str("1.13.0a0"));
  static const std::pair<const char*, DType> dtypes[] = {
      {"float32", DType::Float32},  {"float", DType::Float32},   {"float64", DType::Float64},
      {"double", DType::Float64},   {"int64", DType::Int64},     {"long", DType::Int64},
      {"int32", DType::Int32},      {"int", DType::Int32},       {"bool", DType::Bool},
      {"int8", DType::Int8},        {"int16", DType::Int16},     {"short", DType::Int16},
      {"uint8", DType::UInt8},      {"float16", DType::Float16}, {"half", DType::Float16},
      {"bfloat16", DType::BFloat16}};
  for (auto& [name, d] : dtypes) module_add(m.get(), name, dtype_obj(d));
  module_add(m.get(), "FloatTensor", ObjRef(T.tensor));

  add_torch_functions(in, m.get());
  add_type_info(m.get());

  module_add_function(m.get(), "set_num_threads", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "set_num_threads", {"int"});
    int64_t n = p.get_int(in, 0, 1);
    if (n <= 0) raise(builtin_types().runtime_error, "set_num_threads expects a positive integer");
    g_num_threads = static_cast<int>(n);
    return ObjRef(none());
  });
  module_add_function(m.get(), "get_num_threads", [](Interp&, CallArgs&) -> ObjRef { return make_int(g_num_threads); });
  // torch.cuda, for the tutorials' `device = "cuda" if torch.cuda.is_available() else "cpu"`.
  auto cuda = make_module("torch.cuda");
  module_add_function(cuda.get(), "is_available", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(false_obj()); });
  module_add_function(cuda.get(), "device_count", [](Interp&, CallArgs&) -> ObjRef { return make_int(0); });
  module_add(m.get(), "cuda", ObjRef(cuda.get()));
  // torch.backends.mps, for the quickstart's `... else "mps" if torch.backends.mps.is_available()`.
  auto backends = make_module("torch.backends");
  auto mps = make_module("torch.backends.mps");
  module_add_function(mps.get(), "is_available", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(false_obj()); });
  module_add_function(mps.get(), "is_built", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(false_obj()); });
  module_add(backends.get(), "mps", ObjRef(mps.get()));
  module_add(m.get(), "backends", ObjRef(backends.get()));
  // torch.default_generator: the one CPU generator, which torch.manual_seed returns;
  // torch.Generator() makes another, seeded with the default seed.
  if (!T.generator)
    T.generator = NativeType("Generator", "torch._C")
                      .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
                        ArgParser p(a, "Generator", {"device="});
                        return ObjRef(new GeneratorObject(cls));
                      })
                      .method("manual_seed",
                              [](Interp& in, CallArgs& a) -> ObjRef {
                                ArgParser p(a, "manual_seed", {"self", "seed"});
                                generator_of(p.get(0)).manual_seed(static_cast<uint64_t>(to_index(in, p.get(1))));
                                return a.pos[0];
                              })
                      .method("initial_seed",
                              [](Interp&, CallArgs& a) -> ObjRef {
                                return make_int(static_cast<int64_t>(generator_of(a.pos[0].get()).initial_seed()));
                              })
                      .build();
  static ObjRef default_generator(new GeneratorObject(T.generator, &core::global_generator()));
  module_add(m.get(), "Generator", ObjRef(T.generator));
  module_add(m.get(), "default_generator", default_generator);
  module_add_function(m.get(), "manual_seed", [](Interp& in, CallArgs& a) -> ObjRef {
    // torch/random.py: seed = int(seed), then default_generator.manual_seed(seed).
    ArgParser p(a, "manual_seed", {"seed"});
    CallArgs as_int;
    as_int.pos.push_back(ObjRef(p.get(0)));
    ObjRef seed = call(in, builtin_types().int_, as_int);
    core::manual_seed(static_cast<uint64_t>(as<IntObject>(seed.get())->value_));
    return default_generator;
  });
  module_add_function(m.get(), "seed", [](Interp&, CallArgs&) -> ObjRef {
    core::manual_seed(core::kDefaultSeed);
    return make_int(static_cast<int64_t>(core::kDefaultSeed));
  });
  module_add_function(m.get(), "initial_seed", [](Interp&, CallArgs&) -> ObjRef {
    return make_int(static_cast<int64_t>(core::initial_seed()));
  });
  module_add_function(m.get(), "is_tensor", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "is_tensor", {"obj"});
    return ObjRef(bool_obj(is_tensor(p.get(0))));
  });
  module_add_function(m.get(), "is_grad_enabled",
                      [](Interp&, CallArgs&) -> ObjRef { return ObjRef(bool_obj(grad_enabled())); });
  module_add_function(m.get(), "is_inference_mode_enabled",
                      [](Interp&, CallArgs&) -> ObjRef { return ObjRef(bool_obj(core::InferenceMode::enabled)); });
  module_add_function(m.get(), "get_default_dtype",
                      [](Interp&, CallArgs&) -> ObjRef { return dtype_obj(core::kDefaultFloat); });
  module_add_function(m.get(), "promote_types", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "promote_types", {"type1", "type2"});
    auto x = dtype_of_object(p.get(0)), y = dtype_of_object(p.get(1));
    if (!x || !y) raise(builtin_types().type_error, "promote_types(): argument 'type1' must be torch.dtype");
    return dtype_obj(core::promote_types(*x, *y));
  });
  module_add_function(m.get(), "result_type", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "result_type", {"tensor1", "tensor2"});
    auto as_t = [&](Object* o) { return is_tensor(o) ? unwrap(o) : scalar_to_tensor(to_scalar(in, o)); };
    return dtype_obj(guarded([&] { return core::result_type(as_t(p.get(0)), as_t(p.get(1))); }));
  });
  module_add_function(m.get(), "broadcast_shapes", [](Interp& in, CallArgs& a) -> ObjRef {
    IntArray r;
    for (auto& s : a.pos) {
      IntArray x;
      if (is_instance(s.get(), builtin_types().int_)) x = {to_index(in, s.get())};
      else
        for (auto& it : to_vector(in, s.get())) x.push_back(to_index(in, it.get()));
      r = guarded([&] { return core::broadcast_shapes(r, x); });
    }
    return make_size(r);
  });
  // torch.broadcast_tensors(*tensors) (functional.py, then _VF.broadcast_tensors): each tensor
  // expanded to the common shape (ExpandBackward0); one already of that shape comes back itself.
  module_add_function(m.get(), "broadcast_tensors", [](Interp&, CallArgs& a) -> ObjRef {
    if (!a.kw.empty())
      raise(builtin_types().type_error,
            "broadcast_tensors() got an unexpected keyword argument '" + a.kw.front().first + "'");
    return through({&frames::functional_broadcast_tensors}, [&]() -> ObjRef {
      std::vector<Tensor> tensors;
      for (size_t i = 0; i < a.pos.size(); ++i) {
        if (!is_tensor(a.pos[i].get()))
          raise(builtin_types().type_error, "expected Tensor as element " + std::to_string(i) +
                                                " in argument 0, but got " + type_name(a.pos[i].get()));
        tensors.push_back(unwrap(a.pos[i].get()));
      }
      IntArray shape = tensors.empty() ? IntArray{} : tensors[0].sizes();
      for (size_t i = 1; i < tensors.size(); ++i)
        shape = guarded([&] { return core::broadcast_shapes(shape, tensors[i].sizes()); });
      std::vector<ObjRef> out;
      for (size_t i = 0; i < tensors.size(); ++i)
        out.push_back(tensors[i].sizes() == shape ? a.pos[i]
                                                  : wrap(guarded([&] { return op::expand(tensors[i], shape); })));
      return make_tuple(std::move(out));
    });
  });
  module_add_function(m.get(), "set_printoptions", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "set_printoptions",
                {"precision=", "threshold=", "edgeitems=", "linewidth=", "profile=", "sci_mode="});
    core::PrintOptions& o = core::print_options();
    // torch/_tensor_str.py: a profile sets four options (an unknown one none), the options given
    // then override them, and sci_mode is always assigned (left out, it goes back to None).
    if (p.has(4) && p.get(4) != none()) {
      std::string prof = p.get_str(4, "default");
      if (prof == "default" || prof == "short" || prof == "full") {
        o.precision = prof == "short" ? 2 : 4;
        o.threshold = prof == "full" ? std::numeric_limits<double>::infinity() : 1000;
        o.edgeitems = prof == "short" ? 2 : 3;
        o.linewidth = 80;
      }
    }
    if (p.has(0) && p.get(0) != none())  // kept as given, up to what printf can be asked for
      o.precision = static_cast<int>(std::clamp<int64_t>(p.get_int(in, 0, 4), INT32_MIN, INT32_MAX));
    if (p.has(1) && p.get(1) != none()) o.threshold = p.get_double(in, 1, 1000);
    if (p.has(2) && p.get(2) != none()) o.edgeitems = static_cast<int>(p.get_int(in, 2, 3));
    if (p.has(3) && p.get(3) != none()) o.linewidth = static_cast<int>(p.get_int(in, 3, 80));
    if (p.has(5) && p.get(5) != none()) o.sci_mode = truthy(in, p.get(5));
    else o.sci_mode.reset();
    return ObjRef(none());
  });

  static TypeObject* no_grad = make_grad_mode_type(
      "no_grad",
      [](Interp&, CallArgs& a) {
        if (!a.pos.empty() || !a.kw.empty())
          raise(builtin_types().type_error, "no_grad.__init__() takes 1 positional argument but " +
                                                std::to_string(a.pos.size() + 1) + " were given");
        return false;
      },
      false);
  static TypeObject* enable_grad = make_grad_mode_type(
      "enable_grad", [](Interp&, CallArgs&) { return true; }, false);
  static TypeObject* set_enabled = make_grad_mode_type(
      "set_grad_enabled",
      [](Interp& in, CallArgs& a) {
        ArgParser p(a, "__init__", {"mode"});
        if (p.get(0)->type() != builtin_types().bool_)
          raise(builtin_types().type_error, "enabled must be a bool (got " + type_name(p.get(0)) + ")");
        return p.get(0) == true_obj();
      },
      true);
  static TypeObject* inference = make_grad_mode_type(
      "inference_mode",
      [](Interp& in, CallArgs& a) {
        ArgParser p(a, "__init__", {"mode="});
        return p.has(0) ? !truthy(in, p.get(0)) : false;
      },
      false, true);
  module_add(m.get(), "no_grad", ObjRef(no_grad));
  module_add(m.get(), "enable_grad", ObjRef(enable_grad));
  module_add(m.get(), "set_grad_enabled", ObjRef(set_enabled));
  module_add(m.get(), "inference_mode", ObjRef(inference));
  return m;
}

}  // namespace stridelab::torch

namespace stridelab::torch {

namespace {
struct TorchModules {
  Ref<ModuleObject> torch, nn, functional, optim, autograd, init, utils, data, lr_scheduler, functional_ad;
};
std::map<Interp*, TorchModules>& bundles() {
  static std::map<Interp*, TorchModules> b;
  return b;
}
}  // namespace

namespace {
#include "torch/reference_names.inc"
}  // namespace

void register_torch(Interp& interp) {
  using namespace torch;
  // `import torch` builds every submodule at once and hangs them on torch (torch.nn.Linear works
  // after a plain `import torch`, as in PyTorch); the submodule imports return the same objects.
  install_warning_handler();
  // dir(torch) holds more than 750 names, so it is never searched for a suggestion, as in CPython.
  for (const auto& entry : kTorchReferenceNames) {
    std::string_view key = entry[0];
    add_reference_names(entry[0], entry[1]);
    // NOTE [Names not supported yet] in python/suggestions.h: PyTorch's names that stridelab lacks.
    if (key.starts_with("module_")) add_not_yet_names(entry[0], std::string(key.substr(7)));
  }
  add_not_yet_names("torch.Tensor", "Tensor");
  add_not_yet_names("torch.nn.modules.module.Module", "Module");
  // The gradient cycles a run makes belong to its interpreter and are broken when it goes
  // (NOTE [Gradient cycles] in autograd/basic_nodes.h).
  interp.add_hooks({[](Interp& in) { return stridelab::autograd::set_grad_cycle_owner(&in); },
                    [](const void* saved) { stridelab::autograd::set_grad_cycle_owner(saved); },
                    [](Interp& in) { stridelab::autograd::break_grad_cycles(&in); }});
  interp.register_module("torch", [](Interp& in) {
    // A run is a fresh process: PyTorch's global state starts from its defaults.
    set_grad_enabled(true);
    core::InferenceMode::enabled = false;
    stridelab::autograd::reset_warn_once();
    core::print_options() = core::PrintOptions{};
    core::manual_seed(core::kDefaultSeed);
    TorchModules b;
    b.torch = make_torch_module(in);
    b.nn = make_nn_module(in);
    b.functional = make_functional_module(in);
    add_nn_layer_functions(b.functional.get(), b.torch.get());
    b.optim = make_optim_module(in);
    b.autograd = make_autograd_module(in);
    module_add(b.nn.get(), "functional", ObjRef(b.functional.get()));
    b.init = make_nn_init_module(in);
    module_add(b.nn.get(), "init", ObjRef(b.init.get()));
    module_add(b.torch.get(), "nn", ObjRef(b.nn.get()));
    module_add(b.torch.get(), "optim", ObjRef(b.optim.get()));
    module_add(b.torch.get(), "autograd", ObjRef(b.autograd.get()));
    b.functional_ad = make_autograd_functional_module(in);
    module_add(b.autograd.get(), "functional", ObjRef(b.functional_ad.get()));
    b.lr_scheduler = make_lr_scheduler_module(in);
    module_add(b.optim.get(), "lr_scheduler", ObjRef(b.lr_scheduler.get()));
    b.utils = make_module("torch.utils");
    b.data = make_data_module(in);
    module_add(b.utils.get(), "data", ObjRef(b.data.get()));
    module_add(b.torch.get(), "utils", ObjRef(b.utils.get()));
    bundles()[&in] = b;
    return b.torch;
  });
  auto sub = [](Ref<ModuleObject> TorchModules::*field) {
    return [field](Interp& in) {
      in.import_module("torch");
      return bundles()[&in].*field;
    };
  };
  interp.register_module("torch.nn", sub(&TorchModules::nn));
  interp.register_module("torch.nn.functional", sub(&TorchModules::functional));
  interp.register_module("torch.nn.init", sub(&TorchModules::init));
  interp.register_module("torch.optim", sub(&TorchModules::optim));
  interp.register_module("torch.autograd", sub(&TorchModules::autograd));
  interp.register_module("torch.autograd.functional", sub(&TorchModules::functional_ad));
  interp.register_module("torch.optim.lr_scheduler", sub(&TorchModules::lr_scheduler));
  interp.register_module("torch.utils", sub(&TorchModules::utils));
  interp.register_module("torch.utils.data", sub(&TorchModules::data));
  // torch.backends and torch.backends.mps, attributes of the torch module.
  auto attribute_module = [](std::vector<const char*> path) {
    return [path](Interp& in) {
      ObjRef m(in.import_module("torch").get());
      for (const char* name : path) m = get_attr(in, m.get(), name);
      return Ref<ModuleObject>(as<ModuleObject>(m.get()));
    };
  };
  interp.register_module("torch.backends", attribute_module({"backends"}));
  interp.register_module("torch.backends.mps", attribute_module({"backends", "mps"}));
}

}  // namespace stridelab::torch
