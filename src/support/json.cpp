#include "support/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

namespace stridelab::support {

Json& Json::operator[](std::string_view key) {
  if (is_null()) value_ = Object{};
  Object& o = as_object();
  for (auto& [k, v] : o)
    if (k == key) return v;
  o.emplace_back(std::string(key), Json());
  return o.back().second;
}

const Json* Json::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

const Json& Json::at(std::string_view key) const {
  const Json* v = find(key);
  if (!v) throw std::out_of_range("json: no key " + std::string(key));
  return *v;
}

size_t Json::size() const {
  if (is_array()) return as_array().size();
  if (is_object()) return as_object().size();
  return 0;
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          static const char* hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void Json::dump_to(std::string& out) const {
  switch (value_.index()) {
    case 0: out += "null"; break;
    case 1: out += std::get<bool>(value_) ? "true" : "false"; break;
    case 2: out += std::to_string(std::get<int64_t>(value_)); break;
    case 3: {
      double d = std::get<double>(value_);
      if (std::isnan(d)) {
        out += "\"nan\"";
        break;
      }
      if (std::isinf(d)) {
        out += d > 0 ? "\"inf\"" : "\"-inf\"";
        break;
      }
      // The shortest %g text that reads back exactly (std::to_chars for doubles is missing
      // from Emscripten's libc++).
      char buf[40];
      for (int precision = 15; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, d);
        if (std::strtod(buf, nullptr) == d) break;
      }
      out += buf;
      // Keep it a JSON float, so it reads back as a double.
      if (out.find_first_of(".eE", out.size() - std::strlen(buf)) == std::string::npos) out += ".0";
      break;
    }
    case 4: append_json_string(out, std::get<std::string>(value_)); break;
    case 5: {
      out += '[';
      bool first = true;
      for (const Json& v : std::get<Array>(value_)) {
        if (!first) out += ',';
        first = false;
        v.dump_to(out);
      }
      out += ']';
      break;
    }
    case 6: {
      out += '{';
      bool first = true;
      for (const auto& [k, v] : std::get<Object>(value_)) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, k);
        out += ':';
        v.dump_to(out);
      }
      out += '}';
      break;
    }
  }
}

std::string Json::dump() const {
  std::string out;
  dump_to(out);
  return out;
}

namespace {

// Builds Json values from RapidJSON's reader events (SAX: no RapidJSON document in between).
class Builder {
 public:
  bool Null() { return add(Json()); }
  bool Bool(bool b) { return add(Json(b)); }
  bool Int(int i) { return add(Json(static_cast<int64_t>(i))); }
  bool Uint(unsigned u) { return add(Json(static_cast<int64_t>(u))); }
  bool Int64(int64_t i) { return add(Json(i)); }
  bool Uint64(uint64_t u) {
    // Beyond int64: a double, as the number reads in JavaScript.
    if (u > static_cast<uint64_t>(INT64_MAX)) return add(Json(static_cast<double>(u)));
    return add(Json(static_cast<int64_t>(u)));
  }
  bool Double(double d) { return add(Json(d)); }
  bool RawNumber(const char*, rapidjson::SizeType, bool) { return false; }
  bool String(const char* s, rapidjson::SizeType n, bool) { return add(Json(std::string(s, n))); }
  bool StartObject() {
    if (stack_.size() >= 512) return false;
    stack_.push_back(Json::object());
    return true;
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    keys_.emplace_back(s, n);
    return true;
  }
  bool EndObject(rapidjson::SizeType) { return end(); }
  bool StartArray() {
    if (stack_.size() >= 512) return false;
    stack_.push_back(Json::array());
    return true;
  }
  bool EndArray(rapidjson::SizeType) { return end(); }

  Json take() { return std::move(root_); }

 private:
  bool add(Json v) {
    if (stack_.empty()) {
      root_ = std::move(v);
    } else if (stack_.back().is_array()) {
      stack_.back().as_array().push_back(std::move(v));
    } else {
      stack_.back().as_object().emplace_back(std::move(keys_.back()), std::move(v));
      keys_.pop_back();
    }
    return true;
  }
  bool end() {
    Json v = std::move(stack_.back());
    stack_.pop_back();
    return add(std::move(v));
  }

  std::vector<Json> stack_;
  std::vector<std::string> keys_;
  Json root_;
};

}  // namespace

Json Json::parse(std::string_view text) {
  rapidjson::MemoryStream stream(text.data(), text.size());
  rapidjson::Reader reader;
  Builder builder;
  constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseStopWhenDoneFlag;
  rapidjson::ParseResult ok = reader.Parse<kFlags>(stream, builder);
  size_t at = ok ? stream.Tell() : ok.Offset();
  if (ok) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) ++at;
    if (at == text.size()) return builder.take();
    throw std::runtime_error("json: trailing characters at byte " + std::to_string(at));
  }
  throw std::runtime_error(std::string("json: ") + rapidjson::GetParseError_En(ok.Code()) + " at byte " +
                           std::to_string(at));
}

}  // namespace stridelab::support
