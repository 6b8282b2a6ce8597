// PyTorch's argument parsing for torch functions and Tensor methods.
//
// Each function is described by PyTorch's own signature strings ("sum(IntArrayRef[1]? dim, bool
// keepdim=False, *, ScalarType? dtype=None)"). The matching rules and the TypeError texts follow
// torch/csrc/utils/python_arg_parser.cpp and invalid_arguments.cpp of PyTorch 1.13:
// - signatures are tried in order; the first whose every parameter accepts its argument wins;
// - a parameter without a default is required, even when its type is optional ("DimnameList?
//   names"), which is how overloads are told apart;
// - a single positional int-list parameter also takes its ints as varargs (x.view(2, 3));
// - on failure with exactly one plausible signature (by argument count) that signature's own
//   message is raised ("argument 'size' (position 1) must be tuple of SymInts, not str"); else the
//   "received an invalid combination of arguments" text listing every visible overload.
#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "torch/binding.h"

namespace stridelab::torch {

enum PType {
  P_TENSOR,
  P_SCALAR,
  P_INT64,
  P_SYMINT,
  P_DOUBLE,
  P_TENSOR_LIST,
  P_INT_LIST,
  P_SYM_INT_LIST,
  P_FLOAT_LIST,
  P_GENERATOR,
  P_BOOL,
  P_STORAGE,
  P_PYOBJECT,
  P_SCALARTYPE,
  P_LAYOUT,
  P_MEMORY_FORMAT,
  P_DEVICE,
  P_STRING,
  P_DIMNAME,
  P_DIMNAME_LIST,
  P_SCALAR_LIST
};

struct Param {
  PType type;
  std::string name;
  bool optional = false, allow_none = false, keyword_only = false, allow_numbers_as_tensors = false;
  int size = 0;
  std::string default_str;

  std::string type_name() const {
    switch (type) {
      case P_TENSOR: return "Tensor";
      case P_SCALAR: return "Number";
      case P_INT64: return "int";
      case P_SYMINT: return "SymInt";
      case P_DOUBLE: return "float";
      case P_TENSOR_LIST: return "tuple of Tensors";
      case P_INT_LIST: return "tuple of ints";
      case P_SYM_INT_LIST: return "tuple of SymInts";
      case P_FLOAT_LIST: return "tuple of floats";
      case P_GENERATOR: return "torch.Generator";
      case P_BOOL: return "bool";
      case P_STORAGE: return "torch.Storage";
      case P_PYOBJECT: return "object";
      case P_SCALARTYPE: return "torch.dtype";
      case P_LAYOUT: return "torch.layout";
      case P_MEMORY_FORMAT: return "torch.memory_format";
      case P_DEVICE: return "torch.device";
      case P_STRING: return "str";
      case P_DIMNAME: return "name";
      case P_DIMNAME_LIST: return "tuple of names";
      case P_SCALAR_LIST: return "tuple of Scalars";
    }
    return "object";
  }
};

struct Signature {
  std::string name;
  std::vector<Param> params;
  size_t min_args = 0, max_args = 0, max_pos_args = 0;
  bool hidden = false, deprecated = false;

  std::string to_string() const {
    std::string s = "(";
    bool kw = false;
    for (size_t i = 0; i < params.size(); ++i) {
      if (i) s += ", ";
      if (params[i].keyword_only && !kw) {
        s += "*, ";
        kw = true;
      }
      s += params[i].type_name() + " " + params[i].name;
    }
    return s + ")";
  }
};

// PyTorch's should_allow_numbers_as_tensors (python_arg_parser.cpp): only these accept a Python
// number for a Tensor parameter; elsewhere a number picks the Scalar overload (torch.pow(2, x) is
// pow(Scalar self, Tensor exponent)) or fails to match.
static bool numbers_as_tensors(const std::string& name) {
  static const char* const names[] = {"add",      "add_",         "div",          "div_",         "divide", "divide_",
                                      "mul",      "mul_",         "multiply",     "multiply_",    "sub",    "sub_",
                                      "subtract", "subtract_",    "true_divide",  "true_divide_", "to",     "_to_copy",
                                      "copy_",    "floor_divide", "floor_divide_"};
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

static PType parse_ptype(const std::string& t) {
  static const std::pair<const char*, PType> map[] = {{"Tensor", P_TENSOR},
                                                      {"Scalar", P_SCALAR},
                                                      {"int64_t", P_INT64},
                                                      {"SymInt", P_SYMINT},
                                                      {"double", P_DOUBLE},
                                                      {"TensorList", P_TENSOR_LIST},
                                                      {"c10::List<c10::optional<Tensor>>", P_TENSOR_LIST},
                                                      {"IntArrayRef", P_INT_LIST},
                                                      {"SymIntArrayRef", P_SYM_INT_LIST},
                                                      {"ArrayRef<double>", P_FLOAT_LIST},
                                                      {"Generator", P_GENERATOR},
                                                      {"bool", P_BOOL},
                                                      {"Storage", P_STORAGE},
                                                      {"PyObject*", P_PYOBJECT},
                                                      {"ScalarType", P_SCALARTYPE},
                                                      {"Layout", P_LAYOUT},
                                                      {"MemoryFormat", P_MEMORY_FORMAT},
                                                      {"Device", P_DEVICE},
                                                      {"std::string", P_STRING},
                                                      {"c10::string_view", P_STRING},
                                                      {"Dimname", P_DIMNAME},
                                                      {"DimnameList", P_DIMNAME_LIST},
                                                      {"ScalarList", P_SCALAR_LIST}};
  for (auto& [k, v] : map)
    if (t == k) return v;
  throw core::InternalError("unknown parameter type " + t);
}

static Signature* parse_signature(const std::string& fmt) {
  auto* sig = new Signature();
  std::string s = fmt;
  auto bar = s.find('|');
  if (bar != std::string::npos) {
    std::string flag = s.substr(bar + 1);
    s = s.substr(0, bar);
    if (flag == "hidden") sig->hidden = true;
    if (flag == "deprecated") sig->hidden = sig->deprecated = true;
  }
  auto open = s.find('(');
  sig->name = s.substr(0, open);
  std::string body = s.substr(open + 1, s.size() - open - 2);
  bool kwonly = false;
  size_t pos = 0;
  while (pos < body.size()) {
    size_t comma = body.find(", ", pos);
    std::string p = body.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    pos = comma == std::string::npos ? body.size() : comma + 2;
    if (p == "*") {
      kwonly = true;
      continue;
    }
    Param param;
    auto space = p.find(' ');
    std::string type = p.substr(0, space), name = p.substr(space + 1);
    if (auto q = type.find('?'); q != std::string::npos) {
      param.allow_none = true;
      type = type.substr(0, q);
    }
    if (auto b = type.find('['); b != std::string::npos) {
      param.size = std::stoi(type.substr(b + 1, type.size() - b - 2));
      type = type.substr(0, b);
    }
    param.type = parse_ptype(type);
    if (auto eq = name.find('='); eq != std::string::npos) {
      param.default_str = name.substr(eq + 1);
      name = name.substr(0, eq);
      param.optional = true;
      if (param.default_str == "None") param.allow_none = true;
    }
    param.name = name;
    param.keyword_only = kwonly;
    param.allow_numbers_as_tensors = numbers_as_tensors(sig->name);
    sig->params.push_back(param);
  }
  for (auto& p : sig->params) {
    if (!p.optional) ++sig->min_args;
    if (!p.keyword_only) ++sig->max_pos_args;
    ++sig->max_args;
  }
  return sig;
}

std::string py_typename(const Object* o) {
  TorchTypes& T = types();
  TypeObject* t = o->type();
  if (t == T.size || t == T.dtype || t == T.device || t == T.layout || t == T.generator) return t->qualified_name();
  return t->name_;
}

static bool check_long(const Object* o) {
  return o->type() == builtin_types().int_ ||
         (o->type() != builtin_types().bool_ && is_instance(o, builtin_types().int_));
}
static bool check_index(const Object* o) {
  if (o->type() == builtin_types().bool_) return false;
  if (check_long(o)) return true;
  if (is_tensor(o)) {
    const Tensor& t = unwrap(const_cast<Object*>(o));
    return t.numel() == 1 && core::is_integral(t.dtype(), false);
  }
  return false;
}
static bool check_scalar(const Object* o) {
  return is_instance(o, builtin_types().int_) || o->type() == builtin_types().float_;
}
static bool is_seq(const Object* o) {
  return o->type() == builtin_types().list || is_instance(o, builtin_types().tuple);
}
static const std::vector<ObjRef>& seq_items(const Object* o) {
  if (o->type() == builtin_types().list) return as<ListObject>(const_cast<Object*>(o))->items_;
  return as<TupleObject>(const_cast<Object*>(o))->items_;
}

static bool check_param(const Param& p, Object* obj, Interp& in, size_t argnum) {
  switch (p.type) {
    case P_TENSOR:
      if (is_tensor(obj)) return true;
      return p.allow_numbers_as_tensors && check_scalar(obj);
    case P_SCALAR:
      if (check_scalar(obj)) return true;
      [[fallthrough]];
    case P_DOUBLE:
      if (check_scalar(obj)) return true;
      if (is_tensor(obj)) {
        const Tensor& t = unwrap(obj);
        return !requires_grad(t) && t.dim() == 0;
      }
      return false;
    case P_INT64:
    case P_SYMINT:
      if (check_long(obj)) return true;
      if (is_tensor(obj)) {
        const Tensor& t = unwrap(obj);
        return core::is_integral(t.dtype(), false) && !requires_grad(t) && t.dim() == 0;
      }
      return false;
    case P_DIMNAME: return is_str(obj) || obj == none();
    case P_DIMNAME_LIST:
      if (is_seq(obj)) {
        for (auto& it : seq_items(obj))
          if (!is_str(it.get()) && it.get() != none()) return false;
        return true;
      }
      return p.size == 1 && (is_str(obj) || obj == none());
    case P_TENSOR_LIST: {
      if (!is_seq(obj)) return false;
      // PyTorch raises here, whatever other overloads there are.
      auto& items = seq_items(obj);
      for (size_t k = 0; k < items.size(); ++k)
        if (!is_tensor(items[k].get()))
          raise(builtin_types().type_error, "expected Tensor as element " + std::to_string(k) + " in argument " +
                                                std::to_string(argnum) + ", but got " + py_typename(items[k].get()));
      return true;
    }
    case P_INT_LIST:
    case P_SYM_INT_LIST:
      if (is_seq(obj)) {
        auto& items = seq_items(obj);
        if (items.empty()) return true;
        return check_index(items[0].get());
      }
      return p.size > 0 && check_long(obj);
    case P_FLOAT_LIST:
      if (!is_seq(obj)) return false;
      for (auto& it : seq_items(obj))
        if (!check_scalar(it.get())) return false;
      return true;
    case P_GENERATOR: return types().generator && obj->type() == types().generator;
    case P_BOOL: return obj->type() == builtin_types().bool_;
    case P_STORAGE: return false;
    case P_PYOBJECT: return true;
    case P_SCALARTYPE:
      return obj->type() == types().dtype ||
             (obj->type() == builtin_types().type &&
              (obj == builtin_types().float_ || obj == builtin_types().int_ || obj == builtin_types().bool_));
    case P_LAYOUT: return types().layout && obj->type() == types().layout;
    case P_MEMORY_FORMAT: return false;
    case P_DEVICE: return check_long(obj) || is_str(obj) || obj->type() == types().device;
    case P_STRING: return is_str(obj);
    case P_SCALAR_LIST: return is_seq(obj);
  }
  return false;
}

// ---- the messages ----

// PyTorch says "was" for one argument, except in the "from ... to" form (sic).
[[noreturn]] static void extra_args(const Signature& sig, size_t nargs) {
  if (sig.min_args != sig.max_pos_args)
    raise(builtin_types().type_error, sig.name + "() takes from " + std::to_string(sig.min_args) + " to " +
                                          std::to_string(sig.max_pos_args) + " positional arguments but " +
                                          std::to_string(nargs) + " were given");
  raise(builtin_types().type_error, sig.name + "() takes " + std::to_string(sig.max_pos_args) + " positional argument" +
                                        (sig.max_pos_args == 1 ? "" : "s") + " but " + std::to_string(nargs) +
                                        (nargs == 1 ? " was given" : " were given"));
}

// The Tensor methods PyTorch 1.13 binds without an argument parser (METH_NOARGS), recorded by
// calling each of them with arguments: CPython's own TypeErrors name them after _TensorBase, the C
// type that defines them (as `x.floor(1)` reaches them).
static bool is_noargs_method(const std::string& name) {
  static const std::unordered_set<std::string> names = {"abs",
                                                        "abs_",
                                                        "absolute",
                                                        "absolute_",
                                                        "acos",
                                                        "acos_",
                                                        "acosh",
                                                        "acosh_",
                                                        "adjoint",
                                                        "angle",
                                                        "arccos",
                                                        "arccos_",
                                                        "arccosh",
                                                        "arccosh_",
                                                        "arcsin",
                                                        "arcsin_",
                                                        "arcsinh",
                                                        "arcsinh_",
                                                        "arctan",
                                                        "arctan_",
                                                        "arctanh",
                                                        "arctanh_",
                                                        "argwhere",
                                                        "asin",
                                                        "asin_",
                                                        "asinh",
                                                        "asinh_",
                                                        "atan",
                                                        "atan_",
                                                        "atanh",
                                                        "atanh_",
                                                        "bitwise_not",
                                                        "bitwise_not_",
                                                        "ccol_indices",
                                                        "ceil",
                                                        "ceil_",
                                                        "coalesce",
                                                        "col_indices",
                                                        "conj",
                                                        "conj_physical",
                                                        "conj_physical_",
                                                        "corrcoef",
                                                        "cos",
                                                        "cos_",
                                                        "cosh",
                                                        "cosh_",
                                                        "crow_indices",
                                                        "data_ptr",
                                                        "deg2rad",
                                                        "deg2rad_",
                                                        "dense_dim",
                                                        "dequantize",
                                                        "det",
                                                        "detach",
                                                        "detach_",
                                                        "digamma",
                                                        "digamma_",
                                                        "dim",
                                                        "element_size",
                                                        "erf",
                                                        "erf_",
                                                        "erfc",
                                                        "erfc_",
                                                        "erfinv",
                                                        "erfinv_",
                                                        "exp",
                                                        "exp2",
                                                        "exp2_",
                                                        "exp_",
                                                        "expm1",
                                                        "expm1_",
                                                        "fix",
                                                        "fix_",
                                                        "fliplr",
                                                        "flipud",
                                                        "floor",
                                                        "floor_",
                                                        "frac",
                                                        "frac_",
                                                        "frexp",
                                                        "geqrf",
                                                        "get_device",
                                                        "has_names",
                                                        "i0",
                                                        "i0_",
                                                        "indices",
                                                        "int_repr",
                                                        "inverse",
                                                        "is_coalesced",
                                                        "is_complex",
                                                        "is_conj",
                                                        "is_distributed",
                                                        "is_floating_point",
                                                        "is_inference",
                                                        "is_neg",
                                                        "is_nonzero",
                                                        "is_signed",
                                                        "isfinite",
                                                        "isinf",
                                                        "isnan",
                                                        "isneginf",
                                                        "isposinf",
                                                        "isreal",
                                                        "item",
                                                        "lgamma",
                                                        "lgamma_",
                                                        "log",
                                                        "log10",
                                                        "log10_",
                                                        "log1p",
                                                        "log1p_",
                                                        "log2",
                                                        "log2_",
                                                        "log_",
                                                        "logdet",
                                                        "logical_not",
                                                        "logical_not_",
                                                        "matrix_exp",
                                                        "msort",
                                                        "ndimension",
                                                        "neg",
                                                        "neg_",
                                                        "negative",
                                                        "negative_",
                                                        "nelement",
                                                        "numel",
                                                        "positive",
                                                        "q_per_channel_axis",
                                                        "q_per_channel_scales",
                                                        "q_per_channel_zero_points",
                                                        "q_scale",
                                                        "q_zero_point",
                                                        "qscheme",
                                                        "rad2deg",
                                                        "rad2deg_",
                                                        "ravel",
                                                        "reciprocal",
                                                        "reciprocal_",
                                                        "relu",
                                                        "relu_",
                                                        "resolve_conj",
                                                        "resolve_neg",
                                                        "retain_grad",
                                                        "row_indices",
                                                        "rsqrt",
                                                        "rsqrt_",
                                                        "sgn",
                                                        "sgn_",
                                                        "sigmoid",
                                                        "sigmoid_",
                                                        "sign",
                                                        "sign_",
                                                        "signbit",
                                                        "sin",
                                                        "sin_",
                                                        "sinc",
                                                        "sinc_",
                                                        "sinh",
                                                        "sinh_",
                                                        "slogdet",
                                                        "sparse_dim",
                                                        "sqrt",
                                                        "sqrt_",
                                                        "square",
                                                        "square_",
                                                        "storage_offset",
                                                        "t",
                                                        "t_",
                                                        "tan",
                                                        "tan_",
                                                        "tanh",
                                                        "tanh_",
                                                        "to_sparse_csc",
                                                        "to_sparse_csr",
                                                        "tolist",
                                                        "trace",
                                                        "trunc",
                                                        "trunc_",
                                                        "values",
                                                        "zero_"};
  return names.count(name) > 0;
}

[[noreturn]] static void noargs_error(const std::string& name, const CallArgs& args, size_t first) {
  const std::string fn = "_TensorBase." + name + "()";
  if (!args.kw.empty()) raise(builtin_types().type_error, fn + " takes no keyword arguments");
  raise(builtin_types().type_error, fn + " takes no arguments (" + std::to_string(args.pos.size() - first) + " given)");
}

[[noreturn]] static void missing_args(const Signature& sig, size_t idx) {
  int n = 0;
  std::string names;
  for (size_t i = idx; i < sig.params.size(); ++i) {
    if (sig.params[i].optional) continue;
    if (n > 0) names += ", ";
    names += "\"" + sig.params[i].name + "\"";
    ++n;
  }
  // PyTorch pluralises the singular case (sic).
  raise(builtin_types().type_error, sig.name + "() missing " + std::to_string(n) + " required positional argument" +
                                        (n == 1 ? "s" : "") + ": " + names);
}

[[noreturn]] static void extra_kwargs(const Signature& sig, const CallArgs& args, size_t nargs) {
  for (auto& [k, v] : args.kw) {
    long idx = -1;
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (sig.params[i].name == k) idx = static_cast<long>(i);
    if (idx < 0) raise(builtin_types().type_error, sig.name + "() got an unexpected keyword argument '" + k + "'");
    if (static_cast<size_t>(idx) < nargs)
      raise(builtin_types().type_error, sig.name + "() got multiple values for argument '" + k + "'");
  }
  raise(builtin_types().type_error, "invalid keyword arguments");
}

static Object* find_kw(const CallArgs& args, const std::string& name) {
  for (auto& [k, v] : args.kw)
    if (k == name) return v.get();
  return nullptr;
}

// Tries one signature. Fills dst (one slot per param) and returns true on a match; with `raise_`
// raises the signature's own TypeError instead of returning false.
static bool try_parse(const Signature& sig, Interp& in, CallArgs& args, size_t first, ParsedArgs& out, bool raise_) {
  size_t nargs = args.pos.size() - first;
  size_t remaining_kwargs = args.kw.size();
  size_t arg_pos = 0;
  bool allow_varargs =
      sig.max_pos_args == 1 && (sig.params[0].type == P_INT_LIST || sig.params[0].type == P_SYM_INT_LIST);
  if (nargs > sig.max_pos_args && !allow_varargs) {
    if (raise_) extra_args(sig, nargs);
    return false;
  }
  out.values.assign(sig.params.size(), nullptr);
  out.keep.clear();
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const Param& p = sig.params[i];
    Object* obj = nullptr;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      if (p.keyword_only) {
        if (raise_) extra_args(sig, nargs);
        return false;
      }
      obj = args.pos[first + arg_pos].get();
    } else if (!args.kw.empty()) {
      obj = find_kw(args, p.name);
      if (!obj && p.name == "dim") obj = find_kw(args, "axis");
      if (!obj && p.name == "keepdim") obj = find_kw(args, "keepdims");
      is_kwd = true;
    }
    if ((!obj && p.optional) || (obj == none() && p.allow_none)) {
      out.values[i] = nullptr;
    } else if (!obj) {
      if (raise_) missing_args(sig, i);
      return false;
    } else if (check_param(p, obj, in, i)) {
      out.values[i] = obj;
    } else if (allow_varargs && arg_pos == 0 && !is_kwd && check_index(obj)) {
      std::vector<ObjRef> items(args.pos.begin() + static_cast<long>(first), args.pos.end());
      ObjRef tup = make_tuple(std::move(items));
      out.values[i] = tup.get();
      out.keep.push_back(tup);
      arg_pos = nargs;
      continue;
    } else if (raise_) {
      if (is_kwd)
        raise(builtin_types().type_error,
              sig.name + "(): argument '" + p.name + "' must be " + p.type_name() + ", not " + py_typename(obj));
      raise(builtin_types().type_error, sig.name + "(): argument '" + p.name + "' (position " +
                                            std::to_string(arg_pos + 1) + ") must be " + p.type_name() + ", not " +
                                            py_typename(obj));
    } else {
      return false;
    }
    if (!is_kwd) ++arg_pos;
    else if (obj) --remaining_kwargs;
  }
  if (remaining_kwargs > 0) {
    if (raise_) extra_kwargs(sig, args, nargs);
    return false;
  }
  return true;
}

// ---- invalid_arguments.cpp's text ----

namespace {
struct OptArg {
  std::string type, name;
};
struct Option {
  std::vector<OptArg> args;
  bool var_args = false;
};

// PyTorch splits the text between the parentheses at ", ", so "()" is one nameless argument of no
// type (which a single argument then fails to match: "didn't match ... (!tuple!)").
Option parse_option(const std::string& s) {
  Option o;
  std::string body = s.substr(1, s.size() - 2);
  size_t pos = 0;
  while (pos <= body.size()) {
    size_t comma = body.find(", ", pos);
    std::string a = body.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    auto sp = a.rfind(' ');
    OptArg arg;
    if (sp == std::string::npos) {
      arg.type = a;
      arg.name = a;
    } else {
      arg.type = a.substr(0, sp);
      arg.name = a.substr(sp + 1);
    }
    o.args.push_back(arg);
    if (comma == std::string::npos) break;
    pos = comma + 2;
  }
  o.var_args = s.find("...") != std::string::npos;
  return o;
}

bool type_matches(const std::string& type, Object* obj) {
  std::string n = py_typename(obj);
  if (type == "float") return n == "float" || n == "int" || n == "long";
  if (type == "int") return n == "int" || n == "long";
  return n == type;
}

// The kwargs in the order PyTorch's unordered_map iterates them (newest first for few keys).
std::vector<std::pair<std::string, Object*>> kw_order(const CallArgs& args) {
  std::vector<std::pair<std::string, Object*>> out;
  for (auto it = args.kw.rbegin(); it != args.kw.rend(); ++it) out.emplace_back(it->first, it->second.get());
  return out;
}

std::string arg_desc(const std::vector<Object*>& pos, const CallArgs& args) {
  std::string r = "(";
  for (Object* a : pos) r += py_typename(a) + ", ";
  for (auto& [k, v] : kw_order(args)) r += k + "=" + py_typename(v) + ", ";
  if (!pos.empty()) r.resize(r.size() - 2);
  return r + ")";
}

std::string formatted_arg_desc(const Option& opt, const std::vector<Object*>& pos, const CallArgs& args) {
  std::string r = "(";
  auto kws = kw_order(args);
  size_t n = pos.size() + kws.size();
  for (size_t i = 0; i < n; ++i) {
    bool is_kw = i >= pos.size();
    Object* arg;
    std::string kwname;
    if (is_kw) {
      kwname = kws[i - pos.size()].first;
      arg = kws[i - pos.size()].second;
    } else {
      arg = pos[i];
    }
    bool match = false;
    if (is_kw) {
      for (auto& oa : opt.args)
        if (oa.name == kwname) match = type_matches(oa.type, arg);
    } else if (i < opt.args.size()) {
      match = type_matches(opt.args[i].type, arg);
    } else if (opt.var_args) {
      match = type_matches(opt.args.back().type, arg);
    }
    if (!match) r += "!";
    if (is_kw) r += kwname + "=";
    r += py_typename(arg);
    if (!match) r += "!";
    r += ", ";
  }
  if (!pos.empty()) r.resize(r.size() - 2);
  return r + ")";
}

bool argcount_match(const Option& opt, const std::vector<Object*>& pos, const CallArgs& args) {
  size_t expected = opt.args.size(), got = pos.size() + args.kw.size();
  if (opt.var_args) return got >= expected - 1;
  return got == expected;
}

// The keywords not among the option's last len(kwargs) arguments (PyTorch's _tryMatchKwargs).
std::vector<std::string> unmatched_kwargs(const Option& opt, const CallArgs& args) {
  std::vector<std::string> out;
  long start = static_cast<long>(opt.args.size()) - static_cast<long>(args.kw.size());
  if (start < 0) start = 0;
  for (auto& [k, v] : kw_order(args)) {
    bool found = false;
    for (size_t i = static_cast<size_t>(start); i < opt.args.size(); ++i)
      if (opt.args[i].name == k) found = true;
    if (!found) out.push_back(k);
  }
  return out;
}
}  // namespace

static std::string format_invalid_args(const std::vector<Object*>& pos, const CallArgs& args, const std::string& fname,
                                       const std::vector<std::string>& options) {
  std::string msg = fname + " received an invalid combination of arguments - ";
  if (options.size() == 1) {
    Option opt = parse_option(options[0]);
    auto bad = args.kw.empty() ? std::vector<std::string>{} : unmatched_kwargs(opt, args);
    if (!bad.empty()) {
      msg += "got unrecognized keyword arguments: ";
      for (size_t i = 0; i < bad.size(); ++i) msg += (i ? ", " : "") + bad[i];
      return msg;
    }
    msg += "got " + (argcount_match(opt, pos, args) ? formatted_arg_desc(opt, pos, args) : arg_desc(pos, args)) +
           ", but expected " + options[0];
    return msg;
  }
  msg += "got " + arg_desc(pos, args) + ", but expected one of:\n";
  for (auto& s : options) {
    Option opt = parse_option(s);
    msg += " * " + s + "\n";
    if (argcount_match(opt, pos, args)) {
      auto bad = args.kw.empty() ? std::vector<std::string>{} : unmatched_kwargs(opt, args);
      if (!bad.empty()) {
        msg += "      didn't match because some of the keywords were incorrect: ";
        for (size_t i = 0; i < bad.size(); ++i) msg += (i ? ", " : "") + bad[i];
        msg += "\n";
      } else {
        msg += "      didn't match because some of the arguments have invalid types: ";
        msg += formatted_arg_desc(opt, pos, args) + "\n";
      }
    }
  }
  return msg;
}

Parser::Parser(std::vector<std::string> signatures) {
  for (auto& s : signatures) sigs_.push_back(parse_signature(s));
}

Parser::~Parser() {
  for (auto* s : sigs_) delete s;
}

ParsedArgs Parser::parse(Interp& in, CallArgs& args, bool has_self) const {
  ParsedArgs out;
  out.in = &in;
  size_t first = has_self ? 1 : 0;
  if (has_self && (args.pos.size() > first || !args.kw.empty()) && is_noargs_method(sigs_[0]->name))
    noargs_error(sigs_[0]->name, args, first);
  auto finish = [&](size_t i) {
    out.idx = static_cast<int>(i);
    const Signature& s = *sigs_[i];
    out.fname = s.name;
    out.defaults.clear();
    out.types.clear();
    out.pnames.clear();
    for (auto& p : s.params) {
      out.defaults.push_back(&p.default_str);
      out.types.push_back(p.type);
      out.pnames.push_back(&p.name);
    }
    return out;
  };
  if (sigs_.size() == 1) {
    try_parse(*sigs_[0], in, args, first, out, true);
    return finish(0);
  }
  for (size_t i = 0; i < sigs_.size(); ++i)
    if (try_parse(*sigs_[i], in, args, first, out, false)) return finish(i);

  size_t nargs = args.pos.size() - first + args.kw.size();
  std::vector<size_t> plausible;
  for (size_t i = 0; i < sigs_.size(); ++i)
    if (nargs >= sigs_[i]->min_args && nargs <= sigs_[i]->max_args && !sigs_[i]->hidden) plausible.push_back(i);
  if (plausible.size() == 1) try_parse(*sigs_[plausible[0]], in, args, first, out, true);

  std::vector<std::string> options;
  for (auto* s : sigs_)
    if (!s->hidden) options.push_back(s->to_string());
  std::vector<Object*> pos;
  for (size_t i = first; i < args.pos.size(); ++i) pos.push_back(args.pos[i].get());
  raise(builtin_types().type_error, format_invalid_args(pos, args, sigs_[0]->name + "()", options));
}

// ---- ParsedArgs accessors ----

int ParsedArgs::at(std::string_view name) const {
  for (size_t i = 0; i < pnames.size(); ++i)
    if (*pnames[i] == name) return static_cast<int>(i);
  return -1;
}

void ParsedArgs::insert_self(Object* self) {
  values.insert(values.begin(), self);
  static const std::string no_default, input = "input";
  defaults.insert(defaults.begin(), &no_default);
  types.insert(types.begin(), P_TENSOR);
  pnames.insert(pnames.begin(), &input);
}

const std::string& ParsedArgs::def(int i) const {
  static const std::string empty;
  return i < 0 ? empty : *defaults[i];
}

static bool is_none_default(const std::string& d) { return d.empty() || d == "None"; }

Tensor ParsedArgs::tensor(int i) const {
  Object* o = val(i);
  if (!o) return Tensor();
  if (is_tensor(o)) return unwrap(o);
  return scalar_to_tensor(to_scalar(*in, o));
}

std::optional<Tensor> ParsedArgs::opt_tensor(int i) const {
  if (!val(i)) return std::nullopt;
  return tensor(i);
}

static core::Scalar parse_default_scalar(const std::string& d) {
  if (d == "True") return core::Scalar(true);
  if (d == "False") return core::Scalar(false);
  if (d.find_first_of(".e") != std::string::npos) return core::Scalar(std::stod(d));
  return core::Scalar(static_cast<int64_t>(std::stoll(d)));
}

core::Scalar ParsedArgs::scalar(int i) const {
  if (!val(i)) return parse_default_scalar(def(i).empty() ? "0" : def(i));
  return to_scalar(*in, val(i));
}

std::optional<core::Scalar> ParsedArgs::opt_scalar(int i) const {
  if (!val(i)) {
    if (is_none_default(def(i))) return std::nullopt;
    return parse_default_scalar(def(i));
  }
  return to_scalar(*in, val(i));
}

int64_t ParsedArgs::toInt(int i) const {
  Object* o = val(i);
  if (!o) return def(i).empty() || def(i) == "None" ? 0 : std::stoll(def(i));
  if (is_tensor(o)) return guarded([&] { return core::item(unwrap(o)).to_int(); });
  return unpack_long(o);
}

std::optional<int64_t> ParsedArgs::opt_int(int i) const {
  if (!val(i) && is_none_default(def(i))) return std::nullopt;
  return toInt(i);
}

double ParsedArgs::toDouble(int i) const {
  Object* o = val(i);
  if (!o) return def(i).empty() || def(i) == "None" ? 0.0 : std::stod(def(i));
  if (is_tensor(o)) return guarded([&] { return core::item(unwrap(o)).to_double(); });
  return to_double(*in, o);
}

bool ParsedArgs::toBool(int i) const {
  Object* o = val(i);
  if (!o) return def(i) == "True";
  return o == true_obj();
}

std::optional<bool> ParsedArgs::opt_bool(int i) const {
  if (!val(i) && is_none_default(def(i))) return std::nullopt;
  return toBool(i);
}

IntArray ParsedArgs::intlist(int i) const {
  Object* o = val(i);
  if (!o) {
    const std::string& d = def(i);
    if (d.empty() || d == "None" || d == "[]") return {};
    return {static_cast<int64_t>(std::stoll(d))};
  }
  // A SymInt list takes no int beyond int64 (PyTorch's TypeError); an int list raises PyTorch's
  // overflow error for one.
  const bool sym = i >= 0 && types[i] == P_SYM_INT_LIST;
  auto wrong_element = [&](const Object* it, size_t pos) {
    raise(builtin_types().type_error,
          fname + "(): argument '" + *pnames[i] + "' must be " + (sym ? "tuple of SymInts" : "tuple of ints") +
              ", but found element of type " + py_typename(it) + " at pos " + std::to_string(pos));
  };
  if (check_long(o)) {
    if (sym && !fits_long(o)) wrong_element(o, 1);
    return {unpack_long(o)};
  }
  IntArray out;
  auto& items = seq_items(o);
  for (size_t k = 0; k < items.size(); ++k) {
    Object* it = items[k].get();
    if (check_long(it) && (!sym || fits_long(it))) {
      out.push_back(unpack_long(it));
    } else if (is_tensor(it) && check_index(it)) {
      out.push_back(guarded([&] { return core::item(unwrap(it)).to_int(); }));
    } else {
      wrong_element(it, k + 1);
    }
  }
  return out;
}

std::optional<IntArray> ParsedArgs::opt_intlist(int i) const {
  if (!val(i) && is_none_default(def(i))) return std::nullopt;
  return intlist(i);
}

std::optional<DType> ParsedArgs::dtype(int i) const {
  if (!val(i)) return std::nullopt;
  return dtype_of_object(val(i));
}

std::vector<Tensor> ParsedArgs::tensorlist(int i) const {
  std::vector<Tensor> out;
  if (!val(i)) return out;
  for (auto& it : seq_items(val(i))) out.push_back(unwrap(it.get()));
  return out;
}

std::string ParsedArgs::string(int i) const {
  if (!val(i)) return def(i);
  return as<StrObject>(val(i))->value_;
}

}  // namespace stridelab::torch
