// The native-object extension point: how C++ code defines Python types, functions and modules
// (the torch binding is a set of these).
//
//   // A C++ object visible to Python: derive from Object, keep your state in members.
//   struct Counter : Object {
//     explicit Counter(TypeObject* t) : Object(t) {}
//     int64_t n_ = 0;
//   };
//
//   TypeObject* counter_type = NativeType("Counter", "demo")
//       .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
//         return ObjRef(new Counter(cls));           // cls may be a user subclass
//       })
//       .method("add", [](Interp& in, CallArgs& a) -> ObjRef {
//         ArgParser p(a, "add", {"self", "k=1"});     // positional or keyword, with defaults
//         auto* self = as<Counter>(p.get(0));
//         self->n_ += p.get_int(in, 1, 1);
//         return ObjRef(none());
//       })
//       .property("n", [](Interp&, Object* self) { return make_int(as<Counter>(self)->n_); })
//       .method("__add__", ...)       // operators are dunder methods: __add__ __radd__ __iadd__
//       .method("__repr__", ...)      // __matmul__ __getitem__ __setitem__ __neg__ __invert__
//       .build();                     // __eq__ __lt__ ... __len__ __iter__ __bool__ __float__
//                                     // __int__ __index__ __str__ __format__ __call__
//                                     // __enter__ __exit__ __setattr__ __getattr__
//
//   auto module = make_module("demo");
//   module_add(module, "Counter", ObjRef(counter_type));
//   module_add_function(module, "double_it", [](Interp& in, CallArgs& a) -> ObjRef {...});
//   interp.register_module("demo", [module](Interp&) { return module; });
//
// A function signals a Python exception with raise(builtin_types().type_error, "message") (ops.h) or
// `throw PyError{exception}`. Returning NotImplemented (not_implemented()) from a binary operator
// makes the interpreter try the reflected operator, as CPython does.
// Types are immortal; native objects are freed when their last reference goes.
#pragma once
#include <initializer_list>
#include <string>
#include <vector>

#include "python/interp.h"
#include "python/object.h"
#include "python/protocol.h"

namespace stridelab::python {

// Names are taken as std::string_view, so that the hundreds of registrations with a literal name
// build no std::string where they are written.
class NativeType {
 public:
  // base: null for `object`; else a native (or built-in, e.g. builtin_types().exception) type to inherit.
  NativeType(std::string name, std::string module, TypeObject* base = nullptr);
  NativeType& constructor(NativeNew make);
  NativeType& method(std::string_view name, NativeFn fn);
  NativeType& property(std::string_view name, NativeGetter get, NativeSetter set = nullptr);
  NativeType& attr(std::string_view name, ObjRef value);  // a class attribute
  // The dotted name that CPython's messages give a type PyTorch writes in C ("torch.Size").
  NativeType& c_name(std::string name);
  TypeObject* build();

 private:
  TypeObject* type_;
};

// Binds call arguments to named parameters, CPython style. A parameter spec is "name",
// "name=" (optional) or "*" (the following ones are keyword-only). Raises CPython's TypeErrors
// ("f() missing 1 required positional argument: 'x'", "got an unexpected keyword argument").
class ArgParser {
 public:
  ArgParser(CallArgs& args, std::string func_name, std::initializer_list<const char*> params);
  Object* get(size_t i) const { return values_[i]; }  // null when omitted
  bool has(size_t i) const { return values_[i] != nullptr; }
  int64_t get_int(Interp& in, size_t i, int64_t dflt) const;
  double get_double(Interp& in, size_t i, double dflt) const;
  bool get_bool(Interp& in, size_t i, bool dflt) const;
  std::string get_str(size_t i, const std::string& dflt) const;

 private:
  std::vector<Object*> values_;
};

Ref<ModuleObject> make_module(const std::string& name);
void module_add(ModuleObject* module, std::string_view name, ObjRef value);
void module_add_function(ModuleObject* module, std::string_view name, NativeFn fn);
ObjRef make_function(std::string_view name, NativeFn fn);

}  // namespace stridelab::python
