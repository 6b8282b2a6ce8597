#include "python/native.h"

namespace stridelab::python {

NativeType::NativeType(std::string name, std::string module, TypeObject* base) {
  type_ = new TypeObject(std::move(name), base ? base : builtin_types().object, std::move(module));
  type_->incref();  // immortal
  type_->set_type(builtin_types().type);
  // Native types live as long as the process (one set serves every interpreter), so they are kept
  // reachable from here to its end: to LeakSanitizer they are not leaks.
  static auto* const all_types = new std::vector<TypeObject*>;
  all_types->push_back(type_);
}

NativeType& NativeType::c_name(std::string name) {
  type_->c_name_ = std::move(name);
  return *this;
}

NativeType& NativeType::constructor(NativeNew make) {
  type_->new_ = std::move(make);
  return *this;
}

NativeType& NativeType::method(std::string_view name, NativeFn fn) {
  type_->dict_.set(name, make_function(name, std::move(fn)));
  return *this;
}

NativeType& NativeType::property(std::string_view name, NativeGetter get, NativeSetter set) {
  type_->dict_.set(name, ObjRef(new PropertyObject(std::move(get), std::move(set))));
  return *this;
}

NativeType& NativeType::attr(std::string_view name, ObjRef value) {
  type_->dict_.set(name, std::move(value));
  return *this;
}

TypeObject* NativeType::build() { return type_; }

static std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

ArgParser::ArgParser(CallArgs& args, std::string func, std::initializer_list<const char*> params) {
  struct Param {
    std::string name;
    bool optional, kwonly;
  };
  std::vector<Param> ps;
  bool kwonly = false;
  for (const char* p : params) {
    std::string s(p);
    if (s == "*") {
      kwonly = true;
      continue;
    }
    bool opt = !s.empty() && s.back() == '=';
    if (opt) s.pop_back();
    ps.push_back({s, opt, kwonly});
  }
  values_.assign(ps.size(), nullptr);
  size_t positional = 0;
  for (auto& p : ps)
    if (!p.kwonly) ++positional;
  if (args.pos.size() > positional) {
    size_t given = args.pos.size();
    raise(builtin_types().type_error,
          func + "() takes " + (positional == 1 ? "1 positional argument" : plural(positional, "positional argument")) +
              " but " + std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  for (size_t i = 0; i < args.pos.size(); ++i) values_[i] = args.pos[i].get();
  for (auto& [k, v] : args.kw) {
    size_t i = 0;
    while (i < ps.size() && ps[i].name != k) ++i;
    if (i == ps.size()) raise(builtin_types().type_error, func + "() got an unexpected keyword argument '" + k + "'");
    if (values_[i]) raise(builtin_types().type_error, func + "() got multiple values for argument '" + k + "'");
    values_[i] = v.get();
  }
  for (size_t i = 0; i < ps.size(); ++i)
    if (!values_[i] && !ps[i].optional)
      raise(builtin_types().type_error, func + "() missing 1 required " +
                                            (ps[i].kwonly ? "keyword-only" : "positional") + " argument: '" +
                                            ps[i].name + "'");
}

int64_t ArgParser::get_int(Interp& in, size_t i, int64_t dflt) const {
  return values_[i] && values_[i] != none() ? to_index(in, values_[i]) : dflt;
}

double ArgParser::get_double(Interp& in, size_t i, double dflt) const {
  return values_[i] && values_[i] != none() ? to_double(in, values_[i]) : dflt;
}

bool ArgParser::get_bool(Interp& in, size_t i, bool dflt) const { return values_[i] ? truthy(in, values_[i]) : dflt; }

std::string ArgParser::get_str(size_t i, const std::string& dflt) const {
  if (!values_[i] || values_[i] == none()) return dflt;
  if (!is_str(values_[i])) raise(builtin_types().type_error, "expected str, got " + type_name(values_[i]));
  return as<StrObject>(values_[i])->value_;
}

Ref<ModuleObject> make_module(const std::string& name) { return Ref<ModuleObject>(new ModuleObject(name)); }

void module_add(ModuleObject* module, std::string_view name, ObjRef value) {
  module->dict_.set(name, std::move(value));
}

void module_add_function(ModuleObject* module, std::string_view name, NativeFn fn) {
  module->dict_.set(name, make_function(name, std::move(fn)));
}

ObjRef make_function(std::string_view name, NativeFn fn) {
  return ObjRef(new BuiltinFunctionObject(std::string(name), std::move(fn)));
}

}  // namespace stridelab::python
