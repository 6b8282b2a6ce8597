// A small JSON value: the states the page asks for, the expectations recorded from PyTorch for the
// tests, and the messages to and from the page. Its text is read by RapidJSON's Reader and written
// by RapidJSON's Writer; the value itself is kept here rather than as a RapidJSON document, whose
// member access asserts on a missing key and needs an allocator at every insertion.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace stridelab::support {

class Json {
 public:
  using Array = std::vector<Json>;
  // Keys keep insertion order, so written JSON reads in the order it was built.
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() : value_(nullptr) {}
  Json(std::nullptr_t) : value_(nullptr) {}
  Json(bool b) : value_(b) {}
  Json(int v) : value_(static_cast<int64_t>(v)) {}
  Json(int64_t v) : value_(v) {}
  Json(uint64_t v) : value_(static_cast<int64_t>(v)) {}
  Json(uint32_t v) : value_(static_cast<int64_t>(v)) {}
  Json(double v) : value_(v) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(Array a) : value_(std::move(a)) {}
  Json(Object o) : value_(std::move(o)) {}
  template <class T>
  static Json array_of(const std::vector<T>& values) {
    Array a;
    a.reserve(values.size());
    for (const T& v : values) a.emplace_back(v);
    return Json(std::move(a));
  }
  static Json object() { return Json(Object{}); }
  static Json array() { return Json(Array{}); }

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(value_); }
  bool is_bool() const { return std::holds_alternative<bool>(value_); }
  bool is_int() const { return std::holds_alternative<int64_t>(value_); }
  bool is_double() const { return std::holds_alternative<double>(value_); }
  bool is_number() const { return is_int() || is_double(); }
  bool is_string() const { return std::holds_alternative<std::string>(value_); }
  bool is_array() const { return std::holds_alternative<Array>(value_); }
  bool is_object() const { return std::holds_alternative<Object>(value_); }

  bool as_bool() const { return std::get<bool>(value_); }
  int64_t as_int() const {
    return is_int() ? std::get<int64_t>(value_) : static_cast<int64_t>(std::get<double>(value_));
  }
  double as_double() const {
    return is_int() ? static_cast<double>(std::get<int64_t>(value_)) : std::get<double>(value_);
  }
  const std::string& as_string() const { return std::get<std::string>(value_); }
  const Array& as_array() const { return std::get<Array>(value_); }
  Array& as_array() { return std::get<Array>(value_); }
  const Object& as_object() const { return std::get<Object>(value_); }
  Object& as_object() { return std::get<Object>(value_); }

  // Object access: operator[] inserts (null) when missing; at() throws std::out_of_range.
  Json& operator[](std::string_view key);
  const Json& at(std::string_view key) const;
  const Json* find(std::string_view key) const;
  bool contains(std::string_view key) const { return find(key) != nullptr; }
  // Array access.
  const Json& operator[](size_t i) const { return as_array().at(i); }
  size_t size() const;
  void push_back(Json v) { as_array().push_back(std::move(v)); }

  // Compact JSON text, written by RapidJSON's Writer (support/json_writer.h): doubles with the
  // shortest text that reads back exactly, non-finite doubles as the strings "nan", "inf", "-inf".
  std::string dump() const;
  // Throws std::runtime_error with the byte offset on malformed input.
  static Json parse(std::string_view text);

  bool operator==(const Json& other) const { return value_ == other.value_; }

 private:
  std::variant<std::nullptr_t, bool, int64_t, double, std::string, Array, Object> value_;
};

}  // namespace stridelab::support
