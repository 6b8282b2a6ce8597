// torch.autograd.Function: custom differentiable operations written in Python, as the "Defining new
// autograd Functions" tutorial writes them:
//
//   class LegendrePolynomial3(torch.autograd.Function):
//       @staticmethod
//       def forward(ctx, input):
//           ctx.save_for_backward(input)
//           return 0.5 * (5 * input ** 3 - 3 * input)
//       @staticmethod
//       def backward(ctx, grad_output):
//           input, = ctx.saved_tensors
//           return grad_output * 1.5 * (5 * input ** 2 - 1)
//   P3 = LegendrePolynomial3.apply
//
// NOTE [Custom Function nodes]
// As in PyTorch, `ctx` is the node itself: an object of a class made for each Function subclass
// (LegendrePolynomial3Backward, in torch.autograd.function) that becomes the outputs' grad_fn.
// Function.apply runs forward with grad mode off, then, when grad mode is on and a tensor input
// requires grad, gives each tensor output this node as its history (output_nr in order) and saves
// what forward passed to save_for_backward (version-checked on unpacking, freed after backward).
// In backward the engine calls the node, which calls the class's backward with one gradient per
// output (zeros for outputs that got none) and expects one result per forward argument (None for
// arguments that are not tensors or need no gradient).
#include <unordered_map>

#include "autograd/autograd.h"
#include "autograd/engine.h"
#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "autograd/saved_variable.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

namespace {

class CtxObject;

// The backward node of one call of a custom Function.
class PyFunctionNode : public ag::Node {
 public:
  std::string name() const override { return name_; }
  ag::variable_list apply(ag::variable_list&& grads) override;
  void release_variables() override {
    for (auto& s : saved_) s.reset_data();
  }
  std::vector<ag::SavedTensorRef> saved_tensors() const override {
    std::vector<ag::SavedTensorRef> out;
    for (size_t i = 0; i < saved_.size(); ++i) out.push_back({"_saved_tensors", static_cast<int>(i), &saved_[i]});
    return out;
  }

  std::string name_;
  Interp* in_ = nullptr;
  ObjRef ctx_;                   // the Python object (strong: the graph keeps ctx alive)
  ObjRef cls_;                   // the Function subclass, whose backward runs
  std::vector<bool> is_tensor_;  // per forward argument
  std::vector<ag::SavedVariable> saved_;
  bool materialize_grads_ = true;
};

class CtxObject : public Object {
 public:
  explicit CtxObject(TypeObject* t) : Object(t) {}
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
  std::weak_ptr<PyFunctionNode> node;  // set once forward's outputs have their history
  std::vector<ObjRef> to_save;         // save_for_backward's tensors until then
  std::vector<bool> needs_input_grad;
  std::vector<const core::TensorImpl*> non_differentiable;
  bool materialize_grads = true;
  bool saved_released = false;  // no graph was recorded: saved_tensors are the tensors themselves
};

CtxObject* C(Object* o) { return static_cast<CtxObject*>(o); }

TypeObject* backward_base_type();

// The ctx class of a Function subclass: <Name>Backward in torch.autograd.function.
TypeObject* ctx_type_for(TypeObject* cls) {
  static std::unordered_map<TypeObject*, TypeObject*> types;
  TypeObject*& t = types[cls];
  if (!t) {
    t = NativeType(cls->name_ + "Backward", "torch.autograd.function", backward_base_type()).build();
    t->incref();
  }
  return t;
}

std::string hex_address_of(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

TypeObject* backward_base_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("BackwardCFunction", "torch.autograd.function")
          .method("save_for_backward",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    CtxObject* ctx = C(a.pos[0].get());
                    ctx->to_save.clear();
                    for (size_t i = 1; i < a.pos.size(); ++i) {
                      Object* o = a.pos[i].get();
                      if (o != none() && !is_tensor(o))
                        raise(builtin_types().type_error, "save_for_backward can only save variables, but argument " +
                                                              std::to_string(i - 1) + " is of type " + type_name(o));
                      ctx->to_save.push_back(a.pos[i]);
                    }
                    return ObjRef(none());
                  })
          .property("saved_tensors",
                    [](Interp&, Object* s) -> ObjRef {
                      CtxObject* ctx = C(s);
                      auto node = ctx->node.lock();
                      if (!node) {
                        std::vector<ObjRef> items(ctx->to_save.begin(), ctx->to_save.end());
                        return make_tuple(std::move(items));
                      }
                      std::vector<ObjRef> items;
                      for (auto& sv : node->saved_) {
                        if (!sv.was_saved()) {
                          items.push_back(ObjRef(none()));
                          continue;
                        }
                        items.push_back(guarded([&] { return wrap(sv.unpack(node)); }));
                      }
                      return make_tuple(std::move(items));
                    })
          .property("needs_input_grad",
                    [](Interp&, Object* s) -> ObjRef {
                      std::vector<ObjRef> items;
                      for (bool b : C(s)->needs_input_grad) items.push_back(ObjRef(bool_obj(b)));
                      return make_tuple(std::move(items));
                    })
          .method("mark_non_differentiable",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    for (size_t i = 1; i < a.pos.size(); ++i)
                      if (is_tensor(a.pos[i].get()))
                        C(a.pos[0].get())->non_differentiable.push_back(unwrap(a.pos[i].get()).impl());
                    return ObjRef(none());
                  })
          .method("mark_dirty", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(none()); })
          .method("set_materialize_grads",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "set_materialize_grads", {"self", "value"});
                    C(a.pos[0].get())->materialize_grads = truthy(in, p.get(1));
                    return ObjRef(none());
                  })
          .method("name",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    auto node = C(a.pos[0].get())->node.lock();
                    return make_str(node ? node->name() : a.pos[0]->type()->name_);
                  })
          .property("next_functions",
                    [](Interp&, Object* s) -> ObjRef {
                      auto node = C(s)->node.lock();
                      std::vector<ObjRef> items;
                      if (node)
                        for (auto& e : node->next_edges())
                          items.push_back(make_tuple({grad_fn_object(e.function), make_int(e.input_nr)}));
                      return make_tuple(std::move(items));
                    })
          .method("__repr__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    TypeObject* ty = a.pos[0]->type();
                    return make_str("<" + ty->module_ + "." + ty->name_ + " object at " +
                                    hex_address_of(a.pos[0].get()) + ">");
                  })
          .build();
  return t;
}

ag::variable_list PyFunctionNode::apply(ag::variable_list&& grads) {
  Interp& in = *in_;
  CallArgs args;
  args.pos.push_back(ctx_);
  for (size_t i = 0; i < grads.size(); ++i) {
    Tensor g = grads[i];
    if (!g.defined() && materialize_grads_) {
      const ag::InputMetadata& meta = input_metadata(i);
      g = core::zeros(meta.sizes, meta.dtype);
    }
    args.pos.push_back(g.defined() ? wrap(g) : ObjRef(none()));
  }
  ObjRef backward = get_attr(in, cls_.get(), "backward");
  ObjRef r;
  {
    WarnFrom from(user_code_site());
    r = call(in, backward.get(), args);
  }
  std::vector<ObjRef> results;
  if (r->type() == builtin_types().tuple || is_instance(r.get(), builtin_types().tuple))
    results = as<TupleObject>(r.get())->items_;
  else results.push_back(r);
  const size_t expected = is_tensor_.size();
  if (results.size() != expected) {
    bool extra_none = results.size() > expected;
    for (size_t i = expected; extra_none && i < results.size(); ++i) extra_none = results[i].get() == none();
    if (!extra_none)
      raise(builtin_types().runtime_error,
            "function " + name_ + " returned an incorrect number of gradients (expected " + std::to_string(expected) +
                ", got " + std::to_string(results.size()) + ")");
    results.resize(expected);
  }
  ag::variable_list out;
  for (size_t i = 0; i < expected; ++i) {
    Object* g = results[i].get();
    if (!is_tensor_[i]) {
      if (g != none())
        raise(builtin_types().runtime_error,
              "function " + name_ + " returned a gradient different than None at position " + std::to_string(i + 1) +
                  ", but the corresponding forward input was not a Variable");
      continue;
    }
    if (g == none()) out.push_back(Tensor());
    else if (is_tensor(g)) out.push_back(unwrap(g));
    else raise(builtin_types().type_error, "expected Variable or None (got " + python::type_name(g) + ")");
  }
  return out;
}

ObjRef function_apply(Interp& in, Object* cls_obj, CallArgs& a) {
  auto* cls = as<TypeObject>(cls_obj);
  ObjRef ctx_ref(new CtxObject(ctx_type_for(cls)));
  CtxObject* ctx = C(ctx_ref.get());
  std::vector<bool> is_tensor_arg;
  std::vector<Tensor> inputs;
  bool any_requires_grad = false;
  for (auto& arg : a.pos) {
    bool t = is_tensor(arg.get());
    is_tensor_arg.push_back(t);
    bool rg = t && ag::requires_grad(unwrap(arg.get()));
    ctx->needs_input_grad.push_back(rg);
    if (t) inputs.push_back(unwrap(arg.get()));
    any_requires_grad = any_requires_grad || rg;
  }
  const bool record = ag::GradMode::is_enabled() && any_requires_grad;

  CallArgs fargs;
  fargs.pos.push_back(ctx_ref);
  fargs.pos.insert(fargs.pos.end(), a.pos.begin(), a.pos.end());
  fargs.kw = a.kw;
  ObjRef forward = get_attr(in, cls_obj, "forward");
  ObjRef out;
  {
    ag::AutoGradMode no_grad(false);
    out = call(in, forward.get(), fargs);
  }
  if (!record) return out;

  auto node = ag::new_node<PyFunctionNode>();
  node->name_ = ctx->type()->name_;
  node->in_ = &in;
  node->ctx_ = ctx_ref;
  node->cls_ = ObjRef(cls_obj);
  node->is_tensor_ = is_tensor_arg;
  node->materialize_grads_ = ctx->materialize_grads;
  node->set_next_edges(ag::detail::collect_next_edges_list(inputs));

  // The outputs: each tensor gets this node as its grad_fn, output_nr in order; an input returned
  // as it is comes back as a new tensor sharing its data.
  bool is_tuple = out->type() == builtin_types().tuple;
  std::vector<ObjRef> items = is_tuple ? as<TupleObject>(out.get())->items_ : std::vector<ObjRef>{out};
  std::vector<Tensor> outputs;
  for (auto& item : items) {
    if (!is_tensor(item.get())) continue;
    Tensor t = unwrap(item.get());
    bool is_input = false;
    for (auto& x : inputs) is_input = is_input || x.is_same(t);
    if (is_input) {
      t = guarded([&] { return ag::detach(t); });
      item = wrap(t);
    }
    bool non_diff = false;
    for (auto* p : ctx->non_differentiable) non_diff = non_diff || p == t.impl();
    if (!non_diff && core::is_floating(t.dtype())) {
      guarded([&] { ag::impl::set_history(t, node); });
      outputs.push_back(t);
    }
  }
  for (auto& s : ctx->to_save) {
    if (s.get() == none()) {
      node->saved_.emplace_back();
      continue;
    }
    const Tensor& t = unwrap(s.get());
    bool is_output = false;
    for (auto& o : outputs) is_output = is_output || o.is_same(t);
    node->saved_.emplace_back(t, is_output);
  }
  ctx->to_save.clear();
  ctx->node = node;
  return is_tuple ? make_tuple(std::move(items)) : items[0];
}

// Function.apply, bound to the class it is read from (a classmethod).
TypeObject* apply_descriptor_type() {
  static TypeObject* t =
      NativeType("_FunctionApply", "torch.autograd.function")
          .method("__get__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    Object* owner = a.pos.size() > 2 && a.pos[2].get() != none() ? a.pos[2].get() : a.pos[1]->type();
                    ObjRef cls(owner);
                    return make_function("apply", [cls](Interp& in, CallArgs& args) -> ObjRef {
                      return function_apply(in, cls.get(), args);
                    });
                  })
          .build();
  return t;
}

}  // namespace

// A grad_fn as Python sees it: the ctx object of a custom Function's node, else the node object.
ObjRef custom_function_ctx(const std::shared_ptr<ag::Node>& n) {
  if (auto* py = dynamic_cast<PyFunctionNode*>(n.get())) return py->ctx_;
  return ObjRef();
}

TypeObject* autograd_function_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("Function", "torch.autograd.function")
          .method("forward",
                  [](Interp&, CallArgs&) -> ObjRef {
                    raise(builtin_types().not_implemented_error,
                          "You must implement the forward function for custom autograd.Function.");
                  })
          .method("backward",
                  [](Interp&, CallArgs&) -> ObjRef {
                    raise(builtin_types().not_implemented_error,
                          "You must implement either the backward or vjp method for your custom autograd.Function to "
                          "use it with backward mode AD.");
                  })
          .attr("apply", ObjRef(new Object(apply_descriptor_type())))
          .build();
  return t;
}

}  // namespace stridelab::torch
