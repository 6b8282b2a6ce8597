// Tensor methods that are neither math nor views: in-place fills, dtype conversions, metadata.
#include <cmath>

#include "core/random.h"
#include "torch/functions.h"

namespace stridelab::torch::bindings {

void check_fill_value(const core::Scalar& value, DType dtype) {
  if (value.is_bool() || dtype == DType::Bool || dtype == DType::Float64) return;
  const char* name = "";
  double lo = 0, hi = 0;
  bool integral = true;
  switch (dtype) {
    case DType::Int8: name = "int8_t", lo = -128, hi = 127; break;
    case DType::UInt8: name = "uint8_t", lo = 0, hi = 255; break;
    case DType::Int16: name = "int16_t", lo = -32768, hi = 32767; break;
    case DType::Int32: name = "int", lo = -2147483648.0, hi = 2147483647.0; break;
    case DType::Int64: name = "int64_t", lo = -9223372036854775808.0, hi = 9223372036854775807.0; break;
    case DType::Float32:
      name = "float", lo = -3.4028234663852886e38, hi = 3.4028234663852886e38, integral = false;
      break;
    case DType::Float16: name = "at::Half", lo = -65504, hi = 65504, integral = false; break;
    case DType::BFloat16:
      name = "at::BFloat16", lo = -3.3895313892515355e38, hi = 3.3895313892515355e38, integral = false;
      break;
    default: return;
  }
  bool overflows;
  if (value.is_float()) {
    const double f = value.to_double();
    if (integral) overflows = std::isnan(f) || f < lo || f > hi;
    else overflows = !std::isnan(f) && !std::isinf(f) && (f < lo || f > hi);
  } else {
    const int64_t i = value.to_int();
    if (dtype == DType::Int64) overflows = false;
    else if (dtype == DType::UInt8) overflows = i > 255 || i < -255;
    else overflows = static_cast<double>(i) < lo || static_cast<double>(i) > hi;
  }
  if (overflows)
    raise(builtin_types().runtime_error,
          std::string("value cannot be converted to type ") + name + " without overflow");
}

namespace {

// zero_, fill_, copy_, normal_, uniform_.
void define_fills() {
  def("zero_", {"zero_()"}, {"zero_(Tensor input)"}, [](Interp&, ParsedArgs& a) {
    guarded([&] { op::zero_(a.tensor("input")); });
    return self_obj(a);
  });
  def("fill_", {"fill_(Tensor value)", "fill_(Scalar value)"},
      {"fill_(Tensor input, Tensor value)", "fill_(Tensor input, Scalar value)"}, [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v) && unwrap(v).dim() != 0)
            raise(builtin_types().runtime_error, "fill_ only supports 0-dimension value tensor but got tensor with " +
                                                     std::to_string(unwrap(v).dim()) + " dimensions.");
          const DType dtype = a.tensor("input").dtype();
          if (is_tensor(v)) {
            check_fill_value(core::item(unwrap(v)), dtype);
            op::fill_(a.tensor("input"), unwrap(v));
          } else {
            const core::Scalar s = to_scalar(*a.in, v);
            check_fill_value(s, dtype);
            op::fill_(a.tensor("input"), s);
          }
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
        guarded(
            [&] { with_generator(a, [&] { op::normal_(a.tensor("input"), a.toDouble("mean"), a.toDouble("std")); }); });
        return self_obj(a);
      });
  def("uniform_", {"uniform_(double from=0, double to=1, *, Generator? generator=None)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded(
            [&] { with_generator(a, [&] { op::uniform_(a.tensor("input"), a.toDouble("from"), a.toDouble("to")); }); });
        return self_obj(a);
      });
}

// float, double, ..., to, type, type_as, item, tolist.
void define_conversions() {
  auto conv = [](const char* name, DType d) {
    def(name, {std::string(name) + "(*, MemoryFormat? memory_format=None)"}, {},
        [d](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::to(a.tensor("input"), d)); }); });
  };
  conv("float", DType::Float32);
  conv("double", DType::Float64);
  conv("long", DType::Int64);
  conv("int", DType::Int32);
  conv("bool", DType::Bool);
  conv("half", DType::Float16);
  conv("bfloat16", DType::BFloat16);
  conv("byte", DType::UInt8);
  conv("char", DType::Int8);
  conv("short", DType::Int16);
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
              raise_from({&frames::cuda_lazy_init}, builtin_types().assertion_error,
                         "Torch not compiled with CUDA enabled");
            if (s != "cpu" && s != "cpu:0")
              raise(builtin_types().runtime_error,
                    "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, "
                    "lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: " +
                        s);
            cpu = true;
          }
          if (!cpu)
            raise_from({&frames::cuda_lazy_init}, builtin_types().assertion_error,
                       "Torch not compiled with CUDA enabled");
        }
        return guarded([&] {
          Tensor t = a.tensor("input");
          std::optional<DType> d = a.dtype("dtype");
          if (a.has("tensor")) d = a.tensor("tensor").dtype();
          return wrap(op::to(t, d.value_or(t.dtype()), a.toBool("copy")));
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
        else if (!is_str(d) && d->type() != builtin_types().type)
          raise(builtin_types().type_error, "dtype must be a type, str, or dtype object");
        if (!dt) {
          std::string s = is_str(d) ? as<StrObject>(d)->value_ : as<TypeObject>(d)->name_;
          if (d == types().tensor) s = "torch.FloatTensor";
          for (int i = 0; i < core::kNumDTypes; ++i)
            if (s == core::legacy_type_name(static_cast<DType>(i))) dt = static_cast<DType>(i);
          if (!dt && s.rfind("torch.cuda.", 0) == 0)
            raise(builtin_types().runtime_error,
                  "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared "
                  "libraries: a CPU library and a CUDA library; this error has occurred because you are trying to use "
                  "some CUDA functionality, but the CUDA library has not been loaded by the dynamic linker for some "
                  "reason.  The CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA "
                  "library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; many dynamic "
                  "linkers will delete dynamic library dependencies if you don't depend on any of their symbols.  You "
                  "can check if this has occurred by using ldd on your binary to see if there is a dependency on "
                  "*_cuda.so library.");
          if (!dt) raise(builtin_types().value_error, "invalid type: '" + s + "'");
        }
        return guarded([&] { return wrap(op::to(t, *dt)); });
      });
  def("type_as", {"type_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::to(a.tensor("input"), a.tensor("other").dtype())); });
  });
  def("item", {"item()"}, {}, [](Interp&, ParsedArgs& a) {
    Tensor t = a.tensor("input");
    if (t.numel() != 1)
      raise(builtin_types().value_error, "only one element tensors can be converted to Python scalars");
    return guarded([&] { return scalar_to_py(core::item(t)); });
  });
  def("tolist", {"tolist()"}, {}, [](Interp&, ParsedArgs& a) { return tolist(a.tensor("input")); });
}

// size, stride, dim, numel, data_ptr, is_contiguous ...
void define_metadata() {
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
  def("data_ptr", {"data_ptr()"}, {}, [](Interp&, ParsedArgs& a) {
    // TensorImpl::data() is nullptr for a tensor without elements, whatever its storage.
    const auto& t = a.tensor("input");
    return make_int(t.numel() == 0 ? 0 : static_cast<int64_t>(t.data_ptr()));
  });
  def("element_size", {"element_size()"}, {},
      [](Interp&, ParsedArgs& a) { return make_int(static_cast<int64_t>(a.tensor("input").element_size())); });
  def("is_contiguous", {"is_contiguous(*, MemoryFormat memory_format=contiguous_format)"}, {},
      [](Interp&, ParsedArgs& a) { return ObjRef(bool_obj(a.tensor("input").is_contiguous())); });
  def("is_floating_point", {"is_floating_point()"}, {"is_floating_point(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return ObjRef(bool_obj(core::is_floating(a.tensor("input").dtype()))); });
}

}  // namespace

void define_tensor_ops() {
  define_fills();
  define_conversions();
  define_metadata();
}

}  // namespace stridelab::torch::bindings
