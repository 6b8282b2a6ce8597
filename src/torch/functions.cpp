// The Tensor methods and torch.* functions, each bound with PyTorch's own signature strings (so
// argument matching and TypeError texts follow PyTorch's parser) to one body that reads its
// arguments by name. A method's self is parameter "input", as in the torch.* form.
#include <cmath>
#include <memory>

#include "core/random.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

using core::BinaryOp;
using core::Scalar;
using core::UnaryOp;
using Body = std::function<ObjRef(Interp&, ParsedArgs&)>;

namespace {

struct OpDef {
  std::string name;
  std::vector<std::string> method_sigs, torch_sigs;
  Body body;
};

std::vector<OpDef>& defs() {
  static std::vector<OpDef> d;
  return d;
}

void def(const char* name, std::vector<std::string> m, std::vector<std::string> f, Body body) {
  defs().push_back({name, std::move(m), std::move(f), std::move(body)});
}

ObjRef call_with_out(Interp& in, const Body& body, ParsedArgs& a, int out_index);

// PyTorch's canCast: no float to an integer type, nothing but bool to bool.
bool can_cast(DType from, DType to) {
  if (core::is_floating(from) && core::is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

// The C++ functions PyTorch's own Python code calls (torch._VF.split, ...): parsed as torch.*
// functions are, but not attributes of the torch module.
struct Native {
  std::shared_ptr<Parser> parser;
  Body body;
};
std::map<std::string, Native>& natives() {
  static std::map<std::string, Native> n;
  return n;
}
void def_native(const char* name, std::vector<std::string> sigs, Body body) {
  natives()[name] = Native{std::make_shared<Parser>(std::move(sigs)), std::move(body)};
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

ObjRef W(const Tensor& t) { return wrap(t); }
ObjRef self_obj(ParsedArgs& a) { return ObjRef(a.obj(0)); }

[[noreturn]] void dimname_error(const Tensor& t, Object* name) {
  std::string s = "Tensor[";
  for (int64_t i = 0; i < t.dim(); ++i) s += (i ? ", None" : "None");
  s += "]";
  std::string n = is_str(name) ? as<StrObject>(name)->value_ : "None";
  raise(BT.runtime_error, "Name '" + n + "' not found in " + s + ".");
}

// When a Dimname overload matched, PyTorch looks the name up and fails (no named tensors here).
void check_dimname(ParsedArgs& a, const char* pname) {
  int i = a.at(pname);
  if (i >= 0 && a.types[i] == 18 /* P_DIMNAME */ && a.has(i)) dimname_error(a.tensor(0), a.obj(i));
  if (i >= 0 && a.types[i] == 19 /* P_DIMNAME_LIST */ && a.has(i)) {
    Object* o = a.obj(i);
    if (is_str(o)) dimname_error(a.tensor(0), o);
    auto items = o->type() == BT.list ? as<ListObject>(o)->items_ : as<TupleObject>(o)->items_;
    dimname_error(a.tensor(0), items.empty() ? none() : items[0].get());
  }
}

// Factory options: dtype and requires_grad.
Tensor finish_factory(ParsedArgs& a, Tensor t) {
  if (a.at("requires_grad") >= 0 && a.toBool("requires_grad")) return op::set_requires_grad(t, true);
  return t;
}

const std::string kFactory =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? "
    "requires_grad=False)";
const std::string kLike = "*, MemoryFormat? memory_format=None, " + kFactory;

std::vector<std::string> unary_f(const char* n) { return {std::string(n) + "(Tensor input, *, Tensor out=None)"}; }

ObjRef return_pair(const char* type_name, const std::pair<Tensor, Tensor>& r);

// The indices of the nonzero elements: an (n, ndim) int64 tensor, or with as_tuple one 1-d tensor
// per dim (a 0-d input counts as 1-d there, as in PyTorch).
ObjRef nonzero(const Tensor& t, bool as_tuple) {
  return guarded([&] {
    int64_t nd = t.dim();
    std::vector<std::vector<Scalar>> idx(static_cast<size_t>(std::max<int64_t>(nd, as_tuple ? 1 : 0)));
    int64_t n = t.numel(), count = 0;
    IntArray at(static_cast<size_t>(nd), 0);
    for (int64_t k = 0; k < n; ++k) {
      if (core::get_flat(t, k).to<bool>()) {
        for (int64_t d = 0; d < nd; ++d) idx[static_cast<size_t>(d)].push_back(Scalar(at[static_cast<size_t>(d)]));
        if (nd == 0) idx[0].push_back(Scalar(int64_t{0}));
        ++count;
      }
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++at[static_cast<size_t>(d)] < t.size(d)) break;
        at[static_cast<size_t>(d)] = 0;
      }
    }
    if (as_tuple) {
      std::vector<Tensor> parts;
      for (auto& v : idx) parts.push_back(core::from_values(v, {count}, DType::Int64));
      return wrap_list(parts);
    }
    std::vector<Scalar> flat;
    for (int64_t r = 0; r < count; ++r)
      for (int64_t d = 0; d < nd; ++d) flat.push_back(idx[static_cast<size_t>(d)][static_cast<size_t>(r)]);
    return W(core::from_values(flat, {count, nd}, DType::Int64));
  });
}

std::vector<std::string> sig_list(const char* sig) {
  return *sig ? std::vector<std::string>{sig} : std::vector<std::string>{};
}

// A unary op of autograd/unary_ops.def: name (method and function signatures) and name_ (in place).
void def_unary(const std::string& name, UnaryOp u, const char* method, const char* function, const char* inplace_method,
               const char* inplace_function) {
  if (*method || *function)
    def(name.c_str(), sig_list(method), sig_list(function),
        [u](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::unary(u, a.tensor("input"))); }); });
  if (*inplace_method || *inplace_function)
    def((name + "_").c_str(), sig_list(inplace_method), sig_list(inplace_function), [u](Interp&, ParsedArgs& a) {
      guarded([&] { op::unary_(u, a.tensor("input")); });
      return self_obj(a);
    });
}

// A binary op of autograd/binary_ops.def.
void def_binary(const char* name, BinaryOp o, const char* method, const char* function) {
  def(name, sig_list(method), sig_list(function), [o](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::binary(o, a.tensor("input"), a.tensor("other"))); });
  });
}

void define_ops() {
  if (!defs().empty()) return;

  // ---- arithmetic ----
  auto arith = [](const char* name, BinaryOp op, bool alpha) {
    std::string n = name;
    std::vector<std::string> m, f;
    if (alpha) {
      m = {n + "(Scalar alpha, Tensor other)|deprecated", n + "(Tensor other, *, Scalar alpha=1)"};
      f = {n + "(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
           n + "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)"};
    } else {
      m = {n + "(Tensor other)", n + "(Scalar other)"};
      f = {n + "(Tensor input, Tensor other, *, Tensor out=None)", n + "(Tensor input, Scalar other)"};
    }
    def(name, m, f, [op](Interp&, ParsedArgs& a) {
      return guarded([&] { return W(op::binary(op, a.tensor("input"), a.tensor("other"), a.scalar("alpha"))); });
    });
    std::vector<std::string> mi;
    for (auto s : m) mi.push_back(n + "_" + s.substr(n.size()));
    def((n + "_").c_str(), mi, {}, [op](Interp&, ParsedArgs& a) {
      guarded([&] { op::binary_(op, a.tensor("input"), a.tensor("other"), a.scalar("alpha")); });
      return self_obj(a);
    });
  };
  arith("add", BinaryOp::Add, true);
  arith("sub", BinaryOp::Sub, true);
  arith("subtract", BinaryOp::Sub, true);
  def("mul", {"mul(Tensor other)"}, {"mul(Tensor input, Tensor other, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::binary(BinaryOp::Mul, a.tensor("input"), a.tensor("other"))); });
      });
  def("mul_", {"mul_(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] { op::binary_(BinaryOp::Mul, a.tensor("input"), a.tensor("other")); });
    return self_obj(a);
  });
  arith("multiply", BinaryOp::Mul, false);
  arith("floor_divide", BinaryOp::FloorDivide, false);
  arith("remainder", BinaryOp::Remainder, false);
  // Tensor-only ops (no Scalar overload in PyTorch).
#define BINARY_OP(name, op, node, self_backward, other_backward, method, function) \
  def_binary(#name, BinaryOp::op, method, function);
#include "autograd/binary_ops.def"
  for (auto [name, op] : {std::pair{"logical_and", BinaryOp::LogicalAnd}, {"logical_or", BinaryOp::LogicalOr}}) {
    std::string n = name;
    BinaryOp o = op;
    def(name, {n + "(Tensor other)"}, {n + "(Tensor input, Tensor other, *, Tensor out=None)"},
        [o](Interp&, ParsedArgs& a) {
          return guarded([&] { return W(op::binary(o, a.tensor("input"), a.tensor("other"))); });
        });
  }
  arith("bitwise_and", BinaryOp::BitwiseAnd, false);
  arith("bitwise_or", BinaryOp::BitwiseOr, false);
  arith("bitwise_xor", BinaryOp::BitwiseXor, false);
  for (auto [name, op] : {std::pair{"eq", BinaryOp::Eq},
                          {"ne", BinaryOp::Ne},
                          {"lt", BinaryOp::Lt},
                          {"le", BinaryOp::Le},
                          {"gt", BinaryOp::Gt},
                          {"ge", BinaryOp::Ge}}) {
    std::string n = name;
    BinaryOp o = op;
    def(name, {n + "(Tensor other)", n + "(Scalar other)"},
        {n + "(Tensor input, Tensor other, *, Tensor out=None)",
         n + "(Tensor input, Scalar other, *, Tensor out=None)"},
        [o](Interp&, ParsedArgs& a) {
          return guarded([&] { return W(op::binary(o, a.tensor("input"), a.tensor("other"))); });
        });
  }
  auto div_body = [](bool inplace) {
    return [inplace](Interp&, ParsedArgs& a) -> ObjRef {
      using Rounding = ::stridelab::autograd::DivRounding;
      // A signature with rounding_mode, even rounding_mode=None, is div.Tensor_mode (DivBackward2).
      if (a.at("rounding_mode") < 0) {
        return guarded([&] {
          if (inplace) {
            op::binary_(BinaryOp::Div, a.tensor("input"), a.tensor("other"));
            return self_obj(a);
          }
          return W(op::binary(BinaryOp::Div, a.tensor("input"), a.tensor("other")));
        });
      }
      Rounding mode = Rounding::None;
      if (a.has("rounding_mode")) {
        std::string m = a.string("rounding_mode");
        if (m == "floor") mode = Rounding::Floor;
        else if (m == "trunc") mode = Rounding::Trunc;
        else
          raise(BT.runtime_error,
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + m + "'");
      }
      return guarded([&] {
        if (inplace) {
          op::div_(a.tensor("input"), a.tensor("other"), mode);
          return self_obj(a);
        }
        return W(op::div(a.tensor("input"), a.tensor("other"), mode));
      });
    };
  };
  // Signatures without rounding_mode first, as PyTorch lists them: `a.div(b)` is DivBackward0,
  // `a.div(b, rounding_mode=None)` DivBackward2.
  def("div",
      {"div(Tensor other)", "div(Tensor other, *, c10::string_view? rounding_mode)",
       "div(Scalar other, *, c10::string_view? rounding_mode)"},
      {"div(Tensor input, Tensor other, *, Tensor out=None)",
       "div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
       "div(Tensor input, Scalar other, *, c10::string_view? rounding_mode)"},
      div_body(false));
  def("divide",
      {"divide(Tensor other)", "divide(Tensor other, *, c10::string_view? rounding_mode)", "divide(Scalar other)",
       "divide(Scalar other, *, c10::string_view? rounding_mode)"},
      {"divide(Tensor input, Tensor other, *, Tensor out=None)",
       "divide(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
       "divide(Tensor input, Scalar other)", "divide(Tensor input, Scalar other, *, c10::string_view? rounding_mode)"},
      div_body(false));
  def("true_divide", {"true_divide(Tensor other)", "true_divide(Scalar other)"},
      {"true_divide(Tensor input, Tensor other, *, Tensor out=None)", "true_divide(Tensor input, Scalar other)"},
      div_body(false));
  def("div_",
      {"div_(Tensor other)", "div_(Tensor other, *, c10::string_view? rounding_mode)",
       "div_(Scalar other, *, c10::string_view? rounding_mode)"},
      {}, div_body(true));
  def("pow", {"pow(Tensor exponent)", "pow(Scalar exponent)"},
      {"pow(Tensor input, Tensor exponent, *, Tensor out=None)",
       "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
       "pow(Tensor input, Scalar exponent, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (a.has("self")) return W(op::pow(a.scalar("self"), a.tensor("exponent")));
          Object* e = a.obj("exponent");
          Tensor ex = is_tensor(e) ? unwrap(e) : scalar_to_tensor(a.scalar("exponent"));
          return W(op::binary(BinaryOp::Pow, a.tensor("input"), ex));
        });
      });
  def("pow_", {"pow_(Tensor exponent)", "pow_(Scalar exponent)"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] {
      Object* e = a.obj("exponent");
      Tensor ex = is_tensor(e) ? unwrap(e) : scalar_to_tensor(a.scalar("exponent"));
      op::binary_(BinaryOp::Pow, a.tensor("input"), ex);
    });
    return self_obj(a);
  });
  def("square", {"square()"}, unary_f("square"), [](Interp&, ParsedArgs& a) {
    return guarded(
        [&] { return W(op::binary(BinaryOp::Pow, a.tensor("input"), scalar_to_tensor(Scalar(int64_t{2})))); });
  });

  // ---- unary (autograd/unary_ops.def) ----
#define UNARY_OP(name, op, node, saves, backward, method, function, inplace_method, inplace_function) \
  def_unary(#name, UnaryOp::op, method, function, inplace_method, inplace_function);
#define UNARY_ALIAS(name, op, method, function) def_unary(#name, UnaryOp::op, method, function, "", "");
#define UNARY_NODIFF(name, op, method, function, inplace_method) \
  def_unary(#name, UnaryOp::op, method, function, inplace_method, "");
#include "autograd/unary_ops.def"
  // clip is clamp under another name, in both forms and in place.
  for (std::string n : {"clamp", "clip"}) {
    def(n.c_str(), {n + "(Tensor? min=None, Tensor? max=None)", n + "(Scalar? min=None, Scalar? max=None)"},
        {n + "(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
         n + "(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)"},
        [](Interp&, ParsedArgs& a) {
          return guarded([&] {
            Object* lo = a.obj("min");
            Object* hi = a.obj("max");
            if (a.idx == 0) {  // clamp(Tensor? min, Tensor? max): ClampBackward0
              return W(op::clamp(a.tensor("input"), lo ? a.tensor("min") : Tensor(), hi ? a.tensor("max") : Tensor()));
            }
            return W(op::clamp(a.tensor("input"), a.opt_scalar("min"), a.opt_scalar("max")));
          });
        });
    def((n + "_").c_str(), {n + "_(Tensor? min=None, Tensor? max=None)", n + "_(Scalar? min=None, Scalar? max=None)"},
        {}, [](Interp&, ParsedArgs& a) {
          guarded([&] {
            std::optional<Scalar> lo, hi;
            if (a.has("min")) lo = to_scalar(*a.in, a.obj("min"));
            if (a.has("max")) hi = to_scalar(*a.in, a.obj("max"));
            op::clamp_(a.tensor("input"), lo, hi);
          });
          return self_obj(a);
        });
  }
  for (std::string bound : {"min", "max"}) {
    const std::string n = "clamp_" + bound;
    const bool is_min = bound == "min";
    def(n.c_str(), {n + "(Tensor " + bound + ")", n + "(Scalar " + bound + ")"},
        {n + "(Tensor input, Tensor " + bound + ", *, Tensor out=None)",
         n + "(Tensor input, Scalar " + bound + ", *, Tensor out=None)"},
        [bound, is_min](Interp&, ParsedArgs& a) {
          return guarded([&] {
            Tensor t = a.tensor("input"), b = a.tensor(bound.c_str());
            return W(is_min ? op::clamp_min(t, b) : op::clamp_max(t, b));
          });
        });
    def((n + "_").c_str(), {n + "_(Tensor " + bound + ")", n + "_(Scalar " + bound + ")"}, {},
        [bound, is_min](Interp&, ParsedArgs& a) {
          guarded([&] {
            Tensor t = a.tensor("input"), b = a.tensor(bound.c_str());
            if (is_min) op::clamp_min_(t, b);
            else op::clamp_max_(t, b);
          });
          return self_obj(a);
        });
  }
  def("round", {"round()", "round(*, int64_t decimals)"},
      {"round(Tensor input, *, Tensor out=None)", "round(Tensor input, *, int64_t decimals, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Tensor t = a.tensor("input");
          return W(a.has("decimals") ? op::round(t, a.toInt("decimals")) : op::unary(UnaryOp::Round, t));
        });
      });
  def("round_", {"round_()", "round_(*, int64_t decimals)"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] {
      Tensor t = a.tensor("input");
      if (a.has("decimals")) op::round_(t, a.toInt("decimals"));
      else op::unary_(UnaryOp::Round, t);
    });
    return self_obj(a);
  });
  def("reciprocal", {"reciprocal()"}, unary_f("reciprocal"),
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::reciprocal(a.tensor("input"))); }); });
  def("reciprocal_", {"reciprocal_()"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] { op::reciprocal_(a.tensor("input")); });
    return self_obj(a);
  });
  auto opt_double = [](ParsedArgs& a, const char* name) {
    return a.has(name) ? std::optional<double>(a.toDouble(name)) : std::nullopt;
  };
  def("nan_to_num", {"nan_to_num(double? nan=None, double? posinf=None, double? neginf=None)"},
      {"nan_to_num(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, Tensor out=None)"},
      [opt_double](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(op::nan_to_num(a.tensor("input"), opt_double(a, "nan"), opt_double(a, "posinf"),
                                  opt_double(a, "neginf")));
        });
      });
  def("nan_to_num_", {"nan_to_num_(double? nan=None, double? posinf=None, double? neginf=None)"}, {},
      [opt_double](Interp&, ParsedArgs& a) {
        guarded([&] {
          op::nan_to_num_(a.tensor("input"), opt_double(a, "nan"), opt_double(a, "posinf"), opt_double(a, "neginf"));
        });
        return self_obj(a);
      });

  // ---- linear algebra ----
  def("matmul", {"matmul(Tensor other)"}, {"matmul(Tensor input, Tensor other, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::matmul(a.tensor("input"), a.tensor("other"))); });
      });
  def("mm", {"mm(Tensor mat2)"}, {"mm(Tensor input, Tensor mat2, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::mm(a.tensor("input"), a.tensor("mat2"))); }); });
  def("bmm", {"bmm(Tensor mat2)"}, {"bmm(Tensor input, Tensor mat2, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::bmm(a.tensor("input"), a.tensor("mat2"))); }); });
  def("mv", {"mv(Tensor vec)"}, {"mv(Tensor input, Tensor vec, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::mv(a.tensor("input"), a.tensor("vec"))); }); });
  def("dot", {"dot(Tensor tensor)"}, {"dot(Tensor input, Tensor tensor, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::dot(a.tensor("input"), a.tensor("tensor"))); });
      });

  // ---- reductions ----
  auto dims_of = [](ParsedArgs& a) { return a.opt_intlist("dim").value_or(IntArray{}); };
  auto opt_dims = [](ParsedArgs& a) { return a.opt_intlist("dim"); };
  for (const char* name : {"sum", "mean", "nansum"}) {
    std::string n = name;
    if (n == "nansum") continue;
    def(name,
        {n + "(*, ScalarType? dtype=None)", n + "(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
         n + "(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"},
        {n + "(Tensor input, *, ScalarType? dtype=None)",
         n + "(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
         n + "(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"},
        [n, opt_dims](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          return guarded([&] {
            Tensor t = a.tensor("input");
            if (n == "sum") return W(op::sum(t, opt_dims(a), a.toBool("keepdim"), a.dtype("dtype")));
            return W(op::mean(t, opt_dims(a), a.toBool("keepdim"), a.dtype("dtype")));
          });
        });
  }
  def("prod",
      {"prod(*, ScalarType? dtype=None)", "prod(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
       "prod(Dimname dim, bool keepdim=False, *, ScalarType? dtype=None)"},
      {"prod(Tensor input, *, ScalarType? dtype=None)",
       "prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
       "prod(Tensor input, Dimname dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          Tensor t = a.tensor("input");
          if (auto d = a.dtype("dtype")) t = op::to(t, *d);
          return W(op::prod(t, a.opt_int("dim"), a.toBool("keepdim")));
        });
      });
  for (const char* name : {"std", "var"}) {
    std::string n = name;
    def(name,
        {n + "(IntArrayRef[1]? dim, *, int64_t? correction, bool keepdim=False)",
         n + "(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
         n + "(DimnameList[1] dim, *, int64_t? correction, bool keepdim=False)",
         n + "(DimnameList[1] dim, bool unbiased=True, bool keepdim=False)", n + "(bool unbiased=True)"},
        {n + "(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction, bool keepdim=False, Tensor out=None)",
         n + "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
         n + "(Tensor input, bool unbiased=True)",
         n + "(Tensor input, DimnameList[1] dim, *, int64_t? correction, bool keepdim=False, Tensor out=None)",
         n + "(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)"},
        [n, dims_of](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          int64_t corr = 1;
          if (a.at("correction") >= 0) corr = a.opt_int("correction").value_or(1);
          else if (a.at("unbiased") >= 0) corr = a.toBool("unbiased") ? 1 : 0;
          return guarded([&] {
            Tensor t = a.tensor("input");
            if (n == "std") return W(op::std(t, dims_of(a), corr, a.toBool("keepdim")));
            return W(op::var(t, dims_of(a), corr, a.toBool("keepdim")));
          });
        });
  }
  // torch._VF.norm and torch._VF.frobenius_norm, which torch.norm (torch/functional.py) calls; the
  // Python-level Tensor.norm and torch.norm are py_norm below.
  def_native("_vf_norm",
             {"norm(Tensor input, Scalar p=2)", "norm(Tensor input, Scalar? p, *, ScalarType dtype)",
              "norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim, *, ScalarType dtype, Tensor out=None)",
              "norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
              "norm(Tensor input, Scalar? p, DimnameList[1] dim, bool keepdim, *, ScalarType dtype, Tensor out=None)",
              "norm(Tensor input, Scalar? p, DimnameList[1] dim, bool keepdim=False, *, Tensor out=None)"},
             [dims_of](Interp&, ParsedArgs& a) {
               check_dimname(a, "dim");
               return guarded([&] {
                 Tensor t = a.tensor("input");
                 if (auto d = a.dtype("dtype")) t = op::to(t, *d);
                 IntArray dims = a.has("dim") ? a.intlist("dim") : IntArray{};
                 return W(op::norm(t, a.opt_scalar("p").value_or(Scalar(2.0)).to_double(), dims, a.toBool("keepdim")));
               });
             });
  def_native("_vf_frobenius_norm",
             {"frobenius_norm(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 Tensor t = a.tensor("input");
                 IntArray dims = a.intlist("dim");
                 STRIDELAB_CHECK(dims.size() <= 2, "Expected at most 2 dimensions, but got ", dims.size(),
                                 " dimensions instead.");
                 return W(op::frobenius_norm(t, dims, a.toBool("keepdim")));
               });
             });
  for (const char* name : {"max", "min"}) {
    std::string n = name;
    bool is_max = n == "max";
    def(name,
        {n + "()", n + "(Tensor other)", n + "(int64_t dim, bool keepdim=False)",
         n + "(Dimname dim, bool keepdim=False)"},
        {n + "(Tensor input)", n + "(Tensor input, Tensor other, *, Tensor out=None)",
         n + "(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
         n + "(Tensor input, Dimname dim, bool keepdim=False, *, TensorList[2] out=None)"},
        [is_max](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          return guarded([&] {
            Tensor t = a.tensor("input");
            if (a.has("other"))
              return W(op::binary(is_max ? BinaryOp::Maximum : BinaryOp::Minimum, t, a.tensor("other")));
            if (a.has("dim")) {
              auto r = is_max ? op::max(t, a.toInt("dim"), a.toBool("keepdim"))
                              : op::min(t, a.toInt("dim"), a.toBool("keepdim"));
              return return_pair(is_max ? "max" : "min", r);
            }
            return W(is_max ? op::max(t) : op::min(t));
          });
        });
  }
  for (const char* name : {"argmax", "argmin"}) {
    std::string n = name;
    bool is_max = n == "argmax";
    def(name, {n + "(int64_t? dim=None, bool keepdim=False)"},
        {n + "(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)"},
        [is_max](Interp&, ParsedArgs& a) {
          return guarded([&] {
            Tensor t = a.tensor("input");
            return W(is_max ? core::argmax(t, a.opt_int("dim"), a.toBool("keepdim"))
                            : core::argmin(t, a.opt_int("dim"), a.toBool("keepdim")));
          });
        });
  }
  for (const char* name : {"all", "any"}) {
    std::string n = name;
    bool is_all = n == "all";
    def(name, {n + "()", n + "(int64_t dim, bool keepdim=False)", n + "(Dimname dim, bool keepdim=False)"},
        {n + "(Tensor input, *, Tensor out=None)",
         n + "(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
         n + "(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)"},
        [is_all](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          return guarded([&] {
            Tensor t = a.tensor("input");
            return W(is_all ? core::all(t, a.opt_int("dim"), a.toBool("keepdim"))
                            : core::any(t, a.opt_int("dim"), a.toBool("keepdim")));
          });
        });
  }
  for (const char* name : {"softmax", "log_softmax"}) {
    std::string n = name;
    bool log = n == "log_softmax";
    def(name, {n + "(int64_t dim, ScalarType? dtype=None)", n + "(Dimname dim, *, ScalarType? dtype=None)"},
        {n + "(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
         n + "(Tensor input, Dimname dim, *, ScalarType? dtype=None)"},
        [log](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          return guarded([&] {
            Tensor t = a.tensor("input");
            return W(log ? op::log_softmax(t, a.toInt("dim"), a.dtype("dtype"))
                         : op::softmax(t, a.toInt("dim"), a.dtype("dtype")));
          });
        });
  }
  for (const char* name : {"amax", "amin"}) {
    std::string n = name;
    bool is_max = n == "amax";
    def(name, {n + "(IntArrayRef[1] dim=[], bool keepdim=False)"},
        {n + "(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)"},
        [is_max](Interp&, ParsedArgs& a) {
          return guarded([&] {
            Tensor t = a.tensor("input");
            IntArray dims = a.intlist("dim");
            return W(is_max ? op::amax(t, dims, a.toBool("keepdim")) : op::amin(t, dims, a.toBool("keepdim")));
          });
        });
  }
  def("logsumexp",
      {"logsumexp(IntArrayRef[1] dim, bool keepdim=False)", "logsumexp(DimnameList[1] dim, bool keepdim=False)"},
      {"logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
       "logsumexp(Tensor input, DimnameList[1] dim, bool keepdim=False, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return W(op::logsumexp(a.tensor("input"), a.intlist("dim"), a.toBool("keepdim"))); });
      });
  for (const char* name : {"cumsum", "cumprod"}) {
    std::string n = name;
    bool sum = n == "cumsum";
    def(name, {n + "(int64_t dim, *, ScalarType? dtype=None)", n + "(Dimname dim, *, ScalarType? dtype=None)"},
        {n + "(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
         n + "(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)"},
        [sum](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          return guarded([&] {
            Tensor t = a.tensor("input");
            return W(sum ? op::cumsum(t, a.toInt("dim"), a.dtype("dtype"))
                         : op::cumprod(t, a.toInt("dim"), a.dtype("dtype")));
          });
        });
    def((n + "_").c_str(),
        {n + "_(int64_t dim, *, ScalarType? dtype=None)", n + "_(Dimname dim, *, ScalarType? dtype=None)"}, {},
        [sum](Interp&, ParsedArgs& a) {
          check_dimname(a, "dim");
          guarded([&] {
            Tensor t = a.tensor("input");
            const DType dt = a.dtype("dtype").value_or(t.dtype());
            STRIDELAB_CHECK(dt == t.dtype(), "Bad in-place call: input tensor dtype ", core::type_meta_name(t.dtype()),
                            " and output tensor dtype ", core::type_meta_name(dt), " should match");
            if (sum) op::cumsum_(t, a.toInt("dim"));
            else op::cumprod_(t, a.toInt("dim"));
          });
          return self_obj(a);
        });
  }
  def("trace", {"trace()"}, {"trace(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::trace(a.tensor("input"))); }); });
  def("isclose", {"isclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      {"isclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(core::isclose(a.tensor("input"), a.tensor("other"), a.toDouble("rtol"), a.toDouble("atol"),
                                 a.toBool("equal_nan")));
        });
      });

  // ---- sorting: (values, indices) as torch.return_types.sort / topk ----
  auto sort_sigs = [](const std::string& n, bool method, bool with_out) {
    const std::string in = method ? "" : "Tensor input, ";
    const std::string out = with_out ? ", TensorList[2] out=None" : "";
    const std::string star_out = with_out ? ", *, TensorList[2] out=None" : "";
    return std::vector<std::string>{n + "(" + in + "*, bool? stable, int64_t dim=-1, bool descending=False" + out + ")",
                                    n + "(" + in + "int64_t dim=-1, bool descending=False" + star_out + ")",
                                    n + "(" + in + "*, bool? stable, Dimname dim, bool descending=False" + out + ")",
                                    n + "(" + in + "Dimname dim, bool descending=False" + star_out + ")"};
  };
  auto run_sort = [](ParsedArgs& a) {
    check_dimname(a, "dim");
    const bool stable = a.at("stable") >= 0 && a.has("stable") && a.toBool("stable");
    return op::sort(a.tensor("input"), a.toInt("dim"), a.toBool("descending"), stable);
  };
  def("sort", sort_sigs("sort", true, false), sort_sigs("sort", false, true),
      [run_sort](Interp&, ParsedArgs& a) { return guarded([&] { return return_pair("sort", run_sort(a)); }); });
  def("argsort",
      {"argsort(*, bool stable, int64_t dim=-1, bool descending=False)",
       "argsort(int64_t dim=-1, bool descending=False)", "argsort(Dimname dim, bool descending=False)"},
      {"argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False)",
       "argsort(Tensor input, int64_t dim=-1, bool descending=False)",
       "argsort(Tensor input, Dimname dim, bool descending=False)"},
      [run_sort](Interp&, ParsedArgs& a) { return guarded([&] { return W(run_sort(a).second); }); });
  def("topk", {"topk(int64_t k, int64_t dim=-1, bool largest=True, bool sorted=True)"},
      {"topk(Tensor input, int64_t k, int64_t dim=-1, bool largest=True, bool sorted=True, *, TensorList[2] out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          auto r = op::topk(a.tensor("input"), a.toInt("k"), a.toInt("dim"), a.toBool("largest"), a.toBool("sorted"));
          return return_pair("topk", r);
        });
      });

  def("allclose", {"allclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      {"allclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return ObjRef(bool_obj(core::allclose(a.tensor("input"), a.tensor("other"), a.toDouble("rtol"),
                                                a.toDouble("atol"), a.toBool("equal_nan"))));
        });
      });
  def("can_cast", {}, {"can_cast(ScalarType from, ScalarType to)"},
      [](Interp&, ParsedArgs& a) { return ObjRef(bool_obj(can_cast(*a.dtype("from"), *a.dtype("to")))); });
  def("equal", {"equal(Tensor other)"}, {"equal(Tensor input, Tensor other)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return ObjRef(bool_obj(core::equal(a.tensor("input"), a.tensor("other")))); });
  });

  // ---- views ----
  def("view", {"view(ScalarType dtype)", "view(SymIntArrayRef size)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] {
      Tensor t = a.tensor("input");
      if (a.has("dtype")) return W(core::view_dtype(t, *a.dtype("dtype")));  // no history, as in PyTorch 1.13
      return W(op::view(t, a.intlist("size")));
    });
  });
  def("view_as", {"view_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::view(a.tensor("input"), a.tensor("other").sizes())); });
  });
  def("reshape", {"reshape(SymIntArrayRef shape)"}, {"reshape(Tensor input, SymIntArrayRef shape)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::reshape(a.tensor("input"), a.intlist("shape"))); });
      });
  def("reshape_as", {"reshape_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::reshape(a.tensor("input"), a.tensor("other").sizes())); });
  });
  auto transpose_body = [](Interp&, ParsedArgs& a) {
    check_dimname(a, "dim0");
    return guarded([&] { return W(op::transpose(a.tensor("input"), a.toInt("dim0"), a.toInt("dim1"))); });
  };
  def("transpose", {"transpose(int64_t dim0, int64_t dim1)", "transpose(Dimname dim0, Dimname dim1)"},
      {"transpose(Tensor input, int64_t dim0, int64_t dim1)", "transpose(Tensor input, Dimname dim0, Dimname dim1)"},
      transpose_body);
  def("swapaxes", {"swapaxes(int64_t axis0, int64_t axis1)"}, {"swapaxes(Tensor input, int64_t axis0, int64_t axis1)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::transpose(a.tensor("input"), a.toInt("axis0"), a.toInt("axis1"))); });
      });
  def("permute", {"permute(IntArrayRef dims)"}, {"permute(Tensor input, IntArrayRef dims)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::permute(a.tensor("input"), a.intlist("dims"))); });
      });
  def("t", {"t()"}, {"t(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::t(a.tensor("input"))); }); });
  def("flatten", {"flatten(int64_t start_dim=0, int64_t end_dim=-1)"},
      {"flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)"}, [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::flatten(a.tensor("input"), a.toInt("start_dim"), a.toInt("end_dim"))); });
      });
  def("ravel", {"ravel()"}, {"ravel(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::ravel(a.tensor("input"))); }); });
  // Tensor.unflatten is Python (py_unflatten below) calling this method; torch.unflatten is native.
  def("unflatten",
      {"unflatten(Dimname dim, IntArrayRef sizes, DimnameList names)",
       "unflatten(int64_t dim, IntArrayRef sizes, DimnameList? names=None)"},
      {"unflatten(Tensor input, Dimname dim, IntArrayRef sizes, DimnameList names)",
       "unflatten(Tensor input, int64_t dim, IntArrayRef sizes)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return W(op::unflatten(a.tensor("input"), a.toInt("dim"), a.intlist("sizes"))); });
      });
  def("squeeze", {"squeeze()", "squeeze(int64_t dim)", "squeeze(Dimname dim)"},
      {"squeeze(Tensor input)", "squeeze(Tensor input, int64_t dim)", "squeeze(Tensor input, Dimname dim)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          if (a.has("dim")) return W(op::squeeze(a.tensor("input"), a.toInt("dim")));
          return W(op::squeeze(a.tensor("input")));
        });
      });
  def("unsqueeze", {"unsqueeze(int64_t dim)"}, {"unsqueeze(Tensor input, int64_t dim)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::unsqueeze(a.tensor("input"), a.toInt("dim"))); });
  });
  def("expand", {"expand(SymIntArrayRef size, *, bool implicit=False)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::expand(a.tensor("input"), a.intlist("size"))); });
  });
  def("expand_as", {"expand_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::expand(a.tensor("input"), a.tensor("other").sizes())); });
  });
  def("narrow",
      {"narrow(int64_t dim, Tensor start, int64_t length)", "narrow(int64_t dim, int64_t start, int64_t length)"},
      {"narrow(Tensor input, int64_t dim, Tensor start, int64_t length)",
       "narrow(Tensor input, int64_t dim, int64_t start, int64_t length)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* s = a.obj("start");
          int64_t start = is_tensor(s) ? core::item(unwrap(s)).to_int() : a.toInt("start");
          return W(op::narrow(a.tensor("input"), a.toInt("dim"), start, a.toInt("length")));
        });
      });
  def("select", {"select(Dimname dim, int64_t index)", "select(int64_t dim, int64_t index)"},
      {"select(Tensor input, Dimname dim, int64_t index)", "select(Tensor input, int64_t dim, int64_t index)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return W(op::select(a.tensor("input"), a.toInt("dim"), a.toInt("index"))); });
      });
  def("unbind", {"unbind(int64_t dim=0)", "unbind(Dimname dim)"},
      {"unbind(Tensor input, int64_t dim=0)", "unbind(Tensor input, Dimname dim)"}, [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap_list(op::unbind(a.tensor("input"), a.toInt("dim"))); });
      });
  // torch._VF.split and torch._VF.split_with_sizes, which Tensor.split (torch/_tensor.py) calls;
  // the Python-level Tensor.split and torch.split are py_split below.
  def_native("_vf_split",
             {"split(Tensor input, int64_t split_size, int64_t dim=0)",
              "split(Tensor input, IntArrayRef split_size, int64_t dim=0)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 if (a.idx == 0) return wrap_list(op::split(a.tensor("input"), a.toInt("split_size"), a.toInt("dim")));
                 return wrap_list(op::split_with_sizes(a.tensor("input"), a.intlist("split_size"), a.toInt("dim")));
               });
             });
  def_native("_vf_split_with_sizes", {"split_with_sizes(Tensor input, IntArrayRef split_sizes, int64_t dim=0)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 return wrap_list(op::split_with_sizes(a.tensor("input"), a.intlist("split_sizes"), a.toInt("dim")));
               });
             });
  def("chunk", {"chunk(int64_t chunks, int64_t dim=0)"}, {"chunk(Tensor input, int64_t chunks, int64_t dim=0)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap_list(op::chunk(a.tensor("input"), a.toInt("chunks"), a.toInt("dim"))); });
      });
  def("diagonal", {"diagonal(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"},
      {"diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"}, [](Interp&, ParsedArgs& a) {
        return guarded(
            [&] { return W(op::diagonal(a.tensor("input"), a.toInt("offset"), a.toInt("dim1"), a.toInt("dim2"))); });
      });
  def("movedim",
      {"movedim(int64_t source, int64_t destination)", "movedim(IntArrayRef source, IntArrayRef destination)"},
      {"movedim(Tensor input, int64_t source, int64_t destination)",
       "movedim(Tensor input, IntArrayRef source, IntArrayRef destination)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* s = a.obj("source");
          if (is_instance(s, BT.int_))
            return W(op::movedim(a.tensor("input"), {a.toInt("source")}, {a.toInt("destination")}));
          return W(op::movedim(a.tensor("input"), a.intlist("source"), a.intlist("destination")));
        });
      });
  def("moveaxis",
      {"moveaxis(int64_t source, int64_t destination)", "moveaxis(IntArrayRef source, IntArrayRef destination)"},
      {"moveaxis(Tensor input, int64_t source, int64_t destination)",
       "moveaxis(Tensor input, IntArrayRef source, IntArrayRef destination)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (is_instance(a.obj("source"), BT.int_))
            return W(op::movedim(a.tensor("input"), {a.toInt("source")}, {a.toInt("destination")}));
          return W(op::movedim(a.tensor("input"), a.intlist("source"), a.intlist("destination")));
        });
      });
  def("unfold", {"unfold(int64_t dimension, int64_t size, int64_t step)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded(
        [&] { return W(op::unfold(a.tensor("input"), a.toInt("dimension"), a.toInt("size"), a.toInt("step"))); });
  });
  def("as_strided", {"as_strided(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"},
      {"as_strided(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(
              op::as_strided(a.tensor("input"), a.intlist("size"), a.intlist("stride"), a.opt_int("storage_offset")));
        });
      });
  def("detach", {"detach()"}, {"detach(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::detach(a.tensor("input"))); }); });
  def("clone", {"clone(*, MemoryFormat? memory_format=None)"},
      {"clone(Tensor input, *, MemoryFormat? memory_format=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::clone(a.tensor("input"))); }); });
  def("contiguous", {"contiguous(*, MemoryFormat memory_format=contiguous_format)"}, {},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::contiguous(a.tensor("input"))); }); });

  // ---- copies / indexing ----
  def("index_select", {"index_select(int64_t dim, Tensor index)", "index_select(Dimname dim, Tensor index)"},
      {"index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",
       "index_select(Tensor input, Dimname dim, Tensor index, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return W(op::index_select(a.tensor("input"), a.toInt("dim"), a.tensor("index"))); });
      });
  def("gather",
      {"gather(int64_t dim, Tensor index, *, bool sparse_grad=False)",
       "gather(Dimname dim, Tensor index, *, bool sparse_grad=False)"},
      {"gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
       "gather(Tensor input, Dimname dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return W(op::gather(a.tensor("input"), a.toInt("dim"), a.tensor("index"))); });
      });
  def("masked_select", {"masked_select(Tensor mask)"}, {"masked_select(Tensor input, Tensor mask, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::masked_select(a.tensor("input"), a.tensor("mask"))); });
      });
  def("masked_fill", {"masked_fill(Tensor mask, Tensor value)", "masked_fill(Tensor mask, Scalar value)"},
      {"masked_fill(Tensor input, Tensor mask, Tensor value)", "masked_fill(Tensor input, Tensor mask, Scalar value)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v)) return W(op::masked_fill(a.tensor("input"), a.tensor("mask"), unwrap(v)));
          return W(op::masked_fill(a.tensor("input"), a.tensor("mask"), a.scalar("value")));
        });
      });
  def("masked_fill_", {"masked_fill_(Tensor mask, Tensor value)", "masked_fill_(Tensor mask, Scalar value)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v)) op::masked_fill_(a.tensor("input"), a.tensor("mask"), unwrap(v));
          else op::masked_fill_(a.tensor("input"), a.tensor("mask"), a.scalar("value"));
        });
        return self_obj(a);
      });
  def("index_put_", {"index_put_(c10::List<c10::optional<Tensor>> indices, Tensor values, bool accumulate=False)"},
      {"index_put_(Tensor input, c10::List<c10::optional<Tensor>> indices, Tensor values, bool accumulate=False)"},
      [](Interp&, ParsedArgs& a) {
        guarded([&] {
          std::vector<core::TensorIndex> idx;
          for (auto& t : a.tensorlist("indices")) idx.push_back(core::TensorIndex::make_tensor(t));
          op::index_put_(a.tensor("input"), idx, a.tensor("values"), a.toBool("accumulate"));
        });
        return ObjRef(a.obj(0));
      });
  def("repeat", {"repeat(SymIntArrayRef repeats)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::repeat(a.tensor("input"), a.intlist("repeats"))); });
  });
  def("flip", {"flip(IntArrayRef dims)"}, {"flip(Tensor input, IntArrayRef dims)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::flip(a.tensor("input"), a.intlist("dims"))); });
  });
  for (const char* name : {"cat", "concat"}) {
    std::string n = name;
    def(name, {},
        {n + "(TensorList tensors, int64_t dim=0, *, Tensor out=None)",
         n + "(TensorList tensors, Dimname dim, *, Tensor out=None)"},
        [](Interp&, ParsedArgs& a) {
          std::vector<Tensor> ts = a.tensorlist("tensors");
          if (a.types[a.at("dim")] == 18 /* P_DIMNAME */ && a.has("dim")) {
            if (ts.empty()) raise(BT.runtime_error, "expected a non-empty list of Tensors");
            dimname_error(ts[0], a.obj("dim"));
          }
          return guarded([&] { return W(op::cat(ts, a.toInt("dim"))); });
        });
  }
  def("stack", {}, {"stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::stack(a.tensorlist("tensors"), a.toInt("dim"))); });
  });
  // hstack: cat along dim 1 (dim 0 for 1-D inputs) after atleast_1d; vstack: cat along dim 0
  // after atleast_2d (a 1-D input becomes one row).
  for (std::string n : {"hstack", "vstack"}) {
    const bool h = n == "hstack";
    def(n.c_str(), {}, {n + "(TensorList tensors, *, Tensor out=None)"}, [n, h](Interp&, ParsedArgs& a) {
      std::vector<Tensor> ts = a.tensorlist("tensors");
      return guarded([&] {
        STRIDELAB_CHECK(!ts.empty(), n, " expects a non-empty TensorList");
        for (Tensor& t : ts) {
          if (t.dim() == 0) t = op::reshape(t, h ? IntArray{1} : IntArray{1, 1});
          else if (!h && t.dim() == 1) t = op::unsqueeze(t, 0);
        }
        return W(op::cat(ts, h && ts[0].dim() == 1 ? 0 : (h ? 1 : 0)));
      });
    });
  }
  def("outer", {"outer(Tensor vec2)"}, {"outer(Tensor input, Tensor vec2, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Tensor self = a.tensor("input"), vec2 = a.tensor("vec2");
          STRIDELAB_CHECK(self.dim() == 1, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
          STRIDELAB_CHECK(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
          // PyTorch's composite: self as a column times vec2 (MulBackward0).
          return W(op::binary(BinaryOp::Mul, op::reshape(self, {self.size(0), 1}), vec2));
        });
      });
  for (auto [name, lower] : {std::pair{"tril", true}, {"triu", false}}) {
    std::string n = name;
    bool lo = lower;
    def(name, {n + "(int64_t diagonal=0)"}, {n + "(Tensor input, int64_t diagonal=0, *, Tensor out=None)"},
        [lo](Interp&, ParsedArgs& a) {
          return guarded([&] {
            return W(lo ? op::tril(a.tensor("input"), a.toInt("diagonal"))
                        : op::triu(a.tensor("input"), a.toInt("diagonal")));
          });
        });
    def((n + "_").c_str(), {n + "_(int64_t diagonal=0)"}, {}, [lo](Interp&, ParsedArgs& a) {
      guarded([&] {
        if (lo) op::tril_(a.tensor("input"), a.toInt("diagonal"));
        else op::triu_(a.tensor("input"), a.toInt("diagonal"));
      });
      return self_obj(a);
    });
  }
  def("diag", {"diag(int64_t diagonal=0)"}, {"diag(Tensor input, int64_t diagonal=0, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return W(op::diag(a.tensor("input"), a.toInt("diagonal"))); });
      });
  def("where", {"where(Tensor condition, Tensor other)"},
      {"where(Tensor condition)", "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
       "where(Tensor condition, Scalar self, Tensor other)", "where(Tensor condition, Tensor input, Scalar other)",
       "where(Tensor condition, Scalar self, Scalar other)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (!a.has("other")) return nonzero(a.tensor("condition"), true);
          Tensor x = a.has("self") ? scalar_to_tensor(a.scalar("self")) : a.tensor("input");
          return W(op::where(a.tensor("condition"), x, a.tensor("other")));
        });
      });

  def("nonzero", {"nonzero()|hidden", "nonzero(*, bool as_tuple)"},
      {"nonzero(Tensor input, *, Tensor out=None)|hidden", "nonzero(Tensor input, *, bool as_tuple)"},
      [](Interp&, ParsedArgs& a) { return nonzero(a.tensor("input"), a.has("as_tuple") && a.toBool("as_tuple")); });

  // ---- in place ----
  def("zero_", {"zero_()"}, {"zero_(Tensor input)"}, [](Interp&, ParsedArgs& a) {
    guarded([&] { op::zero_(a.tensor("input")); });
    return self_obj(a);
  });
  def("fill_", {"fill_(Tensor value)", "fill_(Scalar value)"},
      {"fill_(Tensor input, Tensor value)", "fill_(Tensor input, Scalar value)"}, [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v) && unwrap(v).dim() != 0)
            raise(BT.runtime_error, "fill_ only supports 0-dimension value tensor but got tensor with " +
                                        std::to_string(unwrap(v).dim()) + " dimensions.");
          if (is_tensor(v)) op::fill_(a.tensor("input"), unwrap(v));
          else op::fill_(a.tensor("input"), to_scalar(*a.in, v));
        });
        return self_obj(a);
      });
  def("copy_", {"copy_(Tensor other, bool non_blocking=False)", "copy_(Tensor other, bool async=False)|deprecated"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] { op::copy_(a.tensor("input"), a.tensor("other")); });
        return self_obj(a);
      });
  def("normal_", {"normal_(double mean=0, double std=1, *, Generator? generator=None)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] { op::normal_(a.tensor("input"), a.toDouble("mean"), a.toDouble("std")); });
        return self_obj(a);
      });
  def("uniform_", {"uniform_(double from=0, double to=1, *, Generator? generator=None)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] { op::uniform_(a.tensor("input"), a.toDouble("from"), a.toDouble("to")); });
        return self_obj(a);
      });

  // ---- conversions ----
  auto conv = [](const char* name, DType d) {
    def(name, {std::string(name) + "(*, MemoryFormat? memory_format=None)"}, {},
        [d](Interp&, ParsedArgs& a) { return guarded([&] { return W(op::to(a.tensor("input"), d)); }); });
  };
  conv("float", DType::Float32);
  conv("double", DType::Float64);
  conv("long", DType::Int64);
  conv("int", DType::Int32);
  conv("bool", DType::Bool);
  def("cpu", {"cpu(*, MemoryFormat? memory_format=None)"}, {}, [](Interp&, ParsedArgs& a) { return self_obj(a); });
  def("to",
      {"to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
       "memory_format=None)",
       "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
       "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)"},
      {}, [](Interp&, ParsedArgs& a) {
        if (Object* dev = a.obj("device")) {
          bool cpu = dev->type() == types().device;
          if (is_str(dev)) {
            const std::string& s = as<StrObject>(dev)->value_;
            if (s.rfind("cuda", 0) == 0)
              raise_from({&frames::cuda_lazy_init}, BT.assertion_error, "Torch not compiled with CUDA enabled");
            if (s != "cpu" && s != "cpu:0")
              raise(BT.runtime_error,
                    "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, "
                    "lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: " +
                        s);
            cpu = true;
          }
          if (!cpu) raise_from({&frames::cuda_lazy_init}, BT.assertion_error, "Torch not compiled with CUDA enabled");
        }
        return guarded([&] {
          Tensor t = a.tensor("input");
          std::optional<DType> d = a.dtype("dtype");
          if (a.has("tensor")) d = a.tensor("tensor").dtype();
          return W(op::to(t, d.value_or(t.dtype()), a.toBool("copy")));
        });
      });
  def("type",
      {"type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
       "type(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated"},
      {}, [](Interp&, ParsedArgs& a) -> ObjRef {
        Tensor t = a.tensor("input");
        Object* d = a.obj("dtype");
        if (!d) return make_str(core::legacy_type_name(t.dtype()));
        // A dtype, or a type's name as a string ("torch.DoubleTensor"); a Python type is looked up
        // by its name, so only the tensor classes name a type.
        std::optional<DType> dt;
        if (d->type() == types().dtype) dt = dtype_of_object(d);
        else if (!is_str(d) && d->type() != BT.type) raise(BT.type_error, "dtype must be a type, str, or dtype object");
        if (!dt) {
          std::string s = is_str(d) ? as<StrObject>(d)->value_ : as<TypeObject>(d)->name_;
          if (d == types().tensor) s = "torch.FloatTensor";
          for (int i = 0; i < core::kNumDTypes; ++i)
            if (s == core::legacy_type_name(static_cast<DType>(i))) dt = static_cast<DType>(i);
          if (!dt && s.rfind("torch.cuda.", 0) == 0)
            raise(BT.runtime_error,
                  "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared "
                  "libraries: a CPU library and a CUDA library; this error has occurred because you are trying to use "
                  "some CUDA functionality, but the CUDA library has not been loaded by the dynamic linker for some "
                  "reason.  The CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA "
                  "library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; many dynamic "
                  "linkers will delete dynamic library dependencies if you don't depend on any of their symbols.  You "
                  "can check if this has occurred by using ldd on your binary to see if there is a dependency on "
                  "*_cuda.so library.");
          if (!dt) raise(BT.value_error, "invalid type: '" + s + "'");
        }
        return guarded([&] { return W(op::to(t, *dt)); });
      });
  def("type_as", {"type_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return W(op::to(a.tensor("input"), a.tensor("other").dtype())); });
  });
  def("item", {"item()"}, {}, [](Interp&, ParsedArgs& a) {
    Tensor t = a.tensor("input");
    if (t.numel() != 1) raise(BT.value_error, "only one element tensors can be converted to Python scalars");
    return guarded([&] { return scalar_to_py(core::item(t)); });
  });
  def("tolist", {"tolist()"}, {}, [](Interp&, ParsedArgs& a) { return tolist(a.tensor("input")); });

  // ---- metadata ----
  def("size", {"size(int64_t dim)", "size()", "size(Dimname dim)"}, {}, [](Interp&, ParsedArgs& a) {
    check_dimname(a, "dim");
    Tensor t = a.tensor("input");
    if (a.has("dim")) return make_int(guarded([&] { return t.size(core::wrap_dim(a.toInt("dim"), t.dim())); }));
    return make_size(t.sizes());
  });
  def("stride", {"stride(int64_t dim)", "stride()", "stride(Dimname dim)"}, {}, [](Interp&, ParsedArgs& a) -> ObjRef {
    check_dimname(a, "dim");
    Tensor t = a.tensor("input");
    if (a.has("dim")) return make_int(guarded([&] { return t.stride(core::wrap_dim(a.toInt("dim"), t.dim())); }));
    std::vector<ObjRef> items;
    for (int64_t s : t.strides()) items.push_back(make_int(s));
    return make_tuple(std::move(items));
  });
  def("dim", {"dim()"}, {}, [](Interp&, ParsedArgs& a) { return make_int(a.tensor("input").dim()); });
  def("ndimension", {"ndimension()"}, {}, [](Interp&, ParsedArgs& a) { return make_int(a.tensor("input").dim()); });
  def("numel", {"numel()"}, {"numel(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return make_int(a.tensor("input").numel()); });
  def("nelement", {"nelement()"}, {}, [](Interp&, ParsedArgs& a) { return make_int(a.tensor("input").numel()); });
  def("storage_offset", {"storage_offset()"}, {},
      [](Interp&, ParsedArgs& a) { return make_int(a.tensor("input").storage_offset()); });
  def("data_ptr", {"data_ptr()"}, {},
      [](Interp&, ParsedArgs& a) { return make_int(static_cast<int64_t>(a.tensor("input").data_ptr())); });
  def("element_size", {"element_size()"}, {},
      [](Interp&, ParsedArgs& a) { return make_int(static_cast<int64_t>(a.tensor("input").element_size())); });
  def("is_contiguous", {"is_contiguous(*, MemoryFormat memory_format=contiguous_format)"}, {},
      [](Interp&, ParsedArgs& a) { return ObjRef(bool_obj(a.tensor("input").is_contiguous())); });
  def("is_floating_point", {"is_floating_point()"}, {"is_floating_point(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return ObjRef(bool_obj(core::is_floating(a.tensor("input").dtype()))); });

  // ---- factories ----
  auto size_factory = [](const char* name, std::function<Tensor(ParsedArgs&, const IntArray&, DType)> make) {
    std::string n = name;
    def(name, {},
        {n + "(IntArrayRef size, *, DimnameList? names, " + kFactory,
         n + "(SymIntArrayRef size, *, Tensor out=None, " + kFactory},
        [make](Interp&, ParsedArgs& a) {
          return guarded([&] {
            IntArray sizes = a.intlist("size");
            return W(finish_factory(a, make(a, sizes, a.dtype("dtype").value_or(core::kDefaultFloat))));
          });
        });
  };
  size_factory("zeros", [](ParsedArgs&, const IntArray& s, DType d) { return core::zeros(s, d); });
  size_factory("ones", [](ParsedArgs&, const IntArray& s, DType d) { return core::ones(s, d); });
  def("empty", {},
      {"empty(IntArrayRef size, *, DimnameList? names, MemoryFormat? memory_format=None, " + kFactory,
       "empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(finish_factory(a, core::zeros(a.intlist("size"), a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
  def("full", {},
      {"full(IntArrayRef size, Scalar fill_value, *, DimnameList? names, " + kFactory,
       "full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Scalar v = a.scalar("fill_value");
          DType d = a.dtype("dtype").value_or(v.is_float() ? core::kDefaultFloat : v.dtype());
          return W(finish_factory(a, core::full(a.intlist("size"), v, d)));
        });
      });
  for (const char* name : {"rand", "randn"}) {
    std::string n = name;
    bool normal = n == "randn";
    def(name, {},
        {n + "(IntArrayRef size, *, Generator? generator, DimnameList? names, " + kFactory,
         n + "(IntArrayRef size, *, Generator? generator, Tensor out=None, " + kFactory,
         n + "(IntArrayRef size, *, Tensor out=None, " + kFactory,
         n + "(IntArrayRef size, *, DimnameList? names, " + kFactory},
        [normal](Interp&, ParsedArgs& a) {
          return guarded([&] {
            IntArray s = a.intlist("size");
            DType d = a.dtype("dtype").value_or(core::kDefaultFloat);
            return W(finish_factory(a, normal ? core::randn(s, d) : core::rand(s, d)));
          });
        });
  }
  def("randint", {},
      {"randint(int64_t high, IntArrayRef size, *, Generator? generator, Tensor out=None, " + kFactory,
       "randint(int64_t high, IntArrayRef size, *, Tensor out=None, " + kFactory,
       "randint(int64_t low, int64_t high, IntArrayRef size, *, Generator? generator, Tensor out=None, " + kFactory,
       "randint(int64_t low, int64_t high, IntArrayRef size, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          int64_t low = a.has("low") ? a.toInt("low") : 0;
          return W(finish_factory(
              a, core::randint(low, a.toInt("high"), a.intlist("size"), a.dtype("dtype").value_or(DType::Int64))));
        });
      });
  def("randperm", {},
      {"randperm(int64_t n, *, Generator? generator, Tensor out=None, " + kFactory,
       "randperm(int64_t n, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(finish_factory(a, core::randperm(a.toInt("n"), a.dtype("dtype").value_or(DType::Int64))));
        });
      });
  def("normal", {},
      {"normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
       "normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
       "normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
       "normal(double mean, double std, IntArrayRef size, *, Generator? generator=None, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (a.has("size"))
            return W(finish_factory(a, core::normal(a.toDouble("mean"), a.toDouble("std"), a.intlist("size"),
                                                    a.dtype("dtype").value_or(core::kDefaultFloat))));
          // Tensor means/stds: mean + std * N(0, 1), drawn in the broadcast shape.
          Object* m = a.obj("mean");
          Object* s = a.obj("std");
          Tensor mean = is_tensor(m) ? unwrap(m) : scalar_to_tensor(Scalar(a.toDouble("mean")));
          Tensor sd = is_tensor(s) ? unwrap(s) : scalar_to_tensor(Scalar(a.toDouble("std")));
          IntArray shape = core::broadcast_shapes(mean.sizes(), sd.sizes());
          DType d = is_tensor(m) ? mean.dtype() : sd.dtype();
          Tensor out = core::empty(shape, d);
          core::normal_(out, 0.0, 1.0);
          return W(core::binary(BinaryOp::Add, mean, core::binary(BinaryOp::Mul, out, sd)));
        });
      });
  def("arange", {},
      {"arange(Scalar end, *, Tensor out=None, " + kFactory, "arange(Scalar start, Scalar end, *, " + kFactory,
       "arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Scalar start = a.has("start") ? a.scalar("start") : Scalar(int64_t{0});
          Scalar step = a.at("step") >= 0 ? a.scalar("step") : Scalar(int64_t{1});
          return W(finish_factory(a, core::arange(start, a.scalar("end"), step, a.dtype("dtype"))));
        });
      });
  def("linspace", {}, {"linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return W(finish_factory(a, core::linspace(a.toDouble("start"), a.toDouble("end"), a.toInt("steps"),
                                                    a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
  def("eye", {},
      {"eye(int64_t n, *, Tensor out=None, " + kFactory, "eye(int64_t n, int64_t m, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          int64_t n = a.toInt("n");
          int64_t m = a.has("m") ? a.toInt("m") : n;
          return W(finish_factory(a, core::eye(n, m, a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
  def("tensor", {},
      {"tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool pin_memory=False, bool "
       "requires_grad=False, DimnameList? names=None)"},
      [](Interp& in, ParsedArgs& a) {
        Tensor t = tensor_from_data(in, a.obj("data"), a.dtype("dtype"), "tensor");
        return W(guarded([&] { return finish_factory(a, t); }));
      });
  auto like = [](const char* name, std::function<Tensor(ParsedArgs&, const Tensor&, DType)> make,
                 const std::string& extra = "") {
    std::string n = name;
    def(name, {}, {n + "(Tensor input, " + extra + kLike}, [make](Interp&, ParsedArgs& a) {
      return guarded([&] {
        Tensor t = a.tensor("input");
        return W(finish_factory(a, make(a, t, a.dtype("dtype").value_or(t.dtype()))));
      });
    });
  };
  like("zeros_like", [](ParsedArgs&, const Tensor& t, DType d) {
    Tensor r = core::empty_like(t, d);
    core::fill_(r, Scalar(int64_t{0}));
    return r;
  });
  like("ones_like", [](ParsedArgs&, const Tensor& t, DType d) {
    Tensor r = core::empty_like(t, d);
    core::fill_(r, Scalar(int64_t{1}));
    return r;
  });
  like("empty_like", [](ParsedArgs&, const Tensor& t, DType d) {
    Tensor r = core::empty_like(t, d);
    core::fill_(r, Scalar(int64_t{0}));
    return r;
  });
  like(
      "full_like",
      [](ParsedArgs& a, const Tensor& t, DType d) {
        Tensor r = core::empty_like(t, d);
        core::fill_(r, a.scalar("fill_value"));
        return r;
      },
      "Scalar fill_value, ");
  like("rand_like", [](ParsedArgs&, const Tensor& t, DType d) { return core::rand_like(t, d); });
  like("randn_like", [](ParsedArgs&, const Tensor& t, DType d) { return core::randn_like(t, d); });
  def("randint_like", {},
      {"randint_like(Tensor input, int64_t high, " + kLike,
       "randint_like(Tensor input, int64_t low, int64_t high, " + kLike},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Tensor t = a.tensor("input");
          int64_t low = a.has("low") ? a.toInt("low") : 0;
          return W(finish_factory(a, core::randint_like(t, low, a.toInt("high"), a.dtype("dtype"))));
        });
      });
  auto newf = [](const char* name, std::function<Tensor(ParsedArgs&, const IntArray&, DType)> make,
                 const std::string& extra = "") {
    std::string n = name;
    def(name, {n + "(SymIntArrayRef size, " + extra + "*, " + kFactory}, {}, [make](Interp&, ParsedArgs& a) {
      return guarded([&] {
        Tensor t = a.tensor("input");
        return W(finish_factory(a, make(a, a.intlist("size"), a.dtype("dtype").value_or(t.dtype()))));
      });
    });
  };
  newf("new_zeros", [](ParsedArgs&, const IntArray& s, DType d) { return core::zeros(s, d); });
  newf("new_ones", [](ParsedArgs&, const IntArray& s, DType d) { return core::ones(s, d); });
  newf("new_empty", [](ParsedArgs&, const IntArray& s, DType d) { return core::zeros(s, d); });
  newf(
      "new_full", [](ParsedArgs& a, const IntArray& s, DType d) { return core::full(s, a.scalar("fill_value"), d); },
      "Scalar fill_value, ");
  def("new_tensor",
      {"new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool requires_grad=False)"}, {},
      [](Interp& in, ParsedArgs& a) {
        Tensor self = a.tensor("input");
        Tensor t = tensor_from_data(in, a.obj("data"), a.dtype("dtype").value_or(self.dtype()), "new_tensor");
        return W(guarded([&] { return finish_factory(a, t); }));
      });
}

// torch.return_types.max(values=..., indices=...)
ObjRef return_pair(const char* type_name, const std::pair<Tensor, Tensor>& r) {
  static std::map<std::string, TypeObject*> made;
  TypeObject*& t = made[type_name];
  if (!t) {
    std::string tn = type_name;
    NativeType nt(tn, "torch.return_types", BT.tuple);
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
    raise(BT.type_error, qualname + "() takes " + takes + " positional argument" +
                             (total == 1 && required == total ? "" : "s") + " but " + std::to_string(given) +
                             (given == 1 ? " was" : " were") + " given");
  }
  std::vector<Object*> values(total, nullptr);
  for (size_t i = 0; i < given; ++i) values[i] = args.pos[i].get();
  for (auto& [k, v] : args.kw) {
    size_t i = 0;
    while (i < total && k != params[i].name) ++i;
    if (i == total) raise(BT.type_error, qualname + "() got an unexpected keyword argument '" + k + "'");
    if (values[i]) raise(BT.type_error, qualname + "() got multiple values for argument '" + k + "'");
    values[i] = v.get();
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < total; ++i)
    if (!values[i] && !params[i].has_default) missing.push_back(params[i].name);
  if (!missing.empty())
    raise(BT.type_error, qualname + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                             (missing.size() == 1 ? "" : "s") + ": " + quoted_names(missing));
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
    size = call(in, BT.int_, as_int);
  }
  bool equal_chunks = is_instance(size.get(), BT.int_);
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
    raise_from(fr, BT.attribute_error, "'" + type_name(input) + "' object has no attribute 'dim'");
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
  ObjRef d = no_dim ? ObjRef(none()) : is_instance(dim, BT.int_) ? make_list({ObjRef(dim)}) : ObjRef(dim);
  if (p_str) {
    if (ps == "fro") {
      if (!no_dtype) {
        fr.push_back(&frames::functional_norm_fro_dtype);
        raise_from(fr, BT.value_error, "dtype argument is not supported in frobenius norm");
      }
      if (no_dim) d = all_dims();
      std::vector<std::pair<std::string, ObjRef>> kw{{"keepdim", kd}};
      if (!no_out) kw.push_back({"out", ObjRef(out)});
      return run(no_out ? frames::functional_norm : frames::functional_norm_out, "_vf_frobenius_norm",
                 {ObjRef(input), d}, kw);
    }
    if (ps == "nuc") raise(BT.not_implemented_error, "stridelab does not compute the nuclear norm (p='nuc')");
    fr.push_back(&frames::functional_norm_bad_p);
    raise_from(fr, BT.runtime_error, "only valid string values are 'fro' and 'nuc', found " + ps);
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
      raise_from({&frames::tensor_unflatten_empty}, BT.runtime_error, "unflatten: sizes must be non-empty");
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
      raise_from({&frames::functional_split_attr}, BT.attribute_error,
                 "'" + type_name(v[0]) + "' object has no attribute 'split'");
    return py_split(in, v[0], v[1], v[2], {&frames::functional_split});
  });
  module_add_function(torch, "norm", [](Interp& in, CallArgs& args) -> ObjRef {
    auto v =
        bind_def("norm", args,
                 {{"input", false}, {"p", true}, {"dim", true}, {"keepdim", true}, {"out", true}, {"dtype", true}});
    return py_norm(in, v[0], v[1], v[2], v[3], v[4], v[5], {});
  });
}

}  // namespace

void add_tensor_methods(NativeType& tt) {
  define_ops();
  for (auto& d : defs()) {
    if (d.method_sigs.empty()) continue;
    auto parser = std::make_shared<Parser>(d.method_sigs);
    Body body = d.body;
    // Tensor.unflatten is Python calling super().unflatten: the native method gets another name.
    tt.method(d.name == "unflatten" ? "_native_unflatten" : d.name,
              [parser, body](Interp& in, CallArgs& args) -> ObjRef {
                ParsedArgs a = parser->parse(in, args, true);
                a.insert_self(args.pos[0].get());
                a.is_method = true;
                return body(in, a);
              });
  }
  add_python_methods(tt);
}

namespace {

// "float", "double", "long int": how PyTorch's TypeMeta prints a dtype in messages.
const char* meta_name(DType d) {
  switch (d) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Bool: return "bool";
  }
  return "float";
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
    raise(BT.runtime_error, std::string("Expected out tensor to have dtype ") + meta_name(result.dtype()) +
                                ", but got " + meta_name(out.dtype()) + " instead");
  if (kind == OutKind::Elementwise && !can_cast(result.dtype(), out.dtype()))
    raise(BT.runtime_error, std::string("result type ") + core::scalar_type_name(result.dtype()) +
                                " can't be cast to the desired output type " + core::scalar_type_name(out.dtype()));
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
    else if (a.types[i] == 5 /* P_TENSOR_LIST */ && (v->type() == BT.list || is_instance(v, BT.tuple)))
      for (auto& t : to_vector(in, v)) any_grad = any_grad || (is_tensor(t.get()) && requires_grad(unwrap(t.get())));
  }
  if (any_grad && grad_enabled())
    raise(BT.runtime_error, a.fname +
                                "(): functions with out=... arguments don't support automatic differentiation, "
                                "but one of the arguments requires grad.");
  a.values[out_index] = nullptr;
  ObjRef result = body(in, a);
  if (is_tensor(out_obj) || is_number(out_obj)) {  // a number where add's parser allows one
    if (!is_tensor(result.get()))
      raise(BT.type_error, a.fname + "(): argument 'out' must be tuple of Tensors, not Tensor");
    Tensor out = is_tensor(out_obj) ? unwrap(out_obj) : scalar_to_tensor(to_scalar(in, out_obj));
    write_out(a.fname, out, unwrap(result.get()));
    return is_tensor(out_obj) ? ObjRef(out_obj) : W(out);
  }
  // A tuple of tensors (max(dim, out=(values, indices))).
  std::vector<ObjRef> outs = to_vector(in, out_obj), results = to_vector(in, result.get());
  if (outs.size() != results.size())
    raise(BT.runtime_error, a.fname + "(): expected " + std::to_string(results.size()) + " tensors in out=, got " +
                                std::to_string(outs.size()));
  for (size_t i = 0; i < outs.size(); ++i) write_out(a.fname, unwrap(outs[i].get()), unwrap(results[i].get()));
  return ObjRef(out_obj);
}

}  // namespace

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
