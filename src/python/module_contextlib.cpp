// The contextlib module: contextmanager, a generator function made into a context manager.
#include "python/generator.h"
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

class GeneratorContextManager : public Object {
 public:
  GeneratorContextManager(TypeObject* type, ObjRef gen) : Object(type), gen_(std::move(gen)) { track(); }
  void clear_refs() override { ObjRef g = std::move(gen_); }
  ObjRef gen_;
};

GeneratorObject* self_gen(CallArgs& a) {
  auto* cm = as<GeneratorContextManager>(a.pos[0].get());
  auto* g = dynamic_cast<GeneratorObject*>(cm->gen_.get());
  if (!g) raise(builtin_types().type_error, "contextmanager: the decorated function did not return a generator");
  return g;
}

// What CPython's contextlib._GeneratorContextManager does: __enter__ runs the generator to its
// yield; __exit__ runs it to its end, or throws the exception of the `with` body in at the yield
// (the generator may swallow it; re-raised, it keeps the traceback it had, as contextlib restores).
TypeObject* manager_type() {
  static TypeObject* t = NativeType("_GeneratorContextManager", "contextlib")
                             .method("__enter__",
                                     [](Interp& in, CallArgs& a) -> ObjRef {
                                       ObjRef r = Evaluator::resume(in, self_gen(a), ObjRef(none()), nullptr);
                                       if (!r) raise(builtin_types().runtime_error, "generator didn't yield");
                                       return r;
                                     })
                             .method("__exit__",
                                     [](Interp& in, CallArgs& a) -> ObjRef {
                                       GeneratorObject* g = self_gen(a);
                                       Object* typ = a.pos.size() > 1 ? a.pos[1].get() : none();
                                       if (typ == none()) {
                                         if (Evaluator::resume(in, g, ObjRef(none()), nullptr))
                                           raise(builtin_types().runtime_error, "generator didn't stop");
                                         return ObjRef(false_obj());
                                       }
                                       Object* value = a.pos.size() > 2 ? a.pos[2].get() : none();
                                       Ref<ExceptionObject> exc;
                                       if (value != none() && is_instance(value, builtin_types().base_exception))
                                         exc = Ref<ExceptionObject>(as<ExceptionObject>(value));
                                       else exc = Ref<ExceptionObject>(as<ExceptionObject>(call0(in, typ).get()));
                                       std::vector<TracebackEntry> saved = exc->traceback_;
                                       const void* saved_frame = exc->traceback_frame_;
                                       try {
                                         if (Evaluator::resume(in, g, nullptr, exc))
                                           raise(builtin_types().runtime_error, "generator didn't stop after throw()");
                                       } catch (const PyError& e) {
                                         if (e.exc.get() != exc.get()) {
                                           if (is_instance(e.exc.get(), builtin_types().stop_iteration))
                                             return ObjRef(true_obj());
                                           throw;
                                         }
                                         exc->traceback_ = std::move(saved);
                                         exc->traceback_frame_ = saved_frame;
                                         return ObjRef(false_obj());
                                       }
                                       return ObjRef(true_obj());  // the generator swallowed it
                                     })
                             .build();
  return t;
}

Ref<ModuleObject> make_contextlib(Interp&) {
  auto m = make_module("contextlib");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/contextlib.py"));
  module_add_function(m.get(), "contextmanager", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "contextmanager", {"func"});
    ObjRef func(p.get(0));
    std::string name = "helper";
    if (func->type() == builtin_types().function) name = as<FunctionObject>(func.get())->name_;
    return make_function(name, [func](Interp& in, CallArgs& args) -> ObjRef {
      ObjRef gen = call(in, func.get(), args);
      return ObjRef(new GeneratorContextManager(manager_type(), std::move(gen)));
    });
  });
  return m;
}

}  // namespace

void register_contextlib_module(Interp& in) { in.register_module("contextlib", make_contextlib); }

}  // namespace stridelab::python
