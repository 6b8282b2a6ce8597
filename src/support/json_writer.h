// JSON text written as it is produced, with RapidJSON's streaming Writer (no tree of values in
// between): the trace and the states the page asks for are written through it.
//
//   support::JsonWriter w;
//   w.StartObject(); w.key("step"); w.Int64(3); w.EndObject();
//   std::string_view text = w.text();
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "support/json.h"

namespace stridelab::support {

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
  void key(std::string_view k) { Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
  void str(std::string_view s) { String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
  // Non-finite doubles as the strings "nan", "inf", "-inf" (docs/trace-format.md).
  void real(double d) {
    if (std::isnan(d)) str("nan");
    else if (std::isinf(d)) str(d > 0 ? "inf" : "-inf");
    else Double(d);
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
  rapidjson::StringBuffer buffer_;
};

}  // namespace stridelab::support
