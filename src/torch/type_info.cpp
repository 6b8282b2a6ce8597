// torch.finfo and torch.iinfo (the limits of a dtype) and the constants torch.inf, nan, pi, e.
#include <cmath>
#include <cstdio>
#include <limits>

#include "torch/binding.h"

namespace stridelab::torch {

namespace {

struct FloatInfo {
  int bits;
  double eps, max, tiny, resolution;
};

// The limits of a floating dtype, as PyTorch's finfo reports them.
std::optional<FloatInfo> float_info(DType d) {
  switch (d) {
    case DType::Float32:
      return FloatInfo{32, std::numeric_limits<float>::epsilon(), std::numeric_limits<float>::max(),
                       std::numeric_limits<float>::min(), 1e-06};
    case DType::Float64:
      return FloatInfo{64, std::numeric_limits<double>::epsilon(), std::numeric_limits<double>::max(),
                       std::numeric_limits<double>::min(), 1e-15};
    case DType::Float16: return FloatInfo{16, 0x1p-10, 65504.0, 0x1p-14, 0.001};
    case DType::BFloat16: return FloatInfo{16, 0x1p-7, 0x1.fep127, 0x1p-126, 0.01};
    default: return std::nullopt;
  }
}

struct IntInfo {
  int bits;
  int64_t min, max;
};

std::optional<IntInfo> int_info(DType d) {
  switch (d) {
    case DType::Int32: return IntInfo{32, INT32_MIN, INT32_MAX};
    case DType::Int64: return IntInfo{64, INT64_MIN, INT64_MAX};
    case DType::Int8: return IntInfo{8, INT8_MIN, INT8_MAX};
    case DType::Int16: return IntInfo{16, INT16_MIN, INT16_MAX};
    case DType::UInt8: return IntInfo{8, 0, UINT8_MAX};
    default: return std::nullopt;
  }
}

// "float32": the dtype attribute of finfo and iinfo is the name without "torch.".
std::string short_name(DType d) { return std::string(core::dtype_name(d)).substr(6); }

// PyTorch prints the values with C++'s default stream format: six significant digits.
std::string g6(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

class InfoObject : public Object {
 public:
  InfoObject(TypeObject* type, DType d) : Object(type), dtype(d) {}
  DType dtype;
};

DType info_dtype(CallArgs& a, const char* fname, bool required) {
  ArgParser p(a, fname, {"type="});
  if (!p.has(0)) {
    if (required)
      raise(builtin_types().type_error, std::string(fname) + "() missing 1 required positional arguments: \"type\"");
    return core::kDefaultFloat;
  }
  Object* o = p.get(0);
  if (o->type() != types().dtype)
    raise(builtin_types().type_error,
          std::string(fname) + "(): argument 'type' (position 1) must be torch.dtype, not " + type_name(o));
  return static_cast<DTypeObject*>(o)->dtype;
}

ObjRef info_eq(CallArgs& a, bool equal) {
  Object *x = a.pos[0].get(), *y = a.pos[1].get();
  if (x->type() != y->type()) return ObjRef(not_implemented());
  bool same = static_cast<InfoObject*>(x)->dtype == static_cast<InfoObject*>(y)->dtype;
  return ObjRef(bool_obj(same == equal));
}

TypeObject* finfo_type() {
  auto info = [](Object* self) { return *float_info(static_cast<InfoObject*>(self)->dtype); };
  static TypeObject* t =
      NativeType("finfo", "torch")
          .constructor([](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
            DType d = info_dtype(a, "finfo", false);
            if (!float_info(d))
              raise(builtin_types().type_error,
                    "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
            return ObjRef(new InfoObject(cls, d));
          })
          .property("bits", [=](Interp&, Object* s) { return make_int(info(s).bits); })
          .property("eps", [=](Interp&, Object* s) { return make_float(info(s).eps); })
          .property("max", [=](Interp&, Object* s) { return make_float(info(s).max); })
          .property("min", [=](Interp&, Object* s) { return make_float(-info(s).max); })
          .property("tiny", [=](Interp&, Object* s) { return make_float(info(s).tiny); })
          .property("smallest_normal", [=](Interp&, Object* s) { return make_float(info(s).tiny); })
          .property("resolution", [=](Interp&, Object* s) { return make_float(info(s).resolution); })
          .property("dtype",
                    [](Interp&, Object* s) { return make_str(short_name(static_cast<InfoObject*>(s)->dtype)); })
          .method("__repr__",
                  [=](Interp&, CallArgs& a) -> ObjRef {
                    FloatInfo f = info(a.pos[0].get());
                    return make_str("finfo(resolution=" + g6(f.resolution) + ", min=" + g6(-f.max) +
                                    ", max=" + g6(f.max) + ", eps=" + g6(f.eps) + ", smallest_normal=" + g6(f.tiny) +
                                    ", tiny=" + g6(f.tiny) +
                                    ", dtype=" + short_name(static_cast<InfoObject*>(a.pos[0].get())->dtype) + ")");
                  })
          .method("__eq__", [](Interp&, CallArgs& a) { return info_eq(a, true); })
          .method("__ne__", [](Interp&, CallArgs& a) { return info_eq(a, false); })
          .c_name("torch.finfo")
          .build();
  return t;
}

TypeObject* iinfo_type() {
  auto info = [](Object* self) { return *int_info(static_cast<InfoObject*>(self)->dtype); };
  static TypeObject* t =
      NativeType("iinfo", "torch")
          .constructor([](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
            DType d = info_dtype(a, "iinfo", true);
            if (d == DType::Bool) raise(builtin_types().type_error, "torch.bool is not supported by torch.iinfo");
            if (!int_info(d))
              raise(builtin_types().type_error,
                    "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
            return ObjRef(new InfoObject(cls, d));
          })
          .property("bits", [=](Interp&, Object* s) { return make_int(info(s).bits); })
          .property("max", [=](Interp&, Object* s) { return make_int(info(s).max); })
          .property("min", [=](Interp&, Object* s) { return make_int(info(s).min); })
          .property("dtype",
                    [](Interp&, Object* s) { return make_str(short_name(static_cast<InfoObject*>(s)->dtype)); })
          .method("__repr__",
                  [=](Interp&, CallArgs& a) -> ObjRef {
                    IntInfo i = info(a.pos[0].get());
                    return make_str("iinfo(min=" + g6(static_cast<double>(i.min)) +
                                    ", max=" + g6(static_cast<double>(i.max)) +
                                    ", dtype=" + short_name(static_cast<InfoObject*>(a.pos[0].get())->dtype) + ")");
                  })
          .method("__eq__", [](Interp&, CallArgs& a) { return info_eq(a, true); })
          .method("__ne__", [](Interp&, CallArgs& a) { return info_eq(a, false); })
          .c_name("torch.iinfo")
          .build();
  return t;
}

}  // namespace

void add_type_info(ModuleObject* torch) {
  module_add(torch, "finfo", ObjRef(finfo_type()));
  module_add(torch, "iinfo", ObjRef(iinfo_type()));
  module_add(torch, "inf", make_float(std::numeric_limits<double>::infinity()));
  module_add(torch, "nan", make_float(std::numeric_limits<double>::quiet_NaN()));
  module_add(torch, "pi", make_float(M_PI));
  module_add(torch, "e", make_float(M_E));
}

}  // namespace stridelab::torch
