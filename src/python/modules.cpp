// The standard modules of docs/language.md: math and time.
#include <chrono>
#include <cmath>
#include <thread>

#include "python/bigint.h"
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

double number_arg(Interp& in, CallArgs& a, const char* name) {
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string("math.") + name + "() takes no keyword arguments");
  if (a.pos.size() != 1)
    raise(builtin_types().type_error,
          std::string("math.") + name + "() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
  Object* x = a.pos[0].get();
  if (!is_number(x) && !x->type()->lookup("__float__"))
    raise(builtin_types().type_error, "must be real number, not " + type_name(x));
  return to_double(in, x);
}

double checked_result(double r, bool domain_ok) {
  if (!domain_ok || std::isnan(r)) raise(builtin_types().value_error, "math domain error");
  if (std::isinf(r)) raise(builtin_types().overflow_error, "math range error");
  return r;
}

// math.f(x) for a real x, with C's result checked as CPython's math module does: NaN out of a
// finite argument is a domain error, infinity a range error.
void add_real_function(ModuleObject* m, const char* name, double (*fn)(double), bool (*domain)(double)) {
  module_add_function(m, name, [name, fn, domain](Interp& in, CallArgs& a) -> ObjRef {
    double x = number_arg(in, a, name);
    if (std::isnan(x) || std::isinf(x)) return make_float(fn(x));
    return make_float(checked_result(fn(x), !domain || domain(x)));
  });
}

std::vector<double> real_args(Interp& in, CallArgs& a, const char* name, size_t n) {
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
  if (a.pos.size() != n)
    raise(builtin_types().type_error,
          std::string(name) + " expected " + std::to_string(n) + " arguments, got " + std::to_string(a.pos.size()));
  std::vector<double> out;
  for (auto& x : a.pos) {
    if (!is_number(x.get()) && !x->type()->lookup("__float__"))
      raise(builtin_types().type_error, "must be real number, not " + type_name(x.get()));
    out.push_back(to_double(in, x.get()));
  }
  return out;
}

// floor/ceil/trunc: an int, exact for any float.
ObjRef round_to_int(Interp& in, CallArgs& a, const char* name, double (*fn)(double)) {
  if (a.pos.size() == 1 && is_int(a.pos[0].get()))
    return a.pos[0]->type() == builtin_types().int_ ? a.pos[0] : make_int(as<IntObject>(a.pos[0].get())->value_);
  double x = number_arg(in, a, name);
  if (std::isnan(x)) raise(builtin_types().value_error, "cannot convert float NaN to integer");
  if (std::isinf(x)) raise(builtin_types().overflow_error, "cannot convert float infinity to integer");
  return int_from_double(fn(x));
}

BigInt nonnegative_int(Interp& in, Object* o, const char* what) {
  if (!is_int(o)) to_index(in, o);  // TypeError: '...' object cannot be interpreted as an integer
  BigInt v = is_int(o) ? int_as_big(o) : BigInt(to_index(in, o));
  if (v.negative()) raise(builtin_types().value_error, what);
  return v;
}

BigInt product_range(int64_t lo, int64_t hi) {  // lo * (lo+1) * ... * hi
  BigInt r(1);
  for (int64_t k = lo; k <= hi; ++k) r = r * BigInt(k);
  return r;
}

int64_t small(const BigInt& v, const char* what) {
  if (!v.fits_int64() || v.to_int64() > 100000) raise(builtin_types().overflow_error, what);
  return v.to_int64();
}

// The exactly rounded sum of floats (Shewchuk's algorithm, as math.fsum).
double exact_sum(const std::vector<double>& xs) {
  std::vector<double> partials;
  for (double x : xs) {
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y, lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    partials.push_back(x);
  }
  double total = 0.0;
  if (!partials.empty()) {
    size_t n = partials.size();
    total = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = total, y = partials[--n];
      total = x + y;
      double yr = total - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      double y = lo * 2, x = total + y;
      if (y == x - total) total = x;
    }
  }
  return total;
}

Ref<ModuleObject> make_math(Interp&) {
  auto m = make_module("math");
  ModuleObject* mod = m.get();
  module_add(mod, "pi", make_float(M_PI));
  module_add(mod, "e", make_float(M_E));
  module_add(mod, "tau", make_float(2 * M_PI));
  module_add(mod, "inf", make_float(INFINITY));
  module_add(mod, "nan", make_float(NAN));
  add_real_function(mod, "sqrt", std::sqrt, [](double x) { return x >= 0; });
  add_real_function(mod, "exp", std::exp, nullptr);
  add_real_function(mod, "expm1", std::expm1, nullptr);
  add_real_function(mod, "log2", std::log2, [](double x) { return x > 0; });
  add_real_function(mod, "log10", std::log10, [](double x) { return x > 0; });
  add_real_function(mod, "log1p", std::log1p, [](double x) { return x > -1; });
  add_real_function(mod, "sin", std::sin, nullptr);
  add_real_function(mod, "cos", std::cos, nullptr);
  add_real_function(mod, "tan", std::tan, nullptr);
  add_real_function(mod, "asin", std::asin, [](double x) { return x >= -1 && x <= 1; });
  add_real_function(mod, "acos", std::acos, [](double x) { return x >= -1 && x <= 1; });
  add_real_function(mod, "atan", std::atan, nullptr);
  add_real_function(mod, "sinh", std::sinh, nullptr);
  add_real_function(mod, "cosh", std::cosh, nullptr);
  add_real_function(mod, "tanh", std::tanh, nullptr);
  add_real_function(mod, "fabs", std::fabs, nullptr);
  add_real_function(mod, "erf", std::erf, nullptr);
  add_real_function(mod, "erfc", std::erfc, nullptr);
  add_real_function(
      mod, "degrees", [](double x) { return x * (180.0 / M_PI); }, nullptr);
  add_real_function(
      mod, "radians", [](double x) { return x * (M_PI / 180.0); }, nullptr);
  module_add_function(mod, "log", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.empty() || a.pos.size() > 2 || !a.kw.empty())
      raise(builtin_types().type_error, "math.log requires 1 to 2 arguments");
    auto ln = [&](Object* o) {
      CallArgs one;
      one.pos.push_back(ObjRef(o));
      double x = number_arg(in, one, "log");
      if (!(x > 0)) raise(builtin_types().value_error, "math domain error");
      return std::log(x);
    };
    double r = ln(a.pos[0].get());
    if (a.pos.size() == 2) {
      double base = ln(a.pos[1].get());
      if (base == 0) raise(builtin_types().zero_division_error, "float division by zero");
      r /= base;
    }
    return make_float(r);
  });
  module_add_function(mod, "pow", [](Interp& in, CallArgs& a) -> ObjRef {
    auto v = real_args(in, a, "pow", 2);
    if (v[0] == 0 && v[1] < 0) raise(builtin_types().value_error, "math domain error");
    double r = std::pow(v[0], v[1]);
    if (std::isnan(r) && !std::isnan(v[0]) && !std::isnan(v[1]))
      raise(builtin_types().value_error, "math domain error");
    if (std::isinf(r) && std::isfinite(v[0]) && std::isfinite(v[1]))
      raise(builtin_types().overflow_error, "math range error");
    return make_float(r);
  });
  module_add_function(mod, "atan2", [](Interp& in, CallArgs& a) -> ObjRef {
    auto v = real_args(in, a, "atan2", 2);
    return make_float(std::atan2(v[0], v[1]));
  });
  module_add_function(mod, "copysign", [](Interp& in, CallArgs& a) -> ObjRef {
    auto v = real_args(in, a, "copysign", 2);
    return make_float(std::copysign(v[0], v[1]));
  });
  module_add_function(mod, "fmod", [](Interp& in, CallArgs& a) -> ObjRef {
    auto v = real_args(in, a, "fmod", 2);
    if (v[1] == 0 && !std::isnan(v[0])) raise(builtin_types().value_error, "math domain error");
    return make_float(std::fmod(v[0], v[1]));
  });
  module_add_function(mod, "hypot", [](Interp& in, CallArgs& a) -> ObjRef {
    auto v = real_args(in, a, "hypot", a.pos.size());
    double sum = 0;
    for (double x : v) sum += x * x;
    return make_float(v.size() == 2 ? std::hypot(v[0], v[1]) : std::sqrt(sum));
  });
  module_add_function(mod, "floor", [](Interp& in, CallArgs& a) { return round_to_int(in, a, "floor", std::floor); });
  module_add_function(mod, "ceil", [](Interp& in, CallArgs& a) { return round_to_int(in, a, "ceil", std::ceil); });
  module_add_function(mod, "trunc", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() == 1 && !is_number(a.pos[0].get()))
      raise(builtin_types().type_error, "type " + type_name(a.pos[0].get()) + " doesn't define __trunc__ method");
    return round_to_int(in, a, "trunc", std::trunc);
  });
  for (const char* name : {"isnan", "isinf", "isfinite"}) {
    std::string n = name;
    module_add_function(mod, name, [n](Interp& in, CallArgs& a) -> ObjRef {
      double x = number_arg(in, a, n.c_str());
      return ObjRef(bool_obj(n == "isnan" ? std::isnan(x) : n == "isinf" ? std::isinf(x) : std::isfinite(x)));
    });
  }
  module_add_function(mod, "factorial", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 1 || !a.kw.empty())
      raise(builtin_types().type_error,
            "math.factorial() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    BigInt n = nonnegative_int(in, a.pos[0].get(), "factorial() not defined for negative values");
    return make_int_from_big(product_range(2, small(n, "factorial() argument should not exceed 100000")));
  });
  module_add_function(mod, "comb", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 2)
      raise(builtin_types().type_error, "comb expected 2 arguments, got " + std::to_string(a.pos.size()));
    BigInt n = nonnegative_int(in, a.pos[0].get(), "n must be a non-negative integer");
    BigInt k = nonnegative_int(in, a.pos[1].get(), "k must be a non-negative integer");
    if (k.compare(n) > 0) return make_int(0);
    int64_t nn = small(n, "n too large"), kk = std::min(small(k, "k too large"), nn - small(k, "k too large"));
    BigInt q;
    BigInt::divmod(product_range(nn - kk + 1, nn), product_range(2, kk), &q, nullptr);
    return make_int_from_big(q);
  });
  module_add_function(mod, "perm", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.empty() || a.pos.size() > 2)
      raise(builtin_types().type_error, "perm expected at most 2 arguments, got " + std::to_string(a.pos.size()));
    BigInt n = nonnegative_int(in, a.pos[0].get(), "n must be a non-negative integer");
    BigInt k = a.pos.size() == 2 ? nonnegative_int(in, a.pos[1].get(), "k must be a non-negative integer") : n;
    if (k.compare(n) > 0) return make_int(0);
    int64_t nn = small(n, "n too large"), kk = small(k, "k too large");
    return make_int_from_big(product_range(nn - kk + 1, nn));
  });
  module_add_function(mod, "gcd", [](Interp& in, CallArgs& a) -> ObjRef {
    BigInt g;
    for (auto& x : a.pos) {
      if (!is_int(x.get())) to_index(in, x.get());
      BigInt b = int_as_big(x.get());
      if (b.negative()) b = -b;
      while (!b.is_zero()) {
        BigInt r;
        BigInt::divmod(g, b, nullptr, &r);
        g = b;
        b = r;
      }
    }
    return make_int_from_big(g);
  });
  module_add_function(mod, "lcm", [](Interp& in, CallArgs& a) -> ObjRef {
    BigInt l(1);
    for (auto& x : a.pos) {
      if (!is_int(x.get())) to_index(in, x.get());
      BigInt b = int_as_big(x.get());
      if (b.negative()) b = -b;
      if (b.is_zero() || l.is_zero()) {
        l = BigInt();
        continue;
      }
      BigInt g = l, c = b;
      while (!c.is_zero()) {
        BigInt r;
        BigInt::divmod(g, c, nullptr, &r);
        g = c;
        c = r;
      }
      BigInt q;
      BigInt::divmod(l, g, &q, nullptr);
      l = q * b;
    }
    return make_int_from_big(l);
  });
  module_add_function(mod, "isqrt", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 1)
      raise(builtin_types().type_error,
            "math.isqrt() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    BigInt n = nonnegative_int(in, a.pos[0].get(), "isqrt() argument must be nonnegative");
    if (n.is_zero()) return make_int(0);
    BigInt x = BigInt(1).shift_left(static_cast<uint64_t>((n.bit_length() + 1) / 2));  // x >= isqrt(n)
    for (;;) {
      BigInt q;
      BigInt::divmod(n, x, &q, nullptr);
      BigInt y = (x + q).shift_right(1);
      if (y.compare(x) >= 0) return make_int_from_big(x);
      x = y;
    }
  });
  module_add_function(mod, "prod", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "prod", {"iterable", "*", "start="});
    ObjRef total = p.has(1) ? ObjRef(p.get(1)) : make_int(1);
    Ref<IteratorObject> it = get_iter(in, p.get(0));
    while (ObjRef x = it->next(in)) total = binary_op(in, BinOpKind::Mult, total.get(), x.get());
    return total;
  });
  module_add_function(mod, "fsum", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 1)
      raise(builtin_types().type_error,
            "math.fsum() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    std::vector<double> xs;
    for (auto& x : to_vector(in, a.pos[0].get())) {
      if (!is_number(x.get()) && !x->type()->lookup("__float__"))
        raise(builtin_types().type_error, "must be real number, not " + type_name(x.get()));
      xs.push_back(to_double(in, x.get()));
    }
    return make_float(exact_sum(xs));
  });
  module_add_function(mod, "isclose", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "isclose", {"a", "b", "*", "rel_tol=", "abs_tol="});
    double x = to_double(in, p.get(0)), y = to_double(in, p.get(1));
    double rel = p.get_double(in, 2, 1e-9), abs_tol = p.get_double(in, 3, 0.0);
    if (rel < 0 || abs_tol < 0) raise(builtin_types().value_error, "tolerances must be non-negative");
    if (x == y) return ObjRef(true_obj());
    if (std::isinf(x) || std::isinf(y)) return ObjRef(false_obj());
    double diff = std::fabs(x - y);
    return ObjRef(bool_obj(diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) || diff <= abs_tol));
  });
  return m;
}

Ref<ModuleObject> make_time(Interp&) {
  auto m = make_module("time");
  module_add_function(m.get(), "perf_counter", [](Interp&, CallArgs&) -> ObjRef {
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    return make_float(std::chrono::duration<double>(now).count());
  });
  module_add_function(m.get(), "sleep", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() != 1 || !a.kw.empty())
      raise(builtin_types().type_error,
            "time.sleep() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    Object* x = a.pos[0].get();
    if (!is_number(x))
      raise(builtin_types().type_error, "'" + type_name(x) + "' object cannot be interpreted as an integer");
    double secs = to_double(in, x);
    if (std::isnan(secs)) raise(builtin_types().value_error, "Invalid value NaN (not a number)");
    if (secs < 0) raise(builtin_types().value_error, "sleep length must be non-negative");
    // A sleep past the run's deadline ends the run when the deadline is reached.
    support::Deadline& d = support::deadline();
    std::this_thread::sleep_for(std::chrono::duration<double>(std::max(0.0, std::min(secs, d.seconds_left()))));
    d.check();
    return ObjRef(none());
  });
  module_add_function(m.get(), "time", [](Interp&, CallArgs&) -> ObjRef {
    auto now = std::chrono::system_clock::now().time_since_epoch();
    return make_float(std::chrono::duration<double>(now).count());
  });
  return m;
}

}  // namespace

void register_standard_modules(Interp& in) {
  in.register_module("math", make_math);
  in.register_module("time", make_time);
  register_collections(in);
  register_random_module(in);
  register_itertools_module(in);
  register_functools_module(in);
  register_misc_modules(in);
  register_contextlib_module(in);
  register_dataclasses_module(in);
}

}  // namespace stridelab::python
