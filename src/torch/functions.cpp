// Registers the Tensor methods and torch.* functions that the functions_*.cpp files declare (one
// file per family of ops, see functions.h), runs out= for them, and holds the few that PyTorch
// writes in Python (Tensor.split, Tensor.norm, torch.split, torch.norm).
#include <cmath>
#include <memory>
#include <set>

#include "torch/functions.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace bindings {

struct OpDef {
  std::string name;
  std::vector<std::string> method_sigs, torch_sigs;
  Body body;
};

std::vector<OpDef>& defs() {
  static std::vector<OpDef> d;
  return d;
}

std::vector<std::string> Sigs::strings() const {
  if (made_) return *made_;
  return std::vector<std::string>(begin_, begin_ + size_);
}

void def(const char* name, Sigs m, Sigs f, Body body) {
  defs().push_back({name, m.strings(), f.strings(), std::move(body)});
}

ObjRef call_with_out(Interp& in, const Body& body, ParsedArgs& a, int out_index);

// PyTorch's canCast: no float to an integer type, nothing but bool to bool.
bool can_cast(DType from, DType to) {
  if (core::is_floating(from) && core::is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

struct Native {
  std::shared_ptr<Parser> parser;
  Body body;
};
std::map<std::string, Native>& natives() {
  static std::map<std::string, Native> n;
  return n;
}
void def_native(const char* name, Sigs sigs, Body body) {
  natives()[name] = Native{std::make_shared<Parser>(sigs.strings()), std::move(body)};
}
// Calls a native with positional arguments and keywords, as Python code calls torch._VF.f(...).
ObjRef call_native(Interp& in, const char* name, std::vector<ObjRef> pos,
                   std::vector<std::pair<std::string, ObjRef>> kw = {}) {
  Native& n = natives().at(name);
  CallArgs args;
  args.pos = std::move(pos);
  args.kw = std::move(kw);
  ParsedArgs a = n.parser->parse(in, args, false);
  int out = a.at("out");
  if (out >= 0 && a.has(out)) return call_with_out(in, n.body, a, out);
  return n.body(in, a);
}

ObjRef self_obj(ParsedArgs& a) { return ObjRef(a.obj(0)); }

[[noreturn]] void dimname_error(const Tensor& t, Object* name) {
  std::string s = "Tensor[";
  for (int64_t i = 0; i < t.dim(); ++i) s += (i ? ", None" : "None");
  s += "]";
  std::string n = is_str(name) ? as<StrObject>(name)->value_ : "None";
  raise(builtin_types().runtime_error, "Name '" + n + "' not found in " + s + ".");
}

// When a Dimname overload matched, PyTorch looks the name up and fails (no named tensors here).
void check_dimname(ParsedArgs& a, const char* pname) {
  int i = a.at(pname);
  if (i >= 0 && a.types[i] == 18 /* P_DIMNAME */ && a.has(i)) dimname_error(a.tensor(0), a.obj(i));
  if (i >= 0 && a.types[i] == 19 /* P_DIMNAME_LIST */ && a.has(i)) {
    Object* o = a.obj(i);
    if (is_str(o)) dimname_error(a.tensor(0), o);
    auto items = o->type() == builtin_types().list ? as<ListObject>(o)->items_ : as<TupleObject>(o)->items_;
    dimname_error(a.tensor(0), items.empty() ? none() : items[0].get());
  }
}

void define_ops() {
  if (!defs().empty()) return;
  define_elementwise_ops();
  define_linalg_ops();
  define_reduce_ops();
  define_view_ops();
  define_index_ops();
  define_tensor_ops();
  define_factory_ops();
  define_more_ops();
  define_random_ops();
  define_conv_ops();
}

// torch.return_types.max(values=..., indices=...)
ObjRef return_pair(const char* type_name, const std::pair<Tensor, Tensor>& r) {
  static std::map<std::string, TypeObject*> made;
  TypeObject*& t = made[type_name];
  if (!t) {
    std::string tn = type_name;
    NativeType nt(tn, "torch.return_types", builtin_types().tuple);
    nt.c_name("torch.return_types." + tn);
    add_tuple_methods(nt);
    t = nt.property("values", [](Interp&, Object* s) -> ObjRef { return as<TupleObject>(s)->items_[0]; })
            .property("indices", [](Interp&, Object* s) -> ObjRef { return as<TupleObject>(s)->items_[1]; })
            .method("__repr__",
                    [tn](Interp& in, CallArgs& a) -> ObjRef {
                      auto& it = as<TupleObject>(a.pos[0].get())->items_;
                      return make_str("torch.return_types." + tn + "(\nvalues=" + repr(in, it[0].get()) +
                                      ",\nindices=" + repr(in, it[1].get()) + ")");
                    })
            .build();
  }
  return ObjRef(new TupleObject({wrap(r.first), wrap(r.second)}, t));
}

// ---- PyTorch's own Python functions (torch/_tensor.py, torch/functional.py) ----------------------
// Tensor.split, Tensor.norm, Tensor.unflatten, torch.split and torch.norm are Python functions in
// PyTorch: their argument errors are CPython's, they branch in Python, then call the C++ functions
// above, and the tracebacks of errors from there show their frames.

struct PyParam {
  const char* name;
  bool has_default;
};

std::string quoted_names(const std::vector<std::string>& names) {
  std::string r;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) r += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    r += "'" + names[i] + "'";
  }
  return r;
}

// Binds args to a def's parameters as CPython does, with its TypeError texts; null where a
// defaulted parameter was omitted.
std::vector<Object*> bind_def(const std::string& qualname, CallArgs& args, const std::vector<PyParam>& params) {
  size_t total = params.size(), required = 0, given = args.pos.size();
  for (auto& p : params) required += p.has_default ? 0 : 1;
  if (given > total) {
    std::string takes =
        required == total ? std::to_string(total) : "from " + std::to_string(required) + " to " + std::to_string(total);
    raise(builtin_types().type_error, qualname + "() takes " + takes + " positional argument" +
                                          (total == 1 && required == total ? "" : "s") + " but " +
                                          std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  std::vector<Object*> values(total, nullptr);
  for (size_t i = 0; i < given; ++i) values[i] = args.pos[i].get();
  for (auto& [k, v] : args.kw) {
    size_t i = 0;
    while (i < total && k != params[i].name) ++i;
    if (i == total) raise(builtin_types().type_error, qualname + "() got an unexpected keyword argument '" + k + "'");
    if (values[i]) raise(builtin_types().type_error, qualname + "() got multiple values for argument '" + k + "'");
    values[i] = v.get();
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < total; ++i)
    if (!values[i] && !params[i].has_default) missing.push_back(params[i].name);
  if (!missing.empty())
    raise(builtin_types().type_error, qualname + "() missing " + std::to_string(missing.size()) +
                                          " required positional argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                          quoted_names(missing));
  return values;
}

ObjRef or_default(Object* o, ObjRef dflt) { return o ? ObjRef(o) : dflt; }

// torch/_tensor.py's Tensor.split: an int (or a one-element tensor) splits into equal chunks, any
// other value is taken as the list of sizes.
ObjRef py_split(Interp& in, Object* self, Object* split_size, Object* dim,
                std::vector<const TorchFrame*> frames_so_far) {
  ObjRef size(split_size), d = or_default(dim, make_int(0));
  if (is_tensor(split_size) && unwrap(split_size).numel() == 1) {
    CallArgs as_int;
    as_int.pos.push_back(size);
    size = call(in, builtin_types().int_, as_int);
  }
  bool equal_chunks = is_instance(size.get(), builtin_types().int_);
  frames_so_far.push_back(equal_chunks ? &frames::tensor_split : &frames::tensor_split_with_sizes);
  return through(frames_so_far, [&] {
    return call_native(in, equal_chunks ? "_vf_split" : "_vf_split_with_sizes", {ObjRef(self), size, d});
  });
}

// torch/functional.py's norm, from the defaults case to the frobenius and p-norm paths.
ObjRef py_norm(Interp& in, Object* input, Object* p, Object* dim, Object* keepdim, Object* out, Object* dtype,
               std::vector<const TorchFrame*> fr) {
  ObjRef pv = or_default(p, make_str("fro")), kd = or_default(keepdim, ObjRef(false_obj()));
  bool p_str = is_str(pv.get());
  std::string ps = p_str ? as<StrObject>(pv.get())->value_ : "";
  auto run = [&](const TorchFrame& f, const char* native, std::vector<ObjRef> pos,
                 std::vector<std::pair<std::string, ObjRef>> kw) {
    fr.push_back(&f);
    // Warnings (an out= resized) are attributed to that line of functional.py, as CPython does.
    std::string text = f.text;
    text = text.substr(text.find_first_not_of(' '));
    WarningSite site{f.file, f.line, text.substr(0, text.find('\n'))};
    WarnFrom from(site);
    return through(fr, [&] { return call_native(in, native, std::move(pos), std::move(kw)); });
  };
  if (!is_tensor(input)) {
    fr.push_back(&frames::functional_norm_dim);
    raise_from(fr, builtin_types().attribute_error, "'" + type_name(input) + "' object has no attribute 'dim'");
  }
  int64_t ndim = unwrap(input).dim();
  auto all_dims = [&] {
    std::vector<ObjRef> ds;
    for (int64_t i = 0; i < ndim; ++i) ds.push_back(make_int(i));
    return make_list(std::move(ds));
  };
  bool no_dim = !dim || dim == none(), no_out = !out || out == none(), no_dtype = !dtype || dtype == none();
  if (no_dim && no_out && no_dtype && pv.get() != none()) {
    if (p_str && ps == "fro")
      return run(frames::functional_norm_fro_all, "_vf_frobenius_norm", {ObjRef(input)},
                 {{"dim", make_tuple({})}, {"keepdim", kd}});
    if (!p_str)
      return run(frames::functional_norm_p_all, "_vf_norm", {ObjRef(input), pv},
                 {{"dim", all_dims()}, {"keepdim", kd}});
  }
  ObjRef d = no_dim ? ObjRef(none()) : is_instance(dim, builtin_types().int_) ? make_list({ObjRef(dim)}) : ObjRef(dim);
  if (p_str) {
    if (ps == "fro") {
      if (!no_dtype) {
        fr.push_back(&frames::functional_norm_fro_dtype);
        raise_from(fr, builtin_types().value_error, "dtype argument is not supported in frobenius norm");
      }
      if (no_dim) d = all_dims();
      std::vector<std::pair<std::string, ObjRef>> kw{{"keepdim", kd}};
      if (!no_out) kw.push_back({"out", ObjRef(out)});
      return run(no_out ? frames::functional_norm : frames::functional_norm_out, "_vf_frobenius_norm",
                 {ObjRef(input), d}, kw);
    }
    if (ps == "nuc")
      raise(builtin_types().not_implemented_error, "stridelab does not compute the nuclear norm (p='nuc')");
    fr.push_back(&frames::functional_norm_bad_p);
    raise_from(fr, builtin_types().runtime_error, "only valid string values are 'fro' and 'nuc', found " + ps);
  }
  if (no_dim) d = all_dims();
  std::vector<std::pair<std::string, ObjRef>> kw{{"keepdim", kd}};
  if (!no_dtype) kw.push_back({"dtype", ObjRef(dtype)});
  if (!no_out) kw.push_back({"out", ObjRef(out)});
  const TorchFrame& f = no_out ? (no_dtype ? frames::functional_norm_p : frames::functional_norm_p_dtype)
                               : (no_dtype ? frames::functional_norm_p_out : frames::functional_norm_p_dtype_out);
  return run(f, "_vf_norm", {ObjRef(input), pv, d}, kw);
}

void add_python_methods(NativeType& tt) {
  tt.method("split", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v = bind_def("Tensor.split", args, {{"self", false}, {"split_size", false}, {"dim", true}});
    return py_split(in, v[0], v[1], v[2], {});
  });
  tt.method("norm", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v = bind_def("Tensor.norm", args,
                      {{"self", false}, {"p", true}, {"dim", true}, {"keepdim", true}, {"dtype", true}});
    return py_norm(in, v[0], v[1], v[2], v[3], nullptr, v[4], {&frames::tensor_norm});
  });
  tt.method("unflatten", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v = bind_def("Tensor.unflatten", args, {{"self", false}, {"dim", false}, {"sizes", false}});
    if (!truthy(in, v[2]))
      raise_from({&frames::tensor_unflatten_empty}, builtin_types().runtime_error,
                 "unflatten: sizes must be non-empty");
    Object* method = types().tensor->lookup("_native_unflatten");
    CallArgs call_args;
    call_args.pos = {ObjRef(v[0]), ObjRef(v[1]), ObjRef(v[2])};
    return through({&frames::tensor_unflatten}, [&] { return call(in, method, call_args); });
  });
}

void add_python_functions(ModuleObject* torch) {
  module_add_function(torch, "split", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v = bind_def("split", args, {{"tensor", false}, {"split_size_or_sections", false}, {"dim", true}});
    // functional.py: return tensor.split(split_size_or_sections, dim)
    if (!is_tensor(v[0]))
      raise_from({&frames::functional_split_attr}, builtin_types().attribute_error,
                 "'" + type_name(v[0]) + "' object has no attribute 'split'");
    return py_split(in, v[0], v[1], v[2], {&frames::functional_split});
  });
  module_add_function(torch, "norm", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v =
        bind_def("norm", args,
                 {{"input", false}, {"p", true}, {"dim", true}, {"keepdim", true}, {"out", true}, {"dtype", true}});
    return py_norm(in, v[0], v[1], v[2], v[3], v[4], v[5], {});
  });
  add_more_python_functions(torch);
}

}  // namespace bindings

using namespace bindings;

void add_tensor_methods(NativeType& tt) {
  define_ops();
  for (auto& d : defs()) {
    if (d.method_sigs.empty()) continue;
    auto parser = std::make_shared<Parser>(d.method_sigs);
    Body body = d.body;
    // What an UninitializedParameter still allows (UninitializedTensorMixin._allowed_methods).
    static const std::set<std::string> lazy_allowed = {
        "size", "copy_", "is_floating_point", "half", "float", "double", "char", "short", "int", "long", "cuda",
        "cpu",  "to",    "get_device"};
    const bool lazy_ok = lazy_allowed.count(d.name) != 0;
    // Tensor.unflatten is Python calling super().unflatten: the native method gets another name.
    tt.method(d.name == "unflatten" ? "_native_unflatten" : d.name,
              [parser, body, lazy_ok, name = d.name](Interp& in, CallArgs& args) -> ObjRef {
                if (!lazy_ok && !args.pos.empty() && is_uninitialized_parameter(args.pos[0].get()))
                  raise_uninitialized_use("<method '" + name + "' of 'torch._C._TensorBase' objects>");
                ParsedArgs a = parser->parse(in, args, true);
                a.insert_self(args.pos[0].get());
                a.is_method = true;
                return body(in, a);
              });
  }
  add_python_methods(tt);
}

namespace bindings {

// "float", "double", "long int": how PyTorch's TypeMeta prints a dtype in messages.
const char* meta_name(DType d) {
  switch (d) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Bool: return "bool";
    default: return core::type_meta_name(d);
  }
}

enum class OutKind { Elementwise, Factory, Reduction, MatrixProduct };

OutKind out_kind(const std::string& name) {
  static const char* const factories[] = {"zeros",   "ones",     "empty",  "full",     "rand", "randn",
                                          "randint", "randperm", "arange", "linspace", "eye",  "normal"};
  static const char* const reductions[] = {"sum",    "mean",   "prod", "std", "var", "max",    "min",
                                           "argmax", "argmin", "all",  "any", "cat", "concat", "stack"};
  static const char* const products[] = {"matmul", "mm", "bmm", "mv", "dot"};
  for (const char* n : factories)
    if (name == n) return OutKind::Factory;
  for (const char* n : reductions)
    if (name == n) return OutKind::Reduction;
  for (const char* n : products)
    if (name == n) return OutKind::MatrixProduct;
  return OutKind::Elementwise;
}

// Makes out hold `sizes` (contiguous), keeping its storage when it is big enough, as resize_ does.
void resize_out(const Tensor& out, const IntArray& sizes) {
  core::TensorImpl* impl = out.impl();
  int64_t cells = core::numel_of(sizes);
  size_t need = static_cast<size_t>(impl->storage_offset_ + cells) * out.element_size();
  if (need > impl->storage_->nbytes()) {
    impl->storage_ = core::empty({cells}, out.dtype()).storage();
    impl->storage_offset_ = 0;
  }
  impl->sizes_ = sizes;
  impl->strides_ = core::contiguous_strides(sizes);
}

// Writes one result into the tensor the program passed as out=, with PyTorch's dtype rules and its
// warning when out had elements and the wrong shape.
void write_out(const std::string& name, const Tensor& out, const Tensor& result) {
  OutKind kind = out_kind(name);
  if (kind == OutKind::MatrixProduct && out.dtype() != result.dtype())
    raise(builtin_types().runtime_error, std::string("Expected out tensor to have dtype ") + meta_name(result.dtype()) +
                                             ", but got " + meta_name(out.dtype()) + " instead");
  if (kind == OutKind::Elementwise && !can_cast(result.dtype(), out.dtype()))
    raise(builtin_types().runtime_error, std::string("result type ") + core::scalar_type_name(result.dtype()) +
                                             " can't be cast to the desired output type " +
                                             core::scalar_type_name(out.dtype()));
  if (out.sizes() != result.sizes()) {
    if (name == "arange") {
      if (out.numel() != result.numel() && out.numel() > 0)
        emit_warning("The number of elements in the out tensor of shape " + core::format_int_list(out.sizes()) +
                     " is " + std::to_string(out.numel()) + " which does not match the computed number of elements " +
                     std::to_string(result.numel()) +
                     ". Note that this may occur as a result of rounding error. The out tensor will be resized to a "
                     "tensor of shape (" +
                     std::to_string(result.numel()) +
                     ",). (Triggered internally at  ./aten/src/ATen/native/RangeFactories.cpp:188.)");
    } else if (out.numel() > 0 && kind != OutKind::Factory) {
      emit_warning(
          "An output with one or more elements was resized since it had shape " + core::format_int_list(out.sizes()) +
          ", which does not match the required output shape " + core::format_int_list(result.sizes()) +
          ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they "
          "have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements "
          "with t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)");
    }
    guarded([&] { resize_out(out, result.sizes()); });
  }
  guarded([&] {
    core::copy_(out, result);
    out.bump_version();
  });
}

// torch.f(..., out=t): f runs as usual, then its result is written into t, which f returns.
ObjRef call_with_out(Interp& in, const Body& body, ParsedArgs& a, int out_index) {
  Object* out_obj = a.values[out_index];
  bool any_grad = false;
  for (size_t i = 0; i < a.values.size(); ++i) {
    Object* v = a.values[i];
    if (!v) continue;
    if (is_tensor(v)) any_grad = any_grad || requires_grad(unwrap(v));
    else if (a.types[i] == 5 /* P_TENSOR_LIST */ &&
             (v->type() == builtin_types().list || is_instance(v, builtin_types().tuple)))
      for (auto& t : to_vector(in, v)) any_grad = any_grad || (is_tensor(t.get()) && requires_grad(unwrap(t.get())));
  }
  if (any_grad && grad_enabled())
    raise(builtin_types().runtime_error,
          a.fname +
              "(): functions with out=... arguments don't support automatic differentiation, "
              "but one of the arguments requires grad.");
  a.values[out_index] = nullptr;
  ObjRef result = body(in, a);
  if (is_tensor(out_obj) || is_number(out_obj)) {  // a number where add's parser allows one
    if (!is_tensor(result.get()))
      raise(builtin_types().type_error, a.fname + "(): argument 'out' must be tuple of Tensors, not Tensor");
    Tensor out = is_tensor(out_obj) ? unwrap(out_obj) : scalar_to_tensor(to_scalar(in, out_obj));
    write_out(a.fname, out, unwrap(result.get()));
    return is_tensor(out_obj) ? ObjRef(out_obj) : wrap(out);
  }
  // A tuple of tensors (max(dim, out=(values, indices))).
  std::vector<ObjRef> outs = to_vector(in, out_obj), results = to_vector(in, result.get());
  if (outs.size() != results.size())
    raise(builtin_types().runtime_error, a.fname + "(): expected " + std::to_string(results.size()) +
                                             " tensors in out=, got " + std::to_string(outs.size()));
  for (size_t i = 0; i < outs.size(); ++i) write_out(a.fname, unwrap(outs[i].get()), unwrap(results[i].get()));
  return ObjRef(out_obj);
}

}  // namespace bindings

void add_torch_functions(Interp& in, ModuleObject* torch) {
  define_ops();
  for (auto& d : defs()) {
    if (d.torch_sigs.empty()) continue;
    auto parser = std::make_shared<Parser>(d.torch_sigs);
    Body body = d.body;
    module_add_function(torch, d.name, [parser, body](Interp& in, CallArgs& args) -> ObjRef {
      ParsedArgs a = parser->parse(in, args, false);
      int out = a.at("out");
      if (out >= 0 && a.has(out)) return call_with_out(in, body, a, out);
      return body(in, a);
    });
  }
  add_python_functions(torch);
}

}  // namespace stridelab::torch
