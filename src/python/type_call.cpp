// type(name, bases, dict): a class made at run time, as a class statement makes one.
#include "python/type_call.h"

#include "python/builtin_types.h"
#include "python/class_mro.h"
#include "python/protocol.h"

namespace stridelab::python {

void call_set_name(Interp& in, TypeObject* cls, const Namespace& ns) {
  for (auto& [k, v] : ns.entries()) {
    TypeObject* vt = v->type();
    if (vt == builtin_types().function || vt == builtin_types().type || is_number(v.get()) || is_str(v.get())) continue;
    if (Object* set_name = vt->lookup("__set_name__")) {
      CallArgs args;
      args.pos = {v, ObjRef(cls), make_str(k)};
      call(in, set_name, args);
    }
  }
}

void prepare_class_namespace(Namespace& ns) {
  if (ns.get("__eq__") && !ns.get("__hash__")) ns.set("__hash__", ObjRef(none()));  // unhashable, as in CPython
  if (Object* f = ns.get("__new__"); f && f->type() == builtin_types().function)
    ns.set("__new__", make_method_wrapper(ObjRef(f), false));
  for (const char* name : {"__init_subclass__", "__class_getitem__"})
    if (Object* f = ns.get(name); f && f->type() == builtin_types().function)
      ns.set(name, make_method_wrapper(ObjRef(f), true));
}

void call_init_subclass(Interp& in, TypeObject* cls, std::vector<std::pair<std::string, ObjRef>> keywords) {
  ObjRef sup(new SuperObject(cls, ObjRef(cls)));
  ObjRef hook = get_attr(in, sup.get(), "__init_subclass__");
  CallArgs args;
  args.kw = std::move(keywords);
  call(in, hook.get(), args);
}

ObjRef make_class_from_dict(Interp& in, CallArgs& a) {
  if (a.pos.size() != 3 || !a.kw.empty()) raise(builtin_types().type_error, "type() takes 1 or 3 arguments");
  Object* name = a.pos[0].get();
  Object* bases_arg = a.pos[1].get();
  Object* dict_arg = a.pos[2].get();
  if (!is_str(name)) raise(builtin_types().type_error, "type.__new__() argument 1 must be str, not " + type_name(name));
  if (!is_instance(bases_arg, builtin_types().tuple))
    raise(builtin_types().type_error, "type.__new__() argument 2 must be tuple, not " + type_name(bases_arg));
  if (!is_instance(dict_arg, builtin_types().dict))
    raise(builtin_types().type_error, "type.__new__() argument 3 must be dict, not " + type_name(dict_arg));
  std::vector<TypeObject*> bases;
  for (auto& b : as<TupleObject>(bases_arg)->items_) {
    if (b->type() != builtin_types().type) raise(builtin_types().type_error, "bases must be types");
    bases.push_back(as<TypeObject>(b.get()));
  }
  if (bases.empty()) bases.push_back(builtin_types().object);
  TypeObject* base = best_base(bases);
  std::vector<TypeObject*> mro = linearize(bases);
  Namespace ns;
  for (auto& [k, v] : as<DictObject>(dict_arg)->items()) {
    if (!is_str(k.get())) raise(builtin_types().type_error, "type.__new__() keywords must be strings");
    ns.set(as<StrObject>(k.get())->value_, v);
  }
  if (!ns.get("__doc__")) ns.set("__doc__", ObjRef(none()));
  prepare_class_namespace(ns);
  const std::string& class_name = as<StrObject>(name)->value_;
  auto* cls = new TypeObject(class_name, base, "__main__");
  set_bases(cls, bases, mro);
  cls->incref();  // classes live until the end of the run, as a class statement's do
  cls->set_type(builtin_types().type);
  cls->is_user_ = true;
  cls->track();
  for (auto& [k, v] : ns.entries()) cls->dict_.set(k, v);
  call_set_name(in, cls, ns);
  call_init_subclass(in, cls, {});
  ObjRef result(cls);
  cls->decref();
  return result;
}

}  // namespace stridelab::python
