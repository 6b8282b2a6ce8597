// torch.autograd.functional: vjp, jvp, jacobian and hessian, on top of the engine's grad(), in
// the order PyTorch 1.13's Python computes them (jacobian row by row, vectorize=False; jvp by the
// double-backward trick), with its result structure: a tensor for a tensor, tuples for tuples.
#include "autograd/autograd.h"
#include "torch/binding.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

namespace {

using Tensors = std::vector<Tensor>;

Tensor zeros_like(const Tensor& t) { return core::zeros(t.sizes(), t.dtype()); }

// _as_tuple: (is_tuple, tensors), with PyTorch's TypeError for a non-tensor.
std::pair<bool, Tensors> as_tuple(Interp& in, Object* o, const std::string& arg, const std::string& fn) {
  const bool is_tuple = o->type() == builtin_types().tuple;
  std::vector<ObjRef> items = is_tuple ? to_vector(in, o) : std::vector<ObjRef>{ObjRef(o)};
  Tensors out;
  for (size_t i = 0; i < items.size(); ++i) {
    Object* el = items[i].get();
    if (!is_tensor(el)) {
      std::string cls =
          "<class '" + (el->type()->module_ == "builtins" ? "" : el->type()->module_ + ".") + el->type()->name_ + "'>";
      raise(builtin_types().type_error,
            "The " + arg + " given to " + fn + " must be either a Tensor or a tuple of Tensors but the " +
                (is_tuple ? "value at index " + std::to_string(i) : "given " + arg) + " has type " + cls + ".");
    }
    out.push_back(unwrap(el));
  }
  return {is_tuple, out};
}

// _grad_preprocess.
Tensors preprocess(const Tensors& ts, bool create_graph, bool need_graph) {
  Tensors out;
  for (auto& t : ts) {
    if (create_graph && ag::requires_grad(t)) {
      out.push_back(ag::view_as(t, t));
    } else {
      Tensor d = ag::detach(t);
      ag::set_requires_grad(d, need_graph);
      out.push_back(d);
    }
  }
  return out;
}

Tensors postprocess(const Tensors& ts, bool create_graph) {
  if (create_graph) return ts;
  Tensors out;
  for (auto& t : ts) out.push_back(ag::detach(t));
  return out;
}

ObjRef call_func(Interp& in, Object* func, const Tensors& inputs) {
  CallArgs args;
  for (auto& t : inputs) args.pos.push_back(wrap(t));
  return call(in, func, args);
}

// _autograd_grad: grads of the outputs that require grad; all undefined when none does.
Tensors autograd_grad(const Tensors& outputs, const Tensors& inputs, const Tensors& grad_outputs, bool create_graph,
                      std::optional<bool> retain_graph = std::nullopt) {
  Tensors outs, gos;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].defined() && ag::requires_grad(outputs[i])) {
      outs.push_back(outputs[i]);
      gos.push_back(i < grad_outputs.size() ? grad_outputs[i] : Tensor());
    }
  }
  if (outs.empty()) return Tensors(inputs.size());
  Tensors r;
  run_engine(EngineCall::Grad, [&] { r = ag::grad(outs, inputs, gos, retain_graph, create_graph, true); });
  return r;
}

Tensors fill_in_zeros(const Tensors& grads, const Tensors& refs) {
  Tensors out;
  for (size_t i = 0; i < grads.size(); ++i)
    out.push_back(grads[i].defined() ? grads[i] : guarded([&] { return zeros_like(refs[i]); }));
  return out;
}

ObjRef pack(const Tensors& ts, bool is_tuple) {
  if (!is_tuple) return wrap(ts.at(0));
  return wrap_list(ts, true);
}

// _validate_v.
void validate_v(const Tensors& v, const Tensors& other, bool is_other_tuple) {
  if (v.size() != other.size()) {
    if (is_other_tuple)
      raise(builtin_types().runtime_error, "v is a tuple of invalid length: should be " + std::to_string(other.size()) +
                                               " but got " + std::to_string(v.size()) + ".");
    raise(builtin_types().runtime_error, "The given v should contain a single Tensor.");
  }
  static const TorchFrame f{"/usr/lib/python3/dist-packages/torch/autograd/functional.py", 103, "_validate_v",
                            "    raise RuntimeError(\"{}v has invalid size: should be {} but got {}.\".format(\n"};
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].sizes() != other[i].sizes())
      raise_from({&f}, builtin_types().runtime_error,
                 (is_other_tuple ? "Entry " + std::to_string(i) + " in " : std::string()) +
                     "v has invalid size: should be torch.Size(" + core::format_int_list(other[i].sizes()) +
                     ") but got torch.Size(" + core::format_int_list(v[i].sizes()) + ").");
}

class GradMode {
 public:
  explicit GradMode(bool on) : was_(grad_enabled()) { set_grad_enabled(on); }
  ~GradMode() { set_grad_enabled(was_); }

 private:
  bool was_;
};

void no_strict(Interp& in, const ArgParser& p, size_t i) {
  if (p.has(i) && truthy(in, p.get(i)))
    raise(builtin_types().not_implemented_error, "stridelab does not support strict=True yet");
}

ObjRef vjp(Interp& in, CallArgs& a) {
  ArgParser p(a, "vjp", {"func", "inputs", "v=", "create_graph=", "strict="});
  no_strict(in, p, 4);
  const bool create_graph = p.get_bool(in, 3, false);
  bool inputs_tuple, outputs_tuple;
  Tensors inputs, outputs, v;
  {
    GradMode on(true);
    auto [it, ins] = as_tuple(in, p.get(1), "inputs", "vjp");
    inputs_tuple = it;
    inputs = preprocess(ins, create_graph, true);
    ObjRef out = call_func(in, p.get(0), inputs);
    auto [ot, outs] = as_tuple(in, out.get(), "outputs of the user-provided function", "vjp");
    outputs_tuple = ot;
    outputs = outs;
    if (p.has(2) && p.get(2) != none()) {
      v = preprocess(as_tuple(in, p.get(2), "v", "vjp").second, create_graph, false);
      static const TorchFrame f{"/usr/lib/python3/dist-packages/torch/autograd/functional.py", 278, "vjp",
                                "    _validate_v(v, outputs, is_outputs_tuple)\n"};
      through({&f}, [&] { validate_v(v, outputs, outputs_tuple); });
    } else if (outputs.size() != 1 || outputs[0].numel() != 1) {
      raise(builtin_types().runtime_error,
            "The vector v can only be None if the user-provided function returns a single Tensor with a single "
            "element.");
    }
  }
  Tensors res;
  {
    GradMode mode(create_graph ? true : grad_enabled());
    res = fill_in_zeros(autograd_grad(outputs, inputs, v, create_graph), inputs);
  }
  return ObjRef(make_tuple({pack(postprocess(outputs, create_graph), outputs_tuple),
                            pack(postprocess(res, create_graph), inputs_tuple)})
                    .get());
}

ObjRef jvp(Interp& in, CallArgs& a) {
  ArgParser p(a, "jvp", {"func", "inputs", "v=", "create_graph=", "strict="});
  no_strict(in, p, 4);
  const bool create_graph = p.get_bool(in, 3, false);
  bool outputs_tuple;
  Tensors inputs, outputs, v, grad_outputs, grad_inputs;
  {
    GradMode on(true);
    auto [it, ins] = as_tuple(in, p.get(1), "inputs", "jvp");
    inputs = preprocess(ins, create_graph, true);
    if (p.has(2) && p.get(2) != none()) {
      v = preprocess(as_tuple(in, p.get(2), "v", "jvp").second, create_graph, false);
      validate_v(v, inputs, it);
    } else if (inputs.size() != 1 || inputs[0].numel() != 1) {
      raise(builtin_types().runtime_error,
            "The vector v can only be None if the input to the user-provided function is a single Tensor with a "
            "single element.");
    }
    ObjRef out = call_func(in, p.get(0), inputs);
    auto [ot, outs] = as_tuple(in, out.get(), "outputs of the user-provided function", "jvp");
    outputs_tuple = ot;
    outputs = outs;
    for (auto& o : outputs) {
      Tensor z = guarded([&] { return zeros_like(o); });
      ag::set_requires_grad(z, true);
      grad_outputs.push_back(z);
    }
    grad_inputs = autograd_grad(outputs, inputs, grad_outputs, true);
  }
  Tensors res;
  {
    GradMode mode(create_graph ? true : grad_enabled());
    res = fill_in_zeros(autograd_grad(grad_inputs, grad_outputs, v, create_graph), outputs);
  }
  return ObjRef(make_tuple({pack(postprocess(outputs, create_graph), outputs_tuple),
                            pack(postprocess(res, create_graph), outputs_tuple)})
                    .get());
}

// jacobian(func, inputs, create_graph): [output i][input j], each of shape out_i.shape + in_j.shape.
std::vector<Tensors> jacobian_rows(Interp& in, Object* func, const Tensors& raw_inputs, bool create_graph,
                                   bool& outputs_tuple, const char* fn) {
  GradMode on(true);
  Tensors inputs = preprocess(raw_inputs, create_graph, true);
  ObjRef out = call_func(in, func, inputs);
  auto [ot, outputs] = as_tuple(in, out.get(), "outputs of the user-provided function", fn);
  outputs_tuple = ot;
  std::vector<Tensors> jac;
  for (auto& o : outputs) {
    std::vector<Tensors> per_input(inputs.size());
    const int64_t n = o.numel();
    for (int64_t j = 0; j < n; ++j) {
      Tensor el = guarded([&] { return ag::select(ag::reshape(o, {-1}), 0, j); });
      Tensors vj = autograd_grad({el}, inputs, {}, create_graph, true);
      for (size_t k = 0; k < inputs.size(); ++k)
        per_input[k].push_back(vj[k].defined() ? vj[k] : guarded([&] { return zeros_like(inputs[k]); }));
    }
    Tensors row;
    for (size_t k = 0; k < inputs.size(); ++k) {
      IntArray shape = o.sizes();
      shape.insert(shape.end(), inputs[k].sizes().begin(), inputs[k].sizes().end());
      row.push_back(guarded([&] { return ag::view(ag::stack(per_input[k], 0), shape); }));
    }
    jac.push_back(postprocess(row, create_graph));
  }
  return jac;
}

ObjRef pack_jacobian(const std::vector<Tensors>& jac, bool outputs_tuple, bool inputs_tuple) {
  std::vector<ObjRef> rows;
  for (auto& r : jac) rows.push_back(pack(r, inputs_tuple));
  if (!outputs_tuple) return rows.at(0);
  return ObjRef(make_tuple(rows).get());
}

void jacobian_options(Interp& in, const ArgParser& p, size_t strict, size_t vectorize, size_t strategy) {
  no_strict(in, p, strict);
  if (p.has(vectorize) && truthy(in, p.get(vectorize)))
    raise(builtin_types().not_implemented_error, "stridelab does not support vectorize=True yet");
  if (p.has(strategy) && p.get_str(strategy, "reverse-mode") != "reverse-mode")
    raise(builtin_types().not_implemented_error, "stridelab does not support outer_jacobian_strategy= yet");
}

ObjRef jacobian(Interp& in, CallArgs& a) {
  ArgParser p(a, "jacobian", {"func", "inputs", "create_graph=", "strict=", "vectorize=", "strategy="});
  jacobian_options(in, p, 3, 4, 5);
  auto [inputs_tuple, inputs] = as_tuple(in, p.get(1), "inputs", "jacobian");
  bool outputs_tuple = false;
  auto jac = jacobian_rows(in, p.get(0), inputs, p.get_bool(in, 2, false), outputs_tuple, "jacobian");
  return pack_jacobian(jac, outputs_tuple, inputs_tuple);
}

// hessian: the jacobian of the function's gradient (computed with create_graph=True).
ObjRef hessian(Interp& in, CallArgs& a) {
  ArgParser p(a, "hessian", {"func", "inputs", "create_graph=", "strict=", "vectorize=", "outer_jacobian_strategy="});
  jacobian_options(in, p, 3, 4, 5);
  const bool create_graph = p.get_bool(in, 2, false);
  auto [inputs_tuple, inputs] = as_tuple(in, p.get(1), "inputs", "hessian");
  ObjRef func(p.get(0));
  // ensure_single_output_function, then jac_func: jacobian(func, inp, create_graph=True) per input.
  ObjRef jac_func = make_function("jac_func", [func](Interp& in2, CallArgs& args) -> ObjRef {
    Tensors ins;
    for (auto& o : args.pos) ins.push_back(unwrap(o.get()));
    ObjRef single = make_function("ensure_single_output_function", [func](Interp& in3, CallArgs& a3) -> ObjRef {
      ObjRef out = call(in3, func.get(), a3);
      auto [is_tuple, outs] = as_tuple(in3, out.get(), "outputs of the user-provided function", "hessian");
      if (is_tuple) raise(builtin_types().runtime_error, "The function given to hessian should return a single Tensor");
      if (outs[0].numel() != 1)
        raise(builtin_types().runtime_error,
              "The Tensor returned by the function given to hessian should contain a single element");
      return wrap(ag::squeeze(outs[0]));
    });
    bool ot = false;
    auto jac = jacobian_rows(in2, single.get(), ins, true, ot, "jacobian");
    return wrap_list(jac.at(0), true);
  });
  bool outputs_tuple = false;
  auto jac = jacobian_rows(in, jac_func.get(), inputs, create_graph, outputs_tuple, "jacobian");
  return pack_jacobian(jac, inputs_tuple, inputs_tuple);
}

}  // namespace

Ref<ModuleObject> make_autograd_functional_module(Interp& in) {
  auto m = make_module("torch.autograd.functional");
  module_add_function(m.get(), "vjp", vjp);
  module_add_function(m.get(), "jvp", jvp);
  module_add_function(m.get(), "jacobian", jacobian);
  module_add_function(m.get(), "hessian", hessian);
  return m;
}

}  // namespace stridelab::torch
