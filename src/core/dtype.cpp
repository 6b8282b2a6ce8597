#include "core/dtype.h"

#include "core/error.h"
#include "core/kernel_dtype.h"

namespace stridelab::core {

size_t itemsize(DType dtype) {
  return dispatch_all(dtype, [](auto tag) { return sizeof(typename decltype(tag)::type); });
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
  if (name == "int8") return DType::Int8;
  if (name == "int16" || name == "short") return DType::Int16;
  if (name == "uint8") return DType::UInt8;
  if (name == "float16" || name == "half") return DType::Float16;
  if (name == "bfloat16") return DType::BFloat16;
  return std::nullopt;
}

// Promotion as a literal table (torch.promote_types), rows and columns in enum order:
// bool, int32, int64, float32, float64, int8, int16, uint8, float16, bfloat16.
DType promote_types(DType a, DType b) {
  using D = DType;
  static constexpr D table[kNumDTypes][kNumDTypes] = {
      {D::Bool, D::Int32, D::Int64, D::Float32, D::Float64, D::Int8, D::Int16, D::UInt8, D::Float16, D::BFloat16},
      {D::Int32, D::Int32, D::Int64, D::Float32, D::Float64, D::Int32, D::Int32, D::Int32, D::Float16, D::BFloat16},
      {D::Int64, D::Int64, D::Int64, D::Float32, D::Float64, D::Int64, D::Int64, D::Int64, D::Float16, D::BFloat16},
      {D::Float32, D::Float32, D::Float32, D::Float32, D::Float64, D::Float32, D::Float32, D::Float32, D::Float32,
       D::Float32},
      {D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64,
       D::Float64},
      {D::Int8, D::Int32, D::Int64, D::Float32, D::Float64, D::Int8, D::Int16, D::Int16, D::Float16, D::BFloat16},
      {D::Int16, D::Int32, D::Int64, D::Float32, D::Float64, D::Int16, D::Int16, D::Int16, D::Float16, D::BFloat16},
      {D::UInt8, D::Int32, D::Int64, D::Float32, D::Float64, D::Int16, D::Int16, D::UInt8, D::Float16, D::BFloat16},
      {D::Float16, D::Float16, D::Float16, D::Float32, D::Float64, D::Float16, D::Float16, D::Float16, D::Float16,
       D::Float32},
      {D::BFloat16, D::BFloat16, D::BFloat16, D::Float32, D::Float64, D::BFloat16, D::BFloat16, D::BFloat16, D::Float32,
       D::BFloat16},
  };
  return table[static_cast<int>(a)][static_cast<int>(b)];
}

void throw_reduced_float_unsupported(DType dtype) {
  throw Error(ErrorKind::NotImplementedError,
              str("stridelab does not support this operation on ", dtype_name(dtype), " tensors yet"));
}

void throw_no_kernel_dtype(DType dtype) {
  if (is_reduced_float(dtype)) throw_reduced_float_unsupported(dtype);
  throw Error(ErrorKind::RuntimeError, str("internal error: no kernel for ", dtype_name(dtype), " (widen it first)"));
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
