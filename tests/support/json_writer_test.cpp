// support::JsonWriter writes the text RapidJSON's Writer writes, value for value: its keys,
// strings, brackets and numbers take shortcuts of their own (support/json_writer.h).
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "support/json_writer.h"

using stridelab::support::JsonWriter;

namespace {

// The same document through both writers: fn(w) is called with each.
template <class Fn>
void check_same(Fn&& fn) {
  JsonWriter ours;
  fn(ours);
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> theirs(buffer);
  fn(theirs);
  CHECK(std::string(ours.text()) == std::string(buffer.GetString(), buffer.GetSize()));
}

void key(JsonWriter& w, const std::string& k) { w.key(k); }
void key(rapidjson::Writer<rapidjson::StringBuffer>& w, const std::string& k) {
  w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
}
void str(JsonWriter& w, const std::string& s) { w.str(s); }
void str(rapidjson::Writer<rapidjson::StringBuffer>& w, const std::string& s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

}  // namespace

TEST_CASE("JsonWriter: the text RapidJSON writes") {
  const std::string strings[] = {"",     "t12",         "a \"quoted\" word",  "back\\slash", "tab\tnew\nline",
                                 "\x01", "caf\xc3\xa9", "\xe2\x86\x92 arrow", "/slash/",     "end\x1f"};
  check_same([&](auto& w) {
    w.StartObject();
    for (const std::string& s : strings) {
      key(w, s);
      str(w, s);
    }
    key(w, "list");
    w.StartArray();
    for (int64_t i : {int64_t{0}, int64_t{-1}, int64_t{7}, std::numeric_limits<int64_t>::min(),
                      std::numeric_limits<int64_t>::max()})
      w.Int64(i);
    w.Null();
    w.Bool(true);
    w.Bool(false);
    w.StartArray();
    w.EndArray();
    w.StartObject();
    w.EndObject();
    for (double d : {0.0, -0.0, 1.0, 0.1, static_cast<double>(0.1f), -2.5e-7, 1e21, 1e22, 123456789.125, 5e-324})
      w.Double(d);
    w.EndArray();
    w.EndObject();
  });
  // A root that is not a container.
  check_same([](auto& w) { w.Int64(42); });
  check_same([](auto& w) { str(w, "root"); });
}

TEST_CASE("JsonWriter: literal keys and values, doubles through real") {
  JsonWriter w;
  w.StartObject();
  w.key("type");
  w.str("read");
  w.key("values");
  w.StartArray();
  w.real(0.5);
  w.real(static_cast<double>(0.1f));
  w.real(std::numeric_limits<double>::quiet_NaN());
  w.real(-std::numeric_limits<double>::infinity());
  w.EndArray();
  w.EndObject();
  CHECK(std::string(w.text()) == R"({"type":"read","values":[0.5,0.10000000149011612,"nan","-inf"]})");
  w.clear();
  w.StartArray();
  w.raw(R"({"a":1})", rapidjson::kObjectType);
  w.str("b");
  w.EndArray();
  CHECK(std::string(w.text()) == R"([{"a":1},"b"])");
}
