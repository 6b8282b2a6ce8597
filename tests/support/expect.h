// Expectations recorded from PyTorch (the oracle) by the tests/*/record_*.py scripts.
//
// Each record script writes tests/<folder>/expected/<name>.json: an object mapping a case id to
// what PyTorch produced: {"sizes": [...], "strides": [...], "offset": n, "dtype": "torch.float32",
// "is_view": bool, "values": [...] (flattened, row-major), "text": "..."} or, when PyTorch raised,
// {"error": "RuntimeError", "message": "..."}. The tests run the same op through the core and
// compare with check_tensor / check_error.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "core/ops.h"
#include "support/json.h"

namespace stridelab::testing {

inline support::Json load_expected(const std::string& relative_path) {
  std::ifstream in(std::string(STRIDELAB_TESTS_DIR) + "/" + relative_path);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return support::Json::parse(ss.str());
}

inline double json_number(const support::Json& v) {
  if (v.is_string()) {
    const std::string& s = v.as_string();
    if (s == "nan") return std::nan("");
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
  }
  if (v.is_bool()) return v.as_bool() ? 1 : 0;
  return v.as_double();
}

// Compares a tensor's metadata and values with a recorded case. Float values compare with a
// relative tolerance of `rtol` (0 = exact).
inline void check_tensor(const core::Tensor& t, const support::Json& expected, double rtol = 1e-6) {
  using support::Json;
  REQUIRE_FALSE(expected.contains("error"));
  CHECK(Json::array_of(t.sizes()) == expected.at("sizes"));
  if (expected.contains("strides")) CHECK(Json::array_of(t.strides()) == expected.at("strides"));
  if (expected.contains("offset")) CHECK(t.storage_offset() == expected.at("offset").as_int());
  if (expected.contains("dtype")) CHECK(std::string(core::dtype_name(t.dtype())) == expected.at("dtype").as_string());
  if (expected.contains("is_view")) CHECK(t.is_view() == expected.at("is_view").as_bool());
  if (expected.contains("values")) {
    const auto& values = expected.at("values").as_array();
    REQUIRE(static_cast<int64_t>(values.size()) == t.numel());
    for (int64_t k = 0; k < t.numel(); ++k) {
      double got = core::get_flat(t, k).to_double();
      double want = json_number(values[k]);
      INFO("element " << k);
      if (std::isnan(want)) CHECK(std::isnan(got));
      else if (rtol == 0 || std::isinf(want)) CHECK(got == want);
      else CHECK(got == Approx(want).epsilon(rtol).margin(1e-6));
    }
  }
}

// Runs fn and checks it raises what PyTorch raised, word for word.
inline void check_error(const std::function<void()>& fn, const support::Json& expected) {
  REQUIRE(expected.contains("error"));
  try {
    fn();
    FAIL("expected " << expected.at("error").as_string() << ": " << expected.at("message").as_string());
  } catch (const core::Error& e) {
    CHECK(std::string(core::error_kind_name(e.kind())) == expected.at("error").as_string());
    CHECK(std::string(e.what()) == expected.at("message").as_string());
  }
}

}  // namespace stridelab::testing
