// The dunder methods of the built-in types, and the objects of user subclasses of them.
//
// NOTE [Slots of the built-in types]
// The protocol (protocol.cpp) gives list, dict, tuple, str, int and float their behaviour on fast
// paths taken for the exact types only, and reaches every other object through its dunder
// methods. A user subclass (`class L(list)`, `class D(dict)`) is made of the native object of its
// base (a ListObject, with an instance dict added here), so it reaches the protocol through the
// dunder methods it inherits: the built-in types hold them in their dicts, as CPython's slot
// wrappers (`list.__len__`, `int.__add__`). That is also what `super().__getitem__(k)`,
// `hasattr(x, '__len__')`, `[].__len__` and `int.__add__(1, 2)` find.
//
// Each of them checks its receiver (CPython's "descriptor '__add__' requires a 'int' object but
// received a 'float'") and then runs the protocol's own code for the base type: for the time of
// the call, the object (and an operand of the same base) is given the base type itself, so the
// fast path takes it, with the base type's messages, as CPython's list and dict code runs on a
// subclass. Python code that runs during such a call (an item's __eq__ or __repr__, a key's
// __hash__, a dict subclass's __missing__) sees the base type as the object's type, except the
// trace, which asks shown_type() and sees the object's own type at every step; a subclass that overrides a dunder
// method keeps its own, as it is found first along the MRO. Comparisons and arithmetic use the built-in part of the
// operation only (builtin_compare, builtin_binary_op) and answer NotImplemented when it does not
// apply, so the other operand's reflected method is still tried.
#include "python/builtin_slots.h"

#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <utility>

#include "python/bigint.h"
#include "python/builtin_types.h"
#include "python/protocol.h"

namespace stridelab::python {

namespace {

// The object of a user subclass of a built-in type: the base's own object with an instance dict.
template <class Base>
class WithDict : public Base {
 public:
  template <class... Args>
  explicit WithDict(Args&&... args) : Base(std::forward<Args>(args)...) {
    this->track();
  }
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
  void clear_refs() override {
    Base::clear_refs();
    dict_.clear();
  }
};

struct SlotInfo {
  const TypeObject* owner;
  bool method;  // CPython makes it a method descriptor (`list.__getitem__`), not a slot wrapper
};

std::unordered_map<const Object*, SlotInfo>& slots() {
  static auto* m = new std::unordered_map<const Object*, SlotInfo>();
  return *m;
}

std::string address(const Object* o) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(o)));
  return buf;
}

// Gives `o` the type `base` until the end of the scope (NOTE [Slots of the built-in types]); bool
// stays bool, which the protocol takes as an int already. A native subclass (Counter, torch.Size)
// is made of its base's object as well.
// The objects given their base type now, with their own types (for shown_type).
std::vector<std::pair<const Object*, TypeObject*>>& swapped() {
  static auto* v = new std::vector<std::pair<const Object*, TypeObject*>>();
  return *v;
}

class AsBase {
 public:
  AsBase(Object* o, TypeObject* base) {
    if (o->type() == base || o->type() == builtin_types().bool_ || !o->type()->is_subtype_of(base)) return;
    o_ = o;
    saved_ = Ref<TypeObject>(o->type());
    swapped().emplace_back(o, saved_.get());
    o->set_type(base);
  }
  ~AsBase() {
    if (!o_) return;
    o_->set_type(saved_.get());
    swapped().pop_back();
  }
  AsBase(const AsBase&) = delete;
  AsBase& operator=(const AsBase&) = delete;

 private:
  Object* o_ = nullptr;
  Ref<TypeObject> saved_;
};

// The receiver's own type, for a slot body that runs with the base type in its place.
TypeObject* g_receiver_type = nullptr;

using Body = support::Callback<ObjRef(Interp&, Object* self, CallArgs& a)>;

// Defines `t.name`, taking `nargs` arguments after the receiver.
// `swap`: the body runs with the object given the base type (false: a body that reads the
// object's data itself, and keeps its type for the Python code it calls).
void slot(TypeObject* t, const std::string& name, size_t nargs, Body body, bool method = false, bool swap = true) {
  NativeFn fn = [t, name, nargs, body, method, swap](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.empty())
      raise(builtin_types().type_error, "descriptor '" + name + "' of '" + t->name_ + "' object needs an argument");
    Object* self = a.pos[0].get();
    if (!is_instance(self, t)) {
      if (method)
        raise(builtin_types().type_error, "descriptor '" + name + "' for '" + t->name_ +
                                              "' objects doesn't apply to a '" + type_name(self) + "' object");
      raise(builtin_types().type_error,
            "descriptor '" + name + "' requires a '" + t->name_ + "' object but received a '" + type_name(self) + "'");
    }
    if (name != "__init__") {
      if (!a.kw.empty()) raise(builtin_types().type_error, name + "() takes no keyword arguments");
      if (a.pos.size() - 1 != nargs)
        raise(builtin_types().type_error, "expected " + std::to_string(nargs) + " argument" + (nargs == 1 ? "" : "s") +
                                              ", got " + std::to_string(a.pos.size() - 1));
    }
    ObjRef keep = a.pos[0];
    TypeObject* outer = g_receiver_type;
    g_receiver_type = self->type();
    struct Restore {
      TypeObject* outer;
      ~Restore() { g_receiver_type = outer; }
    } restore{outer};
    if (!swap) return body(in, self, a);
    AsBase as_base(self, t);
    return body(in, self, a);
  };
  ObjRef f(new BuiltinFunctionObject(name, std::move(fn)));
  slots()[f.get()] = SlotInfo{t, method};
  t->dict_.set(name, std::move(f));
}

// An operand of the same base type is taken as that type too (list.__eq__(l, other_l)).
ObjRef with_operand(Object* other, TypeObject* t, const std::function<ObjRef()>& run) {
  AsBase as_base(other, t);
  return run();
}

ObjRef or_not_implemented(ObjRef r) { return r ? r : ObjRef(not_implemented()); }

const char* const kCmpNames[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
const CmpOpKind kCmpOps[] = {CmpOpKind::Eq,  CmpOpKind::NotEq, CmpOpKind::Lt,
                             CmpOpKind::LtE, CmpOpKind::Gt,    CmpOpKind::GtE};

void comparisons(TypeObject* t) {
  for (int k = 0; k < 6; ++k) {
    CmpOpKind op = kCmpOps[k];
    slot(t, kCmpNames[k], 1, [t, op](Interp& in, Object* self, CallArgs& a) -> ObjRef {
      Object* other = a.pos[1].get();
      return with_operand(other, t, [&] { return or_not_implemented(builtin_compare(in, op, self, other)); });
    });
  }
}

struct BinSlot {
  const char* name;
  const char* rname;
  BinOpKind op;
};

void arithmetic(TypeObject* t, std::initializer_list<BinSlot> ops) {
  for (const BinSlot& b : ops) {
    BinOpKind op = b.op;
    slot(t, b.name, 1, [t, op](Interp& in, Object* self, CallArgs& a) -> ObjRef {
      Object* other = a.pos[1].get();
      return with_operand(other, t, [&] { return or_not_implemented(builtin_binary_op(in, op, self, other)); });
    });
    if (!b.rname) continue;
    slot(t, b.rname, 1, [t, op](Interp& in, Object* self, CallArgs& a) -> ObjRef {
      Object* other = a.pos[1].get();
      return with_operand(other, t, [&] { return or_not_implemented(builtin_binary_op(in, op, other, self)); });
    });
  }
}

void container_slots(TypeObject* t, bool mutable_items) {
  slot(t, "__len__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(length(in, self)); });
  slot(
      t, "__getitem__", 1, [](Interp& in, Object* self, CallArgs& a) { return get_item(in, self, a.pos[1].get()); },
      t != builtin_types().str);
  slot(t, "__contains__", 1,
       [](Interp& in, Object* self, CallArgs& a) { return ObjRef(bool_obj(contains(in, self, a.pos[1].get()))); });
  slot(t, "__iter__", 0, [](Interp& in, Object* self, CallArgs&) -> ObjRef { return get_iter(in, self); });
  slot(t, "__repr__", 0, [](Interp& in, Object* self, CallArgs&) { return make_str(repr(in, self)); });
  if (!mutable_items) return;
  slot(t, "__setitem__", 2, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    set_item(in, self, a.pos[1].get(), a.pos[2]);
    return ObjRef(none());
  });
  slot(t, "__delitem__", 1, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    del_item(in, self, a.pos[1].get());
    return ObjRef(none());
  });
  t->dict_.set("__hash__", ObjRef(none()));
}

void format_slot(TypeObject* t) {
  slot(t, "__format__", 1, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    if (!is_str(a.pos[1].get()))
      raise(builtin_types().type_error, "argument to __format__ must be str, not " + type_name(a.pos[1].get()));
    return make_str(format_value(in, self, as<StrObject>(a.pos[1].get())->value_));
  });
}

void number_slots(TypeObject* t) {
  comparisons(t);
  arithmetic(t, {{"__add__", "__radd__", BinOpKind::Add},
                 {"__sub__", "__rsub__", BinOpKind::Sub},
                 {"__mul__", "__rmul__", BinOpKind::Mult},
                 {"__truediv__", "__rtruediv__", BinOpKind::Div},
                 {"__floordiv__", "__rfloordiv__", BinOpKind::FloorDiv},
                 {"__mod__", "__rmod__", BinOpKind::Mod},
                 {"__pow__", "__rpow__", BinOpKind::Pow}});
  if (t == builtin_types().int_)
    arithmetic(t, {{"__and__", "__rand__", BinOpKind::BitAnd},
                   {"__or__", "__ror__", BinOpKind::BitOr},
                   {"__xor__", "__rxor__", BinOpKind::BitXor},
                   {"__lshift__", "__rlshift__", BinOpKind::LShift},
                   {"__rshift__", "__rrshift__", BinOpKind::RShift}});
  slot(t, "__neg__", 0, [](Interp& in, Object* self, CallArgs&) { return unary_op(in, UnaryOpKind::USub, self); });
  slot(t, "__pos__", 0, [](Interp& in, Object* self, CallArgs&) { return unary_op(in, UnaryOpKind::UAdd, self); });
  slot(t, "__abs__", 0, [](Interp& in, Object* self, CallArgs&) -> ObjRef {
    if (self->type() == builtin_types().float_) return make_float(std::fabs(as<FloatObject>(self)->value_));
    ObjRef zero = make_int(0);
    bool negative = truthy(in, compare(in, CmpOpKind::Lt, self, zero.get()).get());
    return unary_op(in, negative ? UnaryOpKind::USub : UnaryOpKind::UAdd, self);
  });
  slot(t, "__bool__", 0, [](Interp& in, Object* self, CallArgs&) { return ObjRef(bool_obj(truthy(in, self))); });
  slot(t, "__hash__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(hash_of(in, self)); });
  slot(t, "__repr__", 0, [](Interp& in, Object* self, CallArgs&) { return make_str(repr(in, self)); });
  format_slot(t);
  slot(t, "__float__", 0, [](Interp& in, Object* self, CallArgs&) { return make_float(to_double(in, self)); });
  if (t == builtin_types().int_) {
    slot(t, "__index__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(to_index(in, self)); });
    slot(t, "__int__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(to_index(in, self)); });
    slot(t, "__invert__", 0,
         [](Interp& in, Object* self, CallArgs&) { return unary_op(in, UnaryOpKind::Invert, self); });
  }
}

// `list(...)` and friends: the exact type as before; a subclass gets its own object (empty for list
// and dict, which __init__ fills; with the value for the immutable ones).
void subclass_constructors() {
  const BuiltinTypes& b = builtin_types();
  auto wrap = [](TypeObject* t, support::Callback<ObjRef(Interp&, TypeObject*, CallArgs&, const NativeNew&)> make) {
    NativeNew exact = t->new_;
    t->new_ = [t, exact, make](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      if (cls == t || !cls->is_user_) return exact(in, cls, a);
      return make(in, cls, a, exact);
    };
  };
  wrap(b.list, [](Interp&, TypeObject*, CallArgs&, const NativeNew&) { return ObjRef(new WithDict<ListObject>()); });
  wrap(b.dict, [](Interp&, TypeObject*, CallArgs&, const NativeNew&) { return ObjRef(new WithDict<DictObject>()); });
  wrap(b.tuple, [](Interp& in, TypeObject* cls, CallArgs& a, const NativeNew& exact) {
    ObjRef v = exact(in, builtin_types().tuple, a);
    return ObjRef(new WithDict<TupleObject>(as<TupleObject>(v.get())->items_));
  });
  wrap(b.str, [](Interp& in, TypeObject*, CallArgs& a, const NativeNew& exact) {
    ObjRef v = exact(in, builtin_types().str, a);
    return ObjRef(new WithDict<StrObject>(as<StrObject>(v.get())->value_));
  });
  wrap(b.float_, [](Interp& in, TypeObject*, CallArgs& a, const NativeNew& exact) {
    ObjRef v = exact(in, builtin_types().float_, a);
    return ObjRef(new WithDict<FloatObject>(as<FloatObject>(v.get())->value_));
  });
  wrap(b.int_, [](Interp& in, TypeObject* cls, CallArgs& a, const NativeNew& exact) {
    ObjRef v = exact(in, builtin_types().int_, a);
    if (is_big_candidate(v.get()) && !int_as_big(v.get()).fits_int64())
      raise(builtin_types().not_implemented_error,
            "stridelab does not support an instance of a subclass of int (" + cls->name_ + ") beyond 64 bits yet");
    return ObjRef(new WithDict<IntObject>(as<IntObject>(v.get())->value_));
  });
}

}  // namespace

void install_builtin_slots() {
  static bool done = false;
  if (done) return;
  done = true;
  const BuiltinTypes& b = builtin_types();
  subclass_constructors();

  TypeObject* list = b.list;
  container_slots(list, true);
  comparisons(list);
  arithmetic(list, {{"__add__", nullptr, BinOpKind::Add}, {"__mul__", "__rmul__", BinOpKind::Mult}});
  slot(list, "__iadd__", 1, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    std::vector<ObjRef> items = to_vector(in, a.pos[1].get());
    auto& dst = as<ListObject>(self)->items_;
    dst.insert(dst.end(), items.begin(), items.end());
    return a.pos[0];
  });
  slot(list, "__imul__", 1, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    ObjRef r = builtin_binary_op(in, BinOpKind::Mult, self, a.pos[1].get());
    if (!r) return ObjRef(not_implemented());
    as<ListObject>(self)->items_ = as<ListObject>(r.get())->items_;
    return a.pos[0];
  });
  slot(list, "__init__", 0, [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    if (!a.kw.empty()) raise(builtin_types().type_error, "list() takes no keyword arguments");
    if (a.pos.size() > 2)
      raise(builtin_types().type_error, "list expected at most 1 argument, got " + std::to_string(a.pos.size() - 1));
    std::vector<ObjRef> items = a.pos.size() > 1 ? to_vector(in, a.pos[1].get()) : std::vector<ObjRef>();
    as<ListObject>(self)->items_ = std::move(items);
    return ObjRef(none());
  });

  TypeObject* dict = b.dict;
  container_slots(dict, true);
  slots()[dict->dict_.get("__contains__")].method = true;
  slot(  // a subclass's __missing__ answers for a missing key, as in CPython's dict_subscript
      dict, "__getitem__", 1,
      [](Interp& in, Object* self, CallArgs& a) -> ObjRef {
        if (Object* v = as<DictObject>(self)->get(in, a.pos[1].get())) return ObjRef(v);
        if (g_receiver_type != builtin_types().dict)
          if (Object* missing = g_receiver_type->lookup("__missing__")) {
            CallArgs args;
            args.pos = {a.pos[0], a.pos[1]};
            return call(in, missing, args);
          }
        throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
      },
      true, false);
  slot(dict, "__eq__", 1, [dict](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    Object* other = a.pos[1].get();
    if (!is_instance(other, dict)) return ObjRef(not_implemented());
    return with_operand(other, dict,
                        [&] { return or_not_implemented(builtin_compare(in, CmpOpKind::Eq, self, other)); });
  });
  slot(dict, "__ne__", 1, [dict](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    Object* other = a.pos[1].get();
    if (!is_instance(other, dict)) return ObjRef(not_implemented());
    return with_operand(other, dict,
                        [&] { return or_not_implemented(builtin_compare(in, CmpOpKind::NotEq, self, other)); });
  });
  arithmetic(dict, {{"__or__", nullptr, BinOpKind::BitOr}});
  NativeNew make_dict = dict->new_;
  slot(dict, "__init__", 0, [make_dict](Interp& in, Object* self, CallArgs& a) -> ObjRef {
    if (a.pos.size() > 2)
      raise(builtin_types().type_error, "dict expected at most 1 argument, got " + std::to_string(a.pos.size() - 1));
    CallArgs rest;
    rest.pos.assign(a.pos.begin() + 1, a.pos.end());
    rest.kw = a.kw;
    ObjRef filled = make_dict(in, builtin_types().dict, rest);
    auto* d = as<DictObject>(self);
    for (auto& [k, v] : as<DictObject>(filled.get())->items()) d->set(in, k, v);
    return ObjRef(none());
  });

  TypeObject* tuple = b.tuple;
  container_slots(tuple, false);
  comparisons(tuple);
  arithmetic(tuple, {{"__add__", nullptr, BinOpKind::Add}, {"__mul__", "__rmul__", BinOpKind::Mult}});
  slot(tuple, "__hash__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(hash_of(in, self)); });

  TypeObject* string = b.str;
  container_slots(string, false);
  comparisons(string);
  arithmetic(string, {{"__add__", nullptr, BinOpKind::Add},
                      {"__mul__", "__rmul__", BinOpKind::Mult},
                      {"__mod__", nullptr, BinOpKind::Mod}});
  slot(string, "__hash__", 0, [](Interp& in, Object* self, CallArgs&) { return make_int(hash_of(in, self)); });
  slot(string, "__str__", 0, [](Interp& in, Object* self, CallArgs&) { return make_str(str(in, self)); });
  format_slot(string);

  number_slots(b.int_);
  number_slots(b.float_);
}

TypeObject* shown_type(const Object* o) {
  for (auto it = swapped().rbegin(); it != swapped().rend(); ++it)
    if (it->first == o) return it->second;
  return o->type();
}

bool any_shown_as_base() { return !swapped().empty(); }

bool is_builtin_slot(const Object* fn) { return slots().count(fn) != 0; }

std::string slot_repr(const Object* fn, const Object* self) {
  auto it = slots().find(fn);
  if (it == slots().end()) return "";
  const std::string& name = as<BuiltinFunctionObject>(const_cast<Object*>(fn))->name_;
  const SlotInfo& info = it->second;
  if (self) {
    if (info.method) return "<built-in method " + name + " of " + type_name(self) + " object at " + address(self) + ">";
    return "<method-wrapper '" + name + "' of " + type_name(self) + " object at " + address(self) + ">";
  }
  return std::string(info.method ? "<method '" : "<slot wrapper '") + name + "' of '" + info.owner->name_ +
         "' objects>";
}

}  // namespace stridelab::python
