// The WebAssembly surface: a few functions over plain strings (JSON), no object handles, so the
// worker never has to delete() anything.
//
//   const engine = await createStridelab();
//   const summary = JSON.parse(engine.run(source, JSON.stringify({max_steps: 100000})));
//   const state = JSON.parse(engine.state(7));   // the full state at step 7 (negative counts from the end)
//   const trace = engine.trace();                 // the whole trace, docs/trace-format.md
//   const checks = JSON.parse(engine.check(JSON.stringify(['y is a view of x'])));  // [{text, ok, why}]
#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "support/json.h"
#include "trace/exercise.h"
#include "trace/session.h"

namespace {

using stridelab::support::Json;
std::unique_ptr<stridelab::trace::Session> g_session;

std::string error_json(const std::string& type, const std::string& message) {
  Json e = Json::object();
  e["error"] = Json::object();
  e["error"]["type"] = type;
  e["error"]["message"] = message;
  return e.dump();
}

std::string run(std::string source, std::string options_json) {
  try {
    stridelab::trace::RunOptions options;
    if (!options_json.empty()) {
      Json o = Json::parse(options_json);
      if (const Json* v = o.find("max_steps")) options.max_steps = v->as_int();
      if (const Json* v = o.find("max_depth")) options.max_depth = static_cast<int>(v->as_int());
      if (const Json* v = o.find("max_seconds")) options.max_seconds = v->as_double();
      if (const Json* v = o.find("max_memory")) options.max_memory = static_cast<size_t>(v->as_int());
    }
    g_session = std::make_unique<stridelab::trace::Session>();
    return g_session->run(source, options).to_json().dump();
  } catch (const std::exception& e) { return error_json("InternalError", e.what()); }
}

std::string state(int step) {
  if (!g_session) return error_json("InternalError", "no program has run yet");
  try {
    return g_session->state(step).dump();
  } catch (const std::exception& e) { return error_json("IndexError", e.what()); }
}

std::string trace() {
  if (!g_session) return error_json("InternalError", "no program has run yet");
  return g_session->trace_text();
}

std::string timeline() {
  if (!g_session) return error_json("InternalError", "no program has run yet");
  return g_session->timeline().dump();
}

// An exercise's checks (a JSON array of lines) on the last run: [{"text", "ok", "why"}, ...].
std::string check(std::string checks_json) {
  if (!g_session) return error_json("InternalError", "no program has run yet");
  try {
    std::vector<std::string> checks;
    for (const Json& c : Json::parse(checks_json).as_array()) checks.push_back(c.as_string());
    return stridelab::trace::check_results_json(stridelab::trace::check_run(*g_session, checks)).dump();
  } catch (const std::exception& e) { return error_json("InternalError", e.what()); }
}

}  // namespace

EMSCRIPTEN_BINDINGS(stridelab) {
  emscripten::function("run", &run);
  emscripten::function("state", &state);
  emscripten::function("trace", &trace);
  emscripten::function("timeline", &timeline);
  emscripten::function("check", &check);
}
