// A Python number on its way into or out of a tensor: bool, int or float.
#pragma once

#include <cstdint>

#include "core/convert.h"
#include "core/dtype.h"

namespace stridelab::core {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float };

  Scalar() : kind_(Kind::Int), i_(0) {}
  Scalar(bool v) : kind_(Kind::Bool), i_(v) {}     // NOLINT: implicit like a Python literal
  Scalar(int v) : kind_(Kind::Int), i_(v) {}       // NOLINT
  Scalar(int64_t v) : kind_(Kind::Int), i_(v) {}   // NOLINT
  Scalar(double v) : kind_(Kind::Float), d_(v) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }

  // The dtype PyTorch gives a Python number wrapped into a tensor: bool, int64 or float64.
  DType dtype() const { return kind_ == Kind::Bool ? DType::Bool : kind_ == Kind::Int ? DType::Int64 : DType::Float64; }

  template <class T>
  T to() const {
    if (kind_ == Kind::Float) {
      if constexpr (std::is_same_v<T, bool>) return d_ != 0;
      return convert<T>(d_);  // NOTE [Float to int conversion]
    }
    if constexpr (std::is_same_v<T, bool>) return i_ != 0;
    return convert<T>(i_);
  }
  double to_double() const { return to<double>(); }
  int64_t to_int() const { return to<int64_t>(); }

  template <class T>
  static Scalar from(T v) {
    if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
    else return Scalar(static_cast<double>(v));
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace stridelab::core
