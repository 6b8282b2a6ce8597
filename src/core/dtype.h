// Element types and PyTorch's type promotion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "core/half.h"

namespace stridelab::core {

// _(C++ type, enumerator, torch name, legacy tensor type, scalar type name in messages)
#define STRIDELAB_FORALL_DTYPES(_)                                    \
  _(bool, Bool, "torch.bool", "torch.BoolTensor", "Bool")             \
  _(int32_t, Int32, "torch.int32", "torch.IntTensor", "Int")          \
  _(int64_t, Int64, "torch.int64", "torch.LongTensor", "Long")        \
  _(float, Float32, "torch.float32", "torch.FloatTensor", "Float")    \
  _(double, Float64, "torch.float64", "torch.DoubleTensor", "Double") \
  _(int8_t, Int8, "torch.int8", "torch.CharTensor", "Char")           \
  _(int16_t, Int16, "torch.int16", "torch.ShortTensor", "Short")      \
  _(uint8_t, UInt8, "torch.uint8", "torch.ByteTensor", "Byte")        \
  _(Half, Float16, "torch.float16", "torch.HalfTensor", "Half")       \
  _(BFloat16, BFloat16, "torch.bfloat16", "torch.BFloat16Tensor", "BFloat16")

enum class DType : uint8_t {
#define STRIDELAB_DTYPE_ENUM(ctype, name, torch_name, legacy, scalar_name) name,
  STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_ENUM)
#undef STRIDELAB_DTYPE_ENUM
};

constexpr int kNumDTypes = 10;

size_t itemsize(DType dtype);
// "torch.float32"
const char* dtype_name(DType dtype);
// "torch.FloatTensor", as autograd's error messages print a tensor's type.
const char* legacy_type_name(DType dtype);
// "Float", as in "expected scalar type Float but found Long".
const char* scalar_type_name(DType dtype);
// Parses "float32", "float", "int64", "long", ... (the attribute names of the torch module).
std::optional<DType> dtype_from_attr(std::string_view name);

constexpr bool is_floating(DType d) {
  return d == DType::Float32 || d == DType::Float64 || d == DType::Float16 || d == DType::BFloat16;
}
// float16 and bfloat16: stored in 16 bits, computed in float32 (NOTE [16-bit floats]).
constexpr bool is_reduced_float(DType d) { return d == DType::Float16 || d == DType::BFloat16; }
constexpr bool is_integral(DType d, bool include_bool) {
  return d == DType::Int32 || d == DType::Int64 || d == DType::Int8 || d == DType::Int16 || d == DType::UInt8 ||
         (include_bool && d == DType::Bool);
}
// A C++ element type that holds floating values (float, double, Half, BFloat16).
template <class T>
constexpr bool is_floating_v = std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// The smallest dtype both promote to (torch.promote_types).
DType promote_types(DType a, DType b);

// The default floating dtype (torch.get_default_dtype()).
constexpr DType kDefaultFloat = DType::Float32;

template <DType D>
struct CTypeOf;
template <class T>
struct DTypeOf;
#define STRIDELAB_DTYPE_TRAITS(ctype, name, torch_name, legacy, scalar_name) \
  template <>                                                                \
  struct CTypeOf<DType::name> {                                              \
    using type = ctype;                                                      \
  };                                                                         \
  template <>                                                                \
  struct DTypeOf<ctype> {                                                    \
    static constexpr DType value = DType::name;                              \
  };
STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_TRAITS)
#undef STRIDELAB_DTYPE_TRAITS

template <class T>
struct TypeTag {
  using type = T;
};

[[noreturn]] void throw_reduced_float_unsupported(DType dtype);

// Calls fn(TypeTag<T>{}) with T the C++ type of dtype:
//   dispatch(t.dtype(), [&](auto tag) { using T = typename decltype(tag)::type; ... });
// float16 and bfloat16 are not dispatched here (the arithmetic kernels convert them to float32
// first, NOTE [16-bit floats]); reaching this with one raises a clear NotImplementedError.
template <class Fn>
decltype(auto) dispatch(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::Bool: return fn(TypeTag<bool>{});
    case DType::Int32: return fn(TypeTag<int32_t>{});
    case DType::Int64: return fn(TypeTag<int64_t>{});
    case DType::Float32: return fn(TypeTag<float>{});
    case DType::Int8: return fn(TypeTag<int8_t>{});
    case DType::Int16: return fn(TypeTag<int16_t>{});
    case DType::UInt8: return fn(TypeTag<uint8_t>{});
    case DType::Float16:
    case DType::BFloat16: throw_reduced_float_unsupported(dtype);
    case DType::Float64: break;
  }
  return fn(TypeTag<double>{});
}

// dispatch() with float16 and bfloat16 too (as Half and BFloat16), for the kernels that move
// elements and convert them without arithmetic.
template <class Fn>
decltype(auto) dispatch_all(DType dtype, Fn&& fn) {
  if (dtype == DType::Float16) return fn(TypeTag<Half>{});
  if (dtype == DType::BFloat16) return fn(TypeTag<BFloat16>{});
  return dispatch(dtype, std::forward<Fn>(fn));
}

}  // namespace stridelab::core
