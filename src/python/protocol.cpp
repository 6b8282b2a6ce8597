#include "python/protocol.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <unordered_map>

#include "python/builtin_slots.h"
#include "python/builtin_types.h"
#include "python/format.h"
#include "python/generator.h"
#include "python/bigint.h"
#include "python/interp.h"
#include "python/native.h"
#include "python/recursion.h"
#include "python/suggestions.h"
#include "python/unicode.h"
#include "support/budget.h"

namespace stridelab::python {

namespace {
std::unordered_map<const Object*, const TypeObject*>& descriptor_owners();  // NOTE [Method descriptors]
}  // namespace

// ---- errors ----

Ref<ExceptionObject> new_exception(TypeObject* type, std::vector<ObjRef> args) {
  Ref<ExceptionObject> e(new ExceptionObject(type));
  e->args_ = make_tuple(std::move(args));
  return e;
}

void raise(TypeObject* type, std::string message) {
  throw PyError{new_exception(type, {make_str(std::move(message))})};
}

void raise_object(Interp& in, ObjRef exc) {
  Object* o = exc.get();
  if (o->type() == builtin_types().type && as<TypeObject>(o)->is_subtype_of(builtin_types().base_exception)) {
    CallArgs none_args;
    exc = call(in, o, none_args);
    o = exc.get();
  }
  if (!is_instance(o, builtin_types().base_exception))
    raise(builtin_types().type_error, "exceptions must derive from BaseException");
  throw PyError{Ref<ExceptionObject>(as<ExceptionObject>(o))};
}

std::string type_name(const Object* o) {
  const TypeObject* t = o->type();
  return t->c_name_.empty() ? t->name_ : t->c_name_;
}

bool is_number(const Object* o) { return is_int(o) || o->type() == builtin_types().float_; }

// ---- repr / str ----

static std::string address(const Object* o) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(o)));
  return buf;
}

static std::string call_string_hook(Interp& in, Object* o, const char* name, Object* hook) {
  CallArgs args;
  args.pos.push_back(o);
  ObjRef r = call(in, hook, args);
  if (!is_str(r.get()))
    raise(builtin_types().type_error, std::string(name) + " returned non-string (type " + type_name(r.get()) + ")");
  return as<StrObject>(r.get())->value_;
}

// Guards repr of self-containing lists and dicts ("[[...]]").
static std::vector<const Object*>& repr_stack() {
  static std::vector<const Object*> stack;
  return stack;
}

struct ReprGuard {
  bool recursive = false;
  explicit ReprGuard(const Object* o) {
    for (const Object* p : repr_stack())
      if (p == o) recursive = true;
    if (!recursive) repr_stack().push_back(o);
  }
  ~ReprGuard() {
    if (!recursive) repr_stack().pop_back();
  }
};

static std::string repr_items(Interp& in, const std::vector<ObjRef>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += repr(in, items[i].get());
    // A list that holds one list many times over has a repr exponential in its depth.
    if (!support::allocation_fits(out.size())) raise(builtin_types().memory_error, "");
    support::poll_deadline();
  }
  return out;
}

static std::string exception_repr(Interp& in, ExceptionObject* e) {
  auto& items = e->args_->items_;
  return e->type()->name_ + "(" + repr_items(in, items) + ")";
}

static std::string function_repr(Object* o) {
  auto* f = as<FunctionObject>(o);
  return "<function " + f->shown_qualname() + " at " + address(o) + ">";
}

// list, tuple and dict: a level of the recursion through nested containers, kept small
// (STRIDELAB_NOINLINE in recursion.h).
STRIDELAB_NOINLINE static std::string container_repr(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().list) {
    ReprGuard g(o);
    if (g.recursive) return "[...]";
    return "[" + repr_items(in, as<ListObject>(o)->items_) + "]";
  }
  if (t == builtin_types().tuple) {
    auto& items = as<TupleObject>(o)->items_;
    if (items.size() == 1) return "(" + repr(in, items[0].get()) + ",)";
    return "(" + repr_items(in, items) + ")";
  }
  ReprGuard g(o);
  if (g.recursive) return "{...}";
  std::string out = "{";
  bool first = true;
  for (auto& [k, v] : as<DictObject>(o)->items()) {
    if (!first) out += ", ";
    first = false;
    out += repr(in, k.get()) + ": " + repr(in, v.get());
    if (!support::allocation_fits(out.size())) raise(builtin_types().memory_error, "");
    support::poll_deadline();
  }
  return out + "}";
}

STRIDELAB_NOINLINE static std::string builtin_repr(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().list || t == builtin_types().tuple || t == builtin_types().dict)
    return container_repr(in, o);
  if (t == builtin_types().range) {
    auto* r = as<RangeObject>(o);
    std::string out = "range(" + std::to_string(r->start_) + ", " + std::to_string(r->stop_);
    if (r->step_ != 1) out += ", " + std::to_string(r->step_);
    return out + ")";
  }
  if (t == builtin_types().slice) {
    auto* s = as<SliceObject>(o);
    return "slice(" + repr(in, s->start_.get()) + ", " + repr(in, s->stop_.get()) + ", " + repr(in, s->step_.get()) +
           ")";
  }
  if (t == builtin_types().function) return function_repr(o);
  if (t == builtin_types().builtin_function) {
    auto* b = as<BuiltinFunctionObject>(o);
    if (b->self_)
      return "<built-in method " + b->name_ + " of " + type_name(b->self_.get()) + " object at " +
             address(b->self_.get()) + ">";
    if (std::string slot = slot_repr(b, nullptr); !slot.empty()) return slot;
    auto owner = descriptor_owners().find(b);
    if (owner != descriptor_owners().end())
      return "<method '" + b->name_ + "' of '" + owner->second->name_ + "' objects>";
    return "<built-in function " + b->name_ + ">";
  }
  if (t == builtin_types().method) {
    auto* m = as<BoundMethodObject>(o);
    if (m->func_->type() == builtin_types().function)
      return "<bound method " + as<FunctionObject>(m->func_.get())->shown_qualname() + " of " +
             repr(in, m->self_.get()) + ">";
    if (std::string slot = slot_repr(m->func_.get(), m->self_.get()); !slot.empty()) return slot;
    std::string name =
        m->func_->type() == builtin_types().builtin_function ? as<BuiltinFunctionObject>(m->func_.get())->name_ : "?";
    return "<built-in method " + name + " of " + type_name(m->self_.get()) + " object at " + address(m->self_.get()) +
           ">";
  }
  if (t == builtin_types().type) return "<class '" + as<TypeObject>(o)->qualified_name() + "'>";
  if (t == builtin_types().module) return "<module '" + as<ModuleObject>(o)->name_ + "' (built-in)>";
  if (t == builtin_types().ellipsis) return "Ellipsis";
  if (t == builtin_types().not_implemented) return "NotImplemented";
  if (t == builtin_types().super)
    return "<super: <class '" + as<SuperObject>(o)->cls_->name_ + "'>, <" + type_name(as<SuperObject>(o)->self_.get()) +
           " object>>";
  if (is_instance(o, builtin_types().base_exception)) return exception_repr(in, as<ExceptionObject>(o));
  if (auto* g = dynamic_cast<GeneratorObject*>(o))
    return "<generator object " + g->qualname_ + " at " + address(o) + ">";
  if (t == builtin_types().generator)
    if (auto* g = dynamic_cast<VectorIterator*>(o))
      return "<generator object " + g->qualname_ + " at " + address(o) + ">";
  return "<" + o->type()->qualified_name() + " object at " + address(o) + ">";
}

std::string repr(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().int_) return int_to_decimal(o);
  if (t == builtin_types().str) return str_repr(as<StrObject>(o)->value_);
  if (t == builtin_types().float_) return float_repr(as<FloatObject>(o)->value_);
  if (t == builtin_types().none) return "None";
  if (t == builtin_types().bool_) return as<IntObject>(o)->value_ ? "True" : "False";
  // Past kSegmentSwitch levels on this stack, go on on a fresh one (NOTE [Fresh stacks]).
  if (recursion::wants_fresh_stack()) return on_fresh_stack([&] { return repr(in, o); });
  NativeDepth depth(" while getting the repr of an object");  // NOTE [Native recursion]
  if (t == builtin_types().list || t == builtin_types().tuple || t == builtin_types().dict)
    return container_repr(in, o);
  if (Object* hook = t->lookup("__repr__")) return call_string_hook(in, o, "__repr__", hook);
  return builtin_repr(in, o);
}

static std::string exception_str(Interp& in, ExceptionObject* e) {
  auto& items = e->args_->items_;
  if (items.empty()) return "";
  if (items.size() == 1) {
    if (e->type()->is_subtype_of(builtin_types().key_error)) return repr(in, items[0].get());
    return str(in, items[0].get());
  }
  return repr(in, e->args_.get());
}

std::string str(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().str) return as<StrObject>(o)->value_;
  if (t == builtin_types().int_ || t == builtin_types().float_ || t == builtin_types().none ||
      t == builtin_types().bool_)
    return repr(in, o);
  // Past kSegmentSwitch levels on this stack, go on on a fresh one (NOTE [Fresh stacks]).
  if (recursion::wants_fresh_stack()) return on_fresh_stack([&] { return str(in, o); });
  NativeDepth depth(" while getting the str of an object");  // NOTE [Native recursion]
  if (Object* hook = t->lookup("__str__")) return call_string_hook(in, o, "__str__", hook);
  if (is_instance(o, builtin_types().base_exception) && !t->lookup("__repr__"))
    return exception_str(in, as<ExceptionObject>(o));
  return repr(in, o);
}

std::string format_value(Interp& in, Object* o, const std::string& spec) {
  TypeObject* t = o->type();
  if (t == builtin_types().int_ || t == builtin_types().bool_) {
    if (t == builtin_types().bool_ && spec.empty()) return repr(in, o);
    if (is_big_candidate(o)) return format_big_int(int_as_big(o), spec);
    return format_int(as<IntObject>(o)->value_, spec);
  }
  if (t == builtin_types().float_) return format_float(as<FloatObject>(o)->value_, spec);
  if (t == builtin_types().str) return format_str(as<StrObject>(o)->value_, spec);
  if (Object* hook = t->lookup("__format__")) {
    CallArgs args;
    args.pos = {o, make_str(spec)};
    ObjRef r = call(in, hook, args);
    if (!is_str(r.get())) raise(builtin_types().type_error, "__format__ must return a str, not " + type_name(r.get()));
    return as<StrObject>(r.get())->value_;
  }
  if (!spec.empty())
    raise(builtin_types().type_error, "unsupported format string passed to " + type_name(o) + ".__format__");
  return str(in, o);
}

// ---- truth, equality, hashing ----

bool truthy(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().bool_ || t == builtin_types().int_) return as<IntObject>(o)->value_ != 0;
  if (t == builtin_types().none) return false;
  if (t == builtin_types().float_) return as<FloatObject>(o)->value_ != 0.0;
  if (t == builtin_types().str) return !as<StrObject>(o)->value_.empty();
  if (t == builtin_types().list) return !as<ListObject>(o)->items_.empty();
  if (t == builtin_types().tuple) return !as<TupleObject>(o)->items_.empty();
  if (t == builtin_types().dict) return as<DictObject>(o)->size() != 0;
  if (t == builtin_types().range) return as<RangeObject>(o)->length() != 0;
  CallArgs args;
  bool found = false;
  ObjRef r = call_special(in, o, "__bool__", args, &found);
  if (found) {
    if (r->type() != builtin_types().bool_)
      raise(builtin_types().type_error, "__bool__ should return bool, returned " + type_name(r.get()));
    return as<IntObject>(r.get())->value_ != 0;
  }
  r = call_special(in, o, "__len__", args, &found);
  if (found) return to_index(in, r.get()) != 0;
  return true;
}

// `a` and `b` are the items of lists that an __eq__ may change: as in CPython, the sizes are read
// again at every step and the two items compared are held while they are compared.
static bool sequence_equal(Interp& in, const std::vector<ObjRef>& a, const std::vector<ObjRef>& b) {
  if (a.size() != b.size()) return false;
  size_t i = 0;
  for (; i < a.size() && i < b.size(); ++i) {
    if (a[i].get() == b[i].get()) continue;
    ObjRef x = a[i], y = b[i];
    if (!equals(in, x.get(), y.get())) return false;
  }
  return a.size() == b.size();
}

bool equals(Interp& in, Object* a, Object* b) {
  if (a == b && a->type() != builtin_types().float_) return true;
  ObjRef r = compare(in, CmpOpKind::Eq, a, b);
  return truthy(in, r.get());
}

// hash() of a float as CPython computes it: the value modulo 2**61 - 1, so equal ints and
// floats hash alike.
static int64_t float_hash(double v) {
  const uint64_t P = (uint64_t{1} << 61) - 1;
  if (std::isinf(v)) return v > 0 ? 314159 : -314159;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) sign = -1, m = -m;
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & P) | x >> (61 - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= P) x -= P;
  }
  e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
  x = ((x << e) & P) | x >> (61 - e);
  int64_t h = static_cast<int64_t>(x) * sign;
  return h == -1 ? -2 : h;
}

// An object's address as CPython hashes it (_Py_HashPointer): rotated by 4 bits.
static int64_t pointer_hash(const Object* o) {
  auto y = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(o));
  auto h = static_cast<int64_t>((y >> 4) | (y << 60));
  return h == -1 ? -2 : h;
}

// CPython's tuple hash (xxHash's round over the items' hashes, since 3.8), so that a set of
// tuples lays its table out as CPython's does.
static int64_t tuple_hash(Interp& in, const TupleObject* t) {
  // Past kSegmentSwitch levels on this stack, go on on a fresh one (NOTE [Fresh stacks]).
  if (recursion::wants_fresh_stack()) return on_fresh_stack([&] { return tuple_hash(in, t); });
  NativeDepth depth;  // NOTE [Native recursion]
  constexpr uint64_t kPrime1 = 11400714785074694791ULL, kPrime2 = 14029467366897019727ULL,
                     kPrime5 = 2870177450012600261ULL;
  uint64_t acc = kPrime5;
  for (auto& item : t->items_) {
    auto lane = static_cast<uint64_t>(hash_of(in, item.get()));
    acc += lane * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += t->items_.size() ^ (kPrime5 ^ 3527539ULL);
  if (acc == static_cast<uint64_t>(-1)) return 1546275796;
  return static_cast<int64_t>(acc);
}

// hash(o) as CPython 3.11 computes it for ints, floats (a nan by its address), tuples, objects
// (their address) and the results of __hash__; a str's hash is randomized in CPython, and here
// only stable within a run.
int64_t hash_of(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().int_ || t == builtin_types().bool_) return int_hash(o);
  if (t == builtin_types().str) {
    auto h = static_cast<int64_t>(std::hash<std::string>()(as<StrObject>(o)->value_));
    return h == -1 ? -2 : h;
  }
  if (t == builtin_types().float_) {
    double v = as<FloatObject>(o)->value_;
    return std::isnan(v) ? pointer_hash(o) : float_hash(v);
  }
  if (t == builtin_types().tuple) return tuple_hash(in, as<TupleObject>(o));
  if (t == builtin_types().list || t == builtin_types().dict)
    raise(builtin_types().type_error, "unhashable type: '" + t->name_ + "'");
  if (Object* hook = t->lookup("__hash__")) {
    if (hook == none()) raise(builtin_types().type_error, "unhashable type: '" + type_name(o) + "'");
    ObjRef r = call1(in, hook, o);
    int64_t h = to_index(in, r.get());
    return h == -1 ? -2 : h;
  }
  return pointer_hash(o);
}

// ---- arithmetic ----

int64_t checked_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    raise(builtin_types().overflow_error, "integer result does not fit in 64 bits (stridelab integers are 64-bit)");
  return r;
}

int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    raise(builtin_types().overflow_error, "integer result does not fit in 64 bits (stridelab integers are 64-bit)");
  return r;
}

ObjRef int_pow(Interp& in, int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 0) raise(builtin_types().zero_division_error, "0.0 cannot be raised to a negative power");
    return make_float(std::pow(static_cast<double>(base), static_cast<double>(exp)));
  }
  int64_t result = 1, b = base, e = exp;
  while (e) {
    if ((e & 1) && __builtin_mul_overflow(result, b, &result))
      return big_binop(in, BinOpKind::Pow, make_int(base).get(), make_int(exp).get());
    e >>= 1;
    if (e && __builtin_mul_overflow(b, b, &b))
      return big_binop(in, BinOpKind::Pow, make_int(base).get(), make_int(exp).get());
  }
  return make_int(result);
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

static int64_t floor_mod(int64_t a, int64_t b) {
  int64_t m = a % b;
  if (m != 0 && ((m < 0) != (b < 0))) m += b;
  return m;
}

// Both operands fit in 64 bits; a result that does not goes on as a big int (bigint.h).
static ObjRef int_binop(Interp& in, BinOpKind op, Object* ao, Object* bo) {
  int64_t a = as<IntObject>(ao)->value_, b = as<IntObject>(bo)->value_, r;
  switch (op) {
    case BinOpKind::Add:
      if (__builtin_add_overflow(a, b, &r) || r == INT64_MIN) return big_binop(in, op, ao, bo);
      return make_int(r);
    case BinOpKind::Sub:
      if (__builtin_sub_overflow(a, b, &r) || r == INT64_MIN) return big_binop(in, op, ao, bo);
      return make_int(r);
    case BinOpKind::Mult:
      if (__builtin_mul_overflow(a, b, &r) || r == INT64_MIN) return big_binop(in, op, ao, bo);
      return make_int(r);
    case BinOpKind::Div:
      if (b == 0) raise(builtin_types().zero_division_error, "division by zero");
      if (std::llabs(a) > (int64_t{1} << 53) || std::llabs(b) > (int64_t{1} << 53)) return big_binop(in, op, ao, bo);
      return make_float(static_cast<double>(a) / static_cast<double>(b));
    case BinOpKind::FloorDiv:
      if (b == 0) raise(builtin_types().zero_division_error, "integer division or modulo by zero");
      return make_int(floor_div(a, b));
    case BinOpKind::Mod:
      if (b == 0) raise(builtin_types().zero_division_error, "integer modulo by zero");
      return make_int(floor_mod(a, b));
    case BinOpKind::Pow: return int_pow(in, a, b);
    case BinOpKind::LShift:
      if (b < 0) raise(builtin_types().value_error, "negative shift count");
      if (a == 0) return make_int(0);
      if (b >= 62 || (a << b) >> b != a || (a << b) == INT64_MIN) return big_binop(in, op, ao, bo);
      return make_int(a << b);
    case BinOpKind::RShift:
      if (b < 0) raise(builtin_types().value_error, "negative shift count");
      return make_int(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case BinOpKind::BitOr: return make_int(a | b);
    case BinOpKind::BitXor: return make_int(a ^ b);
    case BinOpKind::BitAnd: return make_int(a & b);
    default: return nullptr;
  }
}

static ObjRef float_binop(Interp& in, BinOpKind op, double a, double b) {
  switch (op) {
    case BinOpKind::Add: return make_float(a + b);
    case BinOpKind::Sub: return make_float(a - b);
    case BinOpKind::Mult: return make_float(a * b);
    case BinOpKind::Div:
      if (b == 0) raise(builtin_types().zero_division_error, "float division by zero");
      return make_float(a / b);
    case BinOpKind::FloorDiv:
      if (b == 0) raise(builtin_types().zero_division_error, "float floor division by zero");
      return make_float(std::floor(a / b));
    case BinOpKind::Mod: {
      if (b == 0) raise(builtin_types().zero_division_error, "float modulo");
      double m = std::fmod(a, b);
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      if (m == 0) m = std::copysign(0.0, b);
      return make_float(m);
    }
    case BinOpKind::Pow: {
      if (a == 0 && b < 0) raise(builtin_types().zero_division_error, "0.0 cannot be raised to a negative power");
      double r = std::pow(a, b);
      if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
        raise(builtin_types().overflow_error, "(34, 'Numerical result out of range')");
      return make_float(r);
    }
    default: return nullptr;
  }
}

static ObjRef repeat(Interp& in, Object* seq, int64_t n) {
  if (n < 0) n = 0;
  TypeObject* t = seq->type();
  // The result's size is known: past the run's memory limit it is refused before anything is
  // allocated, with CPython's MemoryError (and its OverflowError past what a size can count).
  const size_t len = t == builtin_types().str    ? as<StrObject>(seq)->value_.size()
                     : t == builtin_types().list ? as<ListObject>(seq)->items_.size()
                                                 : as<TupleObject>(seq)->items_.size();
  uint64_t total = 0;
  const uint64_t unit = t == builtin_types().str ? 1 : sizeof(ObjRef);
  if (len > 0 && n > 0) {
    if (__builtin_mul_overflow(static_cast<uint64_t>(len), static_cast<uint64_t>(n), &total) ||
        total > static_cast<uint64_t>(INT64_MAX))
      raise(t == builtin_types().str ? builtin_types().overflow_error : builtin_types().memory_error,
            t == builtin_types().str ? "repeated string is too long" : "");
    if (__builtin_mul_overflow(total, unit, &total) || !support::allocation_fits(total))
      raise(builtin_types().memory_error, "");
  }
  if (t == builtin_types().str) {
    std::string out;
    const std::string& s = as<StrObject>(seq)->value_;
    out.reserve(static_cast<size_t>(total));
    for (int64_t i = 0; i < n; ++i) {
      out += s;
      support::poll_deadline();
    }
    return make_str(std::move(out));
  }
  const auto& items = t == builtin_types().list ? as<ListObject>(seq)->items_ : as<TupleObject>(seq)->items_;
  std::vector<ObjRef> out;
  out.reserve(static_cast<size_t>(total / unit));
  for (int64_t i = 0; i < n; ++i) {
    out.insert(out.end(), items.begin(), items.end());
    support::poll_deadline(len);
  }
  if (t == builtin_types().list) return make_list(std::move(out));
  return make_tuple(std::move(out));
}

static bool is_sequence(const Object* o) {
  return o->type() == builtin_types().str || o->type() == builtin_types().list || o->type() == builtin_types().tuple;
}

// Built-in behaviour for int/float/str/list/tuple; null when it does not apply.
static ObjRef builtin_binop(Interp& in, BinOpKind op, Object* a, Object* b) {
  TypeObject *ta = a->type(), *tb = b->type();
  if (is_int(a) && is_int(b)) {
    if (ta == builtin_types().bool_ && tb == builtin_types().bool_ &&
        (op == BinOpKind::BitAnd || op == BinOpKind::BitOr || op == BinOpKind::BitXor)) {
      bool x = as<IntObject>(a)->value_ != 0, y = as<IntObject>(b)->value_ != 0;
      return ObjRef(bool_obj(op == BinOpKind::BitAnd ? (x && y) : op == BinOpKind::BitOr ? (x || y) : (x != y)));
    }
    if (is_big_candidate(a) || is_big_candidate(b)) return big_binop(in, op, a, b);
    return int_binop(in, op, a, b);
  }
  if (is_number(a) && is_number(b)) {
    double x = ta == builtin_types().float_ ? as<FloatObject>(a)->value_ : int_to_double(a);
    double y = tb == builtin_types().float_ ? as<FloatObject>(b)->value_ : int_to_double(b);
    return float_binop(in, op, x, y);
  }
  if (op == BinOpKind::Add && ta == tb && is_sequence(a)) {
    if (ta == builtin_types().str) return make_str(as<StrObject>(a)->value_ + as<StrObject>(b)->value_);
    const auto& x = ta == builtin_types().list ? as<ListObject>(a)->items_ : as<TupleObject>(a)->items_;
    const auto& y = ta == builtin_types().list ? as<ListObject>(b)->items_ : as<TupleObject>(b)->items_;
    std::vector<ObjRef> out(x);
    out.insert(out.end(), y.begin(), y.end());
    if (ta == builtin_types().list) return make_list(std::move(out));
    return make_tuple(std::move(out));
  }
  if (op == BinOpKind::Mult && is_sequence(a) && is_int(b)) return repeat(in, a, as<IntObject>(b)->value_);
  if (op == BinOpKind::Mult && is_sequence(b) && is_int(a)) return repeat(in, b, as<IntObject>(a)->value_);
  if (op == BinOpKind::Mod && ta == builtin_types().str)
    return make_str(percent_format(in, as<StrObject>(a)->value_, b));
  if (ta == builtin_types().dict && tb == builtin_types().dict && op == BinOpKind::BitOr) {
    Ref<DictObject> d(new DictObject());
    for (auto& [k, v] : as<DictObject>(a)->items()) d->set(in, k, v);
    for (auto& [k, v] : as<DictObject>(b)->items()) d->set(in, k, v);
    return d;
  }
  return nullptr;
}

ObjRef builtin_binary_op(Interp& in, BinOpKind op, Object* a, Object* b) { return builtin_binop(in, op, a, b); }

static const char* const kDunder[] = {"__add__",      "__sub__", "__mul__", "__matmul__", "__truediv__",
                                      "__floordiv__", "__mod__", "__pow__", "__lshift__", "__rshift__",
                                      "__or__",       "__xor__", "__and__"};
static const char* const kRDunder[] = {"__radd__",      "__rsub__", "__rmul__", "__rmatmul__", "__rtruediv__",
                                       "__rfloordiv__", "__rmod__", "__rpow__", "__rlshift__", "__rrshift__",
                                       "__ror__",       "__rxor__", "__rand__"};
static const char* const kIDunder[] = {"__iadd__",      "__isub__", "__imul__", "__imatmul__", "__itruediv__",
                                       "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__",
                                       "__ior__",       "__ixor__", "__iand__"};

static ObjRef try_dunder(Interp& in, Object* self, const char* name, Object* other) {
  Object* fn = self->type()->lookup(name);
  if (!fn) return nullptr;
  // Operator calls reuse one argument vector's storage (an operator inside this call, finding it
  // taken, makes its own).
  static std::vector<ObjRef> spare;
  CallArgs args;
  args.pos.swap(spare);
  args.pos.emplace_back(self);
  args.pos.emplace_back(other);
  ObjRef r = call(in, fn, args);
  args.pos.clear();
  if (spare.capacity() < args.pos.capacity()) spare.swap(args.pos);
  if (r.get() == not_implemented()) return nullptr;
  return r;
}

[[noreturn]] static void unsupported(BinOpKind op, Object* a, Object* b, const char* suffix) {
  TypeObject* ta = a->type();
  if (op == BinOpKind::Add && *suffix == 0 && ta == builtin_types().str)
    raise(builtin_types().type_error, "can only concatenate str (not \"" + type_name(b) + "\") to str");
  if (op == BinOpKind::Add && (ta == builtin_types().list || is_instance(a, builtin_types().tuple)) && *suffix == 0) {
    const std::string seq =
        ta == builtin_types().list ? "list" : "tuple";  // a tuple subclass's concatenation is tuple's
    raise(builtin_types().type_error, "can only concatenate " + seq + " (not \"" + type_name(b) + "\") to " + seq);
  }
  if (op == BinOpKind::Mult && (is_sequence(a) || is_sequence(b)))
    raise(builtin_types().type_error,
          "can't multiply sequence by non-int of type '" + type_name(is_sequence(a) ? b : a) + "'");
  std::string sym = binop_symbol(op);
  if (op == BinOpKind::Pow && *suffix == 0) sym = "** or pow()";
  raise(builtin_types().type_error,
        "unsupported operand type(s) for " + sym + suffix + ": '" + type_name(a) + "' and '" + type_name(b) + "'");
}

static ObjRef binary_op_impl(Interp& in, BinOpKind op, Object* a, Object* b) {
  if (ObjRef r = builtin_binop(in, op, a, b)) return r;
  int k = static_cast<int>(op);
  bool reflected_first =
      b->type() != a->type() && b->type()->is_subtype_of(a->type()) && b->type()->lookup(kRDunder[k]);
  if (reflected_first)
    if (ObjRef r = try_dunder(in, b, kRDunder[k], a)) return r;
  if (ObjRef r = try_dunder(in, a, kDunder[k], b)) return r;
  if (a->type() != b->type() && !reflected_first)
    if (ObjRef r = try_dunder(in, b, kRDunder[k], a)) return r;
  return nullptr;
}

// A sequence times an object with __index__ (a one-element integer tensor): CPython repeats the
// sequence by what __index__ gives, and __index__'s own error is the one raised.
static ObjRef repeat_by_index(Interp& in, BinOpKind op, Object* a, Object* b) {
  if (op != BinOpKind::Mult || is_sequence(a) == is_sequence(b)) return nullptr;
  Object* n = is_sequence(a) ? b : a;
  if (is_int(n) || !n->type()->lookup("__index__")) return nullptr;
  ObjRef count = make_int(to_index(in, n));
  return is_sequence(a) ? binary_op_impl(in, op, a, count.get()) : binary_op_impl(in, op, count.get(), b);
}

ObjRef binary_op(Interp& in, BinOpKind op, Object* a, Object* b) {
  if (ObjRef r = binary_op_impl(in, op, a, b)) return r;
  if (ObjRef r = repeat_by_index(in, op, a, b)) return r;
  unsupported(op, a, b, "");
}

ObjRef inplace_op(Interp& in, BinOpKind op, Object* a, Object* b) {
  if (a->type() == builtin_types().list && op == BinOpKind::Add) {
    std::vector<ObjRef> items = to_vector(in, b);
    auto& dst = as<ListObject>(a)->items_;
    dst.insert(dst.end(), items.begin(), items.end());
    return ObjRef(a);
  }
  if (op != BinOpKind::MatMult || true) {
    if (ObjRef r = try_dunder(in, a, kIDunder[static_cast<int>(op)], b)) return r;
  }
  if (ObjRef r = binary_op_impl(in, op, a, b)) return r;
  unsupported(op, a, b, "=");
}

ObjRef unary_op(Interp& in, UnaryOpKind op, Object* a) {
  if (op == UnaryOpKind::Not) return ObjRef(bool_obj(!truthy(in, a)));
  TypeObject* t = a->type();
  if (is_int(a)) {
    if (is_big_candidate(a)) return big_unary(op, a);
    int64_t v = as<IntObject>(a)->value_;
    if (op == UnaryOpKind::USub) return make_int(-v);
    if (op == UnaryOpKind::UAdd) return make_int(v);
    return make_int(~v);
  }
  if (t == builtin_types().float_) {
    double v = as<FloatObject>(a)->value_;
    if (op == UnaryOpKind::USub) return make_float(-v);
    if (op == UnaryOpKind::UAdd) return make_float(v);
  }
  const char* name = op == UnaryOpKind::USub ? "__neg__" : op == UnaryOpKind::UAdd ? "__pos__" : "__invert__";
  CallArgs args;
  bool found = false;
  ObjRef r = call_special(in, a, name, args, &found);
  if (found) return r;
  const char* sym = op == UnaryOpKind::USub ? "-" : op == UnaryOpKind::UAdd ? "+" : "~";
  raise(builtin_types().type_error, std::string("bad operand type for unary ") + sym + ": '" + type_name(a) + "'");
}

// ---- comparisons ----

static int compare_builtin(Interp& in, Object* a, Object* b, bool* ok);

// As sequence_equal: sizes read again at every step, the items compared held.
static int compare_sequences(Interp& in, const std::vector<ObjRef>& x, const std::vector<ObjRef>& y, bool* ok) {
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i].get() == y[i].get()) continue;
    ObjRef a = x[i], b = y[i];
    if (equals(in, a.get(), b.get())) continue;
    return compare_builtin(in, a.get(), b.get(), ok);
  }
  return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
}

// Three-way comparison for ordered built-in kinds; *ok is false when they do not apply.
static int compare_builtin(Interp& in, Object* a, Object* b, bool* ok) {
  *ok = true;
  if (is_int(a) && is_int(b)) {
    if (is_big_candidate(a) || is_big_candidate(b)) return big_compare(a, b);
    int64_t x = as<IntObject>(a)->value_, y = as<IntObject>(b)->value_;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (is_number(a) && is_number(b)) {
    double x = to_double(in, a), y = to_double(in, b);
    if (std::isnan(x) || std::isnan(y)) return 2;  // unordered
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (is_str(a) && is_str(b)) {
    int c = as<StrObject>(a)->value_.compare(as<StrObject>(b)->value_);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  if (a->type() == b->type() && (a->type() == builtin_types().list || a->type() == builtin_types().tuple)) {
    const auto& x = a->type() == builtin_types().list ? as<ListObject>(a)->items_ : as<TupleObject>(a)->items_;
    const auto& y = a->type() == builtin_types().list ? as<ListObject>(b)->items_ : as<TupleObject>(b)->items_;
    return compare_sequences(in, x, y, ok);
  }
  *ok = false;
  return 0;
}

// A value of a built-in type whose equality builtin_equal decides entirely.
static bool is_plain_value(const Object* o) {
  const TypeObject* t = o->type();
  const auto& bt = builtin_types();
  return is_sequence(o) || is_number(o) || t == bt.dict || t == bt.none || t == bt.range;
}

static bool builtin_equal(Interp& in, Object* a, Object* b, bool* ok) {
  *ok = true;
  if (is_number(a) && is_number(b)) {
    if (is_int(a) && is_int(b)) {
      if (is_big_candidate(a) || is_big_candidate(b)) return big_compare(a, b) == 0;
      return as<IntObject>(a)->value_ == as<IntObject>(b)->value_;
    }
    return to_double(in, a) == to_double(in, b);
  }
  TypeObject* t = a->type();
  if (t != b->type()) {
    // Unequal only when both are built-in values that define no other comparison; anything else
    // (a user class, a tensor, a subclass of a built-in) has its __eq__ tried, as it answers for
    // `[1] == obj` after list.__eq__ returns NotImplemented.
    *ok = is_plain_value(a) && is_plain_value(b);
    return false;
  }
  if (t == builtin_types().str) return as<StrObject>(a)->value_ == as<StrObject>(b)->value_;
  if (t == builtin_types().list) return sequence_equal(in, as<ListObject>(a)->items_, as<ListObject>(b)->items_);
  if (t == builtin_types().tuple) return sequence_equal(in, as<TupleObject>(a)->items_, as<TupleObject>(b)->items_);
  if (t == builtin_types().none) return true;
  if (t == builtin_types().range) {
    auto *x = as<RangeObject>(a), *y = as<RangeObject>(b);
    return x->length() == y->length() &&
           (x->length() == 0 || (x->start_ == y->start_ && (x->length() == 1 || x->step_ == y->step_)));
  }
  if (t == builtin_types().dict) {
    auto* x = as<DictObject>(a);
    auto* y = as<DictObject>(b);
    if (x->size() != y->size()) return false;
    for (auto& [k, v] : x->items()) {
      ObjRef other(y->get(in, k.get()));  // held: the __eq__ may change y
      if (!other || !equals(in, v.get(), other.get())) return false;
    }
    return true;
  }
  *ok = false;
  return false;
}

static const char* const kCmpDunder[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
static const CmpOpKind kSwapped[] = {CmpOpKind::Eq,  CmpOpKind::NotEq, CmpOpKind::Gt,
                                     CmpOpKind::GtE, CmpOpKind::Lt,    CmpOpKind::LtE};

ObjRef builtin_compare(Interp& in, CmpOpKind op, Object* a, Object* b) {
  bool ok = false;
  if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) {
    bool eq = builtin_equal(in, a, b, &ok);
    return ok ? ObjRef(bool_obj(eq == (op == CmpOpKind::Eq))) : nullptr;
  }
  int c = compare_builtin(in, a, b, &ok);
  if (!ok) return nullptr;
  bool r = c == 2                 ? false
           : op == CmpOpKind::Lt  ? c < 0
           : op == CmpOpKind::LtE ? c <= 0
           : op == CmpOpKind::Gt  ? c > 0
                                  : c >= 0;
  return ObjRef(bool_obj(r));
}

// One side of a rich comparison: `self`'s method for `op`, or null for NotImplemented. Without a
// __ne__ of its own, `!=` is object.__ne__: the __eq__ inverted, unless it gave NotImplemented.
static ObjRef rich_side(Interp& in, Object* self, CmpOpKind op, Object* other) {
  if (op == CmpOpKind::NotEq && !self->type()->lookup("__ne__")) {
    ObjRef r = try_dunder(in, self, "__eq__", other);
    if (!r) return nullptr;
    return ObjRef(bool_obj(!truthy(in, r.get())));
  }
  return try_dunder(in, self, kCmpDunder[static_cast<int>(op)], other);
}

// NOTE [Rich comparison order]
// As CPython's do_richcompare: the left operand's method first, then the right operand's reflected
// one (`a < b` asks b.__gt__(a), `a == b` asks b.__eq__(a)); when the right operand's type is a
// strict subclass of the left's, its reflected method goes first and is not asked twice. When both
// answer NotImplemented, `==` and `!=` compare identities and the orderings raise TypeError. The
// built-in values' own comparison (builtin_compare) stands for their methods, and says nothing for
// an operand it does not know, so that `[1] == obj` reaches obj.__eq__.
ObjRef compare(Interp& in, CmpOpKind op, Object* a, Object* b) {
  switch (op) {
    case CmpOpKind::Is: return ObjRef(bool_obj(a == b));
    case CmpOpKind::IsNot: return ObjRef(bool_obj(a != b));
    case CmpOpKind::In: return ObjRef(bool_obj(contains(in, b, a)));
    case CmpOpKind::NotIn: return ObjRef(bool_obj(!contains(in, b, a)));
    default: break;
  }
  // Past kSegmentSwitch levels on this stack, go on on a fresh one (NOTE [Fresh stacks]).
  if (recursion::wants_fresh_stack()) return on_fresh_stack([&] { return compare(in, op, a, b); });
  NativeDepth depth(" in comparison");  // NOTE [Native recursion]
  if (ObjRef r = builtin_compare(in, op, a, b)) return r;
  const CmpOpKind swapped = kSwapped[static_cast<int>(op)];
  const bool reflected_first = a->type() != b->type() && b->type()->is_subtype_of(a->type());
  if (reflected_first)
    if (ObjRef r = rich_side(in, b, swapped, a)) return r;
  if (ObjRef r = rich_side(in, a, op, b)) return r;
  if (!reflected_first)
    if (ObjRef r = rich_side(in, b, swapped, a)) return r;
  if (op == CmpOpKind::Eq) return ObjRef(bool_obj(a == b));
  if (op == CmpOpKind::NotEq) return ObjRef(bool_obj(a != b));
  raise(builtin_types().type_error, std::string("'") + cmpop_symbol(op) + "' not supported between instances of '" +
                                        type_name(a) + "' and '" + type_name(b) + "'");
}

bool contains(Interp& in, Object* container, Object* item) {
  TypeObject* t = container->type();
  if (t == builtin_types().str) {
    if (!is_str(item))
      raise(builtin_types().type_error, "'in <string>' requires string as left operand, not " + type_name(item));
    return as<StrObject>(container)->value_.find(as<StrObject>(item)->value_) != std::string::npos;
  }
  if (t == builtin_types().dict) return as<DictObject>(container)->get(in, item) != nullptr;
  if (t == builtin_types().list || t == builtin_types().tuple) {
    const auto& items =
        t == builtin_types().list ? as<ListObject>(container)->items_ : as<TupleObject>(container)->items_;
    for (size_t i = 0; i < items.size(); ++i) {  // the size read again, the item held (sequence_equal)
      if (items[i].get() == item) return true;
      ObjRef x = items[i];
      if (equals(in, x.get(), item)) return true;
    }
    return false;
  }
  if (t == builtin_types().range && is_int(item)) {
    auto* r = as<RangeObject>(container);
    int64_t v = as<IntObject>(item)->value_;
    if (r->step_ > 0 ? (v < r->start_ || v >= r->stop_) : (v > r->start_ || v <= r->stop_)) return false;
    return (v - r->start_) % r->step_ == 0;
  }
  if (Object* hook = t->lookup("__contains__")) {
    CallArgs args;
    args.pos = {container, item};
    return truthy(in, call(in, hook, args).get());
  }
  if (!t->lookup("__iter__") && !t->lookup("__getitem__") && t != builtin_types().range &&
      !dynamic_cast<IteratorObject*>(container))
    raise(builtin_types().type_error, "argument of type '" + type_name(container) + "' is not iterable");
  Ref<IteratorObject> it = get_iter(in, container);
  while (ObjRef x = it->next(in))
    if (x.get() == item || equals(in, x.get(), item)) return true;
  return false;
}

// ---- attributes ----

// A class attribute seen through an instance (self) or the class itself (self null): functions
// become bound methods, and objects whose type has __get__ (staticmethod, classmethod, a user's
// descriptor) decide for themselves, as CPython's descriptor protocol does.
static ObjRef bind(Interp& in, Object* self, Object* attr, TypeObject* owner) {
  TypeObject* t = attr->type();
  if (t == builtin_types().function || t == builtin_types().builtin_function)
    return self ? ObjRef(new BoundMethodObject(self, attr)) : ObjRef(attr);
  if (t != builtin_types().type && t != builtin_types().property) {
    if (Object* get = t->lookup("__get__")) {
      CallArgs args;
      args.pos = {ObjRef(attr), ObjRef(self ? self : none()), ObjRef(owner)};
      return call(in, get, args);
    }
  }
  return ObjRef(attr);
}

ObjRef docstring(const StmtList& body) {
  if (!body.empty() && body[0]->kind == StmtKind::Expr) {
    const Expr& e = *static_cast<const ExprStmt&>(*body[0]).value;
    if (e.kind == ExprKind::Constant && static_cast<const ConstantExpr&>(e).value_kind == ConstKind::Str)
      return make_str(static_cast<const ConstantExpr&>(e).str_value);
  }
  return ObjRef(none());
}

static ObjRef special_attr(Interp& in, Object* o, std::string_view name) {
  if (name == "__class__") return ObjRef(o->type());
  TypeObject* t = o->type();
  if (t == builtin_types().type) {
    auto* cls = as<TypeObject>(o);
    if (name == "__name__") return make_str(cls->name_);
    if (name == "__qualname__") return make_str(cls->qualname());
    if (name == "__dict__" && cls->is_user_)
      raise(builtin_types().not_implemented_error,
            "stridelab does not support a class's __dict__ (vars() of a class) yet");
    if (name == "mro") {  // type.mro(): the MRO as a list
      Ref<TypeObject> keep(cls);
      return make_function("mro", [keep](Interp&, CallArgs& a) -> ObjRef {
        if (!a.pos.empty() || !a.kw.empty())
          raise(builtin_types().type_error,
                "type.mro() takes no arguments (" + std::to_string(a.pos.size()) + " given)");
        std::vector<ObjRef> items;
        for (TypeObject* t : keep->mro_) items.emplace_back(t);
        return make_list(std::move(items));
      });
    }
    if (name == "__module__") return make_str(cls->module_);
    if (name == "__base__") return cls->base_ ? ObjRef(cls->base_) : ObjRef(none());
    if (name == "__bases__" || name == "__mro__") {
      std::vector<ObjRef> items;
      for (TypeObject* b : name == "__mro__" ? cls->mro_ : cls->bases_) items.emplace_back(b);
      return ObjRef(new TupleObject(std::move(items)));
    }
  }
  if (t == builtin_types().function) {
    auto* f = as<FunctionObject>(o);
    if (name == "__name__") return f->name_attr_ ? f->name_attr_ : make_str(f->name_);
    if (name == "__qualname__") return f->qualname_attr_ ? f->qualname_attr_ : make_str(f->qualname_);
    if (name == "__annotations__") {
      if (!f->annotations_) f->annotations_ = ObjRef(new DictObject());
      return f->annotations_;
    }
    if (name == "__doc__") return f->def_ ? docstring(f->def_->body) : ObjRef(none());
    if (name == "__module__") return make_str("__main__");
    if (name == "__defaults__") return f->defaults_.empty() ? ObjRef(none()) : ObjRef(new TupleObject(f->defaults_));
    if (name == "__kwdefaults__") {
      Ref<DictObject> d(new DictObject());
      for (size_t i = 0; i < f->kw_defaults_.size(); ++i)
        if (f->kw_defaults_[i]) d->set(in, make_str(f->args().kwonly[i].name), f->kw_defaults_[i]);
      return d->items().empty() ? ObjRef(none()) : ObjRef(d.get());
    }
  }
  if (t == builtin_types().builtin_function && name == "__name__") return make_str(as<BuiltinFunctionObject>(o)->name_);
  if (t == builtin_types().builtin_function && name == "__qualname__") {  // "len", "list.append"
    auto* b = as<BuiltinFunctionObject>(o);
    if (b->self_ && b->self_->type() != builtin_types().module)
      return make_str(b->self_->type()->qualname() + "." + b->name_);
    auto owner = descriptor_owners().find(b);
    if (owner != descriptor_owners().end()) return make_str(owner->second->name_ + "." + b->name_);
    return make_str(b->name_);
  }
  if (t == builtin_types().method) {
    auto* m = as<BoundMethodObject>(o);
    if (name == "__self__") return m->self_;
    if (name == "__func__") return m->func_;
    if (name == "__qualname__" && m->func_->type() == builtin_types().builtin_function)  // "list.append"
      return make_str(m->self_->type()->qualname() + "." + as<BuiltinFunctionObject>(m->func_.get())->name_);
    if (name == "__name__" || name == "__qualname__") return get_attr(in, m->func_.get(), name);
  }
  if (t == builtin_types().module && name == "__name__") return make_str(as<ModuleObject>(o)->name_);
  if (auto* it = dynamic_cast<IteratorObject*>(o); it && (name == "__next__" || name == "__iter__")) {
    Ref<IteratorObject> keep(it);  // a native iterator's methods, as CPython's method-wrappers
    if (name == "__iter__") return make_function("__iter__", [keep](Interp&, CallArgs&) -> ObjRef { return keep; });
    return make_function("__next__", [keep](Interp& in, CallArgs&) -> ObjRef {
      ObjRef v = keep->next(in);
      if (!v) throw PyError{new_exception(builtin_types().stop_iteration, {})};
      return v;
    });
  }
  if (is_instance(o, builtin_types().base_exception)) {
    auto* e = as<ExceptionObject>(o);
    if (name == "args") return ObjRef(e->args_.get());
    if (name == "__cause__") return e->cause_ ? ObjRef(e->cause_.get()) : ObjRef(none());
    if (name == "__context__") return e->context_ ? ObjRef(e->context_.get()) : ObjRef(none());
  }
  if (name == "__dict__") {
    if (Namespace* ns = o->instance_dict()) {
      Ref<DictObject> d(new DictObject());
      for (auto& [k, v] : ns->entries()) d->set(in, make_str(k), v);
      return d;
    }
  }
  if (t == builtin_types().slice) {
    auto* s = as<SliceObject>(o);
    if (name == "start") return s->start_;
    if (name == "stop") return s->stop_;
    if (name == "step") return s->step_;
  }
  if (t == builtin_types().range) {
    auto* r = as<RangeObject>(o);
    if (name == "start") return make_int(r->start_);
    if (name == "stop") return make_int(r->stop_);
    if (name == "step") return make_int(r->step_);
  }
  return nullptr;
}

// NOTE [Method descriptors]
// A built-in type's method read from the class (`list.append`, `str.upper`) is CPython's method
// descriptor: calling it checks that the first argument is an instance of the class that defines
// it ("descriptor 'append' for 'list' objects doesn't apply to a 'int' object"). Native methods
// take their receiver as the first argument with no check of their own, so the check is made
// here, once for every method of every built-in type: the class attribute is a function that
// checks and then calls the method, made once per class and name (so `list.append is
// list.append`), and its repr is CPython's `<method 'append' of 'list' objects>`. Dunder methods
// (slot wrappers in CPython, with other messages) and the methods of `object` and `type` are left
// as they are.
namespace {
std::map<std::pair<const TypeObject*, std::string>, ObjRef>& method_descriptors() {
  static auto* m = new std::map<std::pair<const TypeObject*, std::string>, ObjRef>();
  return *m;
}
std::unordered_map<const Object*, const TypeObject*>& descriptor_owners() {
  static auto* m = new std::unordered_map<const Object*, const TypeObject*>();
  return *m;
}
}  // namespace

static ObjRef method_descriptor(TypeObject* cls, std::string_view name, Object* fn) {
  TypeObject* owner = nullptr;
  for (TypeObject* c : cls->mro_)
    if (c->dict_.get(name) == fn) {
      owner = c;
      break;
    }
  if (!owner || owner->module_ != "builtins" || owner == builtin_types().object || owner == builtin_types().type ||
      name.substr(0, 2) == "__")
    return ObjRef(fn);
  ObjRef& d = method_descriptors()[{owner, std::string(name)}];
  if (d) return d;
  NativeFn inner = as<BuiltinFunctionObject>(fn)->fn_;
  std::string method(name);
  d = ObjRef(new BuiltinFunctionObject(method, [owner, inner, method](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.empty())
      raise(builtin_types().type_error, "unbound method " + owner->name_ + "." + method + "() needs an argument");
    if (!is_instance(a.pos[0].get(), owner))
      raise(builtin_types().type_error, "descriptor '" + method + "' for '" + owner->name_ +
                                            "' objects doesn't apply to a '" + type_name(a.pos[0].get()) + "' object");
    return inner(in, a);
  }));
  descriptor_owners()[d.get()] = owner;
  return d;
}

static ObjRef class_attr(Interp& in, TypeObject* cls, std::string_view name) {
  Object* v = cls->lookup(name);
  if (!v) return nullptr;
  if (v->type() == builtin_types().builtin_function && !as<BuiltinFunctionObject>(v)->self_)
    return method_descriptor(cls, name, v);
  return bind(in, nullptr, v, cls);
}

// super(cls, self).name: the first class after cls in the MRO of self's class (or of self, when
// super() runs in a classmethod and self is a class) that defines name.
static ObjRef super_attr(Interp& in, SuperObject* s, std::string_view name) {
  Object* self = s->self_.get();
  bool self_is_class = self->type() == builtin_types().type && as<TypeObject>(self)->is_subtype_of(s->cls_);
  TypeObject* start = self_is_class ? as<TypeObject>(self) : self->type();
  const auto& mro = start->mro_;
  auto it = std::find(mro.begin(), mro.end(), s->cls_);
  Object* v = nullptr;
  if (it != mro.end())
    for (++it; it != mro.end() && !v; ++it) v = (*it)->dict_.get(name);
  if (!v) raise(builtin_types().attribute_error, "'super' object has no attribute '" + std::string(name) + "'");
  if (v->type() == builtin_types().property && !self_is_class) return as<PropertyObject>(v)->getter_(in, self);
  return self_is_class ? bind(in, nullptr, v, start) : bind(in, self, v, start);
}

ObjRef get_attr_or_null(Interp& in, Object* o, std::string_view name) {
  TypeObject* t = o->type();
  if (t == builtin_types().module) {
    if (Object* v = as<ModuleObject>(o)->dict_.get(name)) return ObjRef(v);
    return special_attr(in, o, name);
  }
  if (t == builtin_types().type) {
    if (ObjRef v = class_attr(in, as<TypeObject>(o), name)) return v;
    return special_attr(in, o, name);
  }
  if (t == builtin_types().super) return super_attr(in, as<SuperObject>(o), name);
  Object* cls_attr = t->lookup(name);
  if (cls_attr && cls_attr->type() == builtin_types().property) return as<PropertyObject>(cls_attr)->getter_(in, o);
  if (Namespace* ns = o->instance_dict())
    if (Object* v = ns->get(name)) return ObjRef(v);
  if (cls_attr) return bind(in, o, cls_attr, t);
  if (ObjRef v = special_attr(in, o, name)) return v;
  if (Object* hook = t->lookup("__getattr__")) {
    CallArgs args;
    args.pos = {o, make_str(std::string(name))};
    try {
      return call(in, hook, args);
    } catch (const PyError& e) {
      if (is_instance(e.exc.get(), builtin_types().attribute_error)) return nullptr;
      throw;
    }
  }
  return nullptr;
}

[[noreturn]] static void no_attribute(Object* o, std::string_view name) {
  raise_if_not_yet(o, name);  // NOTE [Names not supported yet] in suggestions.h
  TypeObject* t = o->type();
  if (t == builtin_types().module)
    raise(builtin_types().attribute_error,
          "module '" + as<ModuleObject>(o)->name_ + "' has no attribute '" + std::string(name) + "'");
  if (t == builtin_types().type)
    raise(builtin_types().attribute_error,
          "type object '" + as<TypeObject>(o)->name_ + "' has no attribute '" + std::string(name) + "'");
  raise(builtin_types().attribute_error, "'" + type_name(o) + "' object has no attribute '" + std::string(name) + "'");
}

ObjRef get_attr(Interp& in, Object* o, std::string_view name) {
  Object* hook = o->type()->lookup("__getattr__");
  if (hook && o->type() != builtin_types().module && o->type() != builtin_types().type) {
    // Let the user's __getattr__ raise its own AttributeError text.
    TypeObject* t = o->type();
    Object* cls_attr = t->lookup(name);
    if (cls_attr && cls_attr->type() == builtin_types().property) return as<PropertyObject>(cls_attr)->getter_(in, o);
    if (Namespace* ns = o->instance_dict())
      if (Object* v = ns->get(name)) return ObjRef(v);
    if (cls_attr) return bind(in, o, cls_attr, t);
    if (ObjRef v = special_attr(in, o, name)) return v;
    raise_if_not_yet(o, name);  // the reference finds it before calling __getattr__
    CallArgs args;
    args.pos = {o, make_str(std::string(name))};
    try {
      return call(in, hook, args);
    } catch (const PyError& e) {
      if (is_instance(e.exc.get(), builtin_types().attribute_error)) note_attribute_error(e.exc.get(), o, name);
      throw;
    }
  }
  if (ObjRef v = get_attr_or_null(in, o, name)) return v;
  try {
    no_attribute(o, name);
  } catch (const PyError& e) {
    note_attribute_error(e.exc.get(), o, name);
    throw;
  }
}

// An instance of classes that all declare __slots__ (without "__dict__") takes only the names
// listed, as CPython's instances without a __dict__ do.
static bool slot_allowed(Interp& in, TypeObject* t, std::string_view name) {
  for (TypeObject* c : t->mro_) {
    if (!c->is_user_) continue;
    Object* slots = c->dict_.get("__slots__");
    if (!slots) return true;
    std::vector<ObjRef> names = is_str(slots) ? std::vector<ObjRef>{ObjRef(slots)} : to_vector(in, slots);
    for (auto& n : names)
      if (is_str(n.get()) && (as<StrObject>(n.get())->value_ == name || as<StrObject>(n.get())->value_ == "__dict__"))
        return true;
  }
  return false;
}

// `f.__name__ = ...` and `C.__qualname__ = ...`: a function's or a class's own fields, which
// take only a str (CPython's "can only assign string to C.__name__, not 'int'").
static bool set_name_attr(Object* o, std::string_view name, const ObjRef& value) {
  if (name != "__name__" && name != "__qualname__") return false;
  bool is_function = o->type() == builtin_types().function;
  bool is_class = o->type() == builtin_types().type && as<TypeObject>(o)->is_user_;
  if (!is_function && !is_class) return false;
  if (!is_instance(value.get(), builtin_types().str)) {
    if (is_function) raise(builtin_types().type_error, std::string(name) + " must be set to a string object");
    raise(builtin_types().type_error, "can only assign string to " + as<TypeObject>(o)->name_ + "." +
                                          std::string(name) + ", not '" + type_name(value.get()) + "'");
  }
  if (is_function) {
    auto* f = as<FunctionObject>(o);
    ObjRef s = make_str(as<StrObject>(value.get())->value_);
    (name == "__name__" ? f->name_attr_ : f->qualname_attr_) = s;
  } else {
    auto* c = as<TypeObject>(o);
    if (name == "__name__" && c->qualname_.empty()) c->qualname_ = c->name_;
    (name == "__name__" ? c->name_ : c->qualname_) = as<StrObject>(value.get())->value_;
  }
  return true;
}

// Generic attribute store (object.__setattr__): properties, then the instance dict.
static void generic_set_attr(Interp& in, Object* o, std::string_view name, ObjRef value) {
  if (set_name_attr(o, name, value)) return;
  Object* cls_attr = o->type()->lookup(name);
  if (cls_attr && cls_attr->type() == builtin_types().property) {
    auto* p = as<PropertyObject>(cls_attr);
    if (!p->setter_) raise(builtin_types().attribute_error, "can't set attribute '" + std::string(name) + "'");
    p->setter_(in, o, std::move(value));
    return;
  }
  if (Namespace* ns = o->instance_dict()) {
    if (o->type()->is_user_ && o->type()->lookup("__slots__") && !slot_allowed(in, o->type(), name))
      no_attribute(o, name);
    ns->set(name, std::move(value));
    return;
  }
  if (o->type() == builtin_types().type && as<TypeObject>(o)->is_user_) {
    as<TypeObject>(o)->dict_.set(name, std::move(value));
    return;
  }
  if (cls_attr)
    raise(builtin_types().attribute_error,
          "'" + type_name(o) + "' object attribute '" + std::string(name) + "' is read-only");
  no_attribute(o, name);
}

void set_attr(Interp& in, Object* o, std::string_view name, ObjRef value) {
  Object* hook = o->type()->lookup("__setattr__");
  if (hook && hook != builtin_types().object->dict_.get("__setattr__")) {
    CallArgs args;
    args.pos = {o, make_str(std::string(name)), std::move(value)};
    call(in, hook, args);
    return;
  }
  generic_set_attr(in, o, name, std::move(value));
}

void del_attr(Interp& in, Object* o, std::string_view name) {
  if (Object* hook = o->type()->lookup("__delattr__")) {
    CallArgs args;
    args.pos = {o, make_str(std::string(name))};
    call(in, hook, args);
    return;
  }
  if (Object* attr = o->type()->lookup(name); attr && attr->type() == builtin_types().property) {
    ObjRef fdel = get_attr(in, attr, "fdel");
    if (fdel.get() == none())
      raise(builtin_types().attribute_error,
            "property '" + std::string(name) + "' of '" + type_name(o) + "' object has no deleter");
    call1(in, fdel.get(), ObjRef(o));
    return;
  }
  Namespace* ns = o->instance_dict();
  if (!ns || !ns->erase(name)) no_attribute(o, name);
}

static ObjRef object_new(Interp& in, CallArgs& a);

void install_object_methods() {
  static bool done = false;
  if (done) return;
  done = true;
  builtin_types().object->dict_.set(
      "__setattr__", ObjRef(new BuiltinFunctionObject("__setattr__", [](Interp& in, CallArgs& a) -> ObjRef {
        if (a.pos.size() != 3 || !is_str(a.pos[1].get())) raise(builtin_types().type_error, "expected 3 arguments");
        generic_set_attr(in, a.pos[0].get(), as<StrObject>(a.pos[1].get())->value_, a.pos[2]);
        return ObjRef(none());
      })));
  builtin_types().object->dict_.set("__new__", make_method_wrapper(make_function("__new__", object_new), false));
  builtin_types().object->dict_.set(
      "__init_subclass__", make_method_wrapper(make_function("__init_subclass__",
                                                             [](Interp&, CallArgs& a) -> ObjRef {
                                                               if (!a.kw.empty())
                                                                 raise(builtin_types().type_error,
                                                                       as<TypeObject>(a.pos[0].get())->name_ +
                                                                           ".__init_subclass__() takes no keyword "
                                                                           "arguments");
                                                               return ObjRef(none());
                                                             }),
                                               true));
  builtin_types().object->dict_.set(
      "__init__", ObjRef(new BuiltinFunctionObject("__init__", [](Interp&, CallArgs& a) -> ObjRef {
        if (a.pos.size() > 1 || !a.kw.empty())
          raise(builtin_types().type_error,
                "object.__init__() takes exactly one argument (the instance to initialize)");
        return ObjRef(none());
      })));
}

ObjRef call_special(Interp& in, Object* self, const char* name, CallArgs& args, bool* found) {
  Object* fn = self->type()->lookup(name);
  if (found) *found = fn != nullptr;
  if (!fn) return nullptr;
  args.pos.insert(args.pos.begin(), ObjRef(self));
  return call(in, fn, args);
}

ObjRef call_method(Interp& in, Object* self, std::string_view name, CallArgs& args) {
  ObjRef fn = get_attr(in, self, name);
  return call(in, fn.get(), args);
}

// ---- items ----

int64_t normalize_index(int64_t i, int64_t size, const char* message) {
  if (i < 0) i += size;
  if (i < 0 || i >= size) raise(builtin_types().index_error, message);
  return i;
}

static int64_t slice_part(Interp& in, Object* o, int64_t dflt) {
  if (o == none()) return dflt;
  if (!is_int(o) && !o->type()->lookup("__index__"))
    raise(builtin_types().type_error, "slice indices must be integers or None or have an __index__ method");
  return to_index(in, o);
}

SliceBounds slice_bounds(Interp& in, const SliceObject& s, int64_t size) {
  int64_t step = slice_part(in, s.step_.get(), 1);
  if (step == 0) raise(builtin_types().value_error, "slice step cannot be zero");
  int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? size - 1 : size;
  auto clamp = [&](Object* o, int64_t dflt) {
    if (o == none()) return dflt;
    int64_t v = slice_part(in, o, dflt);
    if (v < 0) v = std::max(v + size, lo);
    else v = std::min(v, hi);
    return v;
  };
  int64_t start = clamp(s.start_.get(), step < 0 ? size - 1 : 0);
  int64_t stop = clamp(s.stop_.get(), step < 0 ? -1 : size);
  int64_t count = 0;
  if (step > 0 && start < stop) count = (stop - start + step - 1) / step;
  if (step < 0 && start > stop) count = (start - stop - step - 1) / (-step);
  return {start, stop, step, count};
}

static std::vector<ObjRef> slice_items(Interp& in, const std::vector<ObjRef>& items, const SliceObject& s) {
  SliceBounds b = slice_bounds(in, s, static_cast<int64_t>(items.size()));
  std::vector<ObjRef> out;
  out.reserve(b.count);
  for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) out.push_back(items[k]);
  return out;
}

// An index into a list, tuple or str: an int too large for an index is an IndexError there.
static int64_t sequence_index(Interp& in, Object* key) {
  if (is_int(key) && is_big_candidate(key) && !int_as_big(key).fits_int64())
    raise(builtin_types().index_error, "cannot fit 'int' into an index-sized integer");
  return to_index(in, key);
}

static bool is_index_like(Object* k) {
  return is_int(k) || (k->type()->lookup("__index__") && k->type() != builtin_types().float_);
}

// Indexes by code point; byte offsets are needed only when the string is not ASCII.
static ObjRef str_item(Interp& in, const std::string& s, Object* key) {
  std::vector<size_t> off;
  if (!is_ascii(s)) off = utf8_offsets(s);
  int64_t n = off.empty() ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(off.size()) - 1;
  auto piece = [&](int64_t k) { return off.empty() ? s.substr(k, 1) : s.substr(off[k], off[k + 1] - off[k]); };
  if (key->type() == builtin_types().slice) {
    SliceBounds b = slice_bounds(in, *as<SliceObject>(key), n);
    std::string out;
    if (b.step == 1 && b.count > 0)
      return make_str(off.empty() ? s.substr(b.start, b.count)
                                  : s.substr(off[b.start], off[b.start + b.count] - off[b.start]));
    for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) out += piece(k);
    return make_str(out);
  }
  if (!is_index_like(key))
    raise(builtin_types().type_error, "string indices must be integers, not '" + type_name(key) + "'");
  int64_t i = normalize_index(sequence_index(in, key), n, "string index out of range");
  return make_str(piece(i));
}

ObjRef get_item(Interp& in, Object* o, Object* key) {
  TypeObject* t = o->type();
  if (t == builtin_types().list || t == builtin_types().tuple) {
    const auto& items = t == builtin_types().list ? as<ListObject>(o)->items_ : as<TupleObject>(o)->items_;
    if (key->type() == builtin_types().slice) {
      std::vector<ObjRef> out = slice_items(in, items, *as<SliceObject>(key));
      if (t == builtin_types().list) return make_list(std::move(out));
      return make_tuple(std::move(out));
    }
    if (!is_index_like(key))
      raise(builtin_types().type_error, t->name_ + " indices must be integers or slices, not " + type_name(key));
    int64_t i = normalize_index(sequence_index(in, key), static_cast<int64_t>(items.size()),
                                t == builtin_types().list ? "list index out of range" : "tuple index out of range");
    return items[i];
  }
  if (t == builtin_types().dict) {
    if (Object* v = as<DictObject>(o)->get(in, key)) return ObjRef(v);
    throw PyError{new_exception(builtin_types().key_error, {ObjRef(key)})};
  }
  if (t == builtin_types().str) return str_item(in, as<StrObject>(o)->value_, key);
  if (t == builtin_types().range) {
    auto* r = as<RangeObject>(o);
    if (key->type() == builtin_types().slice) {
      SliceBounds b = slice_bounds(in, *as<SliceObject>(key), r->length());
      return ObjRef(new RangeObject(r->start_ + b.start * r->step_, r->start_ + (b.start + b.count * b.step) * r->step_,
                                    b.step * r->step_));
    }
    int64_t i = normalize_index(sequence_index(in, key), r->length(), "range object index out of range");
    return make_int(r->start_ + i * r->step_);
  }
  CallArgs args;
  args.pos.push_back(ObjRef(key));
  bool found = false;
  ObjRef r = call_special(in, o, "__getitem__", args, &found);
  if (found) return r;
  if (t == builtin_types().type)
    raise(builtin_types().type_error, "type '" + as<TypeObject>(o)->name_ + "' is not subscriptable");
  raise(builtin_types().type_error, "'" + type_name(o) + "' object is not subscriptable");
}

static void list_set_slice(Interp& in, ListObject* list, const SliceObject& s, Object* value) {
  TypeObject* vt = value->type();
  if (vt != builtin_types().list && vt != builtin_types().tuple && vt != builtin_types().str &&
      vt != builtin_types().dict && vt != builtin_types().range && !vt->lookup("__iter__") &&
      !dynamic_cast<IteratorObject*>(value) && !vt->lookup("__getitem__")) {
    SliceBounds b = slice_bounds(in, s, static_cast<int64_t>(list->items_.size()));
    raise(builtin_types().type_error,
          b.step == 1 ? "can only assign an iterable" : "must assign iterable to extended slice");
  }
  std::vector<ObjRef> values = to_vector(in, value);
  auto& items = list->items_;
  SliceBounds b = slice_bounds(in, s, static_cast<int64_t>(items.size()));
  if (b.step == 1) {
    int64_t stop = std::max(b.start, b.stop);
    items.erase(items.begin() + b.start, items.begin() + stop);
    items.insert(items.begin() + b.start, values.begin(), values.end());
    return;
  }
  if (static_cast<int64_t>(values.size()) != b.count)
    raise(builtin_types().value_error, "attempt to assign sequence of size " + std::to_string(values.size()) +
                                           " to extended slice of size " + std::to_string(b.count));
  for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) items[k] = values[i];
}

void set_item(Interp& in, Object* o, Object* key, ObjRef value) {
  TypeObject* t = o->type();
  if (t == builtin_types().list) {
    auto* list = as<ListObject>(o);
    if (key->type() == builtin_types().slice) return list_set_slice(in, list, *as<SliceObject>(key), value.get());
    if (!is_index_like(key))
      raise(builtin_types().type_error, "list indices must be integers or slices, not " + type_name(key));
    int64_t i = normalize_index(sequence_index(in, key), static_cast<int64_t>(list->items_.size()),
                                "list assignment index out of range");
    ObjRef old = std::move(list->items_[i]);
    list->items_[i] = std::move(value);
    return;
  }
  if (t == builtin_types().dict) {
    as<DictObject>(o)->set(in, ObjRef(key), std::move(value));
    return;
  }
  CallArgs args;
  args.pos = {ObjRef(key), std::move(value)};
  bool found = false;
  call_special(in, o, "__setitem__", args, &found);
  if (!found) raise(builtin_types().type_error, "'" + type_name(o) + "' object does not support item assignment");
}

void del_item(Interp& in, Object* o, Object* key) {
  TypeObject* t = o->type();
  if (t == builtin_types().list) {
    auto& items = as<ListObject>(o)->items_;
    if (key->type() == builtin_types().slice) {
      SliceBounds b = slice_bounds(in, *as<SliceObject>(key), static_cast<int64_t>(items.size()));
      std::vector<bool> drop(items.size());
      for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) drop[k] = true;
      std::vector<ObjRef> kept;
      for (size_t i = 0; i < items.size(); ++i)
        if (!drop[i]) kept.push_back(items[i]);
      items.swap(kept);
      return;
    }
    int64_t i = normalize_index(sequence_index(in, key), static_cast<int64_t>(items.size()),
                                "list assignment index out of range");
    items.erase(items.begin() + i);
    return;
  }
  if (t == builtin_types().dict) {
    if (!as<DictObject>(o)->erase(in, key)) throw PyError{new_exception(builtin_types().key_error, {ObjRef(key)})};
    return;
  }
  CallArgs args;
  args.pos = {ObjRef(key)};
  bool found = false;
  call_special(in, o, "__delitem__", args, &found);
  if (!found) raise(builtin_types().type_error, "'" + type_name(o) + "' object doesn't support item deletion");
}

// ---- calls ----

// The object that object.__new__(cls, ...) makes: a plain instance, or, for a subclass of a native
// type (`super().__new__(cls, v)` in a subclass of int), the native type's object given `cls`.
static ObjRef object_new(Interp& in, CallArgs& a) {
  if (a.pos.empty()) raise(builtin_types().type_error, "object.__new__(): not enough arguments");
  if (a.pos[0]->type() != builtin_types().type)
    raise(builtin_types().type_error, "object.__new__(X): X is not a type object (" + type_name(a.pos[0].get()) + ")");
  auto* cls = as<TypeObject>(a.pos[0].get());
  CallArgs rest;
  rest.pos.assign(a.pos.begin() + 1, a.pos.end());
  rest.kw = std::move(a.kw);
  const TypeObject* nb = cls->native_base();
  if (nb && nb != builtin_types().object) {
    ObjRef obj = nb->new_(in, cls, rest);
    if (obj && obj->type() != cls && obj->type()->is_subtype_of(nb) && cls->is_subtype_of(obj->type()))
      obj->set_type(cls);
    return obj;
  }
  if (!rest.pos.empty() || !rest.kw.empty()) {
    if (cls->lookup("__new__") != builtin_types().object->dict_.get("__new__"))
      raise(builtin_types().type_error, "object.__new__() takes exactly one argument (the type to instantiate)");
    if (cls->lookup("__init__") == builtin_types().object->dict_.get("__init__"))
      raise(builtin_types().type_error, cls->name_ + "() takes no arguments");
  }
  return ObjRef(new InstanceObject(cls));
}

// A class with a __new__ of its own: cls.__new__(cls, *args), then __init__ on what it returned
// when that is an instance of cls.
static ObjRef construct_with_new(Interp& in, TypeObject* cls, CallArgs& args) {
  ObjRef fn = get_attr(in, cls, "__new__");
  CallArgs new_args;
  new_args.pos.reserve(args.pos.size() + 1);
  new_args.pos.emplace_back(cls);
  new_args.pos.insert(new_args.pos.end(), args.pos.begin(), args.pos.end());
  new_args.kw = args.kw;
  ObjRef obj = call(in, fn.get(), new_args);
  if (!is_instance(obj.get(), cls)) return obj;
  Object* init = cls->lookup("__init__");
  if (!init || init == builtin_types().object->dict_.get("__init__")) return obj;
  args.pos.insert(args.pos.begin(), obj);
  ObjRef r = call(in, init, args);
  if (r.get() != none())
    raise(builtin_types().type_error, "__init__() should return None, not '" + type_name(r.get()) + "'");
  return obj;
}

static ObjRef construct(Interp& in, TypeObject* cls, CallArgs& args) {
  if (cls->is_user_) {
    Object* new_fn = cls->lookup("__new__");
    if (new_fn && new_fn != builtin_types().object->dict_.get("__new__")) return construct_with_new(in, cls, args);
  }
  const TypeObject* nb = cls->native_base();
  ObjRef obj;
  if (nb && nb != builtin_types().object) {
    obj = nb->new_(in, cls, args);
    if (obj && obj->type() != cls && obj->type()->is_subtype_of(nb) && cls->is_subtype_of(obj->type()))
      obj->set_type(cls);
    if (!obj || !is_instance(obj.get(), cls)) return obj;
  } else {
    obj = ObjRef(new InstanceObject(cls));
  }
  Object* init = cls->lookup("__init__");
  if (!cls->is_user_ && init && is_builtin_slot(init)) return obj;  // list(x), dict(x): new_ filled it
  if (!init || init == builtin_types().object->dict_.get("__init__")) {
    if ((!args.pos.empty() || !args.kw.empty()) && (!nb || nb == builtin_types().object))
      raise(builtin_types().type_error, cls->name_ + "() takes no arguments");
    return obj;
  }
  args.pos.insert(args.pos.begin(), obj);
  ObjRef r = call(in, init, args);
  if (r.get() != none())
    raise(builtin_types().type_error, "__init__() should return None, not '" + type_name(r.get()) + "'");
  return obj;
}

ObjRef call(Interp& in, Object* callable, CallArgs& args) {
  TypeObject* t = callable->type();
  if (t == builtin_types().function) return in.call_function(as<FunctionObject>(callable), args);
  if (t == builtin_types().builtin_function) {
    auto* b = as<BuiltinFunctionObject>(callable);
    if (b->self_) args.pos.insert(args.pos.begin(), b->self_);
    if (NativeCallObserver* o = g_native_call_observer) {  // the trace's cell reads (observer.h)
      CallArgs seen = args;
      ObjRef r = b->fn_(in, args);
      o->on_native_call(*b, seen, r.get());
      return r;
    }
    return b->fn_(in, args);
  }
  if (t == builtin_types().method) {
    auto* m = as<BoundMethodObject>(callable);
    ObjRef keep(m);
    args.pos.insert(args.pos.begin(), m->self_);
    return call(in, m->func_.get(), args);
  }
  if (t == builtin_types().type) return construct(in, as<TypeObject>(callable), args);
  if (Object* hook = t->lookup("__call__")) {
    args.pos.insert(args.pos.begin(), ObjRef(callable));
    return call(in, hook, args);
  }
  raise(builtin_types().type_error, "'" + type_name(callable) + "' object is not callable");
}

ObjRef call0(Interp& in, Object* callable) {
  CallArgs args;
  return call(in, callable, args);
}

ObjRef call1(Interp& in, Object* callable, ObjRef arg) {
  CallArgs args;
  args.pos.push_back(std::move(arg));
  return call(in, callable, args);
}

// ---- iteration ----

namespace {
// CPython's iterator over an object with only __getitem__: o[0], o[1], ... one at a time, until
// an IndexError (or a StopIteration) ends it.
class SequenceIterator : public IteratorObject {
 public:
  explicit SequenceIterator(ObjRef seq) : IteratorObject(builtin_types().iterator), seq_(std::move(seq)) { track(); }
  void clear_refs() override { seq_ = nullptr; }
  ObjRef next(Interp& in) override {
    if (!seq_) return nullptr;
    try {
      return get_item(in, seq_.get(), make_int(index_++).get());
    } catch (const PyError& e) {
      if (!is_instance(e.exc.get(), builtin_types().index_error) &&
          !is_instance(e.exc.get(), builtin_types().stop_iteration))
        throw;
      seq_ = nullptr;
      return nullptr;
    }
  }
  ObjRef seq_;
  int64_t index_ = 0;
};
}  // namespace

Ref<IteratorObject> get_iter(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().list) return Ref<IteratorObject>(new SeqIterator(ObjRef(o), builtin_types().list_iterator));
  if (t == builtin_types().tuple)
    return Ref<IteratorObject>(new SeqIterator(ObjRef(o), builtin_types().tuple_iterator));
  if (t == builtin_types().str) return Ref<IteratorObject>(new SeqIterator(ObjRef(o), builtin_types().str_iterator));
  if (t == builtin_types().range) return Ref<IteratorObject>(new RangeIterator(*as<RangeObject>(o)));
  if (t == builtin_types().dict) return make_dict_iterator(Ref<DictObject>(as<DictObject>(o)), DictView::Keys);
  if (dynamic_cast<IteratorObject*>(o)) return Ref<IteratorObject>(static_cast<IteratorObject*>(o));
  if (Object* hook = t->lookup("__iter__")) {
    ObjRef it = call1(in, hook, ObjRef(o));
    if (auto* native = dynamic_cast<IteratorObject*>(it.get())) return Ref<IteratorObject>(native);
    if (!it->type()->lookup("__next__"))
      raise(builtin_types().type_error, "iter() returned non-iterator of type '" + type_name(it.get()) + "'");
    return Ref<IteratorObject>(new CallIterator(it));
  }
  if (t->lookup("__getitem__")) return Ref<IteratorObject>(new SequenceIterator(ObjRef(o)));
  raise(builtin_types().type_error, "'" + type_name(o) + "' object is not iterable");
}

std::vector<ObjRef> to_vector(Interp& in, Object* iterable) {
  if (iterable->type() == builtin_types().list) return as<ListObject>(iterable)->items_;
  if (iterable->type() == builtin_types().tuple) return as<TupleObject>(iterable)->items_;
  std::vector<ObjRef> out;
  if (iterable->type() == builtin_types().range) {
    // The length is known (CPython's length hint): past the memory limit, MemoryError up front.
    const uint64_t n = static_cast<uint64_t>(as<RangeObject>(iterable)->length());
    if (n > (uint64_t{1} << 60) || !support::allocation_fits(n * sizeof(ObjRef)))
      raise(builtin_types().memory_error, "");
    out.reserve(static_cast<size_t>(n));
  }
  Ref<IteratorObject> it = get_iter(in, iterable);
  while (ObjRef x = it->next(in)) {
    out.push_back(std::move(x));
    if (!support::allocation_fits(out.size() * sizeof(ObjRef))) raise(builtin_types().memory_error, "");
    support::poll_deadline();
  }
  return out;
}

int64_t length(Interp& in, Object* o) {
  TypeObject* t = o->type();
  if (t == builtin_types().list) return static_cast<int64_t>(as<ListObject>(o)->items_.size());
  if (t == builtin_types().tuple) return static_cast<int64_t>(as<TupleObject>(o)->items_.size());
  if (t == builtin_types().str) return static_cast<int64_t>(utf8_length(as<StrObject>(o)->value_));
  if (t == builtin_types().dict) return static_cast<int64_t>(as<DictObject>(o)->size());
  if (t == builtin_types().range) return as<RangeObject>(o)->length();
  CallArgs args;
  bool found = false;
  ObjRef r = call_special(in, o, "__len__", args, &found);
  if (!found) raise(builtin_types().type_error, "object of type '" + type_name(o) + "' has no len()");
  int64_t n = to_index(in, r.get());
  if (n < 0) raise(builtin_types().value_error, "__len__() should return >= 0");
  return n;
}

[[noreturn]] static void index_overflow() {
  raise(builtin_types().overflow_error, "cannot fit 'int' into an index-sized integer");
}

int64_t to_index(Interp& in, Object* o) {
  if (is_int(o)) {
    if (is_big_candidate(o) && !int_as_big(o).fits_int64()) index_overflow();
    return as<IntObject>(o)->value_;
  }
  CallArgs args;
  bool found = false;
  ObjRef r = call_special(in, o, "__index__", args, &found);
  if (found && is_int(r.get())) return as<IntObject>(r.get())->value_;
  raise(builtin_types().type_error, "'" + type_name(o) + "' object cannot be interpreted as an integer");
}

double to_double(Interp& in, Object* o) {
  if (o->type() == builtin_types().float_) return as<FloatObject>(o)->value_;
  if (is_int(o)) return int_to_double(o);
  CallArgs args;
  bool found = false;
  ObjRef r = call_special(in, o, "__float__", args, &found);
  if (found && r->type() == builtin_types().float_) return as<FloatObject>(r.get())->value_;
  raise(builtin_types().type_error, "must be real number, not " + type_name(o));
}

}  // namespace stridelab::python
