#include "support/json.h"

#include <cstdint>
#include <stdexcept>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include "support/json_writer.h"

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

std::string Json::dump() const {
  JsonWriter w;
  w.value(*this);
  return std::string(w.text());
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
