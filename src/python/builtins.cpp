// The builtins of docs/language.md (print, len, range, ...) and the methods of str, list, dict, tuple.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/bigint.h"
#include "python/builtin_slots.h"
#include "python/builtin_types.h"
#include "python/bytes.h"
#include "python/type_call.h"
#include "python/format.h"
#include "python/generator.h"
#include "python/interp.h"
#include "python/native.h"
#include "python/suggestions.h"
#include "python/unicode.h"
#include "support/budget.h"

namespace stridelab::python {

void install_object_methods();
void install_str_methods();  // str_methods.cpp

namespace {

ObjRef None() { return ObjRef(none()); }

void add(Namespace& ns, const std::string& name, NativeFn fn) { ns.set(name, make_function(name, std::move(fn))); }
// A method of a built-in type; called through the type (`list.append(x, 1)`), it checks its self
// as CPython's method descriptors do.
void add_method(TypeObject* t, const std::string& name, NativeFn fn) {
  t->dict_.set(name, make_function(name, [t, name, fn = std::move(fn)](Interp& in, CallArgs& a) -> ObjRef {
                 if (a.pos.empty())
                   raise(builtin_types().type_error,
                         "unbound method " + t->name_ + "." + name + "() needs an argument");
                 if (!is_instance(a.pos[0].get(), t))
                   raise(builtin_types().type_error, "descriptor '" + name + "' for '" + t->name_ +
                                                         "' objects doesn't apply to a '" + type_name(a.pos[0].get()) +
                                                         "' object");
                 return fn(in, a);
               }));
}

void expect_args(CallArgs& a, const char* name, size_t lo, size_t hi) {
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
  size_t n = a.pos.size();
  if (n >= lo && n <= hi) return;
  if (lo == hi) {
    if (lo == 1)
      raise(builtin_types().type_error,
            std::string(name) + "() takes exactly one argument (" + std::to_string(n) + " given)");
    raise(builtin_types().type_error,
          std::string(name) + " expected " + std::to_string(lo) + " arguments, got " + std::to_string(n));
  }
  if (n < lo)
    raise(builtin_types().type_error, std::string(name) + " expected at least " + std::to_string(lo) + " argument" +
                                          (lo == 1 ? "" : "s") + ", got " + std::to_string(n));
  raise(builtin_types().type_error, std::string(name) + " expected at most " + std::to_string(hi) + " argument" +
                                        (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
}

// Method arity: pos[0] is self.
void expect_method_args(CallArgs& a, const std::string& name, size_t lo, size_t hi) {
  if (!a.kw.empty()) raise(builtin_types().type_error, name + "() takes no keyword arguments");
  size_t n = a.pos.size() - 1;
  if (n >= lo && n <= hi) return;
  if (lo == hi && lo == 0)
    raise(builtin_types().type_error, name + "() takes no arguments (" + std::to_string(n) + " given)");
  if (lo == hi && lo == 1)
    raise(builtin_types().type_error, name + "() takes exactly one argument (" + std::to_string(n) + " given)");
  if (n < lo)
    raise(builtin_types().type_error, name + " expected at least " + std::to_string(lo) + " argument" +
                                          (lo == 1 ? "" : "s") + ", got " + std::to_string(n));
  raise(builtin_types().type_error, name + " expected at most " + std::to_string(hi) + " argument" +
                                        (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
}

// list.index and tuple.index's start and stop, clipped as slice bounds are.
void index_bounds(Interp& in, CallArgs& a, size_t size, size_t& first, size_t& last) {
  auto bound = [&](size_t i, int64_t dflt) {
    int64_t v = a.pos.size() > i ? to_index(in, a.pos[i].get()) : dflt;
    if (v < 0) v += static_cast<int64_t>(size);
    return static_cast<size_t>(std::clamp<int64_t>(v, 0, static_cast<int64_t>(size)));
  };
  first = bound(2, 0);
  last = bound(3, static_cast<int64_t>(size));
}

Object* kwarg(CallArgs& a, const char* name) {
  for (auto& [k, v] : a.kw)
    if (k == name) return v.get();
  return nullptr;
}

const std::string& str_of(Object* o) { return as<StrObject>(o)->value_; }

// ---- builtin functions ----

ObjRef builtin_print(Interp& in, CallArgs& a) {
  std::string sep = " ", end = "\n";
  for (auto& [k, v] : a.kw) {
    if (k != "sep" && k != "end" && k != "flush" && k != "file")
      raise(builtin_types().type_error, "'" + k + "' is an invalid keyword argument for print()");
    if (k == "flush" || k == "file" || v.get() == none()) continue;
    if (!is_str(v.get())) raise(builtin_types().type_error, k + " must be None or a string, not " + type_name(v.get()));
    (k == "sep" ? sep : end) = str_of(v.get());
  }
  std::string out;
  for (size_t i = 0; i < a.pos.size(); ++i) {
    if (i) out += sep;
    out += str(in, a.pos[i].get());
  }
  out += end;
  in.write_stdout(out);
  return None();
}

ObjRef builtin_len(Interp& in, CallArgs& a) {
  expect_args(a, "len", 1, 1);
  return make_int(length(in, a.pos[0].get()));
}

ObjRef builtin_id(Interp& in, CallArgs& a) {
  expect_args(a, "id", 1, 1);
  return make_int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(a.pos[0].get())));
}

int64_t range_arg(Interp& in, Object* o) {
  if (o->type() == builtin_types().float_)
    raise(builtin_types().type_error, "'float' object cannot be interpreted as an integer");
  return to_index(in, o);
}

ObjRef builtin_range(Interp& in, TypeObject*, CallArgs& a) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "range() takes no keyword arguments");
  size_t n = a.pos.size();
  if (n == 0) raise(builtin_types().type_error, "range expected at least 1 argument, got 0");
  if (n > 3) raise(builtin_types().type_error, "range expected at most 3 arguments, got " + std::to_string(n));
  int64_t start = 0, stop, step = 1;
  if (n == 1) {
    stop = range_arg(in, a.pos[0].get());
  } else {
    start = range_arg(in, a.pos[0].get());
    stop = range_arg(in, a.pos[1].get());
    if (n == 3) step = range_arg(in, a.pos[2].get());
  }
  if (step == 0) raise(builtin_types().value_error, "range() arg 3 must not be zero");
  return ObjRef(new RangeObject(start, stop, step));
}

ObjRef builtin_type(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.size() == 3) return make_class_from_dict(in, a);
  if (a.pos.size() != 1) raise(builtin_types().type_error, "type() takes 1 or 3 arguments");
  return ObjRef(a.pos[0]->type());
}

bool isinstance_of(Interp& in, Object* o, Object* cls, const char* fname) {
  if (cls->type() == builtin_types().tuple) {
    for (auto& c : as<TupleObject>(cls)->items_)
      if (isinstance_of(in, o, c.get(), fname)) return true;
    return false;
  }
  if (cls->type() != builtin_types().type)
    raise(builtin_types().type_error, std::string(fname) + " arg 2 must be a type, a tuple of types, or a union");
  return is_instance(o, as<TypeObject>(cls));
}

ObjRef builtin_isinstance(Interp& in, CallArgs& a) {
  expect_args(a, "isinstance", 2, 2);
  return ObjRef(bool_obj(isinstance_of(in, a.pos[0].get(), a.pos[1].get(), "isinstance()")));
}

ObjRef builtin_issubclass(Interp& in, CallArgs& a) {
  expect_args(a, "issubclass", 2, 2);
  if (a.pos[0]->type() != builtin_types().type) raise(builtin_types().type_error, "issubclass() arg 1 must be a class");
  std::function<bool(Object*)> check = [&](Object* cls) {
    if (cls->type() == builtin_types().tuple) {
      for (auto& c : as<TupleObject>(cls)->items_)
        if (check(c.get())) return true;
      return false;
    }
    if (cls->type() != builtin_types().type)
      raise(builtin_types().type_error, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return as<TypeObject>(a.pos[0].get())->is_subtype_of(as<TypeObject>(cls));
  };
  return ObjRef(bool_obj(check(a.pos[1].get())));
}

ObjRef builtin_repr(Interp& in, CallArgs& a) {
  expect_args(a, "repr", 1, 1);
  return make_str(repr(in, a.pos[0].get()));
}

ObjRef make_str_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.empty()) return make_str("");
  if (a.pos.size() > 1)
    raise(builtin_types().type_error, "str() argument 'encoding' must be str, not " + type_name(a.pos[1].get()));
  if (a.pos[0]->type() == builtin_types().str) return a.pos[0];
  return make_str(str(in, a.pos[0].get()));
}

ObjRef parse_int_literal(const std::string& text, int64_t base) {
  if (base != 0 && (base < 2 || base > 36))
    raise(builtin_types().value_error, "int() base must be >= 2 and <= 36, or 0");
  size_t b = text.find_first_not_of(" \t\n\r\x0b\x0c"), e = text.find_last_not_of(" \t\n\r\x0b\x0c");
  std::string t = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  return parse_int_text(t, static_cast<int>(base), text);
}

ObjRef make_int_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.kw.size() == 1 && a.kw[0].first == "base" && a.pos.size() == 1) {  // int(s, base=2)
    a.pos.push_back(a.kw[0].second);
    a.kw.clear();
  }
  if (a.pos.empty()) return make_int(0);
  Object* x = a.pos[0].get();
  if (a.pos.size() == 2) {
    if (!is_str(x)) raise(builtin_types().type_error, "int() can't convert non-string with explicit base");
    return parse_int_literal(str_of(x), to_index(in, a.pos[1].get()));
  }
  if (x->type() == builtin_types().int_) return a.pos[0];
  if (is_int(x)) return make_int(as<IntObject>(x)->value_);
  if (x->type() == builtin_types().float_) {
    double v = as<FloatObject>(x)->value_;
    if (std::isnan(v)) raise(builtin_types().value_error, "cannot convert float NaN to integer");
    if (std::isinf(v)) raise(builtin_types().overflow_error, "cannot convert float infinity to integer");
    return int_from_double(v);
  }
  if (is_str(x)) return parse_int_literal(str_of(x), 10);
  for (const char* hook : {"__int__", "__index__"}) {
    CallArgs none_args;
    bool found = false;
    ObjRef r = call_special(in, x, hook, none_args, &found);
    if (found) return r;
  }
  raise(builtin_types().type_error,
        "int() argument must be a string, a bytes-like object or a real number, not '" + type_name(x) + "'");
}

double parse_float_literal(const std::string& text) {
  size_t b = text.find_first_not_of(" \t\n\r"), e = text.find_last_not_of(" \t\n\r");
  std::string t = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  std::string lower;
  for (char c : t)
    if (c != '_') lower += static_cast<char>(std::tolower(c));
  std::string body = lower;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) neg = body[0] == '-', body.erase(0, 1);
  if (body == "inf" || body == "infinity") return neg ? -INFINITY : INFINITY;
  if (body == "nan") return NAN;
  char* end = nullptr;
  double v = std::strtod(lower.c_str(), &end);
  if (lower.empty() || *end != '\0' || body.find_first_of("x") != std::string::npos)
    raise(builtin_types().value_error, "could not convert string to float: " + str_repr(text));
  return v;
}

ObjRef make_float_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.empty()) return make_float(0.0);
  Object* x = a.pos[0].get();
  if (x->type() == builtin_types().float_) return ObjRef(x);
  if (is_int(x)) return make_float(int_to_double(x));
  if (is_str(x)) return make_float(parse_float_literal(str_of(x)));
  CallArgs none_args;
  bool found = false;
  ObjRef r = call_special(in, x, "__float__", none_args, &found);
  if (found) return r;
  r = call_special(in, x, "__index__", none_args, &found);
  if (found) return make_float(static_cast<double>(to_index(in, r.get())));
  raise(builtin_types().type_error, "float() argument must be a string or a real number, not '" + type_name(x) + "'");
}

ObjRef make_bool_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.empty()) return ObjRef(false_obj());
  return ObjRef(bool_obj(truthy(in, a.pos[0].get())));
}

ObjRef make_list_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.empty()) return make_list({});
  return make_list(to_vector(in, a.pos[0].get()));
}

ObjRef make_tuple_obj(Interp& in, TypeObject*, CallArgs& a) {
  if (a.pos.empty()) return make_tuple({});
  if (a.pos[0]->type() == builtin_types().tuple) return a.pos[0];
  return make_tuple(to_vector(in, a.pos[0].get()));
}

void dict_update(Interp& in, DictObject* d, Object* src) {
  if (auto* source = dynamic_cast<DictObject*>(src)) {  // a dict, or a subclass (Counter, defaultdict, ...)
    for (auto& [k, v] : source->items()) d->set(in, k, v);
    return;
  }
  std::vector<ObjRef> pairs = to_vector(in, src);
  for (size_t i = 0; i < pairs.size(); ++i) {
    Object* pair = pairs[i].get();
    TypeObject* pt = pair->type();
    if (pt != builtin_types().list && pt != builtin_types().tuple && pt != builtin_types().str &&
        pt != builtin_types().dict && pt != builtin_types().range && !pt->lookup("__iter__") &&
        !dynamic_cast<IteratorObject*>(pair))
      raise(builtin_types().type_error,
            "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
    std::vector<ObjRef> kv = to_vector(in, pair);
    if (kv.size() != 2)
      raise(builtin_types().value_error, "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                             std::to_string(kv.size()) + "; 2 is required");
    d->set(in, kv[0], kv[1]);
  }
}

ObjRef make_dict_obj(Interp& in, TypeObject*, CallArgs& a) {
  Ref<DictObject> d(new DictObject());
  if (!a.pos.empty()) dict_update(in, d.get(), a.pos[0].get());
  for (auto& [k, v] : a.kw) d->set(in, make_str(k), v);
  return d;
}

// zip() and enumerate() are lazy, as in CPython: each step takes the next item of the iterables
// then, so a dict changed during the loop is seen by its iterator (RuntimeError), and
// enumerate(range(10**12)) costs nothing until it is walked.
class ZipIterator : public IteratorObject {
 public:
  explicit ZipIterator(std::vector<Ref<IteratorObject>> its)
      : IteratorObject(builtin_types().zip), its_(std::move(its)) {}
  ObjRef next(Interp& in) override {
    if (its_.empty()) return nullptr;
    std::vector<ObjRef> row;
    row.reserve(its_.size());
    for (auto& it : its_) {
      ObjRef x = it->next(in);
      if (!x) {
        its_.clear();
        return nullptr;
      }
      row.push_back(std::move(x));
    }
    return make_tuple(std::move(row));
  }

 private:
  std::vector<Ref<IteratorObject>> its_;
};

class EnumerateIterator : public IteratorObject {
 public:
  EnumerateIterator(Ref<IteratorObject> it, int64_t start)
      : IteratorObject(builtin_types().enumerate), it_(std::move(it)), count_(start) {}
  ObjRef next(Interp& in) override {
    if (!it_) return nullptr;
    ObjRef x = it_->next(in);
    if (!x) {
      it_ = Ref<IteratorObject>();
      return nullptr;
    }
    return make_tuple({make_int(count_++), std::move(x)});
  }

 private:
  Ref<IteratorObject> it_;
  int64_t count_;
};

ObjRef builtin_zip(Interp& in, CallArgs& a) {
  std::vector<Ref<IteratorObject>> its;
  for (auto& p : a.pos) its.push_back(get_iter(in, p.get()));
  return ObjRef(new ZipIterator(std::move(its)));
}

ObjRef builtin_enumerate(Interp& in, CallArgs& a) {
  if (a.pos.empty() && !kwarg(a, "iterable"))
    raise(builtin_types().type_error, "enumerate() missing required argument 'iterable' (pos 1)");
  int64_t start = 0;
  if (a.pos.size() > 1) start = to_index(in, a.pos[1].get());
  if (Object* s = kwarg(a, "start")) start = to_index(in, s);
  Object* iterable = a.pos.empty() ? kwarg(a, "iterable") : a.pos[0].get();
  return ObjRef(new EnumerateIterator(get_iter(in, iterable), start));
}

ObjRef min_max(Interp& in, CallArgs& a, bool is_max) {
  const char* name = is_max ? "max" : "min";
  Object* key = kwarg(a, "key");
  Object* dflt = kwarg(a, "default");
  if (a.pos.empty()) raise(builtin_types().type_error, std::string(name) + " expected at least 1 argument, got 0");
  // One argument is iterated as CPython does, item by item: `max(range(10**12))` runs (until
  // the time limit) rather than being refused as a list too large to make.
  Ref<IteratorObject> it = get_iter(in, a.pos.size() == 1 ? a.pos[0].get() : make_tuple(a.pos).get());
  ObjRef best = it->next(in);
  if (!best) {
    if (dflt) return ObjRef(dflt);
    raise(builtin_types().value_error, std::string(name) + "() arg is an empty sequence");
  }
  ObjRef best_key = key ? call1(in, key, best) : best;
  while (ObjRef item = it->next(in)) {
    ObjRef k = key ? call1(in, key, item) : item;
    ObjRef better = compare(in, is_max ? CmpOpKind::Gt : CmpOpKind::Lt, k.get(), best_key.get());
    if (truthy(in, better.get())) {
      best = std::move(item);
      best_key = k;
    }
  }
  return best;
}

ObjRef builtin_abs(Interp& in, CallArgs& a) {
  expect_args(a, "abs", 1, 1);
  Object* x = a.pos[0].get();
  if (is_int(x)) {
    bool negative = is_big_candidate(x) ? int_as_big(x).negative() : as<IntObject>(x)->value_ < 0;
    return unary_op(in, negative ? UnaryOpKind::USub : UnaryOpKind::UAdd, x);
  }
  if (x->type() == builtin_types().float_) return make_float(std::fabs(as<FloatObject>(x)->value_));
  CallArgs none_args;
  bool found = false;
  ObjRef r = call_special(in, x, "__abs__", none_args, &found);
  if (found) return r;
  raise(builtin_types().type_error, "bad operand type for abs(): '" + type_name(x) + "'");
}

ObjRef builtin_sum(Interp& in, CallArgs& a) {
  if (a.pos.empty()) raise(builtin_types().type_error, "sum() takes at least 1 positional argument (0 given)");
  ObjRef total = a.pos.size() > 1 ? a.pos[1] : make_int(0);
  if (Object* s = kwarg(a, "start")) total = ObjRef(s);
  if (is_str(total.get())) raise(builtin_types().type_error, "sum() can't sum strings [use ''.join(seq) instead]");
  Ref<IteratorObject> it = get_iter(in, a.pos[0].get());
  while (ObjRef x = it->next(in)) total = binary_op(in, BinOpKind::Add, total.get(), x.get());
  return total;
}

// round-half-even to `digits` decimals, as CPython's float.__round__ (via correctly rounded repr).
double round_float(double v, int64_t digits) {
  if (std::isnan(v) || std::isinf(v)) return v;
  char buf[512];
  if (digits > 300 || digits < -308) return digits > 0 ? v : 0.0 * v;
  if (digits >= 0) {
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(digits), v);
    return std::strtod(buf, nullptr);
  }
  double p = std::pow(10.0, static_cast<double>(-digits));
  double q = v / p;
  double r = std::nearbyint(q);
  return r * p;
}

ObjRef builtin_round(Interp& in, CallArgs& a) {
  if (a.pos.empty() || a.pos.size() > 2) raise(builtin_types().type_error, "round() takes at most 2 arguments");
  Object* x = a.pos[0].get();
  bool has_digits = a.pos.size() == 2 && a.pos[1].get() != none();
  if (Object* nd = kwarg(a, "ndigits")) {
    has_digits = nd != none();
    if (has_digits) a.pos.resize(1), a.pos.push_back(ObjRef(nd));
  }
  if (is_int(x)) {
    ObjRef self = x->type() == builtin_types().int_ ? a.pos[0] : make_int(as<IntObject>(x)->value_);
    if (!has_digits) return self;
    int64_t nd = to_index(in, a.pos[1].get());
    if (nd >= 0) return self;
    // Round half to even at 10**-nd, exactly. Once 10**-nd > 2**(bits + 1) > 2 * |x| the result is
    // 0: that bound keeps the power small (and -nd is taken unsigned, so -2**63 is not overflow).
    BigInt big = int_as_big(x);
    uint64_t k = uint64_t{0} - static_cast<uint64_t>(nd);
    if (k > static_cast<uint64_t>(big.bit_length()) / 3 + 2) return make_int(0);
    BigInt p = BigInt(10).pow(k), q, r;
    BigInt::divmod(big, p, &q, &r);
    int c = (r + r).compare(p);
    if (c > 0 || (c == 0 && !BigInt::bitwise(q, BigInt(1), '&').is_zero())) q = q + BigInt(1);
    return make_int_from_big(q * p);
  }
  if (x->type() == builtin_types().float_) {
    double v = as<FloatObject>(x)->value_;
    if (!has_digits) {
      if (std::isnan(v)) raise(builtin_types().value_error, "cannot convert float NaN to integer");
      if (std::isinf(v)) raise(builtin_types().overflow_error, "cannot convert float infinity to integer");
      return int_from_double(std::nearbyint(v));
    }
    return make_float(round_float(v, to_index(in, a.pos[1].get())));
  }
  CallArgs rest;
  if (has_digits) rest.pos.push_back(a.pos[1]);
  bool found = false;
  ObjRef r = call_special(in, x, "__round__", rest, &found);
  if (found) return r;
  raise(builtin_types().type_error, "type " + type_name(x) + " doesn't define __round__ method");
}

// hex(), oct(), bin(): "0x"-style prefixes and a sign before them.
NativeFn radix_builtin(const char* name, const char* prefix, const char* code) {
  return [=](Interp& in, CallArgs& a) -> ObjRef {
    expect_args(a, name, 1, 1);
    Object* x = a.pos[0].get();
    if (!is_int(x)) to_index(in, x);  // raises the TypeError, or gives __index__'s value below
    ObjRef n = is_int(x) ? a.pos[0] : make_int(to_index(in, x));
    std::string digits = format_value(in, n.get(), code);
    if (digits[0] == '-') return make_str("-" + std::string(prefix) + digits.substr(1));
    return make_str(prefix + digits);
  };
}

// dir(): the names in scope, sorted (at the top level with `__builtins__`, as the program's
// namespace has it); dir(o): o's __dir__ when its class defines one, else its attribute names as
// CPython lists them (suggestions.cpp), sorted.
ObjRef builtin_dir(Interp& in, CallArgs& a) {
  expect_args(a, "dir", 0, 1);
  std::vector<std::string> names;
  if (a.pos.empty()) {
    const Frame* f = in.current_frame();
    for (auto& [k, v] : f->python_locals()) names.push_back(k);
    if (!f->scope && !f->class_ns)
      if (!f->globals->get("__builtins__")) names.emplace_back("__builtins__");
  } else if (Object* hook = a.pos[0]->type()->lookup("__dir__")) {
    ObjRef listed = call1(in, hook, a.pos[0]);
    std::vector<ObjRef> items = to_vector(in, listed.get());
    Ref<ListObject> out(new ListObject(std::move(items)));
    CallArgs sort_args;
    call_method(in, out.get(), "sort", sort_args);
    return out;
  } else {
    names = dir_names(a.pos[0].get());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::vector<ObjRef> items;
  for (auto& n : names) items.push_back(make_str(n));
  return make_list(std::move(items));
}

ObjRef builtin_hash(Interp& in, CallArgs& a) {
  expect_args(a, "hash", 1, 1);
  return make_int(hash_of(in, a.pos[0].get()));
}

// A stable merge sort of the positions in `order` by `less`. Unlike std::stable_sort, whose
// insertion sort relies on the comparison being a strict weak order, every index stays in bounds
// whatever `less` answers (a user's __lt__ may be inconsistent) and `order` stays a permutation
// if it throws.
template <class Less>
void merge_sort(std::vector<size_t>& order, Less less) {
  const size_t n = order.size();
  std::vector<size_t> tmp(n);
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) tmp[k++] = less(order[j], order[i]) ? order[j++] : order[i++];
      while (i < mid) tmp[k++] = order[i++];
      while (j < hi) tmp[k++] = order[j++];
      support::poll_deadline(hi - lo);  // NOTE [Deadline polling]
    }
    order.swap(tmp);
  }
}

// Sorts `items`, a vector no Python code can reach (list.sort hands over the list's own items,
// see there): the keys and the items are held here while key functions and __lt__ run.
void sort_items(Interp& in, std::vector<ObjRef>& items, Object* key, bool reverse) {
  std::vector<ObjRef> keys;
  keys.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i) keys.push_back(key && key != none() ? call1(in, key, items[i]) : items[i]);
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  merge_sort(order, [&](size_t i, size_t j) {
    Object* a = keys[i].get();
    Object* b = keys[j].get();
    if (reverse) std::swap(a, b);
    ObjRef lt = compare(in, CmpOpKind::Lt, a, b);
    return truthy(in, lt.get());
  });
  std::vector<ObjRef> out;
  out.reserve(items.size());
  for (size_t i : order) out.push_back(items[i]);
  items.swap(out);
}

ObjRef builtin_sorted(Interp& in, CallArgs& a) {
  if (a.pos.size() != 1)
    raise(builtin_types().type_error, "sorted expected 1 argument, got " + std::to_string(a.pos.size()));
  std::vector<ObjRef> items = to_vector(in, a.pos[0].get());
  Object* rev = kwarg(a, "reverse");
  sort_items(in, items, kwarg(a, "key"), rev && truthy(in, rev));
  return make_list(std::move(items));
}

std::string attr_name(Object* o, const char* fname) {
  if (!is_str(o)) raise(builtin_types().type_error, "attribute name must be string, not '" + type_name(o) + "'");
  return str_of(o);
}

ObjRef builtin_hasattr(Interp& in, CallArgs& a) {
  expect_args(a, "hasattr", 2, 2);
  std::string name = attr_name(a.pos[1].get(), "hasattr");
  try {
    return ObjRef(bool_obj(static_cast<bool>(get_attr_or_null(in, a.pos[0].get(), name))));
  } catch (const PyError& e) {
    if (is_instance(e.exc.get(), builtin_types().attribute_error)) return ObjRef(false_obj());
    throw;
  }
}

ObjRef builtin_getattr(Interp& in, CallArgs& a) {
  expect_args(a, "getattr", 2, 3);
  std::string name = attr_name(a.pos[1].get(), "getattr");
  if (a.pos.size() == 3) {
    try {
      if (ObjRef v = get_attr_or_null(in, a.pos[0].get(), name)) return v;
    } catch (const PyError& e) {
      if (!is_instance(e.exc.get(), builtin_types().attribute_error)) throw;
    }
    return a.pos[2];
  }
  return get_attr(in, a.pos[0].get(), name);
}

ObjRef builtin_setattr(Interp& in, CallArgs& a) {
  expect_args(a, "setattr", 3, 3);
  set_attr(in, a.pos[0].get(), attr_name(a.pos[1].get(), "setattr"), a.pos[2]);
  return None();
}

ObjRef builtin_iter(Interp& in, CallArgs& a) {
  expect_args(a, "iter", 1, 1);
  return get_iter(in, a.pos[0].get());
}

ObjRef builtin_next(Interp& in, CallArgs& a) {
  expect_args(a, "next", 1, 2);
  auto* it = dynamic_cast<IteratorObject*>(a.pos[0].get());
  if (!it) {
    if (a.pos[0]->type()->lookup("__next__")) {
      CallArgs none_args;
      return call_special(in, a.pos[0].get(), "__next__", none_args);
    }
    raise(builtin_types().type_error, "'" + type_name(a.pos[0].get()) + "' object is not an iterator");
  }
  if (ObjRef x = it->next(in)) return x;
  ObjRef returned;
  if (auto* g = dynamic_cast<GeneratorObject*>(it)) returned = g->take_return_value();
  if (a.pos.size() == 2) return a.pos[1];
  raise_stop_iteration(std::move(returned));
}

ObjRef builtin_any_all(Interp& in, CallArgs& a, bool want) {
  expect_args(a, want ? "any" : "all", 1, 1);
  Ref<IteratorObject> it = get_iter(in, a.pos[0].get());
  while (ObjRef x = it->next(in))
    if (truthy(in, x.get()) == want) return ObjRef(bool_obj(want));
  return ObjRef(bool_obj(!want));
}

ObjRef builtin_divmod(Interp& in, CallArgs& a) {
  expect_args(a, "divmod", 2, 2);
  ObjRef q = binary_op(in, BinOpKind::FloorDiv, a.pos[0].get(), a.pos[1].get());
  ObjRef r = binary_op(in, BinOpKind::Mod, a.pos[0].get(), a.pos[1].get());
  return make_tuple({q, r});
}

// pow(base, exp, mod) of ints: modular exponentiation (a negative exp takes the inverse first).
ObjRef modular_pow(Object* base_obj, Object* exp_obj, Object* mod_obj) {
  BigInt m = int_as_big(mod_obj);
  if (m.is_zero()) raise(builtin_types().value_error, "pow() 3rd argument cannot be 0");
  BigInt e = int_as_big(exp_obj), b, r;
  BigInt::divmod(int_as_big(base_obj), m, nullptr, &b);
  if (e.negative()) {  // the inverse of b modulo m, by the extended Euclidean algorithm
    BigInt old_r = b, rr = m, old_s(1), s_(0);
    while (!rr.is_zero()) {
      BigInt q;
      BigInt::divmod(old_r, rr, &q, nullptr);
      BigInt t = old_r - q * rr;
      old_r = rr, rr = t;
      t = old_s - q * s_;
      old_s = s_, s_ = t;
    }
    if (old_r.compare(BigInt(1)) != 0 && old_r.compare(BigInt(-1)) != 0)
      raise(builtin_types().value_error, "base is not invertible for the given modulus");
    if (old_r.negative()) old_s = -old_s;
    BigInt::divmod(old_s, m, nullptr, &b);
    e = -e;
  }
  BigInt result(1);
  BigInt::divmod(result, m, nullptr, &result);
  while (!e.is_zero()) {
    if (!BigInt::bitwise(e, BigInt(1), '&').is_zero()) BigInt::divmod(result * b, m, nullptr, &result);
    e = e.shift_right(1);
    if (!e.is_zero()) BigInt::divmod(b * b, m, nullptr, &b);
  }
  return make_int_from_big(result);
}

ObjRef builtin_pow(Interp& in, CallArgs& a) {
  if (!a.kw.empty()) {  // pow(base, exp, mod=None) by keyword (`partial(pow, exp=2)`)
    const char* names[] = {"base", "exp", "mod"};
    std::vector<ObjRef> given(3);
    for (size_t i = 0; i < a.pos.size() && i < 3; ++i) given[i] = a.pos[i];
    int duplicate = -1;
    for (auto& [k, v] : a.kw) {
      int i = k == "base" ? 0 : k == "exp" ? 1 : k == "mod" ? 2 : -1;
      if (i < 0) raise(builtin_types().type_error, "'" + k + "' is an invalid keyword argument for pow()");
      if (given[i] && duplicate < 0) duplicate = i;
      if (!given[i]) given[i] = v;
    }
    for (int i = 0; i < 2; ++i)
      if (!given[i])
        raise(builtin_types().type_error,
              std::string("pow() missing required argument '") + names[i] + "' (pos " + std::to_string(i + 1) + ")");
    if (duplicate >= 0)
      raise(builtin_types().type_error, std::string("argument for pow() given by name ('") + names[duplicate] +
                                            "') and position (" + std::to_string(duplicate + 1) + ")");
    a.kw.clear();
    a.pos.assign(given.begin(), given[2] ? given.end() : given.begin() + 2);
  }
  expect_args(a, "pow", 2, 3);
  if (a.pos.size() == 3 && a.pos[2].get() != none()) {
    if (!is_int(a.pos[0].get()) || !is_int(a.pos[1].get()) || !is_int(a.pos[2].get()))
      raise(builtin_types().type_error, "pow() 3rd argument not allowed unless all arguments are integers");
    return modular_pow(a.pos[0].get(), a.pos[1].get(), a.pos[2].get());
  }
  return binary_op(in, BinOpKind::Pow, a.pos[0].get(), a.pos[1].get());
}

ObjRef builtin_format(Interp& in, CallArgs& a) {
  expect_args(a, "format", 1, 2);
  std::string spec = a.pos.size() == 2 ? str_of(a.pos[1].get()) : "";
  return make_str(format_value(in, a.pos[0].get(), spec));
}

ObjRef builtin_chr_ord(Interp& in, CallArgs& a, bool is_chr) {
  expect_args(a, is_chr ? "chr" : "ord", 1, 1);
  if (is_chr) {
    if (a.pos[0]->type() == builtin_types().float_)
      raise(builtin_types().type_error, "integer argument expected, got float");
    int64_t c = to_index(in, a.pos[0].get());
    if (c < 0 || c > 0x10FFFF) raise(builtin_types().value_error, "chr() arg not in range(0x110000)");
    std::string s;
    utf8_append(s, static_cast<uint32_t>(c));
    return make_str(s);
  }
  if (!is_str(a.pos[0].get()))
    raise(builtin_types().type_error, "ord() expected string of length 1, but " + type_name(a.pos[0].get()) + " found");
  const std::string& s = str_of(a.pos[0].get());
  if (utf8_length(s) != 1)
    raise(builtin_types().type_error,
          "ord() expected a character, but string of length " + std::to_string(utf8_length(s)) + " found");
  return make_int(utf8_decode(s)[0]);
}

ObjRef builtin_callable(Interp& in, CallArgs& a) {
  expect_args(a, "callable", 1, 1);
  Object* o = a.pos[0].get();
  TypeObject* t = o->type();
  bool c = t == builtin_types().function || t == builtin_types().builtin_function || t == builtin_types().method ||
           t == builtin_types().type || t->lookup("__call__");
  return ObjRef(bool_obj(c));
}

// The iterator reversed() gives a sequence: it reads one item at a time from the end, by index,
// as CPython's list_reverseiterator and reversed do (so a list that shrinks ends it early, and
// nothing is copied).
class ReverseIterator : public IteratorObject {
 public:
  ReverseIterator(ObjRef seq, int64_t length, TypeObject* type)
      : IteratorObject(type), seq_(std::move(seq)), index_(length - 1) {}
  ObjRef next(Interp& in) override {
    if (!seq_ || index_ < 0) return finish();
    if (seq_->type() == builtin_types().list) {
      auto& items = as<ListObject>(seq_.get())->items_;
      if (static_cast<size_t>(index_) >= items.size()) return finish();
      return items[index_--];
    }
    ObjRef key = make_int(index_--);
    try {
      return get_item(in, seq_.get(), key.get());
    } catch (const PyError& e) {
      if (!is_instance(e.exc.get(), builtin_types().index_error) &&
          !is_instance(e.exc.get(), builtin_types().stop_iteration))
        throw;
      return finish();
    }
  }
  void clear_refs() override { seq_.reset(); }

 private:
  ObjRef finish() {
    seq_.reset();
    index_ = -1;
    return nullptr;
  }
  ObjRef seq_;
  int64_t index_;
};

// reversed(x): x.__reversed__() when its type has one (a tensor gives a flipped tensor), else a
// lazy iterator of the type CPython makes for it; an object without __len__ and __getitem__ is
// not reversible.
ObjRef builtin_reversed(Interp& in, CallArgs& a) {
  expect_args(a, "reversed", 1, 1);
  Object* x = a.pos[0].get();
  TypeObject* t = x->type();
  if (Object* hook = t->lookup("__reversed__")) {
    if (hook == none()) raise(builtin_types().type_error, "'" + type_name(x) + "' object is not reversible");
    CallArgs none_args;
    return call_special(in, x, "__reversed__", none_args);
  }
  if (t == builtin_types().range) {
    auto* r = as<RangeObject>(x);
    int64_t n = r->length();
    Ref<RangeObject> back(new RangeObject(r->start_ + (n - 1) * r->step_, r->start_ - r->step_, -r->step_));
    return ObjRef(new RangeIterator(*back));
  }
  if (t == builtin_types().dict) {
    std::vector<ObjRef> keys = to_vector(in, x);
    std::reverse(keys.begin(), keys.end());
    return ObjRef(new VectorIterator(std::move(keys), builtin_types().dict_reversekeyiterator));
  }
  const bool sequence = is_instance(x, builtin_types().list) || is_instance(x, builtin_types().tuple) ||
                        is_instance(x, builtin_types().str) || (t->lookup("__len__") && t->lookup("__getitem__"));
  if (!sequence) raise(builtin_types().type_error, "'" + type_name(x) + "' object is not reversible");
  TypeObject* it = t == builtin_types().list ? builtin_types().list_reverseiterator : builtin_types().reversed;
  return ObjRef(new ReverseIterator(ObjRef(x), length(in, x), it));
}

// ---- exceptions ----

void install_exceptions(Namespace& ns) {
  builtin_types().base_exception->new_ = [](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
    Ref<ExceptionObject> e(new ExceptionObject(cls));
    e->args_ = make_tuple(a.pos);
    return e;
  };
  add_method(builtin_types().base_exception, "__init__", [](Interp&, CallArgs& a) -> ObjRef {
    auto* e = as<ExceptionObject>(a.pos[0].get());
    e->args_ = make_tuple(std::vector<ObjRef>(a.pos.begin() + 1, a.pos.end()));
    return None();
  });
  for (TypeObject* t : {builtin_types().base_exception,      builtin_types().exception,
                        builtin_types().runtime_error,       builtin_types().not_implemented_error,
                        builtin_types().recursion_error,     builtin_types().lookup_error,
                        builtin_types().index_error,         builtin_types().key_error,
                        builtin_types().type_error,          builtin_types().value_error,
                        builtin_types().arithmetic_error,    builtin_types().zero_division_error,
                        builtin_types().overflow_error,      builtin_types().name_error,
                        builtin_types().unbound_local_error, builtin_types().attribute_error,
                        builtin_types().assertion_error,     builtin_types().stop_iteration,
                        builtin_types().import_error,        builtin_types().module_not_found_error,
                        builtin_types().memory_error})
    ns.set(t->name_, ObjRef(t));
}

// ---- list / tuple / dict methods ----

ListObject* self_list(CallArgs& a) { return as<ListObject>(a.pos[0].get()); }

void install_list_methods() {
  TypeObject* t = builtin_types().list;
  add_method(t, "append", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "list.append", 1, 1);
    self_list(a)->items_.push_back(a.pos[1]);
    return None();
  });
  add_method(t, "extend", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "list.extend", 1, 1);
    std::vector<ObjRef> items = to_vector(in, a.pos[1].get());
    auto& dst = self_list(a)->items_;
    dst.insert(dst.end(), items.begin(), items.end());
    return None();
  });
  add_method(t, "insert", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "insert", 2, 2);
    auto& items = self_list(a)->items_;
    int64_t n = static_cast<int64_t>(items.size());
    int64_t i = to_index(in, a.pos[1].get());
    if (i < 0) i = std::max<int64_t>(0, i + n);
    i = std::min(i, n);
    items.insert(items.begin() + i, a.pos[2]);
    return None();
  });
  add_method(t, "pop", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "pop", 0, 1);
    auto& items = self_list(a)->items_;
    if (items.empty()) raise(builtin_types().index_error, "pop from empty list");
    int64_t i = a.pos.size() > 1 ? to_index(in, a.pos[1].get()) : -1;
    i = normalize_index(i, static_cast<int64_t>(items.size()), "pop index out of range");
    ObjRef v = items[i];
    items.erase(items.begin() + i);
    return v;
  });
  // remove / index / count compare with Python code that may change the list: as in CPython, the
  // size is read again at every step and the item compared is held while its __eq__ runs.
  add_method(t, "remove", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "list.remove", 1, 1);
    auto& items = self_list(a)->items_;
    for (size_t i = 0; i < items.size(); ++i) {
      ObjRef item = items[i];
      if (equals(in, item.get(), a.pos[1].get())) {
        if (i < items.size()) {
          ObjRef old = std::move(items[i]);
          items.erase(items.begin() + static_cast<long>(i));
        }
        return None();
      }
    }
    raise(builtin_types().value_error, "list.remove(x): x not in list");
  });
  add_method(t, "index", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "index", 1, 3);
    auto& items = self_list(a)->items_;
    size_t first, last;
    index_bounds(in, a, items.size(), first, last);
    for (size_t i = first; i < last && i < items.size(); ++i) {
      ObjRef item = items[i];
      if (equals(in, item.get(), a.pos[1].get())) return make_int(static_cast<int64_t>(i));
    }
    raise(builtin_types().value_error, repr(in, a.pos[1].get()) + " is not in list");
  });
  add_method(t, "count", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "list.count", 1, 1);
    auto& items = self_list(a)->items_;
    int64_t n = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      ObjRef item = items[i];
      n += equals(in, item.get(), a.pos[1].get());
    }
    return make_int(n);
  });
  add_method(t, "reverse", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "reverse", 0, 0);
    std::reverse(self_list(a)->items_.begin(), self_list(a)->items_.end());
    return None();
  });
  add_method(t, "clear", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "clear", 0, 0);
    std::vector<ObjRef> old;
    old.swap(self_list(a)->items_);
    return None();
  });
  add_method(t, "copy", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "copy", 0, 0);
    return make_list(self_list(a)->items_);
  });
  add_method(t, "sort", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() > 1) raise(builtin_types().type_error, "sort() takes no positional arguments");
    Object* rev = kwarg(a, "reverse");
    const bool reverse = rev && truthy(in, rev);
    // As CPython's list.sort: the list is empty while it is sorted, so a key function or __lt__
    // that looks at it sees [] and one that changes it changes only that empty list; the sorted
    // items are put back at the end, what was added meanwhile is dropped, and the change is
    // reported (unless another error is already on its way).
    ListObject* self = self_list(a);
    std::vector<ObjRef> items;
    items.swap(self->items_);
    struct PutBack {
      ListObject* self;
      std::vector<ObjRef>& items;
      ~PutBack() {
        std::vector<ObjRef> added;
        added.swap(self->items_);
        self->items_.swap(items);
      }
    } put_back{self, items};
    sort_items(in, items, kwarg(a, "key"), reverse);
    if (!self->items_.empty() || self->items_.capacity() != 0)
      raise(builtin_types().value_error, "list modified during sort");
    return None();
  });
  TypeObject* tu = builtin_types().tuple;
  add_method(tu, "index", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "index", 1, 3);
    auto& items = as<TupleObject>(a.pos[0].get())->items_;
    size_t first, last;
    index_bounds(in, a, items.size(), first, last);
    for (size_t i = first; i < last; ++i)
      if (equals(in, items[i].get(), a.pos[1].get())) return make_int(static_cast<int64_t>(i));
    raise(builtin_types().value_error, "tuple.index(x): x not in tuple");
  });
  add_method(tu, "count", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "tuple.count", 1, 1);
    int64_t n = 0;
    for (auto& x : as<TupleObject>(a.pos[0].get())->items_) n += equals(in, x.get(), a.pos[1].get());
    return make_int(n);
  });
}

DictObject* self_dict(CallArgs& a) { return as<DictObject>(a.pos[0].get()); }

void install_dict_methods() {
  TypeObject* t = builtin_types().dict;
  add_method(t, "keys", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "dict.keys", 0, 0);
    return make_dict_view(Ref<DictObject>(self_dict(a)), DictView::Keys);
  });
  add_method(t, "values", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "dict.values", 0, 0);
    return make_dict_view(Ref<DictObject>(self_dict(a)), DictView::Values);
  });
  add_method(t, "items", [](Interp&, CallArgs& a) -> ObjRef {
    expect_method_args(a, "dict.items", 0, 0);
    return make_dict_view(Ref<DictObject>(self_dict(a)), DictView::Items);
  });
  add_method(t, "get", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "get", 1, 2);
    if (Object* v = self_dict(a)->get(in, a.pos[1].get())) return ObjRef(v);
    return a.pos.size() > 2 ? a.pos[2] : None();
  });
  add_method(t, "pop", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "pop", 1, 2);
    if (Object* v = self_dict(a)->get(in, a.pos[1].get())) {
      ObjRef keep(v);
      self_dict(a)->erase(in, a.pos[1].get());
      return keep;
    }
    if (a.pos.size() > 2) return a.pos[2];
    throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
  });
  add_method(t, "setdefault", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_method_args(a, "setdefault", 1, 2);
    if (Object* v = self_dict(a)->get(in, a.pos[1].get())) return ObjRef(v);
    ObjRef d = a.pos.size() > 2 ? a.pos[2] : None();
    self_dict(a)->set(in, a.pos[1], d);
    return d;
  });
  add_method(t, "update", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() > 1) dict_update(in, self_dict(a), a.pos[1].get());
    for (auto& [k, v] : a.kw) self_dict(a)->set(in, make_str(k), v);
    return None();
  });
  add_method(t, "clear", [](Interp&, CallArgs& a) -> ObjRef {
    self_dict(a)->clear();
    return None();
  });
  // dict.fromkeys(iterable, value=None), a classmethod: a subclass's own object, filled through
  // its __setitem__, as CPython's.
  t->dict_.set(
      "fromkeys",
      make_method_wrapper(
          make_function("fromkeys",
                        [](Interp& in, CallArgs& a) -> ObjRef {
                          if (!a.kw.empty())
                            raise(builtin_types().type_error, "dict.fromkeys() takes no keyword arguments");
                          const size_t n = a.pos.size() - 1;
                          if (n < 1 || n > 2)
                            raise(builtin_types().type_error, std::string("fromkeys expected at ") +
                                                                  (n < 1 ? "least 1 argument" : "most 2 arguments") +
                                                                  ", got " + std::to_string(n));
                          ObjRef value = n > 1 ? a.pos[2] : None();
                          Object* cls = a.pos[0].get();
                          CallArgs none_given;
                          ObjRef d = cls == builtin_types().dict ? ObjRef(new DictObject()) : call(in, cls, none_given);
                          Ref<IteratorObject> it = get_iter(in, a.pos[1].get());
                          while (ObjRef k = it->next(in)) {
                            if (d->type() == builtin_types().dict) as<DictObject>(d.get())->set(in, k, value);
                            else set_item(in, d.get(), k.get(), value);
                          }
                          return d;
                        }),
          true));
  add_method(t, "copy", [](Interp& in, CallArgs& a) -> ObjRef {
    Ref<DictObject> d(new DictObject());
    for (auto& [k, v] : self_dict(a)->items()) d->set(in, k, v);
    return d;
  });
}

}  // namespace

// range.index and range.count: arithmetic for an int, equality along the range for anything else.
static void install_range_methods() {
  auto position = [](Interp& in, RangeObject* r, Object* x) -> int64_t {
    if (x->type() == builtin_types().int_ && !is_big_candidate(x)) {
      int64_t v = as<IntObject>(x)->value_, n = r->length();
      if (n == 0 || (v - r->start_) % r->step_ != 0) return -1;
      int64_t i = (v - r->start_) / r->step_;
      return i >= 0 && i < n ? i : -1;
    }
    for (int64_t i = 0, n = r->length(); i < n; ++i) {
      support::poll_deadline();
      if (equals(in, make_int(r->start_ + i * r->step_).get(), x)) return i;
    }
    return -1;
  };
  auto self = [](CallArgs& a, const char* name) {
    if (a.pos.size() != 2)
      raise(builtin_types().type_error,
            std::string(name) + "() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
    return as<RangeObject>(a.pos[0].get());
  };
  builtin_types().range->dict_.set("index", make_function("index", [=](Interp& in, CallArgs& a) -> ObjRef {
                                     int64_t i = position(in, self(a, "index"), a.pos[1].get());
                                     if (i < 0)
                                       raise(builtin_types().value_error,
                                             repr(in, a.pos[1].get()) + " is not in range");
                                     return make_int(i);
                                   }));
  builtin_types().range->dict_.set("count", make_function("count", [=](Interp& in, CallArgs& a) -> ObjRef {
                                     return make_int(position(in, self(a, "count"), a.pos[1].get()) >= 0 ? 1 : 0);
                                   }));
}

void install_builtins(Interp& in, Namespace& ns) {
  static bool methods_done = false;
  if (!methods_done) {
    methods_done = true;
    install_object_methods();
    install_str_methods();
    install_list_methods();
    install_dict_methods();
    builtin_types().range->new_ = builtin_range;
    install_range_methods();
    builtin_types().type->new_ = builtin_type;
    builtin_types().str->new_ = make_str_obj;
    builtin_types().int_->new_ = make_int_obj;
    builtin_types().float_->new_ = make_float_obj;
    builtin_types().bool_->new_ = make_bool_obj;
    builtin_types().list->new_ = make_list_obj;
    builtin_types().tuple->new_ = make_tuple_obj;
    builtin_types().dict->new_ = make_dict_obj;
    builtin_types().slice->new_ = [](Interp&, TypeObject*, CallArgs& a) -> ObjRef {
      if (a.pos.empty() || a.pos.size() > 3)
        raise(builtin_types().type_error, "slice expected at least 1 argument, got 0");
      if (a.pos.size() == 1) return ObjRef(new SliceObject(ObjRef(none()), a.pos[0], ObjRef(none())));
      return ObjRef(new SliceObject(a.pos[0], a.pos[1], a.pos.size() > 2 ? a.pos[2] : ObjRef(none())));
    };
    builtin_types().object->new_ = [](Interp&, TypeObject* cls, CallArgs&) -> ObjRef {
      return ObjRef(new InstanceObject(cls));
    };
    install_builtin_slots();
  }
  add(ns, "print", builtin_print);
  add(ns, "len", builtin_len);
  add(ns, "id", builtin_id);
  add(ns, "isinstance", builtin_isinstance);
  add(ns, "issubclass", builtin_issubclass);
  add(ns, "repr", builtin_repr);
  add(ns, "ascii", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_args(a, "ascii", 1, 1);
    return make_str(ascii_escape(repr(in, a.pos[0].get())));
  });
  add(ns, "zip", builtin_zip);
  add(ns, "enumerate", builtin_enumerate);
  add(ns, "min", [](Interp& in, CallArgs& a) { return min_max(in, a, false); });
  add(ns, "max", [](Interp& in, CallArgs& a) { return min_max(in, a, true); });
  add(ns, "abs", builtin_abs);
  add(ns, "sum", builtin_sum);
  add(ns, "round", builtin_round);
  add(ns, "hex", radix_builtin("hex", "0x", "x"));
  add(ns, "oct", radix_builtin("oct", "0o", "o"));
  add(ns, "bin", radix_builtin("bin", "0b", "b"));
  add(ns, "dir", builtin_dir);
  add(ns, "hash", builtin_hash);
  add(ns, "vars", [](Interp& in, CallArgs& a) -> ObjRef {  // vars(o): o.__dict__; vars(): dir()'s names, valued
    expect_args(a, "vars", 0, 1);
    if (a.pos.empty()) {
      const Frame* f = in.current_frame();
      if (!f->scope || !f->env) {
        Ref<DictObject> d(new DictObject());
        for (auto& [k, v] : f->locals()) d->set(in, make_str(k), v);
        return d;
      }
      // A function's: the same dict at each call, updated as CPython updates a frame's locals
      // (a name bound since stays where it was, a new one goes at the end, an unbound one goes).
      if (!f->vars_dict) f->vars_dict = ObjRef(new DictObject());
      auto* d = as<DictObject>(f->vars_dict.get());
      std::vector<std::pair<std::string, Object*>> now = f->python_locals();
      for (auto& [k, value] : d->items()) {
        bool bound = false;
        for (auto& [n, v] : now) bound = bound || (is_str(k.get()) && as<StrObject>(k.get())->value_ == n);
        if (!bound) d->erase(in, k.get());
      }
      for (auto& [k, v] : now) d->set(in, make_str(k), v);
      return f->vars_dict;
    }
    if (a.pos[0]->type() == builtin_types().type && as<TypeObject>(a.pos[0].get())->is_user_)
      raise(builtin_types().not_implemented_error,
            "stridelab does not support a class's __dict__ (vars() of a class) yet");
    if (!a.pos[0]->instance_dict()) raise(builtin_types().type_error, "vars() argument must have __dict__ attribute");
    return get_attr(in, a.pos[0].get(), "__dict__");
  });
  add(ns, "sorted", builtin_sorted);
  add(ns, "hasattr", builtin_hasattr);
  add(ns, "getattr", builtin_getattr);
  add(ns, "setattr", builtin_setattr);
  add(ns, "iter", builtin_iter);
  add(ns, "next", builtin_next);
  add(ns, "any", [](Interp& in, CallArgs& a) { return builtin_any_all(in, a, true); });
  add(ns, "all", [](Interp& in, CallArgs& a) { return builtin_any_all(in, a, false); });
  add(ns, "divmod", builtin_divmod);
  add(ns, "pow", builtin_pow);
  add(ns, "format", builtin_format);
  add(ns, "chr", [](Interp& in, CallArgs& a) { return builtin_chr_ord(in, a, true); });
  add(ns, "ord", [](Interp& in, CallArgs& a) { return builtin_chr_ord(in, a, false); });
  add(ns, "callable", builtin_callable);
  add(ns, "reversed", builtin_reversed);
  add(ns, "super", [](Interp&, CallArgs&) -> ObjRef { raise(builtin_types().runtime_error, "super(): no arguments"); });
  for (TypeObject* t : {builtin_types().object, builtin_types().type, builtin_types().int_, builtin_types().bool_,
                        builtin_types().float_, builtin_types().str, builtin_types().list, builtin_types().tuple,
                        builtin_types().dict, builtin_types().range, builtin_types().slice})
    ns.set(t->name_, ObjRef(t));
  ns.set("None", ObjRef(none()));
  ns.set("True", ObjRef(true_obj()));
  ns.set("False", ObjRef(false_obj()));
  ns.set("NotImplemented", ObjRef(not_implemented()));
  ns.set("Ellipsis", ObjRef(ellipsis()));
  install_exceptions(ns);
  install_generators(ns);
  install_builtin_types(ns);
  install_bytes(ns);
}

}  // namespace stridelab::python
