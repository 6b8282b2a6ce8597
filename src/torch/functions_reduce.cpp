// The reductions: the rows of autograd/reduce_ops.def, the in-place scans, sorting and comparison.
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// The parsed arguments of a reduction, read by meaning (the `arg` of autograd/reduce_ops.def's
// REDUCTION_PY rows).
struct ReduceArgs {
  ParsedArgs& a;
  std::optional<IntArray> opt_dims() const { return a.opt_intlist("dim"); }
  IntArray dims() const { return opt_dims().value_or(IntArray{}); }
  int64_t dim() const { return a.toInt("dim"); }
  std::optional<int64_t> opt_dim() const { return a.opt_int("dim"); }
  bool keepdim() const { return a.toBool("keepdim"); }
  std::optional<DType> dtype() const { return a.dtype("dtype"); }
  // t converted to dtype= when one was given.
  Tensor in_dtype(const Tensor& t) const {
    auto d = dtype();
    return d ? op::to(t, *d) : t;
  }
  // correction=, or unbiased= (1 or 0); 1 when neither is given.
  int64_t correction() const {
    if (a.at("correction") >= 0) return a.opt_int("correction").value_or(1);
    if (a.at("unbiased") >= 0) return a.toBool("unbiased") ? 1 : 0;
    return 1;
  }
  double p() const { return a.opt_scalar("p").value_or(Scalar(2.0)).to_double(); }
  bool has(const char* name) const { return a.has(name); }
  Tensor tensor(const char* name) const { return a.tensor(name); }
};

ObjRef to_python(const Tensor& t) { return wrap(t); }
ObjRef to_python(ObjRef o) { return o; }

// The rows of autograd/reduce_ops.def, and torch._VF.frobenius_norm, which torch.norm calls.
void define_table_reductions() {
#define SIGS(...) {__VA_ARGS__}  // a bindings::Sigs of literals
#define REDUCTION_BODY(call)                    \
  [](Interp&, ParsedArgs& a) {                  \
    check_dimname(a, "dim");                    \
    return guarded([&] {                        \
      [[maybe_unused]] const ReduceArgs arg{a}; \
      const Tensor self = a.tensor("input");    \
      return to_python(call);                   \
    });                                         \
  }
#define REDUCTION_PY(name, method_sigs, function_sigs, call) \
  def(#name, method_sigs, function_sigs, REDUCTION_BODY(call));
#define REDUCTION_NATIVE(name, sigs, call) def_native("_vf_" #name, sigs, REDUCTION_BODY(call));
#include "autograd/reduce_ops.def"
#undef SIGS
#undef REDUCTION_BODY
  def_native("_vf_frobenius_norm",
             {"frobenius_norm(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 Tensor t = a.tensor("input");
                 IntArray dims = a.intlist("dim");
                 STRIDELAB_CHECK(dims.size() <= 2, "Expected at most 2 dimensions, but got ", dims.size(),
                                 " dimensions instead.");
                 return wrap(op::frobenius_norm(t, dims, a.toBool("keepdim")));
               });
             });
}

// cumsum_, cumprod_, isclose.
void define_scans_in_place() {
  for (const char* name : {"cumsum", "cumprod"}) {
    std::string n = name;
    bool sum = n == "cumsum";
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
  def("isclose", {"isclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      {"isclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return wrap(core::isclose(a.tensor("input"), a.tensor("other"), a.toDouble("rtol"), a.toDouble("atol"),
                                    a.toBool("equal_nan")));
        });
      });
}

// sort, argsort, topk, allclose, can_cast, equal.
void define_sorting_and_comparison() {
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
      [run_sort](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(run_sort(a).second); }); });
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
}

}  // namespace

void define_reduce_ops() {
  define_table_reductions();
  define_scans_in_place();
  define_sorting_and_comparison();
}

}  // namespace stridelab::torch::bindings
