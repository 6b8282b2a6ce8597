// The functools module: partial (a class, with CPython's repr), reduce and wraps.
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

class PartialObject : public Object {
 public:
  explicit PartialObject(TypeObject* type) : Object(type) { track(); }
  void clear_refs() override {
    func_ = nullptr;
    args_.clear();
    kw_.clear();
    Object::clear_refs();
  }
  ObjRef func_;
  std::vector<ObjRef> args_;
  std::vector<std::pair<std::string, ObjRef>> kw_;
};

bool is_callable(Object* o) {
  TypeObject* t = o->type();
  return t == builtin_types().function || t == builtin_types().builtin_function || t == builtin_types().method ||
         t == builtin_types().type || t->lookup("__call__");
}

void set_kw(std::vector<std::pair<std::string, ObjRef>>& kw, const std::string& k, ObjRef v) {
  for (auto& [name, value] : kw)
    if (name == k) {
      value = std::move(v);
      return;
    }
  kw.emplace_back(k, std::move(v));
}

TypeObject* partial_type();

// The receiver of a method called through the class (`partial.__call__(x)`), checked as CPython does.
PartialObject* self_of(CallArgs& a, const char* method) {
  if (a.pos.empty() || !a.pos[0]->type()->is_subtype_of(partial_type()))
    raise(builtin_types().type_error, std::string("descriptor '") + method +
                                          "' requires a 'functools.partial' object but received a '" +
                                          (a.pos.empty() ? "NoneType" : type_name(a.pos[0].get())) + "'");
  return as<PartialObject>(a.pos[0].get());
}

TypeObject* partial_type() {
  static TypeObject* type = nullptr;
  if (type) return type;
  type = NativeType("partial", "functools")
             .constructor([](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
               if (a.pos.empty()) raise(builtin_types().type_error, "type 'partial' takes at least one argument");
               if (!is_callable(a.pos[0].get()))
                 raise(builtin_types().type_error, "the first argument must be callable");
               Ref<PartialObject> p(new PartialObject(cls));
               Object* f = a.pos[0].get();
               if (f->type() == type) {  // partial(partial(f, a), b) is partial(f, a, b)
                 auto* inner = as<PartialObject>(f);
                 p->func_ = inner->func_;
                 p->args_ = inner->args_;
                 p->kw_ = inner->kw_;
               } else {
                 p->func_ = a.pos[0];
               }
               p->args_.insert(p->args_.end(), a.pos.begin() + 1, a.pos.end());
               for (auto& [k, v] : a.kw) set_kw(p->kw_, k, v);
               return p;
             })
             .method("__call__",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* p = self_of(a, "__call__");
                       CallArgs args;
                       args.pos = p->args_;
                       args.pos.insert(args.pos.end(), a.pos.begin() + 1, a.pos.end());
                       args.kw = p->kw_;
                       for (auto& [k, v] : a.kw) set_kw(args.kw, k, v);
                       return call(in, p->func_.get(), args);
                     })
             .method("__repr__",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* p = self_of(a, "__repr__");
                       std::string s = "functools.partial(" + repr(in, p->func_.get());
                       for (auto& x : p->args_) s += ", " + repr(in, x.get());
                       for (auto& [k, v] : p->kw_) s += ", " + k + "=" + repr(in, v.get());
                       return make_str(s + ")");
                     })
             .property("func", [](Interp&, Object* self) { return as<PartialObject>(self)->func_; })
             .property("args",
                       [](Interp&, Object* self) -> ObjRef {
                         return ObjRef(new TupleObject(as<PartialObject>(self)->args_));
                       })
             .property("keywords",
                       [](Interp& in, Object* self) -> ObjRef {
                         Ref<DictObject> d(new DictObject());
                         for (auto& [k, v] : as<PartialObject>(self)->kw_) d->set(in, make_str(k), v);
                         return d;
                       })
             .build();
  return type;
}

ObjRef reduce(Interp& in, CallArgs& a) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "reduce() takes no keyword arguments");
  if (a.pos.size() < 2 || a.pos.size() > 3)
    raise(builtin_types().type_error, "reduce expected " + std::string(a.pos.size() < 2 ? "at least 2" : "at most 3") +
                                          " arguments, got " + std::to_string(a.pos.size()));
  Ref<IteratorObject> it;
  try {
    it = get_iter(in, a.pos[1].get());
  } catch (const PyError& e) {
    if (!is_instance(e.exc.get(), builtin_types().type_error)) throw;
    raise(builtin_types().type_error, "reduce() arg 2 must support iteration");
  }
  ObjRef acc = a.pos.size() == 3 ? a.pos[2] : it->next(in);
  if (!acc) raise(builtin_types().type_error, "reduce() of empty iterable with no initial value");
  while (ObjRef x = it->next(in)) {
    CallArgs args;
    args.pos = {acc, x};
    acc = call(in, a.pos[0].get(), args);
  }
  return acc;
}

// wraps(wrapped)(wrapper): copies __module__, __name__, __qualname__ and __doc__, merges
// __dict__, sets __wrapped__ and returns wrapper, as functools.update_wrapper does.
ObjRef update_wrapper(Interp& in, ObjRef wrapper, Object* wrapped) {
  Namespace* ns = wrapper->instance_dict();
  if (!ns)
    raise(builtin_types().not_implemented_error,
          "functools.wraps of a " + type_name(wrapper.get()) + " is not supported by stridelab");
  for (const char* name : {"__module__", "__name__", "__qualname__", "__doc__"}) {
    ObjRef v = get_attr_or_null(in, wrapped, name);
    if (v) ns->set(name, v);  // read before special attributes (the code's own name stays in tracebacks)
  }
  if (Namespace* src = wrapped->instance_dict())
    for (auto& [k, v] : src->entries()) ns->set(k, v);
  ns->set("__wrapped__", ObjRef(wrapped));
  return wrapper;
}

Ref<ModuleObject> make_functools(Interp&) {
  auto m = make_module("functools");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/functools.py"));
  module_add(m.get(), "partial", ObjRef(partial_type()));
  module_add_function(m.get(), "reduce", reduce);
  module_add_function(m.get(), "wraps", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "wraps", {"wrapped"});
    ObjRef wrapped(p.get(0));
    return make_function("decorator", [wrapped](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser q(b, "decorator", {"wrapper"});
      return update_wrapper(in, ObjRef(q.get(0)), wrapped.get());
    });
  });
  module_add_function(m.get(), "update_wrapper", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "update_wrapper", {"wrapper", "wrapped"});
    return update_wrapper(in, ObjRef(p.get(0)), p.get(1));
  });
  return m;
}

}  // namespace

void register_functools_module(Interp& in) { in.register_module("functools", make_functools); }

}  // namespace stridelab::python
