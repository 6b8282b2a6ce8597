// The reductions: sums and means, norms, extremes, softmax, scans, sorting and comparison.
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// sum, mean, prod, std, var and the norms torch.norm calls.
void define_sums() {
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
            if (n == "sum") return wrap(op::sum(t, opt_dims(a), a.toBool("keepdim"), a.dtype("dtype")));
            return wrap(op::mean(t, opt_dims(a), a.toBool("keepdim"), a.dtype("dtype")));
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
          return wrap(op::prod(t, a.opt_int("dim"), a.toBool("keepdim")));
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
            if (n == "std") return wrap(op::std(t, dims_of(a), corr, a.toBool("keepdim")));
            return wrap(op::var(t, dims_of(a), corr, a.toBool("keepdim")));
          });
        });
  }
  // torch._VF.norm and torch._VF.frobenius_norm, which torch.norm (torch/functional.py) calls; the
  // Python-level Tensor.norm and torch.norm are py_norm below.
  def_native(
      "_vf_norm",
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
          return wrap(op::norm(t, a.opt_scalar("p").value_or(Scalar(2.0)).to_double(), dims, a.toBool("keepdim")));
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
                 return wrap(op::frobenius_norm(t, dims, a.toBool("keepdim")));
               });
             });
}

// max, min (and their dim forms), argmax, argmin, all, any.
void define_extremes() {
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
              return wrap(op::binary(is_max ? BinaryOp::Maximum : BinaryOp::Minimum, t, a.tensor("other")));
            if (a.has("dim")) {
              auto r = is_max ? op::max(t, a.toInt("dim"), a.toBool("keepdim"))
                              : op::min(t, a.toInt("dim"), a.toBool("keepdim"));
              return return_pair(is_max ? "max" : "min", r);
            }
            return wrap(is_max ? op::max(t) : op::min(t));
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
            return wrap(is_max ? core::argmax(t, a.opt_int("dim"), a.toBool("keepdim"))
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
            return wrap(is_all ? core::all(t, a.opt_int("dim"), a.toBool("keepdim"))
                               : core::any(t, a.opt_int("dim"), a.toBool("keepdim")));
          });
        });
  }
}

// softmax, log_softmax, amax, amin, logsumexp, cumsum, cumprod, trace, isclose.
void define_softmax_and_scans() {
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
            return wrap(log ? op::log_softmax(t, a.toInt("dim"), a.dtype("dtype"))
                            : op::softmax(t, a.toInt("dim"), a.dtype("dtype")));
          });
        });
  }
  // amax, amin, logsumexp (autograd/reduce_ops.def).
#define SIGS(...) \
  std::vector<std::string> { __VA_ARGS__ }
#define REDUCE_OP(name, node, restore, backward, method_sigs, function_sigs)                                  \
  def(#name, method_sigs, function_sigs, [](Interp&, ParsedArgs& a) {                                         \
    check_dimname(a, "dim");                                                                                  \
    return guarded([&] { return wrap(op::name(a.tensor("input"), a.intlist("dim"), a.toBool("keepdim"))); }); \
  });
#include "autograd/reduce_ops.def"
#undef SIGS
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
            return wrap(sum ? op::cumsum(t, a.toInt("dim"), a.dtype("dtype"))
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
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::trace(a.tensor("input"))); }); });
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
  define_sums();
  define_extremes();
  define_softmax_and_scans();
  define_sorting_and_comparison();
}

}  // namespace stridelab::torch::bindings
