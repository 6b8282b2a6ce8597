// Element types and PyTorch's type promotion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace stridelab::core {

// _(C++ type, enumerator, torch name, legacy tensor type, scalar type name in messages)
#define STRIDELAB_FORALL_DTYPES(_)                                 \
  _(bool, Bool, "torch.bool", "torch.BoolTensor", "Bool")          \
  _(int32_t, Int32, "torch.int32", "torch.IntTensor", "Int")       \
  _(int64_t, Int64, "torch.int64", "torch.LongTensor", "Long")     \
  _(float, Float32, "torch.float32", "torch.FloatTensor", "Float") \
  _(double, Float64, "torch.float64", "torch.DoubleTensor", "Double")

enum class DType : uint8_t {
#define STRIDELAB_DTYPE_ENUM(ctype, name, torch_name, legacy, scalar_name) name,
  STRIDELAB_FORALL_DTYPES(STRIDELAB_DTYPE_ENUM)
#undef STRIDELAB_DTYPE_ENUM
};

constexpr int kNumDTypes = 5;

size_t itemsize(DType dtype);
// "torch.float32"
const char* dtype_name(DType dtype);
// "torch.FloatTensor", as autograd's error messages print a tensor's type.
const char* legacy_type_name(DType dtype);
// "Float", as in "expected scalar type Float but found Long".
const char* scalar_type_name(DType dtype);
// Parses "float32", "float", "int64", "long", ... (the attribute names of the torch module).
std::optional<DType> dtype_from_attr(std::string_view name);

constexpr bool is_floating(DType d) { return d == DType::Float32 || d == DType::Float64; }
constexpr bool is_integral(DType d, bool include_bool) {
  return d == DType::Int32 || d == DType::Int64 || (include_bool && d == DType::Bool);
}

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

// Calls fn(TypeTag<T>{}) with T the C++ type of dtype:
//   dispatch(t.dtype(), [&](auto tag) { using T = typename decltype(tag)::type; ... });
template <class Fn>
decltype(auto) dispatch(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::Bool: return fn(TypeTag<bool>{});
    case DType::Int32: return fn(TypeTag<int32_t>{});
    case DType::Int64: return fn(TypeTag<int64_t>{});
    case DType::Float32: return fn(TypeTag<float>{});
    case DType::Float64: break;
  }
  return fn(TypeTag<double>{});
}

}  // namespace stridelab::core
