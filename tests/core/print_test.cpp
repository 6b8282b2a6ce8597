// The text of tensors and floats against PyTorch (record_print.py): each case rebuilds the recorded
// tensor from its values and compares tensor_repr with repr(t), character for character.
#include "core/print.h"

#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using support::Json;

namespace {

DType parse_dtype(const std::string& name) {
  auto dtype = dtype_from_attr(name.substr(name.find('.') + 1));
  REQUIRE(dtype.has_value());
  return *dtype;
}

Tensor build_tensor(const Json& c) {
  IntArray sizes;
  for (const Json& s : c.at("sizes").as_array()) sizes.push_back(s.as_int());
  DType dtype = parse_dtype(c.at("dtype").as_string());
  std::vector<Scalar> values;
  if (c.contains("arange")) {
    for (int64_t k = 0; k < numel_of(sizes); ++k) values.emplace_back(k);
  } else {
    for (const Json& v : c.at("values").as_array()) {
      if (dtype == DType::Bool) values.emplace_back(v.as_bool());
      else if (is_integral(dtype, false)) values.emplace_back(v.as_int());
      else values.emplace_back(testing::json_number(v));
    }
  }
  Tensor t = from_values(values, sizes, dtype);
  if (!c.contains("view")) return t;
  const std::string& v = c.at("view").as_string();
  if (v == "t") return core::t(t);
  if (v == "expand") return expand(t, {2, -1});
  if (v == "permute") return permute(t, {2, 0, 1});
  if (v == "step") return slice(t, 1, std::nullopt, std::nullopt, 2);
  FAIL("unknown view " << v);
  return t;
}

PrintOptions parse_options(const Json& c) {
  PrintOptions o;
  if (!c.contains("options")) return o;
  const Json& j = c.at("options");
  if (j.contains("profile") && j.at("profile").as_string() == "full") o.threshold = INFINITY;
  if (j.contains("precision")) o.precision = static_cast<int>(j.at("precision").as_int());
  if (j.contains("threshold")) o.threshold = j.at("threshold").as_double();
  if (j.contains("edgeitems")) o.edgeitems = static_cast<int>(j.at("edgeitems").as_int());
  if (j.contains("linewidth")) o.linewidth = static_cast<int>(j.at("linewidth").as_int());
  if (j.contains("sci_mode")) o.sci_mode = j.at("sci_mode").as_bool();
  return o;
}

}  // namespace

TEST_CASE("tensor text matches PyTorch", "[core][print]") {
  auto expected = testing::load_expected("core/expected/print.json");
  const auto& cases = expected.at("cases").as_object();
  CHECK(cases.size() >= 80);
  for (const auto& [id, c] : cases) {
    SECTION(id) {
      Tensor t = build_tensor(c);
      PrintSuffix suffix{c.at("requires_grad").as_bool(), c.at("grad_fn").as_string()};
      std::string prefix = c.contains("prefix") ? c.at("prefix").as_string() : "tensor(";
      std::string got;
      if (c.contains("parameter")) got = parameter_repr(t, suffix);
      else if (c.contains("options")) got = tensor_repr(t, suffix, prefix, parse_options(c));
      else got = tensor_repr(t, suffix, prefix);
      CHECK(got == c.at("text").as_string());
    }
  }
}

TEST_CASE("print options are read from print_options()", "[core][print]") {
  Tensor t = arange(0, 10, 1, std::nullopt);
  PrintOptions saved = print_options();
  print_options().threshold = 5;
  std::string text = tensor_repr(t);
  print_options() = saved;
  CHECK(text == "tensor([0, 1, 2,  ..., 7, 8, 9])");
  CHECK(tensor_repr(t) == "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])");
}

TEST_CASE("float repr matches Python", "[core][print]") {
  auto expected = testing::load_expected("core/expected/print.json");
  for (const Json& pair : expected.at("float_reprs").as_array()) {
    double v = testing::json_number(pair[0]);
    INFO("value " << pair[1].as_string());
    CHECK(format_float_repr(v) == pair[1].as_string());
  }
}
