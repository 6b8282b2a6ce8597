// The elementwise Tensor methods and torch.* functions: operators, division and powers, the
// unary ops of autograd/unary_ops.def and the binary ops of autograd/binary_ops.def, clamp and
// rounding.
#include "autograd/ops_more.h"
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

std::vector<std::string> unary_f(const char* n) { return {std::string(n) + "(Tensor input, *, Tensor out=None)"}; }

std::vector<std::string> sig_list(const char* sig) {
  return *sig ? std::vector<std::string>{sig} : std::vector<std::string>{};
}

// A unary op of autograd/unary_ops.def: name (method and function signatures) and name_ (in place).
void def_unary(const std::string& name, UnaryOp u, const char* method, const char* function, const char* inplace_method,
               const char* inplace_function) {
  if (*method || *function)
    def(name.c_str(), sig_list(method), sig_list(function),
        [u](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::unary(u, a.tensor("input"))); }); });
  if (*inplace_method || *inplace_function)
    def((name + "_").c_str(), sig_list(inplace_method), sig_list(inplace_function), [u](Interp&, ParsedArgs& a) {
      guarded([&] { op::unary_(u, a.tensor("input")); });
      return self_obj(a);
    });
}

// A binary op of autograd/binary_ops.def.
void def_binary(const char* name, BinaryOp o, const char* method, const char* function) {
  def(name, sig_list(method), sig_list(function), [o](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::binary(o, a.tensor("input"), a.tensor("other"))); });
  });
}

// The signatures of a BINARY_PY row's kind (autograd/binary_ops.def), for Tensor.name (method) or
// torch.name.
std::vector<std::string> binary_sigs(const std::string& n, const std::string& overloads, bool method) {
  const std::string in = method ? "(" : "(Tensor input, ";
  const std::string out = method ? "" : ", *, Tensor out=None";
  if (overloads == "alpha")
    return {n + in + "Scalar alpha, Tensor other" + out + ")|deprecated",
            n + in + "Tensor other, *, Scalar alpha=1" + (method ? "" : ", Tensor out=None") + ")"};
  if (overloads == "alpha_scalar")  // subtract: no deprecated form, a Scalar overload instead
    return {n + in + "Tensor other, *, Scalar alpha=1" + (method ? "" : ", Tensor out=None") + ")",
            n + in + "Scalar other, Scalar alpha=1)"};
  if (overloads == "tensor") return {n + in + "Tensor other" + out + ")"};
  if (overloads == "bitwise" && !method)  // the bitwise ops and shifts also take a number first
    return {n + in + "Tensor other" + out + ")", n + "(Scalar self, Tensor other)",
            n + in + "Scalar other" + out + ")"};
  if (overloads == "compare") return {n + in + "Tensor other" + out + ")", n + in + "Scalar other" + out + ")"};
  return {n + in + "Tensor other" + out + ")", n + in + "Scalar other)"};  // scalar
}

// A BINARY_PY row: name, and name_ in place.
void def_binary_py(const std::string& n, BinaryOp o, const std::string& overloads, bool inplace) {
  const bool scalar_overload = overloads == "alpha_scalar";
  def(n.c_str(), binary_sigs(n, overloads, true), binary_sigs(n, overloads, false),
      [o, scalar_overload](Interp&, ParsedArgs& a) {
        return guarded([&] {
          // (Scalar other, Scalar alpha) is ATen's sub.Scalar: SubBackward1.
          if (scalar_overload && a.idx == 1 && !is_tensor(a.obj("other")))
            return wrap(::stridelab::autograd::sub_scalar(a.tensor("input"), a.scalar("other"), a.scalar("alpha")));
          const Tensor input = a.has("self") ? a.tensor("self") : a.tensor("input");
          return wrap(op::binary(o, input, a.tensor("other"), a.scalar("alpha")));
        });
      });
  if (!inplace) return;
  std::vector<std::string> sigs;
  for (const std::string& s : binary_sigs(n, overloads, true)) sigs.push_back(n + "_" + s.substr(n.size()));
  def((n + "_").c_str(), sigs, {}, [o, scalar_overload](Interp&, ParsedArgs& a) {
    guarded([&] {
      namespace ag = ::stridelab::autograd;
      Tensor self = a.tensor("input");
      if (scalar_overload && a.idx == 1 && !is_tensor(a.obj("other"))) {
        // subtract_(Scalar other, Scalar alpha): sub.Scalar's node, SubBackward1.
        ag::impl::check_inplace(self, ag::requires_grad(self));
        ag::impl::adopt_result(self, ag::sub_scalar(self, a.scalar("other"), a.scalar("alpha")));
        return;
      }
      op::binary_(o, self, a.tensor("other"), a.scalar("alpha"));
    });
    return self_obj(a);
  });
}

// The operators of two tensors (or a tensor and a number): the BINARY_PY and BINARY_OP rows.
void define_arithmetic() {
// subtract's `alpha` signatures are sub's with the Scalar overload in place of the deprecated one.
#define BINARY_PY(name, op, overloads, inplace)                                                           \
  def_binary_py(#name, BinaryOp::op, std::string_view(#name) == "subtract" ? "alpha_scalar" : #overloads, \
                std::string_view(#inplace) == "yes");
#define BINARY_OP(name, op, node, self_backward, other_backward, method, function) \
  def_binary(#name, BinaryOp::op, method, function);
#include "autograd/binary_ops.def"
}

// Division (with rounding_mode), pow and square.
void define_division_and_power() {
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
          return wrap(op::binary(BinaryOp::Div, a.tensor("input"), a.tensor("other")));
        });
      }
      Rounding mode = Rounding::None;
      if (a.has("rounding_mode")) {
        std::string m = a.string("rounding_mode");
        if (m == "floor") mode = Rounding::Floor;
        else if (m == "trunc") mode = Rounding::Trunc;
        else
          raise(builtin_types().runtime_error,
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + m + "'");
      }
      return guarded([&] {
        if (inplace) {
          op::div_(a.tensor("input"), a.tensor("other"), mode);
          return self_obj(a);
        }
        return wrap(op::div(a.tensor("input"), a.tensor("other"), mode));
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
  def("divide_",
      {"divide_(Tensor other)", "divide_(Tensor other, *, c10::string_view? rounding_mode)", "divide_(Scalar other)",
       "divide_(Scalar other, *, c10::string_view? rounding_mode)"},
      {}, div_body(true));
  def("true_divide_", {"true_divide_(Tensor other)", "true_divide_(Scalar other)"}, {}, div_body(true));
  def("pow", {"pow(Tensor exponent)", "pow(Scalar exponent)"},
      {"pow(Tensor input, Tensor exponent, *, Tensor out=None)",
       "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
       "pow(Tensor input, Scalar exponent, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (a.has("self")) return wrap(op::pow(a.scalar("self"), a.tensor("exponent")));
          Object* e = a.obj("exponent");
          Tensor ex = is_tensor(e) ? unwrap(e) : scalar_to_tensor(a.scalar("exponent"));
          return wrap(op::binary(BinaryOp::Pow, a.tensor("input"), ex));
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
        [&] { return wrap(op::binary(BinaryOp::Pow, a.tensor("input"), scalar_to_tensor(Scalar(int64_t{2})))); });
  });
}

// The unary ops of the table, with their in-place forms.
void define_unary() {
#define UNARY_OP(name, op, node, saves, backward, method, function, inplace_method, inplace_function) \
  def_unary(#name, UnaryOp::op, method, function, inplace_method, inplace_function);
#define UNARY_ALIAS(name, op, method, function) def_unary(#name, UnaryOp::op, method, function, #name "_()", "");
#define UNARY_NODIFF(name, op, method, function, inplace_method) \
  def_unary(#name, UnaryOp::op, method, function, inplace_method, "");
#include "autograd/unary_ops.def"
}

// clamp / clip, clamp_min, clamp_max and their in-place forms.
void define_clamp() {
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
              return wrap(
                  op::clamp(a.tensor("input"), lo ? a.tensor("min") : Tensor(), hi ? a.tensor("max") : Tensor()));
            }
            return wrap(op::clamp(a.tensor("input"), a.opt_scalar("min"), a.opt_scalar("max")));
          });
        });
    def((n + "_").c_str(), {n + "_(Tensor? min=None, Tensor? max=None)", n + "_(Scalar? min=None, Scalar? max=None)"},
        {}, [](Interp&, ParsedArgs& a) {
          guarded([&] {
            if (a.idx == 0) {  // clamp_(Tensor? min, Tensor? max): ClampBackward0
              Tensor self = a.tensor("input");
              ::stridelab::autograd::clamp_(self, a.obj("min") ? a.tensor("min") : Tensor(),
                                            a.obj("max") ? a.tensor("max") : Tensor());
              return;
            }
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
            return wrap(is_min ? op::clamp_min(t, b) : op::clamp_max(t, b));
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
}

// round(decimals=), reciprocal, nan_to_num.
void define_rounding() {
  def("round", {"round()", "round(*, int64_t decimals)"},
      {"round(Tensor input, *, Tensor out=None)", "round(Tensor input, *, int64_t decimals, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Tensor t = a.tensor("input");
          return wrap(a.has("decimals") ? op::round(t, a.toInt("decimals")) : op::unary(UnaryOp::Round, t));
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
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::reciprocal(a.tensor("input"))); }); });
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
          return wrap(op::nan_to_num(a.tensor("input"), opt_double(a, "nan"), opt_double(a, "posinf"),
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
}

}  // namespace

void define_elementwise_ops() {
  define_arithmetic();
  define_division_and_power();
  define_unary();
  define_clamp();
  define_rounding();
}

}  // namespace stridelab::torch::bindings
