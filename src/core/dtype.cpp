#include "core/dtype.h"

#include "core/error.h"

namespace stridelab::core {

size_t itemsize(DType dtype) {
  return dispatch(dtype, [](auto tag) { return sizeof(typename decltype(tag)::type); });
}

const char* dtype_name(DType dtype) {
  switch (dtype) {
#define STRIDELAB_DTYPE_CASE(ctype, name, torch_name, legacy, scalar_name) \
  case DType::name: return torch_name;
    STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_CASE)
#undef STRIDELAB_DTYPE_CASE
  }
  return "?";
}

const char* legacy_type_name(DType dtype) {
  switch (dtype) {
#define STRIDELAB_DTYPE_CASE(ctype, name, torch_name, legacy, scalar_name) \
  case DType::name: return legacy;
    STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_CASE)
#undef STRIDELAB_DTYPE_CASE
  }
  return "?";
}

const char* scalar_type_name(DType dtype) {
  switch (dtype) {
#define STRIDELAB_DTYPE_CASE(ctype, name, torch_name, legacy, scalar_name) \
  case DType::name: return scalar_name;
    STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_CASE)
#undef STRIDELAB_DTYPE_CASE
  }
  return "?";
}

std::optional<DType> dtype_from_attr(std::string_view name) {
  if (name == "bool") return DType::Bool;
  if (name == "int32" || name == "int") return DType::Int32;
  if (name == "int64" || name == "long") return DType::Int64;
  if (name == "float32" || name == "float") return DType::Float32;
  if (name == "float64" || name == "double") return DType::Float64;
  return std::nullopt;
}

// Promotion as a literal table (torch.promote_types), rows and columns in enum order:
// bool, int32, int64, float32, float64.
DType promote_types(DType a, DType b) {
  using D = DType;
  static constexpr D table[kNumDTypes][kNumDTypes] = {
      /* bool    */ {D::Bool, D::Int32, D::Int64, D::Float32, D::Float64},
      /* int32   */ {D::Int32, D::Int32, D::Int64, D::Float32, D::Float64},
      /* int64   */ {D::Int64, D::Int64, D::Int64, D::Float32, D::Float64},
      /* float32 */ {D::Float32, D::Float32, D::Float32, D::Float32, D::Float64},
      /* float64 */ {D::Float64, D::Float64, D::Float64, D::Float64, D::Float64},
  };
  return table[static_cast<int>(a)][static_cast<int>(b)];
}

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::RuntimeError: return "RuntimeError";
    case ErrorKind::IndexError: return "IndexError";
    case ErrorKind::TypeError: return "TypeError";
    case ErrorKind::ValueError: return "ValueError";
    case ErrorKind::NotImplementedError: return "NotImplementedError";
    case ErrorKind::MemoryError: return "MemoryError";
  }
  return "RuntimeError";
}

}  // namespace stridelab::core
