// More tensor ops: addmm, baddbmm, addbmm, addmv (and their in-place forms), einsum, and the scatter /
// index family (scatter, scatter_add, index_add, index_copy, index_fill, take_along_dim).
#include <unordered_map>
#include <unordered_set>

#include "autograd/nn.h"
#include "autograd/ops_more.h"
#include "core/counting.h"
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace ag = ::stridelab::autograd;
using core::ScatterReduce;

namespace {

const TorchFrame einsum_no_operands{"/usr/lib/python3/dist-packages/torch/functional.py", 332, "einsum",
                                    "    raise ValueError('einsum(): must specify the equation string and at least "
                                    "one operand, '\n"};
const TorchFrame einsum_vf{"/usr/lib/python3/dist-packages/torch/functional.py", 378, "einsum",
                           "    return _VF.einsum(equation, operands)  # type: ignore[attr-defined]\n"
                           "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

// addmm, baddbmm, addbmm, addmv: beta * input + alpha * (product), and their in-place forms.
using Fused = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, Scalar, Scalar);

void def_fused(const char* name, const char* a, const char* b, Fused fn) {
  std::string m = std::string(name) + "(Tensor " + a + ", Tensor " + b + ", *, Scalar beta=1, Scalar alpha=1)";
  std::string f = std::string(name) + "(Tensor input, Tensor " + a + ", Tensor " + b +
                  ", *, Scalar beta=1, Scalar alpha=1, Tensor out=None)";
  std::string an = a, bn = b;
  def(name, {m}, {f}, [fn, an, bn](Interp&, ParsedArgs& p) {
    return guarded([&] {
      return wrap(
          fn(p.tensor("input"), p.tensor(an.c_str()), p.tensor(bn.c_str()), p.scalar("beta"), p.scalar("alpha")));
    });
  });
  std::string inplace = std::string(name) + "_";
  std::string mi = inplace + "(Tensor " + a + ", Tensor " + b + ", *, Scalar beta=1, Scalar alpha=1)";
  def(inplace.c_str(), {mi}, {}, [fn, an, bn](Interp&, ParsedArgs& p) {
    guarded([&] {
      // The out-of-place op's node (AddmmBackward0, BaddbmmBackward0, ...) becomes self's, as
      // PyTorch's in-place kernels record it.
      Tensor self = p.tensor("input");
      const Tensor x = p.tensor(an.c_str()), y = p.tensor(bn.c_str());
      ag::impl::check_inplace(self, ag::requires_grad(self) || ag::requires_grad(x) || ag::requires_grad(y));
      Tensor r = fn(self, x, y, p.scalar("beta"), p.scalar("alpha"));
      STRIDELAB_CHECK(r.sizes() == self.sizes(), "The expanded size of the tensor must match the existing size");
      ag::impl::adopt_result(self, r);
    });
    return self_obj(p);
  });
}

Tensor addmm_fn(const Tensor& s, const Tensor& a, const Tensor& b, Scalar beta, Scalar alpha) {
  return ag::addmm(s, a, b, beta, alpha);
}

void define_fused_products() {
  def_fused("addmm", "mat1", "mat2", &addmm_fn);
  def_fused("baddbmm", "batch1", "batch2", &ag::baddbmm);
  def_fused("addbmm", "batch1", "batch2", &ag::addbmm);
  def_fused("addmv", "mat", "vec", &ag::addmv);
}

ScatterReduce reduce_of(ParsedArgs& a) {
  int i = a.at("reduce");
  if (i < 0 || !a.has(i)) return ScatterReduce::None;
  return core::scatter_reduce_from_string(a.string(i));
}

void define_scatter() {
  def("scatter",
      {"scatter(int64_t dim, Tensor index, Tensor src)",
       "scatter(int64_t dim, Tensor index, Tensor src, *, "
       "c10::string_view reduce)",
       "scatter(Dimname dim, Tensor index, Tensor src)", "scatter(int64_t dim, Tensor index, Scalar value)",
       "scatter(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)",
       "scatter(Dimname dim, Tensor index, Scalar value)"},
      {"scatter(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)",
       "scatter(Tensor input, int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce, Tensor out=None)",
       "scatter(Tensor input, Dimname dim, Tensor index, Tensor src)",
       "scatter(Tensor input, int64_t dim, Tensor index, Scalar value, *, Tensor out=None)",
       "scatter(Tensor input, int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce, Tensor out=None)",
       "scatter(Tensor input, Dimname dim, Tensor index, Scalar value)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          ScatterReduce r = reduce_of(a);
          if (a.at("src") >= 0)
            return wrap(ag::scatter(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.tensor("src"), r));
          return wrap(ag::scatter(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.scalar("value"), r));
        });
      });
  def("scatter_",
      {"scatter_(int64_t dim, Tensor index, Tensor src)",
       "scatter_(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)",
       "scatter_(int64_t dim, Tensor index, Scalar value)",
       "scatter_(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)"},
      {}, [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Tensor self = a.tensor("input");
          ScatterReduce r = reduce_of(a);
          if (a.at("src") >= 0) ag::scatter_(self, a.toInt("dim"), a.tensor("index"), a.tensor("src"), r);
          else ag::scatter_(self, a.toInt("dim"), a.tensor("index"), a.scalar("value"), r);
        });
        return self_obj(a);
      });
  def("scatter_add",
      {"scatter_add(int64_t dim, Tensor index, Tensor src)",
       "scatter_add(Dimname dim, Tensor index, "
       "Tensor src)"},
      {"scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)",
       "scatter_add(Tensor input, Dimname dim, Tensor index, Tensor src)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          return wrap(ag::scatter_add(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.tensor("src")));
        });
      });
  def("scatter_add_", {"scatter_add_(int64_t dim, Tensor index, Tensor src)"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] {
      Tensor self = a.tensor("input");
      ag::scatter_add_(self, a.toInt("dim"), a.tensor("index"), a.tensor("src"));
    });
    return self_obj(a);
  });
}

void define_index_writes() {
  def("index_add",
      {"index_add(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)",
       "index_add(Dimname dim, Tensor index, Tensor source, *, Scalar alpha=1)"},
      {"index_add(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)",
       "index_add(Tensor input, Dimname dim, Tensor index, Tensor source, *, Scalar alpha=1)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          return wrap(ag::index_add(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.tensor("source"),
                                    a.scalar("alpha")));
        });
      });
  def("index_add_", {"index_add_(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Tensor self = a.tensor("input");
          ag::index_add_(self, a.toInt("dim"), a.tensor("index"), a.tensor("source"), a.scalar("alpha"));
        });
        return self_obj(a);
      });
  def("index_copy",
      {"index_copy(int64_t dim, Tensor index, Tensor source)", "index_copy(Dimname dim, Tensor index, Tensor source)"},
      {"index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)",
       "index_copy(Tensor input, Dimname dim, Tensor index, Tensor source)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          return wrap(ag::index_copy(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.tensor("source")));
        });
      });
  def("index_copy_",
      {"index_copy_(int64_t dim, Tensor index, Tensor source)",
       "index_copy_(Dimname dim, Tensor index, Tensor source)"},
      {}, [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        guarded([&] {
          Tensor self = a.tensor("input");
          ag::index_copy_(self, a.toInt("dim"), a.tensor("index"), a.tensor("source"));
        });
        return self_obj(a);
      });
  auto fill_sigs = [](const char* name, bool with_input) {
    std::string n = name, in = with_input ? "Tensor input, " : "";
    return std::vector<std::string>{n + "(" + in + "int64_t dim, Tensor index, Tensor value)",
                                    n + "(" + in + "Dimname dim, Tensor index, Tensor value)",
                                    n + "(" + in + "int64_t dim, Tensor index, Scalar value)",
                                    n + "(" + in + "Dimname dim, Tensor index, Scalar value)"};
  };
  def("index_fill", fill_sigs("index_fill", false), fill_sigs("index_fill", true), [](Interp&, ParsedArgs& a) {
    check_dimname(a, "dim");
    return guarded([&] {
      Object* v = a.obj("value");
      if (is_tensor(v)) return wrap(ag::index_fill(a.tensor("input"), a.toInt("dim"), a.tensor("index"), unwrap(v)));
      check_fill_value(a.scalar("value"), a.tensor("input").dtype());
      return wrap(ag::index_fill(a.tensor("input"), a.toInt("dim"), a.tensor("index"), a.scalar("value")));
    });
  });
  def("index_fill_", fill_sigs("index_fill_", false), {}, [](Interp&, ParsedArgs& a) {
    check_dimname(a, "dim");
    guarded([&] {
      Tensor self = a.tensor("input");
      Object* v = a.obj("value");
      if (is_tensor(v)) ag::index_fill_(self, a.toInt("dim"), a.tensor("index"), unwrap(v));
      else {
        check_fill_value(a.scalar("value"), self.dtype());
        ag::index_fill_(self, a.toInt("dim"), a.tensor("index"), a.scalar("value"));
      }
    });
    return self_obj(a);
  });
  def("take_along_dim", {"take_along_dim(Tensor indices, int64_t? dim=None)"},
      {"take_along_dim(Tensor input, Tensor indices, int64_t? dim=None, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded(
            [&] { return wrap(ag::take_along_dim(a.tensor("input"), a.tensor("indices"), a.opt_int("dim"))); });
      });
}

// repeat_interleave (roll is a row of autograd/join_ops.def).
void define_reorder() {
  def("repeat_interleave",
      {"repeat_interleave(Tensor repeats, int64_t? dim=None, *, int64_t? output_size=None)",
       "repeat_interleave(int64_t repeats, int64_t? dim=None, *, int64_t? output_size=None)"},
      {"repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, int64_t? output_size=None)",
       "repeat_interleave(Tensor input, int64_t repeats, int64_t? dim=None, *, int64_t? output_size=None)",
       "repeat_interleave(Tensor repeats, *, int64_t? output_size=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (a.at("input") < 0) return wrap(core::repeat_interleave_index(a.tensor("repeats")));
          if (is_tensor(a.obj("repeats")))
            return wrap(ag::repeat_interleave(a.tensor("input"), a.tensor("repeats"), a.opt_int("dim")));
          return wrap(ag::repeat_interleave(a.tensor("input"), a.toInt("repeats"), a.opt_int("dim")));
        });
      });
}

const TorchFrame meshgrid_outer{"/usr/lib/python3/dist-packages/torch/functional.py", 489, "meshgrid",
                                "    return _meshgrid(*tensors, indexing=indexing)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame meshgrid_vf{"/usr/lib/python3/dist-packages/torch/functional.py", 504, "_meshgrid",
                             "    return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]\n"
                             "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

// torch.meshgrid(*tensors, indexing=None) (torch/functional.py); without indexing, PyTorch 1.13's
// one-time warning, attributed to the line of functional.py that calls into C++.
ObjRef py_meshgrid(Interp& in, CallArgs& args) {
  static Parser parser({"meshgrid(TensorList tensors, *, c10::string_view indexing)", "meshgrid(TensorList tensors)"});
  Object* indexing = nullptr;
  for (auto& [k, v] : args.kw) {
    if (k != "indexing") raise(builtin_types().type_error, "meshgrid() got an unexpected keyword argument '" + k + "'");
    indexing = v.get();
  }
  std::vector<ObjRef> tensors(args.pos.begin(), args.pos.end());
  if (tensors.size() == 1 &&
      (tensors[0]->type() == builtin_types().list || is_instance(tensors[0].get(), builtin_types().tuple)))
    tensors = to_vector(in, tensors[0].get());
  return through({&meshgrid_outer, &meshgrid_vf}, [&] {
    CallArgs call;
    call.pos = {make_tuple(std::move(tensors))};
    if (indexing && indexing != none()) call.kw.push_back({"indexing", ObjRef(indexing)});
    ParsedArgs a = parser.parse(in, call, false);
    std::string mode = "ij";
    if (a.at("indexing") >= 0) {
      mode = a.string("indexing");
    } else {
      WarningSite site{meshgrid_vf.file, meshgrid_vf.line,
                       "return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]"};
      WarnFrom from(site);
      // Python's warning registry shows it once for this location, as PyTorch's TORCH_WARN_ONCE does.
      emit_warning(
          "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument. "
          "(Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3190.)");
    }
    return guarded([&] { return wrap_list(ag::meshgrid(a.tensorlist("tensors"), mode)); });
  });
}

#define FUNCTIONAL_PY "/usr/lib/python3/dist-packages/torch/functional.py"
const TorchFrame sublist_inputs{FUNCTIONAL_PY, 353, "einsum",
                                "    equation = ','.join(''.join(parse_subscript(s) for s in l) for l in args[1::2])\n"
                                "               "
                                "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sublist_inputs_outer{
    FUNCTIONAL_PY, 353, "<genexpr>",
    "    equation = ','.join(''.join(parse_subscript(s) for s in l) for l in args[1::2])\n"
    "                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sublist_inputs_inner{
    FUNCTIONAL_PY, 353, "<genexpr>",
    "    equation = ','.join(''.join(parse_subscript(s) for s in l) for l in args[1::2])\n"
    "                                ^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sublist_output{FUNCTIONAL_PY, 357, "einsum",
                                "    equation += '->' + ''.join(parse_subscript(s) for s in args[-1])\n"
                                "                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sublist_output_inner{FUNCTIONAL_PY, 357, "<genexpr>",
                                      "    equation += '->' + ''.join(parse_subscript(s) for s in args[-1])\n"
                                      "                               ^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sublist_range{
    FUNCTIONAL_PY, 350, "parse_subscript",
    "    raise ValueError('einsum(): subscript in subscript list is not within the valid range [0, 52)')\n"};
#undef FUNCTIONAL_PY

// einsum(op1, sublist1, op2, sublist2, ..., [sublist_out]): functional.py turns the subscript lists
// into an equation (0-25 are 'A'-'Z', 26-51 'a'-'z', ... is '...') and calls einsum with it.
CallArgs sublist_to_equation(Interp& in, CallArgs& args) {
  auto letters = [&](Object* list, std::vector<const TorchFrame*> frames) {
    std::string s;
    for (ObjRef& n : to_vector(in, list)) {
      if (n.get() == ellipsis()) {
        s += "...";
        continue;
      }
      int64_t v = to_index(in, n.get());
      if (v < 0 || v >= 52) {
        frames.push_back(&sublist_range);
        raise_from(frames, builtin_types().value_error,
                   "einsum(): subscript in subscript list is not within the valid range [0, 52)");
      }
      s += static_cast<char>(v < 26 ? 'A' + v : 'a' + (v - 26));
    }
    return s;
  };
  const size_t n = args.pos.size();
  std::string equation;
  CallArgs out;
  out.pos.push_back(ObjRef());
  for (size_t i = 1; i < n; i += 2) {
    equation += (i > 1 ? "," : "") +
                letters(args.pos[i].get(), {&sublist_inputs, &sublist_inputs_outer, &sublist_inputs_inner});
    out.pos.push_back(args.pos[i - 1]);
  }
  if (n % 2 == 1) equation += "->" + letters(args.pos[n - 1].get(), {&sublist_output, &sublist_output_inner});
  out.pos[0] = make_str(equation);
  return out;
}

// torch.einsum(equation, *operands) (torch/functional.py), also with the operands as one list.
ObjRef py_einsum(Interp& in, CallArgs& args) {
  static Parser parser({"einsum(c10::string_view equation, TensorList tensors, *, IntArrayRef? path=None)"});
  if (!args.kw.empty())
    raise(builtin_types().type_error, "einsum() got an unexpected keyword argument '" + args.kw[0].first + "'");
  if (args.pos.size() < 2)
    raise_from({&einsum_no_operands}, builtin_types().value_error,
               "einsum(): must specify the equation string and at least one operand, or at least one operand and "
               "its subscripts list");
  if (is_tensor(args.pos[0].get())) {
    CallArgs with_equation = sublist_to_equation(in, args);
    return py_einsum(in, with_equation);
  }
  ObjRef operands;
  if (args.pos.size() == 2 &&
      (args.pos[1]->type() == builtin_types().list || is_instance(args.pos[1].get(), builtin_types().tuple))) {
    // The old interface: the operands as one list; functional.py calls itself again with them spread.
    CallArgs again;
    again.pos.push_back(args.pos[0]);
    for (ObjRef& o : to_vector(in, args.pos[1].get())) again.pos.push_back(o);
    return py_einsum(in, again);
  }
  std::vector<ObjRef> ops(args.pos.begin() + 1, args.pos.end());
  return through({&einsum_vf}, [&] {
    CallArgs call;
    call.pos = {args.pos[0], make_tuple(std::move(ops))};
    ParsedArgs a = parser.parse(in, call, false);
    return guarded([&] { return wrap(ag::einsum(a.string("equation"), a.tensorlist("tensors"))); });
  });
}

// torch.unique(sorted=False) over all elements, as PyTorch's CPU kernel makes it: the values in the
// iteration order of a std::unordered_set built from the elements in memory order, so the order is
// libstdc++'s (other standard libraries order their sets differently, and those builds refuse);
// inverse and counts index that order. Bool tensors come out sorted, as PyTorch's bool kernel has it.
std::optional<std::tuple<Tensor, Tensor, Tensor>> unique_unsorted(const Tensor& self) {
#if defined(__GLIBCXX__)
  const DType dtype = self.dtype();
  if (dtype == DType::Bool) return std::nullopt;
  if (dtype == DType::Float16 || dtype == DType::BFloat16)
    raise(builtin_types().not_implemented_error,
          "stridelab does not support torch.unique(sorted=False) on float16 and bfloat16 tensors yet");
  Tensor input = core::contiguous(self);
  const int64_t n = input.numel();
  Tensor values, inverse = core::empty({n}, DType::Int64), counts;
  core::dispatch_all(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, core::Half> || std::is_same_v<T, core::BFloat16> || std::is_same_v<T, bool>) {
      return;
    } else {
      const T* data = input.data<T>();
      std::unordered_set<T> set(data, data + n);
      values = core::empty({static_cast<int64_t>(set.size())}, dtype);
      std::copy(set.begin(), set.end(), values.data<T>());
      std::unordered_map<T, int64_t> position;
      const T* out = values.data<T>();
      for (int64_t i = 0; i < values.numel(); ++i) position[out[i]] = i;
      counts = core::zeros({values.numel()}, DType::Int64);
      int64_t* inv = inverse.data<int64_t>();
      int64_t* cnt = counts.data<int64_t>();
      for (int64_t i = 0; i < n; ++i) {
        inv[i] = position[data[i]];
        ++cnt[inv[i]];
      }
    }
  });
  inverse = core::view(inverse, self.sizes());
  return std::make_tuple(values, inverse, counts);
#else
  raise(builtin_types().not_implemented_error, "stridelab does not support torch.unique(sorted=False) yet");
#endif
}

// unique and bincount.
void define_counting() {
  def("unique", {"unique(bool sorted=True, bool return_inverse=False, bool return_counts=False, int64_t? dim=None)"},
      {"unique(Tensor input, bool sorted=True, bool return_inverse=False, bool return_counts=False, int64_t? "
       "dim=None)"},
      [](Interp&, ParsedArgs& a) {
        std::optional<int64_t> dim = a.opt_int("dim");
        return guarded([&] {
          std::optional<std::tuple<Tensor, Tensor, Tensor>> unsorted;
          if (!a.toBool("sorted") && !dim) unsorted = unique_unsorted(a.tensor("input"));
          auto [values, inverse, counts] = unsorted ? *unsorted : ag::unique(a.tensor("input"), dim);
          bool inv = a.toBool("return_inverse"), cnt = a.toBool("return_counts");
          if (!inv && !cnt) return wrap(values);
          std::vector<Tensor> parts{values};
          if (inv) parts.push_back(inverse);
          if (cnt) parts.push_back(counts);
          return wrap_list(parts);
        });
      });
  def("bincount", {"bincount(Tensor? weights=None, int64_t minlength=0)"},
      {"bincount(Tensor input, Tensor? weights=None, int64_t minlength=0)"}, [](Interp&, ParsedArgs& a) {
        return guarded(
            [&] { return wrap(core::bincount(a.tensor("input"), a.opt_tensor("weights"), a.toInt("minlength"))); });
      });
}

// bernoulli, bernoulli_ and torch.dropout.
void define_sampling() {
  def("bernoulli", {"bernoulli(*, Generator? generator=None)", "bernoulli(double p, *, Generator? generator=None)"},
      {"bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)",
       "bernoulli(Tensor input, double p, *, Generator? generator=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return with_generator(a, [&] {
            if (a.at("p") >= 0) return wrap(ag::bernoulli(a.tensor("input"), a.toDouble("p")));
            return wrap(ag::bernoulli(a.tensor("input")));
          });
        });
      });
  def("bernoulli_",
      {"bernoulli_(Tensor p, *, Generator? generator=None)", "bernoulli_(double p=0.5, *, Generator? generator=None)"},
      {}, [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Tensor self = a.tensor("input");
          Object* p = a.obj("p");
          with_generator(a, [&] {
            if (p && is_tensor(p)) ag::bernoulli_(self, a.tensor("p"));
            else ag::bernoulli_(self, a.toDouble("p"));
          });
        });
        return self_obj(a);
      });
  def("dropout", {}, {"dropout(Tensor input, double p, bool train)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(ag::nn::dropout(a.tensor("input"), a.toDouble("p"), a.toBool("train"), false)); });
  });
}

// A function of torch.nn.functional bound by PyTorch's signature strings.
void add_parsed(ModuleObject* m, const char* name, std::vector<std::string> sigs, Body body) {
  auto parser = std::make_shared<Parser>(std::move(sigs));
  module_add_function(m, name, [parser, body](Interp& in, CallArgs& args) -> ObjRef {
    ParsedArgs a = parser->parse(in, args, false);
    int out = a.at("out");
    if (out >= 0 && a.has(out)) return call_with_out(in, body, a, out);
    return body(in, a);
  });
}

ObjRef cosine_similarity_body(Interp&, ParsedArgs& a) {
  return guarded(
      [&] { return wrap(ag::cosine_similarity(a.tensor("x1"), a.tensor("x2"), a.toInt("dim"), a.toDouble("eps"))); });
}

}  // namespace

void add_more_functional(ModuleObject* m) {
  add_parsed(m, "pad", {"pad(Tensor input, SymIntArrayRef pad, c10::string_view mode=constant, double? value=None)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 std::optional<double> value;
                 if (a.has("value")) value = a.toDouble("value");
                 return wrap(ag::pad(a.tensor("input"), a.intlist("pad"), a.string("mode"), value));
               });
             });
  add_parsed(m, "one_hot", {"one_hot(Tensor input, int64_t num_classes=-1)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(ag::one_hot(a.tensor("input"), a.toInt("num_classes"))); });
  });
  add_parsed(m, "cosine_similarity", {"cosine_similarity(Tensor x1, Tensor x2, int64_t dim=1, double eps=1e-08)"},
             cosine_similarity_body);
  add_parsed(m, "normalize",
             {"normalize(Tensor input, double p=2.0, int64_t dim=1, double eps=1e-12, Tensor out=None)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 return wrap(ag::normalize(a.tensor("input"), a.toDouble("p"), a.toInt("dim"), a.toDouble("eps")));
               });
             });
}

void define_more_ops() {
  def("cosine_similarity", {}, {"cosine_similarity(Tensor x1, Tensor x2, int64_t dim=1, double eps=1e-08)"},
      cosine_similarity_body);
  define_fused_products();
  define_scatter();
  define_index_writes();
  define_reorder();
  define_counting();
  define_sampling();
}

void add_more_python_functions(ModuleObject* torch) {
  module_add_function(torch, "einsum", py_einsum);
  module_add_function(torch, "meshgrid", py_meshgrid);
}

}  // namespace stridelab::torch::bindings
