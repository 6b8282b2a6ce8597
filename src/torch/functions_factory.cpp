// The factories: torch.zeros, ones, full, rand, arange, eye, tensor, the *_like functions and the
// new_* methods.
#include "core/random.h"
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// Factory options: dtype and requires_grad.
Tensor finish_factory(ParsedArgs& a, Tensor t) {
  if (a.at("requires_grad") >= 0 && a.toBool("requires_grad")) return op::set_requires_grad(t, true);
  return t;
}

const std::string kFactory =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? "
    "requires_grad=False)";
const std::string kLike = "*, MemoryFormat? memory_format=None, " + kFactory;

// zeros, ones, empty, full.
void define_size_factories() {
  auto size_factory = [](const char* name, support::Callback<Tensor(ParsedArgs&, const IntArray&, DType)> make) {
    std::string n = name;
    def(name, {},
        {n + "(IntArrayRef size, *, DimnameList? names, " + kFactory,
         n + "(SymIntArrayRef size, *, Tensor out=None, " + kFactory},
        [make](Interp&, ParsedArgs& a) {
          return guarded([&] {
            IntArray sizes = a.intlist("size");
            return wrap(finish_factory(a, make(a, sizes, a.dtype("dtype").value_or(core::kDefaultFloat))));
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
          return wrap(
              finish_factory(a, core::zeros(a.intlist("size"), a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
  def("full", {},
      {"full(IntArrayRef size, Scalar fill_value, *, DimnameList? names, " + kFactory,
       "full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Scalar v = a.scalar("fill_value");
          DType d = a.dtype("dtype").value_or(v.is_float() ? core::kDefaultFloat : v.dtype());
          check_fill_value(v, d);
          return wrap(finish_factory(a, core::full(a.intlist("size"), v, d)));
        });
      });
}

// rand, randn, randint, randperm, normal.
void define_random_factories() {
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
            Tensor t = with_generator(a, [&] { return normal ? core::randn(s, d) : core::rand(s, d); });
            return wrap(finish_factory(a, t));
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
          Tensor t = with_generator(a, [&] {
            return core::randint(low, a.toInt("high"), a.intlist("size"), a.dtype("dtype").value_or(DType::Int64));
          });
          return wrap(finish_factory(a, t));
        });
      });
  def("randperm", {},
      {"randperm(int64_t n, *, Generator? generator, Tensor out=None, " + kFactory,
       "randperm(int64_t n, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* gen = a.has("generator") ? a.obj(a.at("generator")) : nullptr;
          return wrap(finish_factory(
              a, core::randperm(a.toInt("n"), a.dtype("dtype").value_or(DType::Int64), generator_of(gen))));
        });
      });
  def("normal", {},
      {"normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
       "normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
       "normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
       "normal(double mean, double std, IntArrayRef size, *, Generator? generator=None, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&]() -> ObjRef {
          core::Generator* gen =
              a.has("generator") && a.obj("generator") != none() ? &generator_of(a.obj("generator")) : nullptr;
          std::optional<core::GeneratorScope> scope;
          if (gen) scope.emplace(*gen);
          if (a.has("size"))
            return wrap(finish_factory(a, core::normal(a.toDouble("mean"), a.toDouble("std"), a.intlist("size"),
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
          return wrap(core::binary(BinaryOp::Add, mean, core::binary(BinaryOp::Mul, out, sd)));
        });
      });
}

// arange, linspace, eye.
void define_range_factories() {
  def("arange", {},
      {"arange(Scalar end, *, Tensor out=None, " + kFactory, "arange(Scalar start, Scalar end, *, " + kFactory,
       "arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Scalar start = a.has("start") ? a.scalar("start") : Scalar(int64_t{0});
          Scalar step = a.at("step") >= 0 ? a.scalar("step") : Scalar(int64_t{1});
          return wrap(finish_factory(a, core::arange(start, a.scalar("end"), step, a.dtype("dtype"))));
        });
      });
  def("linspace", {}, {"linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return wrap(finish_factory(a, core::linspace(a.toDouble("start"), a.toDouble("end"), a.toInt("steps"),
                                                       a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
  def("eye", {},
      {"eye(int64_t n, *, Tensor out=None, " + kFactory, "eye(int64_t n, int64_t m, *, Tensor out=None, " + kFactory},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          int64_t n = a.toInt("n");
          int64_t m = a.has("m") ? a.toInt("m") : n;
          return wrap(finish_factory(a, core::eye(n, m, a.dtype("dtype").value_or(core::kDefaultFloat))));
        });
      });
}

// tensor and the *_like factories.
void define_like_factories() {
  def("tensor", {},
      {"tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool pin_memory=False, bool "
       "requires_grad=False, DimnameList? names=None)"},
      [](Interp& in, ParsedArgs& a) {
        Tensor t = tensor_from_data(in, a.obj("data"), a.dtype("dtype"), "tensor");
        return wrap(guarded([&] { return finish_factory(a, t); }));
      });
  auto like = [](const char* name, support::Callback<Tensor(ParsedArgs&, const Tensor&, DType)> make,
                 const std::string& extra = "") {
    std::string n = name;
    def(name, {}, {n + "(Tensor input, " + extra + kLike}, [make](Interp&, ParsedArgs& a) {
      return guarded([&] {
        Tensor t = a.tensor("input");
        return wrap(finish_factory(a, make(a, t, a.dtype("dtype").value_or(t.dtype()))));
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
        check_fill_value(a.scalar("fill_value"), d);
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
          return wrap(finish_factory(a, core::randint_like(t, low, a.toInt("high"), a.dtype("dtype"))));
        });
      });
}

// Tensor.new_zeros, new_ones, new_empty, new_full, new_tensor.
void define_new_methods() {
  auto newf = [](const char* name, support::Callback<Tensor(ParsedArgs&, const IntArray&, DType)> make,
                 const std::string& extra = "") {
    std::string n = name;
    def(name, {n + "(SymIntArrayRef size, " + extra + "*, " + kFactory}, {}, [make](Interp&, ParsedArgs& a) {
      return guarded([&] {
        Tensor t = a.tensor("input");
        return wrap(finish_factory(a, make(a, a.intlist("size"), a.dtype("dtype").value_or(t.dtype()))));
      });
    });
  };
  newf("new_zeros", [](ParsedArgs&, const IntArray& s, DType d) { return core::zeros(s, d); });
  newf("new_ones", [](ParsedArgs&, const IntArray& s, DType d) { return core::ones(s, d); });
  newf("new_empty", [](ParsedArgs&, const IntArray& s, DType d) { return core::zeros(s, d); });
  newf(
      "new_full",
      [](ParsedArgs& a, const IntArray& s, DType d) {
        check_fill_value(a.scalar("fill_value"), d);
        return core::full(s, a.scalar("fill_value"), d);
      },
      "Scalar fill_value, ");
  def("new_tensor",
      {"new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool requires_grad=False)"}, {},
      [](Interp& in, ParsedArgs& a) {
        Tensor self = a.tensor("input");
        Tensor t = tensor_from_data(in, a.obj("data"), a.dtype("dtype").value_or(self.dtype()), "new_tensor");
        return wrap(guarded([&] { return finish_factory(a, t); }));
      });
}

}  // namespace

void define_factory_ops() {
  define_size_factories();
  define_random_factories();
  define_range_factories();
  define_like_factories();
  define_new_methods();
}

}  // namespace stridelab::torch::bindings
