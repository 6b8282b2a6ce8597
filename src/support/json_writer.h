// JSON text written as it is produced, with RapidJSON's streaming Writer (no tree of values in
// between): the trace and the states the page asks for are written through it.
//
//   support::JsonWriter w;
//   w.StartObject(); w.key("step"); w.Int64(3); w.EndObject();
//   std::string_view text = w.text();
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include <rapidjson/internal/dtoa.h>
#include <rapidjson/internal/itoa.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "support/json.h"

namespace stridelab::support {

// A key or a string value known when compiling (a literal): checked then to need no escaping.
struct Plain {
  template <size_t N>
  consteval Plain(const char (&s)[N]) : text(s, N - 1) {  // NOLINT(google-explicit-constructor)
    for (const char c : text)
      if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') throw "a literal that needs escaping";
  }
  std::string_view text;
};

class JsonWriter : public rapidjson::Writer<rapidjson::StringBuffer> {
 public:
  JsonWriter() : rapidjson::Writer<rapidjson::StringBuffer>(buffer_) {}
  // The text written so far.
  std::string_view text() const { return {buffer_.GetString(), buffer_.GetSize()}; }
  // Starts a new document, keeping the memory the last one took.
  void clear() {
    buffer_.Clear();
    Reset(buffer_);
  }
  // A key or a string value: a literal (Plain, checked when compiling) is copied as it stands;
  // any other string is copied in one go when it has nothing to escape, the same text RapidJSON's
  // String writes a character at a time.
  __attribute__((always_inline)) void key(Plain k) { plain(k.text); }
  template <class S>
  requires(!std::is_array_v<S> && std::is_convertible_v<const S&, std::string_view>) void key(const S& k) {
    string(std::string_view(k));
  }
  __attribute__((always_inline)) void str(Plain s) { plain(s.text); }
  template <class S>
  requires(!std::is_array_v<S> && std::is_convertible_v<const S&, std::string_view>) void str(const S& s) {
    string(std::string_view(s));
  }
  // RapidJSON's own, without its call per character (the same text).
  bool StartObject() { return open('{', false); }
  bool StartArray() { return open('[', true); }
  bool EndObject(rapidjson::SizeType = 0) { return close('}'); }
  bool EndArray(rapidjson::SizeType = 0) { return close(']'); }
  bool Int64(int64_t i) {
    const char sep = separator();
    char* p = buffer_.Push(22);
    char* start = p;
    if (sep) *p++ = sep;
    char* end = rapidjson::internal::i64toa(i, p);
    buffer_.Pop(static_cast<size_t>(22 - (end - start)));
    return true;
  }
  bool Null() { return put_word("null"); }
  bool Bool(bool b) { return b ? put_word("true") : put_word("false"); }
  // Non-finite doubles as the strings "nan", "inf", "-inf" (docs/trace-format.md).
  void real(double d) {
    if (std::isnan(d)) str("nan");
    else if (std::isinf(d)) str(d > 0 ? "inf" : "-inf");
    else {
      // (Double's text, from the same digits)
      const char sep = separator();
      char* p = buffer_.Push(kRealTextMax + 1);
      char* start = p;
      if (sep) *p++ = sep;
      char* end = rapidjson::internal::dtoa(d, p, maxDecimalPlaces_);
      buffer_.Pop(static_cast<size_t>(kRealTextMax + 1 - (end - start)));
    }
  }
  // The text real(d) writes for a finite d, into buf; and such a text (a JSON number) written.
  static constexpr size_t kRealTextMax = 25;
  std::string_view real_text(double d, char (&buf)[kRealTextMax]) const {
    return {buf, static_cast<size_t>(rapidjson::internal::dtoa(d, buf, maxDecimalPlaces_) - buf)};
  }
  void number(std::string_view text) {
    const char sep = separator();
    char* p = buffer_.Push(text.size() + (sep ? 1 : 0));
    if (sep) *p++ = sep;
    std::memcpy(p, text.data(), text.size());
  }
  // JSON text of one value of the given type, copied as it stands (RawValue copies it a character
  // at a time).
  void raw(std::string_view json, rapidjson::Type type) {
    Prefix(type);
    std::memcpy(buffer_.Push(json.size()), json.data(), json.size());
    EndValue(true);
  }
  // A Json value, written as it stands.
  void value(const Json& v) {
    if (v.is_null()) Null();
    else if (v.is_bool()) Bool(v.as_bool());
    else if (v.is_int()) Int64(v.as_int());
    else if (v.is_double()) real(v.as_double());
    else if (v.is_string()) str(v.as_string());
    else if (v.is_array()) {
      StartArray();
      for (const Json& x : v.as_array()) value(x);
      EndArray();
    } else {
      StartObject();
      for (const auto& [k, x] : v.as_object()) {
        key(k);
        value(x);
      }
      EndObject();
    }
  }

 private:
  // The separator RapidJSON's Prefix puts before a value ("," or ":", or none), with its
  // bookkeeping, without its call per character.
  __attribute__((always_inline)) char separator() {
    if (level_stack_.GetSize() == 0) {
      hasRoot_ = true;
      return 0;
    }
    Level* level = level_stack_.template Top<Level>();
    const char sep = level->valueCount == 0 ? 0 : level->inArray || level->valueCount % 2 == 0 ? ',' : ':';
    ++level->valueCount;
    return sep;
  }
  bool open(char bracket, bool array) {
    const char sep = separator();
    char* p = buffer_.Push(sep ? 2 : 1);
    if (sep) *p++ = sep;
    *p = bracket;
    new (level_stack_.template Push<Level>()) Level(array);
    return true;
  }
  bool close(char bracket) {
    level_stack_.template Pop<Level>(1);
    *buffer_.Push(1) = bracket;
    return true;
  }
  template <size_t N>
  bool put_word(const char (&word)[N]) {
    const char sep = separator();
    char* p = buffer_.Push(sep ? N : N - 1);
    if (sep) *p++ = sep;
    std::memcpy(p, word, N - 1);
    return true;
  }
  // A string with nothing to escape, quoted.
  __attribute__((always_inline)) void plain(std::string_view s) {
    const char sep = separator();
    char* p = buffer_.Push(s.size() + (sep ? 3 : 2));
    if (sep) *p++ = sep;
    *p++ = '"';
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    p[s.size()] = '"';
  }
  void string(std::string_view s) {
    // (what RapidJSON's String escapes: control characters, the quote and the backslash; UTF-8 it
    // copies as it stands)
    for (const char c : s)
      if (kEscaped[static_cast<unsigned char>(c)]) {
        String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
        return;
      }
    plain(s);
  }
  static constexpr auto kEscaped = [] {
    std::array<bool, 256> e{};
    for (int c = 0; c < 0x20; ++c) e[static_cast<size_t>(c)] = true;
    e['"'] = e['\\'] = true;
    return e;
  }();

  rapidjson::StringBuffer buffer_;
};

}  // namespace stridelab::support
