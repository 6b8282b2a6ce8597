// The standard modules of language.md: math and time.
#include <chrono>
#include <cmath>

#include "lang/native.h"

namespace stridelab::lang {

namespace {

double number_arg(Interp& in, CallArgs& a, const char* name) {
  if (!a.kw.empty()) raise(BT.type_error, std::string("math.") + name + "() takes no keyword arguments");
  if (a.pos.size() != 1)
    raise(BT.type_error, std::string("math.") + name + "() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
  Object* x = a.pos[0].get();
  if (!is_number(x) && !x->type()->lookup("__float__")) raise(BT.type_error, "must be real number, not " + type_name(x));
  return to_double(in, x);
}

Ref<ModuleObject> make_math(Interp&) {
  auto m = make_module("math");
  module_add(m.get(), "pi", make_float(M_PI));
  module_add(m.get(), "e", make_float(M_E));
  module_add(m.get(), "inf", make_float(INFINITY));
  module_add(m.get(), "nan", make_float(NAN));
  module_add_function(m.get(), "sqrt", [](Interp& in, CallArgs& a) -> ObjRef {
    double x = number_arg(in, a, "sqrt");
    if (x < 0) raise(BT.value_error, "math domain error");
    return make_float(std::sqrt(x));
  });
  module_add_function(m.get(), "exp", [](Interp& in, CallArgs& a) -> ObjRef {
    double r = std::exp(number_arg(in, a, "exp"));
    if (std::isinf(r)) raise(BT.overflow_error, "math range error");
    return make_float(r);
  });
  module_add_function(m.get(), "log", [](Interp& in, CallArgs& a) -> ObjRef {
    CallArgs first;
    if (a.pos.empty()) raise(BT.type_error, "log expected at least 1 argument, got 0");
    first.pos.push_back(a.pos[0]);
    double x = number_arg(in, first, "log");
    if (x <= 0) raise(BT.value_error, "math domain error");
    double r = std::log(x);
    if (a.pos.size() == 2) r /= std::log(to_double(in, a.pos[1].get()));
    return make_float(r);
  });
  auto unary = [&](const char* name, double (*fn)(double)) {
    module_add_function(m.get(), name, [name, fn](Interp& in, CallArgs& a) -> ObjRef { return make_float(fn(number_arg(in, a, name))); });
  };
  unary("sin", std::sin);
  unary("cos", std::cos);
  unary("tan", std::tan);
  unary("tanh", std::tanh);
  unary("fabs", std::fabs);
  unary("log2", std::log2);
  unary("log10", std::log10);
  module_add_function(m.get(), "floor", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() == 1 && is_int(a.pos[0].get())) return make_int(as<IntObject>(a.pos[0].get())->value_);
    return make_int(static_cast<int64_t>(std::floor(number_arg(in, a, "floor"))));
  });
  module_add_function(m.get(), "ceil", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() == 1 && is_int(a.pos[0].get())) return make_int(as<IntObject>(a.pos[0].get())->value_);
    return make_int(static_cast<int64_t>(std::ceil(number_arg(in, a, "ceil"))));
  });
  module_add_function(m.get(), "isclose", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "isclose", {"a", "b", "*", "rel_tol=", "abs_tol="});
    double x = to_double(in, p.get(0)), y = to_double(in, p.get(1));
    double rel = p.get_double(in, 2, 1e-9), abs_tol = p.get_double(in, 3, 0.0);
    if (x == y) return ObjRef(true_obj());
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
}

}  // namespace stridelab::lang
