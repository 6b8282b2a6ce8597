// Built-in types beyond the core values of object.h: dict views (d.keys(), d.values(),
// d.items()), the lazy map and filter iterators, and the descriptors property, staticmethod and
// classmethod.
#include "python/set.h"
#include "python/builtin_types.h"

#include <algorithm>
#include <cmath>

#include "python/bigint.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

// ---- dict views ----

// A live view of a dict: it sees later changes, as CPython's dict_keys does.
class DictViewObject : public Object {
 public:
  DictViewObject(TypeObject* type, Ref<DictObject> dict, DictView kind)
      : Object(type), dict_(std::move(dict)), kind_(kind) {}
  Ref<DictObject> dict_;
  DictView kind_;

  std::vector<ObjRef> items() const {
    std::vector<ObjRef> out;
    for (auto& [k, v] : dict_->items())
      out.push_back(kind_ == DictView::Keys ? k : kind_ == DictView::Values ? v : ObjRef(make_tuple({k, v})));
    return out;
  }
};

// CPython's dict iterators (dictiter_iternextkey): the size seen at the start must hold at every
// step; a size that changed is reported at every later step too (used_ becomes -1), and an entry
// found after as many as the dict had (keys removed and others added) is reported once.
TypeObject* dict_iterator_type(DictView kind) {
  static TypeObject* types[3] = {NativeType("dict_keyiterator", "builtins").build(),
                                 NativeType("dict_valueiterator", "builtins").build(),
                                 NativeType("dict_itemiterator", "builtins").build()};
  return types[static_cast<int>(kind)];
}

class DictIterator : public IteratorObject {
 public:
  DictIterator(Ref<DictObject> dict, DictView kind)
      : IteratorObject(dict_iterator_type(kind)),
        dict_(std::move(dict)),
        kind_(kind),
        used_(static_cast<int64_t>(dict_->size())),
        remaining_(dict_->size()) {}
  ObjRef next(Interp&) override {
    if (!dict_) return nullptr;
    if (used_ != static_cast<int64_t>(dict_->size())) {
      used_ = -1;
      raise(builtin_types().runtime_error, "dictionary changed size during iteration");
    }
    long at = dict_->next_live(pos_);
    if (at < 0) {
      dict_.reset();
      return nullptr;
    }
    if (remaining_ == 0) {
      dict_.reset();
      raise(builtin_types().runtime_error, "dictionary keys changed during iteration");
    }
    pos_ = static_cast<size_t>(at) + 1;
    --remaining_;
    const ObjRef& k = dict_->key_at(static_cast<size_t>(at));
    const ObjRef& v = dict_->value_at(static_cast<size_t>(at));
    return kind_ == DictView::Keys ? k : kind_ == DictView::Values ? v : ObjRef(make_tuple({k, v}));
  }

 private:
  Ref<DictObject> dict_;
  DictView kind_;
  int64_t used_;
  size_t remaining_;
  size_t pos_ = 0;
};

TypeObject* view_types[3];

DictViewObject* self_view(CallArgs& a) { return as<DictViewObject>(a.pos[0].get()); }

// reversed(d.keys()), reversed(d.values()), reversed(d.items()): a snapshot read from the end.
TypeObject* reverse_iterator_type(DictView kind) {
  static TypeObject* types[3] = {builtin_types().dict_reversekeyiterator,
                                 NativeType("dict_reversevalueiterator", "builtins").build(),
                                 NativeType("dict_reverseitemiterator", "builtins").build()};
  return types[static_cast<int>(kind)];
}

TypeObject* make_view_type(const char* name) {
  return NativeType(name, "builtins")
      .method("__reversed__",
              [](Interp&, CallArgs& a) -> ObjRef {
                std::vector<ObjRef> items = self_view(a)->items();
                std::reverse(items.begin(), items.end());
                return ObjRef(new VectorIterator(std::move(items), reverse_iterator_type(self_view(a)->kind_)));
              })
      .method(
          "__iter__",
          [](Interp&, CallArgs& a) -> ObjRef { return make_dict_iterator(self_view(a)->dict_, self_view(a)->kind_); })
      .method(
          "__len__",
          [](Interp&, CallArgs& a) -> ObjRef { return make_int(static_cast<int64_t>(self_view(a)->dict_->size())); })
      .method("__contains__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                DictViewObject* v = self_view(a);
                Object* x = a.pos[1].get();
                if (v->kind_ == DictView::Keys) return ObjRef(bool_obj(v->dict_->get(in, x) != nullptr));
                if (v->kind_ == DictView::Items) {
                  if (x->type() != builtin_types().tuple || as<TupleObject>(x)->items_.size() != 2)
                    return ObjRef(false_obj());
                  Object* value = v->dict_->get(in, as<TupleObject>(x)->items_[0].get());
                  return ObjRef(bool_obj(value && equals(in, value, as<TupleObject>(x)->items_[1].get())));
                }
                for (auto& item : v->items())
                  if (item.get() == x || equals(in, item.get(), x)) return ObjRef(true_obj());
                return ObjRef(false_obj());
              })
      .method("__repr__",
              [name](Interp& in, CallArgs& a) -> ObjRef {
                ObjRef list = make_list(self_view(a)->items());
                return make_str(std::string(name) + "(" + repr(in, list.get()) + ")");
              })
      .build();
}

// ---- map and filter ----

class MapIterator : public IteratorObject {
 public:
  MapIterator(TypeObject* type, ObjRef fn, std::vector<Ref<IteratorObject>> its)
      : IteratorObject(type), fn_(std::move(fn)), its_(std::move(its)) {}
  ObjRef next(Interp& in) override {
    CallArgs args;
    for (auto& it : its_) {
      ObjRef x = it->next(in);
      if (!x) return nullptr;
      args.pos.push_back(std::move(x));
    }
    return call(in, fn_.get(), args);
  }
  ObjRef fn_;
  std::vector<Ref<IteratorObject>> its_;
};

class FilterIterator : public IteratorObject {
 public:
  FilterIterator(TypeObject* type, ObjRef fn, Ref<IteratorObject> it)
      : IteratorObject(type), fn_(std::move(fn)), it_(std::move(it)) {}
  ObjRef next(Interp& in) override {
    while (ObjRef x = it_->next(in)) {
      bool keep;
      if (fn_.get() == none()) {
        keep = truthy(in, x.get());
      } else {
        ObjRef r = call1(in, fn_.get(), x);
        keep = truthy(in, r.get());
      }
      if (keep) return x;
    }
    return nullptr;
  }
  ObjRef fn_;
  Ref<IteratorObject> it_;
};

TypeObject* make_iterator_type(const char* name, NativeNew make) {
  return NativeType(name, "builtins").constructor(std::move(make)).build();
}

// ---- descriptors ----

// property(fget, fset, fdel): attribute access through a class runs fget/fset.
class UserProperty : public PropertyObject {
 public:
  UserProperty(ObjRef fget, ObjRef fset, ObjRef fdel)
      : PropertyObject(nullptr, nullptr), fget_(std::move(fget)), fset_(std::move(fset)), fdel_(std::move(fdel)) {
    Object* get = fget_.get();
    Object* set = fset_.get();
    getter_ = [get](Interp& in, Object* self) -> ObjRef {
      if (!get) raise(builtin_types().attribute_error, "unreadable attribute");
      return call1(in, get, ObjRef(self));
    };
    setter_ = [this, set](Interp& in, Object* self, ObjRef value) {
      if (!set)
        raise(builtin_types().attribute_error,
              "property '" + name_ + "' of '" + type_name(self) + "' object has no setter");
      CallArgs args;
      args.pos = {ObjRef(self), std::move(value)};
      call(in, set, args);
    };
  }
  ObjRef fget_, fset_, fdel_;
  std::string name_;  // the class attribute it was assigned to (__set_name__)
};

ObjRef none_to_null(Object* o) { return o && o != none() ? ObjRef(o) : ObjRef(); }

ObjRef make_property(Interp&, TypeObject*, CallArgs& a) {
  ArgParser p(a, "property", {"fget=", "fset=", "fdel=", "doc="});
  return ObjRef(new UserProperty(none_to_null(p.get(0)), none_to_null(p.get(1)), none_to_null(p.get(2))));
}

// prop.setter(f) / prop.getter(f) / prop.deleter(f): a copy of the property with f in place.
NativeFn property_with(int which) {
  return [which](Interp&, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 2) raise(builtin_types().type_error, "expected 1 argument");
    auto* p = dynamic_cast<UserProperty*>(a.pos[0].get());
    if (!p) raise(builtin_types().type_error, "cannot change a built-in property");
    ObjRef f = none_to_null(a.pos[1].get());
    return ObjRef(new UserProperty(which == 0 ? f : p->fget_, which == 1 ? f : p->fset_, which == 2 ? f : p->fdel_));
  };
}

// staticmethod(f) and classmethod(f) wrap a function; their __get__ gives f, or f bound to the
// class.
class MethodWrapper : public Object {
 public:
  MethodWrapper(TypeObject* type, ObjRef fn) : Object(type), fn_(std::move(fn)) {}
  ObjRef fn_;
};

TypeObject* make_wrapper_type(const char* name, bool bind_class) {
  return NativeType(name, "builtins")
      .constructor([name](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
        if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
        if (a.pos.size() != 1)
          raise(builtin_types().type_error,
                std::string(name) + " expected 1 argument, got " + std::to_string(a.pos.size()));
        return ObjRef(new MethodWrapper(cls, a.pos[0]));
      })
      .method("__get__",
              [bind_class](Interp&, CallArgs& a) -> ObjRef {
                auto* w = as<MethodWrapper>(a.pos[0].get());
                if (!bind_class) return w->fn_;
                Object* owner = a.pos.size() > 2 && a.pos[2].get() != none() ? a.pos[2].get() : a.pos[1]->type();
                return ObjRef(new BoundMethodObject(ObjRef(owner), w->fn_));
              })
      .property("__func__", [](Interp&, Object* self) { return as<MethodWrapper>(self)->fn_; })
      .build();
}

TypeObject* wrapper_type(bool bind_class) {
  static TypeObject* static_method = make_wrapper_type("staticmethod", false);
  static TypeObject* class_method = make_wrapper_type("classmethod", true);
  return bind_class ? class_method : static_method;
}

// ---- numbers: the attributes of int and float that programs use ----

void install_number_attributes() {
  auto prop = [](TypeObject* t, const char* name, NativeGetter get) {
    t->dict_.set(name, ObjRef(new PropertyObject(std::move(get), nullptr)));
  };
  auto same = [](Interp&, Object* self) -> ObjRef {
    return is_int(self) && self->type() == builtin_types().bool_ ? make_int(as<IntObject>(self)->value_) : ObjRef(self);
  };
  auto zero = [](Interp&, Object* self) -> ObjRef {
    return self->type() == builtin_types().float_ ? make_float(0.0) : make_int(0);
  };
  prop(builtin_types().int_, "real", same);
  prop(builtin_types().int_, "imag", zero);
  prop(builtin_types().int_, "numerator", same);
  prop(builtin_types().int_, "denominator", [](Interp&, Object*) { return make_int(1); });
  prop(builtin_types().float_, "real", same);
  prop(builtin_types().float_, "imag", zero);
  builtin_types().int_->dict_.set(
      "bit_length", make_function("bit_length", [](Interp&, CallArgs& a) -> ObjRef {
        if (a.pos.size() != 1 || !is_int(a.pos[0].get()))
          raise(builtin_types().type_error,
                "int.bit_length() takes no arguments (" + std::to_string(a.pos.size() - 1) + " given)");
        return make_int(int_as_big(a.pos[0].get()).bit_length());
      }));
  builtin_types().int_->dict_.set("conjugate", make_function("conjugate", [same](Interp& in, CallArgs& a) -> ObjRef {
                                    return same(in, a.pos[0].get());
                                  }));
  builtin_types().float_->dict_.set(
      "is_integer", make_function("is_integer", [](Interp&, CallArgs& a) -> ObjRef {
        if (a.pos.size() != 1 || a.pos[0]->type() != builtin_types().float_)
          raise(builtin_types().type_error,
                "float.is_integer() takes no arguments (" + std::to_string(a.pos.size() - 1) + " given)");
        double v = as<FloatObject>(a.pos[0].get())->value_;
        return ObjRef(bool_obj(std::isfinite(v) && v == std::floor(v)));
      }));
}

}  // namespace

ObjRef make_method_wrapper(ObjRef fn, bool bind_class) {
  return ObjRef(new MethodWrapper(wrapper_type(bind_class), std::move(fn)));
}

Ref<IteratorObject> make_dict_iterator(Ref<DictObject> dict, DictView kind) {
  return Ref<IteratorObject>(new DictIterator(std::move(dict), kind));
}

ObjRef make_dict_view(Ref<DictObject> dict, DictView kind) {
  return ObjRef(new DictViewObject(view_types[static_cast<int>(kind)], std::move(dict), kind));
}

void install_builtin_types(Namespace& ns) {
  static bool done = false;
  static TypeObject *map_type, *filter_type, *staticmethod_type, *classmethod_type, *set_type, *frozenset_type;
  if (!done) {
    done = true;
    view_types[0] = make_view_type("dict_keys");
    view_types[1] = make_view_type("dict_values");
    view_types[2] = make_view_type("dict_items");
    map_type = make_iterator_type("map", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      if (!a.kw.empty()) raise(builtin_types().type_error, "map() takes no keyword arguments");
      if (a.pos.size() < 2) raise(builtin_types().type_error, "map() must have at least two arguments.");
      std::vector<Ref<IteratorObject>> its;
      for (size_t i = 1; i < a.pos.size(); ++i) its.push_back(get_iter(in, a.pos[i].get()));
      return ObjRef(new MapIterator(cls, a.pos[0], std::move(its)));
    });
    filter_type = make_iterator_type("filter", [](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      if (!a.kw.empty()) raise(builtin_types().type_error, "filter() takes no keyword arguments");
      if (a.pos.size() != 2)
        raise(builtin_types().type_error, "filter expected 2 arguments, got " + std::to_string(a.pos.size()));
      return ObjRef(new FilterIterator(cls, a.pos[0], get_iter(in, a.pos[1].get())));
    });
    builtin_types().property->new_ = make_property;
    builtin_types().property->dict_.set("setter", make_function("setter", property_with(1)));
    builtin_types().property->dict_.set("getter", make_function("getter", property_with(0)));
    builtin_types().property->dict_.set("deleter", make_function("deleter", property_with(2)));
    auto part = [](int which) -> NativeGetter {  // fget, fset, fdel; __doc__ is fget's
      return [which](Interp& in, Object* self) -> ObjRef {
        auto* p = dynamic_cast<UserProperty*>(self);
        Object* f = !p ? nullptr : which == 1 ? p->fset_.get() : which == 2 ? p->fdel_.get() : p->fget_.get();
        if (which == 3) return f ? get_attr(in, f, "__doc__") : ObjRef(none());
        return f ? ObjRef(f) : ObjRef(none());
      };
    };
    int which = 0;
    for (const char* name : {"fget", "fset", "fdel", "__doc__"})
      builtin_types().property->dict_.set(name, ObjRef(new PropertyObject(part(which++), nullptr)));
    builtin_types().property->dict_.set(
        "__set_name__", make_function("__set_name__", [](Interp&, CallArgs& a) -> ObjRef {
          if (auto* p = dynamic_cast<UserProperty*>(a.pos[0].get()); p && a.pos.size() == 3 && is_str(a.pos[2].get()))
            p->name_ = as<StrObject>(a.pos[2].get())->value_;
          return ObjRef(none());
        }));
    staticmethod_type = wrapper_type(false);
    classmethod_type = wrapper_type(true);
    set_type = python::set_type();
    frozenset_type = python::frozenset_type();
    install_number_attributes();
  }
  for (TypeObject* t :
       {map_type, filter_type, builtin_types().property, staticmethod_type, classmethod_type, set_type, frozenset_type})
    ns.set(t->name_, ObjRef(t));
}

}  // namespace stridelab::python
