// The dataclasses module: @dataclass (init, repr, eq, order, frozen) over a class's annotated
// names, field(default=, default_factory=, init=, repr=, compare=), fields, asdict, astuple,
// replace, is_dataclass and MISSING, with CPython's messages. The methods it adds are native
// functions in the class's dict, so they bind to instances as the ones CPython generates do.
#include "python/modules.h"
#include "python/native.h"
#include "python/set.h"

namespace stridelab::python {

namespace {

// A Field: its attributes (name, type, default, default_factory, init, repr, compare) in a dict.
class FieldObject : public Object {
 public:
  explicit FieldObject(TypeObject* type) : Object(type) { track(); }
  void clear_refs() override { dict_.clear(); }
  Namespace* instance_dict() override { return &dict_; }
  Namespace dict_;
  Object* attr(const char* name) const { return dict_.get(name); }
  std::string name() const { return as<StrObject>(attr("name"))->value_; }
  bool flag(const char* name) const { return attr(name) == true_obj(); }
};

TypeObject* field_type() {
  static TypeObject* t = NativeType("Field", "dataclasses").build();
  return t;
}

Object* missing() {
  static Object* m = [] {
    static TypeObject* t = NativeType("_MISSING_TYPE", "dataclasses").build();
    auto* o = new InstanceObject(t);
    o->incref();
    return o;
  }();
  return m;
}

TypeObject* frozen_error_type() {
  static TypeObject* t = [] {
    auto* e = new TypeObject("FrozenInstanceError", builtin_types().attribute_error, "dataclasses");
    e->incref();
    e->set_type(builtin_types().type);
    return e;
  }();
  return t;
}

Ref<FieldObject> make_field(Object* dflt, Object* factory, bool init, bool repr, bool compare) {
  Ref<FieldObject> f(new FieldObject(field_type()));
  f->dict_.set("name", ObjRef(none()));
  f->dict_.set("type", ObjRef(none()));
  f->dict_.set("default", ObjRef(dflt));
  f->dict_.set("default_factory", ObjRef(factory));
  f->dict_.set("init", ObjRef(bool_obj(init)));
  f->dict_.set("repr", ObjRef(bool_obj(repr)));
  f->dict_.set("compare", ObjRef(bool_obj(compare)));
  return f;
}

// The class's fields in order (its dataclass bases' first), from __dataclass_fields__.
std::vector<Ref<FieldObject>> fields_of(Interp& in, Object* cls_or_instance) {
  Object* cls = cls_or_instance->type() == builtin_types().type ? cls_or_instance : cls_or_instance->type();
  Object* fields = as<TypeObject>(cls)->lookup("__dataclass_fields__");
  if (!fields || fields->type() != builtin_types().dict)
    raise(builtin_types().type_error, "must be called with a dataclass type or instance");
  std::vector<Ref<FieldObject>> out;
  for (auto& [k, v] : as<DictObject>(fields)->items()) out.emplace_back(as<FieldObject>(v.get()));
  (void)in;
  return out;
}

// "'a'", "'a' and 'b'", "'a', 'b', and 'c'": the names in a missing-arguments message.
std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
}

ObjRef field_values(Interp& in, Object* self, const std::vector<Ref<FieldObject>>& fields, const char* flag) {
  std::vector<ObjRef> values;
  for (auto& f : fields)
    if (!flag || f->flag(flag)) values.push_back(get_attr(in, self, f->name()));
  return ObjRef(make_tuple(std::move(values)).get());
}

// The generated __init__: the init fields as parameters, in order, defaults after the others.
ObjRef make_init(TypeObject* cls, std::vector<Ref<FieldObject>> fields) {
  return make_function("__init__", [cls, fields](Interp& in, CallArgs& a) -> ObjRef {
    const std::string fn = cls->qualname() + ".__init__()";
    std::vector<const FieldObject*> params;
    for (auto& f : fields)
      if (f->flag("init")) params.push_back(f.get());
    size_t required = 0;
    for (auto* f : params)
      if (f->attr("default") == missing() && f->attr("default_factory") == missing()) ++required;
    Object* self = a.pos[0].get();
    size_t given = a.pos.size() - 1;
    if (given > params.size()) {
      std::string takes = required == params.size()
                              ? std::to_string(params.size() + 1)
                              : "from " + std::to_string(required + 1) + " to " + std::to_string(params.size() + 1);
      raise(builtin_types().type_error, fn + " takes " + takes + " positional argument" +
                                            (params.size() == 0 ? "" : "s") + " but " + std::to_string(given + 1) +
                                            (given + 1 == 1 ? " was" : " were") + " given");
    }
    std::vector<ObjRef> values(params.size());
    for (size_t i = 0; i < given; ++i) values[i] = a.pos[i + 1];
    for (auto& [k, v] : a.kw) {
      size_t i = 0;
      while (i < params.size() && params[i]->name() != k) ++i;
      if (i == params.size()) raise(builtin_types().type_error, fn + " got an unexpected keyword argument '" + k + "'");
      if (values[i]) raise(builtin_types().type_error, fn + " got multiple values for argument '" + k + "'");
      values[i] = v;
    }
    std::vector<std::string> absent;
    for (size_t i = 0; i < params.size(); ++i)
      if (!values[i] && params[i]->attr("default") == missing() && params[i]->attr("default_factory") == missing())
        absent.push_back(params[i]->name());
    if (!absent.empty())
      raise(builtin_types().type_error, fn + " missing " + std::to_string(absent.size()) +
                                            " required positional argument" + (absent.size() == 1 ? "" : "s") + ": " +
                                            quoted_list(absent));
    Namespace* ns = self->instance_dict();
    size_t p = 0;
    for (auto& f : fields) {
      ObjRef v = f->flag("init") ? values[p++] : nullptr;
      if (!v && f->attr("default_factory") != missing()) v = call0(in, f->attr("default_factory"));
      if (!v && f->attr("default") != missing()) v = ObjRef(f->attr("default"));
      if (!v) continue;
      if (ns) ns->set(f->name(), std::move(v));  // object.__setattr__, as a frozen class's __init__ does
      else set_attr(in, self, f->name(), std::move(v));
    }
    if (Object* post = cls->lookup("__post_init__")) call1(in, post, ObjRef(self));
    return ObjRef(none());
  });
}

void add_method(TypeObject* cls, const char* name, ObjRef fn) { cls->dict_.set(name, std::move(fn)); }

ObjRef process_class(Interp& in, TypeObject* cls, bool init, bool repr, bool eq, bool order, bool frozen) {
  if (!cls->is_user_) raise(builtin_types().type_error, "dataclass() should be called on a class");
  // Fields of dataclass bases first (the furthest base's first), then the class's own annotations.
  std::vector<Ref<FieldObject>> fields;
  auto put = [&](Ref<FieldObject> f) {
    for (auto& g : fields)
      if (g->name() == f->name()) {
        g = std::move(f);
        return;
      }
    fields.push_back(std::move(f));
  };
  for (auto it = cls->mro_.rbegin(); it != cls->mro_.rend(); ++it)
    if (*it != cls)
      if (Object* base_fields = (*it)->dict_.get("__dataclass_fields__");
          base_fields && base_fields->type() == builtin_types().dict)
        for (auto& [k, v] : as<DictObject>(base_fields)->items()) put(Ref<FieldObject>(as<FieldObject>(v.get())));
  if (Object* ann = cls->dict_.get("__annotations__"); ann && ann->type() == builtin_types().dict) {
    for (auto& [k, type] : as<DictObject>(ann)->items()) {
      const std::string name = as<StrObject>(k.get())->value_;
      Object* value = cls->dict_.get(name);
      Ref<FieldObject> f = value && value->type() == field_type()
                               ? Ref<FieldObject>(as<FieldObject>(value))
                               : make_field(value ? value : missing(), missing(), true, true, true);
      f->dict_.set("name", k);
      f->dict_.set("type", type);
      Object* dflt = f->attr("default");
      if (dflt->type() == builtin_types().list || dflt->type() == builtin_types().dict || is_instance(dflt, set_type()))
        raise(builtin_types().value_error, "mutable default " + python::repr(in, dflt->type()) + " for field " + name +
                                               " is not allowed: use default_factory");
      if (dflt == missing()) cls->dict_.erase(name);
      else cls->dict_.set(name, ObjRef(dflt));  // a field(default=...) leaves its default as the class attribute
      put(f);
    }
  }
  bool seen_default = false;
  for (auto& f : fields) {
    if (!f->flag("init")) continue;
    bool has_default = f->attr("default") != missing() || f->attr("default_factory") != missing();
    if (!has_default && seen_default)
      raise(builtin_types().type_error, "non-default argument '" + f->name() + "' follows default argument");
    seen_default = seen_default || has_default;
  }
  Ref<DictObject> table(new DictObject());
  for (auto& f : fields) table->set(in, make_str(f->name()), ObjRef(f.get()));
  add_method(cls, "__dataclass_fields__", table);
  std::vector<ObjRef> names;
  for (auto& f : fields)
    if (f->flag("init")) names.push_back(make_str(f->name()));
  add_method(cls, "__match_args__", ObjRef(make_tuple(std::move(names)).get()));
  if (init && !cls->dict_.get("__init__")) add_method(cls, "__init__", make_init(cls, fields));
  if (repr && !cls->dict_.get("__repr__"))
    add_method(cls, "__repr__", make_function("__repr__", [fields](Interp& in, CallArgs& a) -> ObjRef {
                 Object* self = a.pos[0].get();
                 std::string out = self->type()->qualname() + "(";
                 bool first = true;
                 for (auto& f : fields) {
                   if (!f->flag("repr")) continue;
                   out += (first ? "" : ", ") + f->name() + "=" + python::repr(in, get_attr(in, self, f->name()).get());
                   first = false;
                 }
                 return make_str(out + ")");
               }));
  if (eq && (!cls->dict_.get("__eq__") || cls->dict_.get("__eq__") == none()))
    add_method(cls, "__eq__", make_function("__eq__", [fields](Interp& in, CallArgs& a) -> ObjRef {
                 if (a.pos[1]->type() != a.pos[0]->type()) return ObjRef(not_implemented());
                 return compare(in, CmpOpKind::Eq, field_values(in, a.pos[0].get(), fields, "compare").get(),
                                field_values(in, a.pos[1].get(), fields, "compare").get());
               }));
  if (order) {
    const std::pair<const char*, CmpOpKind> ops[] = {
        {"__lt__", CmpOpKind::Lt}, {"__le__", CmpOpKind::LtE}, {"__gt__", CmpOpKind::Gt}, {"__ge__", CmpOpKind::GtE}};
    for (auto& [name, op] : ops) {
      if (cls->dict_.get(name))
        raise(builtin_types().type_error, std::string("Cannot overwrite attribute ") + name + " in class " +
                                              cls->name_ + ". Consider using functools.total_ordering");
      CmpOpKind kind = op;
      add_method(cls, name, make_function(name, [fields, kind](Interp& in, CallArgs& a) -> ObjRef {
                   if (a.pos[1]->type() != a.pos[0]->type()) return ObjRef(not_implemented());
                   return compare(in, kind, field_values(in, a.pos[0].get(), fields, "compare").get(),
                                  field_values(in, a.pos[1].get(), fields, "compare").get());
                 }));
    }
  }
  if (frozen) {
    auto refuse = [](const char* what) {
      return [what](Interp&, CallArgs& a) -> ObjRef {
        std::string name = a.pos.size() > 1 && is_str(a.pos[1].get()) ? as<StrObject>(a.pos[1].get())->value_ : "";
        throw PyError{new_exception(frozen_error_type(), {make_str(std::string(what) + " field '" + name + "'")})};
      };
    };
    add_method(cls, "__setattr__", make_function("__setattr__", refuse("cannot assign to")));
    add_method(cls, "__delattr__", make_function("__delattr__", refuse("cannot delete")));
  }
  Object* own_hash = cls->dict_.get("__hash__");
  bool hash_written = own_hash && own_hash != none();
  if (eq && frozen && !hash_written)
    add_method(cls, "__hash__", make_function("__hash__", [fields](Interp& in, CallArgs& a) -> ObjRef {
                 return make_int(hash_of(in, field_values(in, a.pos[0].get(), fields, "compare").get()));
               }));
  else if (eq && !hash_written) add_method(cls, "__hash__", ObjRef(none()));
  return ObjRef(cls);
}

ObjRef as_data(Interp& in, Object* o, bool as_tuple) {
  if (o->type()->is_user_ && o->type()->lookup("__dataclass_fields__")) {
    std::vector<ObjRef> items;
    Ref<DictObject> d(new DictObject());
    for (auto& f : fields_of(in, o)) {
      ObjRef v = as_data(in, get_attr(in, o, f->name()).get(), as_tuple);
      if (as_tuple) items.push_back(std::move(v));
      else d->set(in, make_str(f->name()), std::move(v));
    }
    return as_tuple ? ObjRef(make_tuple(std::move(items)).get()) : ObjRef(d.get());
  }
  if (o->type() == builtin_types().list || o->type() == builtin_types().tuple) {
    std::vector<ObjRef> items;
    for (auto& x : to_vector(in, o)) items.push_back(as_data(in, x.get(), as_tuple));
    if (o->type() == builtin_types().list) return make_list(std::move(items));
    return ObjRef(make_tuple(std::move(items)).get());
  }
  if (o->type() == builtin_types().dict) {
    Ref<DictObject> d(new DictObject());
    for (auto& [k, v] : as<DictObject>(o)->items())
      d->set(in, as_data(in, k.get(), as_tuple), as_data(in, v.get(), as_tuple));
    return d;
  }
  return ObjRef(o);
}

Ref<ModuleObject> make_dataclasses(Interp&) {
  auto m = make_module("dataclasses");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/dataclasses.py"));
  module_add(m.get(), "MISSING", ObjRef(missing()));
  module_add(m.get(), "Field", ObjRef(field_type()));
  module_add(m.get(), "FrozenInstanceError", ObjRef(frozen_error_type()));
  module_add_function(m.get(), "dataclass", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "dataclass",
                {"cls=", "*", "init=", "repr=", "eq=", "order=", "unsafe_hash=", "frozen=", "match_args=", "kw_only=",
                 "slots=", "weakref_slot="});
    for (size_t i : {5u, 8u, 9u, 10u})
      if (p.has(i) && truthy(in, p.get(i)))
        raise(builtin_types().not_implemented_error, std::string("stridelab does not support dataclass(") +
                                                         (i == 5   ? "unsafe_hash"
                                                          : i == 8 ? "kw_only"
                                                          : i == 9 ? "slots"
                                                                   : "weakref_slot") +
                                                         "=True) yet");
    bool init = p.get_bool(in, 1, true), repr = p.get_bool(in, 2, true), eq = p.get_bool(in, 3, true);
    bool order = p.get_bool(in, 4, false), frozen = p.get_bool(in, 6, false);
    if (order && !eq) raise(builtin_types().value_error, "eq must be true if order is true");
    if (p.has(0) && p.get(0) != none()) {
      if (p.get(0)->type() != builtin_types().type)
        raise(builtin_types().type_error, "dataclass() should be called on a class");
      return process_class(in, as<TypeObject>(p.get(0)), init, repr, eq, order, frozen);
    }
    return make_function("wrap", [=](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser q(b, "wrap", {"cls"});
      if (q.get(0)->type() != builtin_types().type)
        raise(builtin_types().type_error, "dataclass() should be called on a class");
      return process_class(in, as<TypeObject>(q.get(0)), init, repr, eq, order, frozen);
    });
  });
  module_add_function(m.get(), "field", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "field",
                {"*", "default=", "default_factory=", "init=", "repr=", "hash=", "compare=", "metadata=", "kw_only="});
    Object* dflt = p.has(0) ? p.get(0) : missing();
    Object* factory = p.has(1) ? p.get(1) : missing();
    if (dflt != missing() && factory != missing())
      raise(builtin_types().value_error, "cannot specify both default and default_factory");
    return make_field(dflt, factory, p.get_bool(in, 2, true), p.get_bool(in, 3, true), p.get_bool(in, 5, true));
  });
  module_add_function(m.get(), "fields", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "fields", {"class_or_instance"});
    std::vector<ObjRef> out;
    for (auto& f : fields_of(in, p.get(0))) out.emplace_back(f.get());
    return ObjRef(make_tuple(std::move(out)).get());
  });
  module_add_function(m.get(), "asdict", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "asdict", {"obj"});
    fields_of(in, p.get(0));
    if (p.get(0)->type() == builtin_types().type)
      raise(builtin_types().type_error, "asdict() should be called on dataclass instances");
    return as_data(in, p.get(0), false);
  });
  module_add_function(m.get(), "astuple", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "astuple", {"obj"});
    fields_of(in, p.get(0));
    if (p.get(0)->type() == builtin_types().type)
      raise(builtin_types().type_error, "astuple() should be called on dataclass instances");
    return as_data(in, p.get(0), true);
  });
  module_add_function(m.get(), "is_dataclass", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "is_dataclass", {"obj"});
    Object* o = p.get(0);
    TypeObject* t = o->type() == builtin_types().type ? as<TypeObject>(o) : o->type();
    return ObjRef(bool_obj(t->is_user_ && t->lookup("__dataclass_fields__")));
  });
  module_add_function(m.get(), "replace", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 1)
      raise(builtin_types().type_error,
            "replace() takes 1 positional argument but " + std::to_string(a.pos.size()) + " were given");
    Object* obj = a.pos[0].get();
    CallArgs args;
    for (auto& f : fields_of(in, obj)) {
      if (!f->flag("init")) continue;
      bool given = false;
      for (auto& [k, v] : a.kw) given = given || k == f->name();
      if (!given) args.kw.emplace_back(f->name(), get_attr(in, obj, f->name()));
    }
    for (auto& kv : a.kw) args.kw.push_back(kv);
    return call(in, obj->type(), args);
  });
  return m;
}

}  // namespace

void register_dataclasses_module(Interp& in) { in.register_module("dataclasses", make_dataclasses); }

}  // namespace stridelab::python
