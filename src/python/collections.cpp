// The collections module: OrderedDict, defaultdict, Counter (dicts with a behaviour of their
// own) and namedtuple (a tuple class made at run time), with CPython's reprs and errors.
#include <algorithm>

#include "python/builtin_types.h"
#include "python/interp.h"
#include "python/modules.h"
#include "python/native.h"
#include "python/protocol.h"
#include "python/recursion.h"

namespace stridelab::python {

namespace {

class DefaultDictObject : public DictObject {
 public:
  ObjRef factory_;
  void clear_refs() override {
    ObjRef f = std::move(factory_);
    DictObject::clear_refs();
  }
};

// An OrderedDict keeps attributes of its own, as CPython's do (state_dict()'s `_metadata`).
class OrderedDictObject : public DictObject {
 public:
  Namespace attrs_;
  Namespace* instance_dict() override { return &attrs_; }
  void clear_refs() override {
    attrs_.clear();
    DictObject::clear_refs();
  }
};

DictObject* self_dict(CallArgs& a) { return as<DictObject>(a.pos[0].get()); }

bool is_dict_like(Object* o) { return is_instance(o, builtin_types().dict); }

// A plain dict with the same items (for repr and ==, which the protocol does on exact dicts).
Ref<DictObject> plain_copy(Interp& in, Object* d) {
  Ref<DictObject> out(new DictObject());
  for (auto& [k, v] : as<DictObject>(d)->items()) out->set(in, k, v);
  return out;
}

void fill_dict(Interp& in, DictObject* d, Object* source, CallArgs& a, size_t first_kw = 0) {
  if (source) {
    if (is_dict_like(source)) {
      for (auto& [k, v] : as<DictObject>(source)->items()) d->set(in, k, v);
    } else {
      Ref<IteratorObject> it = get_iter(in, source);
      while (ObjRef pair = it->next(in)) {
        std::vector<ObjRef> kv = to_vector(in, pair.get());
        if (kv.size() != 2)
          raise(builtin_types().value_error,
                "dictionary update sequence element #0 has length " + std::to_string(kv.size()) + "; 2 is required");
        d->set(in, kv[0], kv[1]);
      }
    }
  }
  for (size_t i = first_kw; i < a.kw.size(); ++i) d->set(in, make_str(a.kw[i].first), a.kw[i].second);
}

// The dunders a dict subclass needs (the protocol's fast paths take exact dicts only).
void dict_dunders(NativeType& t) {
  t.method("__getitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (Object* v = self_dict(a)->get(in, a.pos[1].get())) return ObjRef(v);
    if (Object* missing = a.pos[0]->type()->lookup("__missing__")) {
      CallArgs args;
      args.pos = {a.pos[0], a.pos[1]};
      return call(in, missing, args);
    }
    throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
  });
  t.method("__setitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    self_dict(a)->set(in, a.pos[1], a.pos[2]);
    return ObjRef(none());
  });
  t.method("__delitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!self_dict(a)->erase(in, a.pos[1].get())) throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
    return ObjRef(none());
  });
  t.method("__len__",
           [](Interp&, CallArgs& a) -> ObjRef { return make_int(static_cast<int64_t>(self_dict(a)->size())); });
  t.method("__iter__", [](Interp&, CallArgs& a) -> ObjRef {
    return make_dict_iterator(Ref<DictObject>(self_dict(a)), DictView::Keys);
  });
  t.method("__contains__", [](Interp& in, CallArgs& a) -> ObjRef {
    return ObjRef(bool_obj(self_dict(a)->get(in, a.pos[1].get()) != nullptr));
  });
  t.method("__eq__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_dict_like(a.pos[1].get())) return ObjRef(not_implemented());
    Ref<DictObject> x = plain_copy(in, a.pos[0].get()), y = plain_copy(in, a.pos[1].get());
    return ObjRef(bool_obj(equals(in, x.get(), y.get())));
  });
  t.attr("__hash__", ObjRef(none()));
}

// ---- defaultdict ----

TypeObject* defaultdict_type() {
  static TypeObject* t = [] {
    NativeType nt("defaultdict", "collections", builtin_types().dict);
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      Ref<DefaultDictObject> d(new DefaultDictObject());
      d->set_type(cls);
      if (!a.pos.empty()) {
        Object* f = a.pos[0].get();
        TypeObject* ft = f->type();
        bool callable = f == none() || ft == builtin_types().function || ft == builtin_types().builtin_function ||
                        ft == builtin_types().method || ft == builtin_types().type || ft->lookup("__call__");
        if (!callable) raise(builtin_types().type_error, "first argument must be callable or None");
        if (f != none()) d->factory_ = a.pos[0];
      }
      if (a.pos.size() > 2)
        raise(builtin_types().type_error, "dict expected at most 1 argument, got " + std::to_string(a.pos.size() - 1));
      fill_dict(in, d.get(), a.pos.size() > 1 ? a.pos[1].get() : nullptr, a);
      a.pos.clear();
      a.kw.clear();
      return d;
    });
    dict_dunders(nt);
    nt.method("__missing__", [](Interp& in, CallArgs& a) -> ObjRef {
      auto* d = dynamic_cast<DefaultDictObject*>(a.pos[0].get());
      if (!d || !d->factory_) throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
      ObjRef v = call0(in, d->factory_.get());
      d->set(in, a.pos[1], v);
      return v;
    });
    nt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
      auto* d = dynamic_cast<DefaultDictObject*>(a.pos[0].get());
      std::string f = d && d->factory_ ? repr(in, d->factory_.get()) : "None";
      Ref<DictObject> plain = plain_copy(in, a.pos[0].get());
      return make_str(type_name(a.pos[0].get()) + "(" + f + ", " + repr(in, plain.get()) + ")");
    });
    nt.property(
        "default_factory",
        [](Interp&, Object* self) -> ObjRef {
          auto* d = dynamic_cast<DefaultDictObject*>(self);
          return d && d->factory_ ? d->factory_ : ObjRef(none());
        },
        [](Interp&, Object* self, ObjRef v) {
          if (auto* d = dynamic_cast<DefaultDictObject*>(self)) d->factory_ = v.get() == none() ? nullptr : v;
        });
    return nt.build();
  }();
  return t;
}

// ---- OrderedDict ----

TypeObject* ordereddict_type() {
  static TypeObject* t = [] {
    NativeType nt("OrderedDict", "collections", builtin_types().dict);
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      if (a.pos.size() > 1)
        raise(builtin_types().type_error,
              "OrderedDict expected at most 1 argument, got " + std::to_string(a.pos.size()));
      Ref<DictObject> d(new OrderedDictObject());
      d->set_type(cls);
      fill_dict(in, d.get(), a.pos.empty() ? nullptr : a.pos[0].get(), a);
      a.pos.clear();
      a.kw.clear();
      return d;
    });
    dict_dunders(nt);
    nt.method("__eq__", [](Interp& in, CallArgs& a) -> ObjRef {
      Object* other = a.pos[1].get();
      if (!is_dict_like(other)) return ObjRef(not_implemented());
      Ref<DictObject> x = plain_copy(in, a.pos[0].get()), y = plain_copy(in, other);
      bool eq = equals(in, x.get(), y.get());
      if (eq && is_instance(other, a.pos[0]->type())) {  // two OrderedDicts: the order counts too
        auto xi = x->items(), yi = y->items();
        for (size_t i = 0; i < xi.size() && eq; ++i) eq = equals(in, xi[i].first.get(), yi[i].first.get());
      }
      return ObjRef(bool_obj(eq));
    });
    nt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
      std::string name = type_name(a.pos[0].get());
      auto items = self_dict(a)->items();
      if (items.empty()) return make_str(name + "()");
      std::vector<ObjRef> pairs;
      for (auto& [k, v] : items) pairs.push_back(make_tuple({k, v}));
      return make_str(name + "(" + repr(in, make_list(std::move(pairs)).get()) + ")");
    });
    nt.method("move_to_end", [](Interp& in, CallArgs& a) -> ObjRef {
      if (a.pos.size() < 2) raise(builtin_types().type_error, "move_to_end() missing required argument 'key' (pos 1)");
      bool last = true;
      if (a.pos.size() > 2) last = truthy(in, a.pos[2].get());
      for (auto& [k, v] : a.kw)
        if (k == "last") last = truthy(in, v.get());
      DictObject* d = self_dict(a);
      Object* v = d->get(in, a.pos[1].get());
      if (!v) throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
      ObjRef value(v);
      if (last) {
        d->erase(in, a.pos[1].get());
        d->set(in, a.pos[1], value);
        return ObjRef(none());
      }
      auto items = d->items();
      d->clear();
      d->set(in, a.pos[1], value);
      for (auto& [k, val] : items)
        if (!equals(in, k.get(), a.pos[1].get())) d->set(in, k, val);
      return ObjRef(none());
    });
    nt.method("popitem", [](Interp& in, CallArgs& a) -> ObjRef {
      bool last = a.pos.size() > 1 ? truthy(in, a.pos[1].get()) : true;
      for (auto& [k, v] : a.kw)
        if (k == "last") last = truthy(in, v.get());
      DictObject* d = self_dict(a);
      auto items = d->items();
      if (items.empty()) raise(builtin_types().key_error, "dictionary is empty");
      auto [k, v] = last ? items.back() : items.front();
      d->erase(in, k.get());
      return make_tuple({k, v});
    });
    return nt.build();
  }();
  return t;
}

// ---- Counter ----

ObjRef counter_get(Interp& in, DictObject* d, Object* key) {
  Object* v = d->get(in, key);
  return v ? ObjRef(v) : make_int(0);
}

void counter_update(Interp& in, DictObject* d, Object* source, bool subtract) {
  if (!source) return;
  if (is_dict_like(source)) {
    for (auto& [k, v] : as<DictObject>(source)->items()) {
      ObjRef cur = counter_get(in, d, k.get());
      d->set(in, k, binary_op(in, subtract ? BinOpKind::Sub : BinOpKind::Add, cur.get(), v.get()));
    }
    return;
  }
  Ref<IteratorObject> it = get_iter(in, source);
  ObjRef one = make_int(1);
  while (ObjRef x = it->next(in)) {
    ObjRef cur = counter_get(in, d, x.get());
    d->set(in, x, binary_op(in, subtract ? BinOpKind::Sub : BinOpKind::Add, cur.get(), one.get()));
  }
}

// Items by count, largest first; equal counts keep their insertion order (a stable sort).
std::vector<std::pair<ObjRef, ObjRef>> most_common(Interp& in, DictObject* d) {
  auto items = d->items();
  std::stable_sort(items.begin(), items.end(), [&in](const auto& x, const auto& y) {
    ObjRef lt = compare(in, CmpOpKind::Lt, y.second.get(), x.second.get());
    return truthy(in, lt.get());
  });
  return items;
}

TypeObject* counter_type();

Ref<DictObject> new_counter() {
  Ref<DictObject> d(new DictObject());
  d->set_type(counter_type());
  return d;
}

ObjRef counter_arith(Interp& in, CallArgs& a, bool add) {
  if (!is_instance(a.pos[1].get(), counter_type())) return ObjRef(not_implemented());
  DictObject *x = self_dict(a), *y = as<DictObject>(a.pos[1].get());
  Ref<DictObject> out = new_counter();
  ObjRef zero = make_int(0);
  for (auto& [k, v] : x->items()) {
    ObjRef other = counter_get(in, y, k.get());
    ObjRef n = binary_op(in, add ? BinOpKind::Add : BinOpKind::Sub, v.get(), other.get());
    if (truthy(in, compare(in, CmpOpKind::Gt, n.get(), zero.get()).get())) out->set(in, k, n);
  }
  for (auto& [k, v] : y->items()) {
    if (x->get(in, k.get())) continue;
    if (add && truthy(in, compare(in, CmpOpKind::Gt, v.get(), zero.get()).get())) out->set(in, k, v);
    if (!add && truthy(in, compare(in, CmpOpKind::Lt, v.get(), zero.get()).get()))
      out->set(in, k, binary_op(in, BinOpKind::Sub, zero.get(), v.get()));
  }
  return out;
}

bool counter_positive(Interp& in, Object* n) {
  ObjRef zero = make_int(0);
  return truthy(in, compare(in, CmpOpKind::Gt, n, zero.get()).get());
}

// c | d (the larger count of each) and c & d (the smaller), keeping positive counts, as CPython.
ObjRef counter_union_or_meet(Interp& in, CallArgs& a, bool is_union) {
  if (!is_instance(a.pos[1].get(), counter_type())) return ObjRef(not_implemented());
  DictObject *x = self_dict(a), *y = as<DictObject>(a.pos[1].get());
  Ref<DictObject> out = new_counter();
  for (auto& [k, v] : x->items()) {
    ObjRef other = counter_get(in, y, k.get());
    bool less = truthy(in, compare(in, CmpOpKind::Lt, v.get(), other.get()).get());
    ObjRef n = less == is_union ? other : v;
    if (counter_positive(in, n.get())) out->set(in, k, n);
  }
  if (is_union)
    for (auto& [k, v] : y->items())
      if (!x->get(in, k.get()) && counter_positive(in, v.get())) out->set(in, k, v);
  return out;
}

// +c keeps the positive counts, -c the negated negative ones.
ObjRef counter_sign(Interp& in, CallArgs& a, bool negate) {
  Ref<DictObject> out = new_counter();
  ObjRef zero = make_int(0);
  for (auto& [k, v] : self_dict(a)->items()) {
    if (!negate && counter_positive(in, v.get())) out->set(in, k, v);
    if (negate && truthy(in, compare(in, CmpOpKind::Lt, v.get(), zero.get()).get()))
      out->set(in, k, binary_op(in, BinOpKind::Sub, zero.get(), v.get()));
  }
  return out;
}

TypeObject* counter_type() {
  static TypeObject* t = [] {
    NativeType nt("Counter", "collections", builtin_types().dict);
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      if (a.pos.size() > 1)
        raise(builtin_types().type_error, "expected at most 1 arguments, got " + std::to_string(a.pos.size()));
      Ref<DictObject> d(new DictObject());
      d->set_type(cls);
      counter_update(in, d.get(), a.pos.empty() ? nullptr : a.pos[0].get(), false);
      for (auto& [k, v] : a.kw) {
        ObjRef cur = counter_get(in, d.get(), make_str(k).get());
        d->set(in, make_str(k), binary_op(in, BinOpKind::Add, cur.get(), v.get()));
      }
      a.pos.clear();
      a.kw.clear();
      return d;
    });
    dict_dunders(nt);
    nt.method("__missing__", [](Interp&, CallArgs&) -> ObjRef { return make_int(0); });
    nt.method("fromkeys", [](Interp&, CallArgs&) -> ObjRef {
      raise(builtin_types().not_implemented_error, "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.");
    });
    nt.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef {
      std::string name = type_name(a.pos[0].get());
      if (self_dict(a)->size() == 0) return make_str(name + "()");
      Ref<DictObject> plain(new DictObject());
      for (auto& [k, v] : most_common(in, self_dict(a))) plain->set(in, k, v);
      return make_str(name + "(" + repr(in, plain.get()) + ")");
    });
    nt.method("most_common", [](Interp& in, CallArgs& a) -> ObjRef {
      auto items = most_common(in, self_dict(a));
      Object* n = a.pos.size() > 1 ? a.pos[1].get() : nullptr;
      for (auto& [k, v] : a.kw)
        if (k == "n") n = v.get();
      if (n && n != none()) {
        int64_t count = std::max<int64_t>(0, to_index(in, n));
        if (static_cast<size_t>(count) < items.size()) items.resize(count);
      }
      std::vector<ObjRef> out;
      for (auto& [k, v] : items) out.push_back(make_tuple({k, v}));
      return make_list(std::move(out));
    });
    nt.method("elements", [](Interp& in, CallArgs& a) -> ObjRef {
      std::vector<ObjRef> out;
      for (auto& [k, v] : self_dict(a)->items())
        if (is_int(v.get()))
          for (int64_t i = 0; i < as<IntObject>(v.get())->value_; ++i) out.push_back(k);
      return ObjRef(new VectorIterator(std::move(out), builtin_types().iterator));
    });
    nt.method("total", [](Interp& in, CallArgs& a) -> ObjRef {
      ObjRef sum = make_int(0);
      for (auto& [k, v] : self_dict(a)->items()) sum = binary_op(in, BinOpKind::Add, sum.get(), v.get());
      return sum;
    });
    nt.method("update", [](Interp& in, CallArgs& a) -> ObjRef {
      counter_update(in, self_dict(a), a.pos.size() > 1 ? a.pos[1].get() : nullptr, false);
      for (auto& [k, v] : a.kw) {
        ObjRef cur = counter_get(in, self_dict(a), make_str(k).get());
        self_dict(a)->set(in, make_str(k), binary_op(in, BinOpKind::Add, cur.get(), v.get()));
      }
      return ObjRef(none());
    });
    nt.method("subtract", [](Interp& in, CallArgs& a) -> ObjRef {
      counter_update(in, self_dict(a), a.pos.size() > 1 ? a.pos[1].get() : nullptr, true);
      return ObjRef(none());
    });
    nt.method("__add__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_arith(in, a, true); });
    nt.method("__sub__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_arith(in, a, false); });
    nt.method("__or__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_union_or_meet(in, a, true); });
    nt.method("__and__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_union_or_meet(in, a, false); });
    nt.method("__pos__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_sign(in, a, false); });
    nt.method("__neg__", [](Interp& in, CallArgs& a) -> ObjRef { return counter_sign(in, a, true); });
    return nt.build();
  }();
  return t;
}

// ---- namedtuple ----

std::vector<std::string> field_names(Interp& in, Object* spec) {
  std::vector<std::string> out;
  if (is_str(spec)) {
    std::string s = as<StrObject>(spec)->value_;
    std::replace(s.begin(), s.end(), ',', ' ');
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && s[i] == ' ') ++i;
      size_t j = i;
      while (j < s.size() && s[j] != ' ') ++j;
      if (j > i) out.push_back(s.substr(i, j - i));
      i = j;
    }
    return out;
  }
  for (auto& x : to_vector(in, spec)) out.push_back(str(in, x.get()));
  return out;
}

TupleObject* self_tuple(CallArgs& a) { return as<TupleObject>(a.pos[0].get()); }

ObjRef make_namedtuple(Interp& in, CallArgs& a) {
  ArgParser p(a, "namedtuple", {"typename", "field_names", "*", "rename=", "defaults=", "module="});
  if (!is_str(p.get(0))) raise(builtin_types().type_error, "Type names and field names must be strings");
  std::string name = as<StrObject>(p.get(0))->value_;
  std::vector<std::string> fields = field_names(in, p.get(1));
  std::vector<ObjRef> defaults;
  if (p.has(3) && p.get(3) != none()) defaults = to_vector(in, p.get(3));
  if (defaults.size() > fields.size()) raise(builtin_types().type_error, "Got more default values than field names");
  auto* cls = new TypeObject(name, builtin_types().tuple, "__main__");
  cls->incref();  // classes live until the end of the run, as a class statement's do
  cls->set_type(builtin_types().type);
  cls->is_user_ = true;
  cls->track();
  ObjRef keep(cls);
  cls->decref();
  size_t n = fields.size();
  size_t first_default = n - defaults.size();
  auto build = [cls, fields, defaults, first_default, name](Interp& in, std::vector<ObjRef> pos,
                                                            std::vector<std::pair<std::string, ObjRef>> kw) {
    size_t n = fields.size();
    if (pos.size() > n)
      raise(builtin_types().type_error, name + ".__new__() takes " + std::to_string(n + 1) +
                                            " positional arguments but " + std::to_string(pos.size() + 1) +
                                            " were given");
    std::vector<ObjRef> items(n);
    for (size_t i = 0; i < pos.size(); ++i) items[i] = pos[i];
    for (auto& [k, v] : kw) {
      auto it = std::find(fields.begin(), fields.end(), k);
      if (it == fields.end())
        raise(builtin_types().type_error, name + ".__new__() got an unexpected keyword argument '" + k + "'");
      size_t i = it - fields.begin();
      if (items[i]) raise(builtin_types().type_error, name + ".__new__() got multiple values for argument '" + k + "'");
      items[i] = v;
    }
    std::vector<std::string> missing;
    for (size_t i = 0; i < n; ++i)
      if (!items[i]) {
        if (i >= first_default) items[i] = defaults[i - first_default];
        else missing.push_back(fields[i]);
      }
    if (!missing.empty()) {
      std::string list;
      for (size_t i = 0; i < missing.size(); ++i) {
        if (i) list += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
        list += "'" + missing[i] + "'";
      }
      raise(builtin_types().type_error, name + ".__new__() missing " + std::to_string(missing.size()) +
                                            " required positional argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                            list);
    }
    return ObjRef(new TupleObject(std::move(items), cls));
  };
  cls->new_ = [build](Interp& in, TypeObject*, CallArgs& args) -> ObjRef {
    ObjRef r = build(in, args.pos, args.kw);
    args.pos.clear();
    args.kw.clear();
    return r;
  };
  for (size_t i = 0; i < n; ++i)
    cls->dict_.set(fields[i],
                   ObjRef(new PropertyObject(
                       [i](Interp&, Object* self) -> ObjRef { return as<TupleObject>(self)->items_[i]; }, nullptr)));
  std::vector<ObjRef> names;
  for (auto& f : fields) names.push_back(make_str(f));
  cls->dict_.set("_fields", make_tuple(names));
  cls->dict_.set("__repr__", make_function("__repr__", [fields](Interp& in, CallArgs& a) -> ObjRef {
                   NativeDepth depth(" while getting the repr of an object");
                   std::string out = a.pos[0]->type()->name_ + "(";
                   for (size_t i = 0; i < fields.size(); ++i)
                     out += (i ? ", " : "") + fields[i] + "=" + repr(in, self_tuple(a)->items_[i].get());
                   return make_str(out + ")");
                 }));
  cls->dict_.set("__getitem__", make_function("__getitem__", [](Interp& in, CallArgs& a) -> ObjRef {
                   Ref<TupleObject> plain = make_tuple(self_tuple(a)->items_);
                   return get_item(in, plain.get(), a.pos[1].get());
                 }));
  cls->dict_.set("__len__", make_function("__len__", [](Interp&, CallArgs& a) -> ObjRef {
                   return make_int(static_cast<int64_t>(self_tuple(a)->items_.size()));
                 }));
  cls->dict_.set("__iter__", make_function("__iter__", [](Interp& in, CallArgs& a) -> ObjRef {
                   return get_iter(in, make_tuple(self_tuple(a)->items_).get());
                 }));
  cls->dict_.set("__eq__", make_function("__eq__", [](Interp& in, CallArgs& a) -> ObjRef {
                   if (!is_instance(a.pos[1].get(), builtin_types().tuple)) return ObjRef(not_implemented());
                   Ref<TupleObject> x = make_tuple(self_tuple(a)->items_);
                   Ref<TupleObject> y = make_tuple(as<TupleObject>(a.pos[1].get())->items_);
                   return ObjRef(bool_obj(equals(in, x.get(), y.get())));
                 }));
  const std::pair<const char*, CmpOpKind> orders[] = {
      {"__lt__", CmpOpKind::Lt}, {"__le__", CmpOpKind::LtE}, {"__gt__", CmpOpKind::Gt}, {"__ge__", CmpOpKind::GtE}};
  for (auto [dunder, op] : orders)
    cls->dict_.set(dunder, make_function(dunder, [op = op](Interp& in, CallArgs& a) -> ObjRef {
                     if (!is_instance(a.pos[1].get(), builtin_types().tuple)) return ObjRef(not_implemented());
                     Ref<TupleObject> x = make_tuple(self_tuple(a)->items_);
                     Ref<TupleObject> y = make_tuple(as<TupleObject>(a.pos[1].get())->items_);
                     return compare(in, op, x.get(), y.get());
                   }));
  cls->dict_.set("__hash__", make_function("__hash__", [](Interp& in, CallArgs& a) -> ObjRef {
                   return make_int(hash_of(in, make_tuple(self_tuple(a)->items_).get()));
                 }));
  cls->dict_.set("_asdict", make_function("_asdict", [fields](Interp& in, CallArgs& a) -> ObjRef {
                   Ref<DictObject> d(new DictObject());
                   for (size_t i = 0; i < fields.size(); ++i) d->set(in, make_str(fields[i]), self_tuple(a)->items_[i]);
                   return d;
                 }));
  cls->dict_.set("_replace", make_function("_replace", [build, fields](Interp& in, CallArgs& a) -> ObjRef {
                   std::vector<ObjRef> items = self_tuple(a)->items_;
                   for (auto& [k, v] : a.kw) {
                     auto it = std::find(fields.begin(), fields.end(), k);
                     if (it == fields.end())
                       raise(builtin_types().value_error, "Got unexpected field names: ['" + k + "']");
                     items[it - fields.begin()] = v;
                   }
                   return build(in, items, {});
                 }));
  cls->dict_.set("_make", make_function("_make", [build](Interp& in, CallArgs& a) -> ObjRef {
                   std::vector<ObjRef> items = to_vector(in, a.pos.back().get());
                   return build(in, items, {});
                 }));
  return keep;
}

Ref<ModuleObject> make_collections(Interp&) {
  Ref<ModuleObject> m = make_module("collections");
  module_add(m.get(), "OrderedDict", ObjRef(ordereddict_type()));
  module_add(m.get(), "defaultdict", ObjRef(defaultdict_type()));
  module_add(m.get(), "Counter", ObjRef(counter_type()));
  module_add(m.get(), "deque", collections_deque());
  module_add_function(m.get(), "namedtuple", make_namedtuple);
  return m;
}

}  // namespace

void register_collections(Interp& in) { in.register_module("collections", make_collections); }

}  // namespace stridelab::python
