// The autograd side of the Python Tensor: requires_grad, grad, grad_fn (Node objects with name()
// and next_functions), is_leaf, data, hooks, backward, and the torch.autograd module.
#include <unordered_map>

#include "autograd/basic_nodes.h"
#include "autograd/engine.h"
#include "autograd/grad_mode.h"
#include "autograd/saved_variable.h"
#include "autograd/variable.h"
#include "python/bigint.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

bool grad_enabled() { return ag::GradMode::is_enabled(); }
void set_grad_enabled(bool on) { ag::GradMode::set_enabled(on); }
bool requires_grad(const Tensor& t) { return ag::requires_grad(t); }

std::string grad_fn_name(const Tensor& t) {
  auto fn = ag::grad_fn(t);
  return fn ? fn->type_name() : "";
}

core::PrintSuffix print_suffix(const Tensor& t) {
  core::PrintSuffix s;
  s.grad_fn = grad_fn_name(t);
  s.requires_grad = requires_grad(t);
  return s;
}

// ---- Node objects: one per autograd Node while it lives ------------------------------------------

namespace {

// Node objects come from a free list of their own, most recently freed first, as CPython's small
// object allocator hands out same-sized blocks: a grad_fn object printed and dropped leaves its
// address to the next one (`print(f"{z.grad_fn}")` then `print(f"{loss.grad_fn}")` print the same
// address in PyTorch), whatever strings of the same size class were made and freed in between.
class NodeObject : public Object {
 public:
  NodeObject(TypeObject* t, std::shared_ptr<ag::Node> n);
  ~NodeObject() override;
  std::shared_ptr<ag::Node> node;

  static void* operator new(size_t size) { return pool().allocate(size); }
  static void operator delete(void* p, size_t size) { pool().deallocate(p, size); }

 private:
  static support::free_list::Pool& pool() {
    static support::free_list::Pool p;
    return p;
  }
};

std::unordered_map<const ag::Node*, NodeObject*>& live_nodes() {
  static std::unordered_map<const ag::Node*, NodeObject*> m;
  return m;
}

NodeObject::NodeObject(TypeObject* t, std::shared_ptr<ag::Node> n) : Object(t), node(std::move(n)) {
  live_nodes()[node.get()] = this;
}
NodeObject::~NodeObject() {
  auto it = live_nodes().find(node.get());
  if (it != live_nodes().end() && it->second == this) live_nodes().erase(it);
}

// One Python type per node class name (type(y.grad_fn).__name__ == "MulBackward0").
TypeObject* node_type(const std::string& name);

ObjRef wrap_node(const std::shared_ptr<ag::Node>& n) {
  if (!n) return ObjRef(none());
  if (ObjRef ctx = custom_function_ctx(n)) return ctx;
  auto it = live_nodes().find(n.get());
  if (it != live_nodes().end()) return ObjRef(it->second);
  return ObjRef(new NodeObject(node_type(n->type_name()), n));
}

std::string hex_address(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

// PyTorch hands a node's saved int64 values to Python as unsigned (PyLong_FromUnsignedLong), so a
// saved dim of -1 reads 18446744073709551615.
ObjRef saved_int_to_py(int64_t v) {
  if (v >= 0) return make_int(v);
  static const BigInt two_to_64 = [] {
    BigInt b;
    BigInt::parse("18446744073709551616", 10, &b);
    return b;
  }();
  return make_int_from_big(BigInt(v) + two_to_64);
}

ObjRef saved_value_to_py(const ag::SavedValue& v) {
  return std::visit(
      [](auto&& x) -> ObjRef {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) return ObjRef(none());
        else if constexpr (std::is_same_v<T, bool>) return ObjRef(bool_obj(x));
        else if constexpr (std::is_same_v<T, int64_t>) return saved_int_to_py(x);
        else if constexpr (std::is_same_v<T, double>) return make_float(x);
        else if constexpr (std::is_same_v<T, core::Scalar>) return scalar_to_py(x);
        else if constexpr (std::is_same_v<T, core::IntArray>) {
          std::vector<ObjRef> items;
          for (int64_t i : x) items.push_back(saved_int_to_py(i));
          return make_tuple(std::move(items));
        } else if constexpr (std::is_same_v<T, std::string>) return make_str(x);
        else return dtype_obj(x);
      },
      v);
}

TypeObject* node_type(const std::string& name) {
  static std::unordered_map<std::string, TypeObject*> types_by_name;
  TypeObject*& t = types_by_name[name];
  if (t) return t;
  t = NativeType(name, "builtins")
          .method("name",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_str(static_cast<NodeObject*>(a.pos[0].get())->node->name());
                  })
          .property("next_functions",
                    [](Interp&, Object* s) -> ObjRef {
                      auto& node = static_cast<NodeObject*>(s)->node;
                      std::vector<ObjRef> items;
                      for (auto& e : node->next_edges())
                        items.push_back(make_tuple({wrap_node(e.function), make_int(e.input_nr)}));
                      return make_tuple(std::move(items));
                    })
          .property("variable",
                    [](Interp&, Object* s) -> ObjRef {
                      auto* acc = dynamic_cast<ag::AccumulateGrad*>(static_cast<NodeObject*>(s)->node.get());
                      if (!acc)
                        raise(builtin_types().attribute_error,
                              "'" + type_name(s) + "' object has no attribute 'variable'");
                      return wrap(acc->variable());
                    })
          .method(
              "__repr__",
              [](Interp&, CallArgs& a) -> ObjRef {
                return make_str("<" + type_name(a.pos[0].get()) + " object at " + hex_address(a.pos[0].get()) + ">");
              })
          .method("__getattr__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    auto& node = static_cast<NodeObject*>(a.pos[0].get())->node;
                    std::string name = as<StrObject>(a.pos[1].get())->value_;
                    for (auto& ref : node->saved_tensors()) {
                      if (ref.name != name) continue;
                      if (!ref.saved) return ObjRef(none());
                      return guarded([&] { return wrap(ref.saved->unpack(node)); });
                    }
                    for (auto& attr : node->saved_attributes())
                      if (attr.name == name) return saved_value_to_py(attr.value);
                    raise(builtin_types().attribute_error,
                          "'" + type_name(a.pos[0].get()) + "' object has no attribute '" + name + "'");
                  })
          .build();
  return t;
}

class HandleObject : public Object {
 public:
  HandleObject(TypeObject* t, ag::RemovableHandle h) : Object(t), handle(std::move(h)) {}
  ag::RemovableHandle handle;
};

TypeObject* removable_handle_type() {
  static TypeObject* t = NativeType("RemovableHandle", "torch.utils.hooks")
                             .method("remove",
                                     [](Interp&, CallArgs& a) -> ObjRef {
                                       static_cast<HandleObject*>(a.pos[0].get())->handle.remove();
                                       return ObjRef(none());
                                     })
                             .build();
  return t;
}

}  // namespace

const WarningSite& backward_site() {
  static const WarningSite site{
      "/usr/lib/python3/dist-packages/torch/autograd/__init__.py", 197,
      "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"};
  return site;
}

const WarningSite& user_code_site() {
  static const WarningSite site{};
  return site;
}

void run_engine(EngineCall call, const std::function<void()>& fn) {
  using namespace frames;
  auto frames_for = [call](const std::string& message) -> std::vector<const TorchFrame*> {
    std::vector<const TorchFrame*> out;
    if (call == EngineCall::TensorBackward) out.push_back(&tensor_backward);
    const TorchFrame* check = nullptr;
    if (message.rfind("grad can be implicitly created only for scalar outputs", 0) == 0) check = &make_grads_scalar;
    if (message.rfind("Mismatch in shape: grad_output[", 0) == 0) check = &make_grads_shape;
    if (check) {
      out.push_back(call == EngineCall::Grad ? &autograd_grad_make_grads : &autograd_backward_make_grads);
      out.push_back(check);
    } else {
      out.push_back(call == EngineCall::Grad ? &autograd_grad_engine : &autograd_backward_engine);
    }
    return out;
  };
  std::optional<WarnFrom> from;
  if (call != EngineCall::Grad) from.emplace(backward_site());
  try {
    try {
      fn();
    } catch (const core::Error& e) { rethrow_core(e); }
  } catch (const PyError& e) {
    std::string message;
    if (e.exc->args_ && !e.exc->args_->items_.empty() && is_str(e.exc->args_->items_[0].get()))
      message = as<StrObject>(e.exc->args_->items_[0].get())->value_;
    add_torch_frames(e.exc.get(), frames_for(message));
    throw;
  }
}

ObjRef grad_fn_obj(const Tensor& t) {
  return wrap_node(guarded([&] { return ag::grad_fn(t); }));
}
ObjRef grad_fn_object(const std::shared_ptr<ag::Node>& n) { return wrap_node(n); }

void add_tensor_autograd(NativeType& tt) {
  tt.property(
      "requires_grad", [](Interp&, Object* s) -> ObjRef { return ObjRef(bool_obj(ag::requires_grad(unwrap(s)))); },
      [](Interp& in, Object* s, ObjRef v) {
        if (v->type() != builtin_types().bool_) raise(builtin_types().type_error, "requires_grad must be a bool");
        guarded([&] { ag::set_requires_grad(unwrap(s), v.get() == true_obj(), ag::RequiresGradCall::Attribute); });
      });
  tt.property(
      "grad", [](Interp&, Object* s) -> ObjRef { return wrap(guarded([&] { return ag::grad(unwrap(s)); })); },
      [](Interp&, Object* s, ObjRef v) {
        Tensor g;
        if (v.get() != none()) {
          if (!is_tensor(v.get()))
            raise(builtin_types().type_error,
                  "assigned grad expected to be a Tensor or None but got grad of type " + type_name(v.get()));
          g = unwrap(v.get());
        }
        guarded([&] { ag::set_grad(unwrap(s), g); });
      });
  tt.property("grad_fn", [](Interp&, Object* s) -> ObjRef { return grad_fn_obj(unwrap(s)); });
  tt.property("is_leaf", [](Interp&, Object* s) -> ObjRef {
    return ObjRef(bool_obj(guarded([&] { return ag::is_leaf(unwrap(s)); })));
  });
  tt.property("retains_grad",
              [](Interp&, Object* s) -> ObjRef { return ObjRef(bool_obj(ag::retains_grad(unwrap(s)))); });
  tt.property("output_nr", [](Interp&, Object* s) -> ObjRef { return make_int(ag::output_nr(unwrap(s))); });
  tt.property(
      "data", [](Interp&, Object* s) -> ObjRef { return wrap(ag::data(unwrap(s))); },
      [](Interp&, Object* s, ObjRef v) {
        if (!is_tensor(v.get()))
          raise(builtin_types().type_error, "Variable data has to be a tensor, but got " + type_name(v.get()));
        Tensor& t = unwrap(s);
        const Tensor& src = unwrap(v.get());
        core::TensorImpl* impl = t.impl();
        impl->storage_ = src.storage();
        impl->sizes_ = src.sizes();
        impl->strides_ = src.strides();
        impl->storage_offset_ = src.storage_offset();
        impl->dtype_ = src.dtype();
      });
  tt.method("requires_grad_", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "requires_grad_", {"self", "requires_grad="});
    bool on = true;
    if (p.has(1)) {
      if (p.get(1)->type() != builtin_types().bool_)
        raise(builtin_types().type_error,
              "requires_grad_(): argument 'requires_grad' (position 1) must be bool, not " + py_typename(p.get(1)));
      on = p.get(1) == true_obj();
    }
    guarded([&] { ag::set_requires_grad(unwrap(a.pos[0].get()), on, ag::RequiresGradCall::Method); });
    return a.pos[0];
  });
  tt.method("detach_", [](Interp&, CallArgs& a) -> ObjRef {
    guarded([&] { ag::detach_(unwrap(a.pos[0].get())); });
    return a.pos[0];
  });
  tt.method("retain_grad", [](Interp&, CallArgs& a) -> ObjRef {
    guarded([&] { ag::retain_grad(unwrap(a.pos[0].get())); });
    return ObjRef(none());
  });
  tt.method("register_hook", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "register_hook", {"self", "hook"});
    const Tensor& t = unwrap(p.get(0));
    if (!ag::requires_grad(t))
      raise_from({&frames::tensor_register_hook}, builtin_types().runtime_error,
                 "cannot register a hook on a tensor that doesn't require gradient");
    ObjRef fn(p.get(1));
    Interp* ip = &in;
    ag::GradHook hook;
    if (fn->type() == builtin_types().function) hook.name = as<FunctionObject>(fn.get())->name_;
    hook.fn = [fn, ip](const Tensor& g) -> Tensor {
      WarnFrom from(user_code_site());  // the hook's own lines, not torch's
      ObjRef r = call1(*ip, fn.get(), wrap(g));
      if (r.get() == none()) return Tensor();
      if (!is_tensor(r.get()))
        raise(builtin_types().type_error, "expected Tensor or None (got " + type_name(r.get()) + ")");
      return unwrap(r.get());
    };
    ag::RemovableHandle h = guarded([&] { return ag::register_hook(t, std::move(hook)); });
    return ObjRef(new HandleObject(removable_handle_type(), h));
  });
  tt.method("backward", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "backward", {"self", "gradient=", "retain_graph=", "create_graph=", "inputs="});
    std::vector<Tensor> grads;
    if (p.has(1) && p.get(1) != none()) {
      if (!is_tensor(p.get(1))) raise(builtin_types().type_error, "gradient must be a Tensor");
      grads.push_back(unwrap(p.get(1)));
    }
    std::optional<bool> retain;
    if (p.has(2) && p.get(2) != none()) retain = truthy(in, p.get(2));
    bool create = p.has(3) && truthy(in, p.get(3));
    run_engine(EngineCall::TensorBackward, [&] { ag::backward({unwrap(a.pos[0].get())}, grads, retain, create); });
    return ObjRef(none());
  });
  tt.property("_version", [](Interp&, Object* s) -> ObjRef {
    const Tensor& t = unwrap(s);
    if (t.is_inference()) raise(builtin_types().runtime_error, "Inference tensors do not track version counter.");
    return make_int(t.version());
  });
  tt.method("is_inference", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "is_inference", {"self"});
    return ObjRef(bool_obj(unwrap(a.pos[0].get()).is_inference()));
  });
  tt.property("_base", [](Interp&, Object* s) -> ObjRef {
    const Tensor& t = unwrap(s);
    if (!t.is_view()) return ObjRef(none());
    return wrap(t.base());
  });
}

}  // namespace stridelab::torch
