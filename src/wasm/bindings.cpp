// The WebAssembly surface: a few functions over plain strings (JSON), no object handles, so the
// worker never has to delete() anything.
//
//   const engine = await createStridelab();
//   const summary = JSON.parse(engine.run(source, JSON.stringify({max_steps: 100000})));
//   const same = JSON.parse(await engine.runAsync(source, '{}'));  // on stacks of its own (fresh_stacks.js)
//   const state = JSON.parse(engine.state(7));   // the full state at step 7 (negative counts from the end)
//   const trace = engine.trace();                 // the whole trace, docs/trace-format.md
//   const checks = JSON.parse(engine.check(JSON.stringify(['y is a view of x'])));  // [{text, ok, why}]
#include <emscripten.h>
#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "support/json.h"
#include "python/interp.h"
#include "python/recursion.h"
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

// NOTE [Progress of a run]
// With `progress_ms`, the run tells the worker how far it has got, at most every progress_ms:
// Module.onRunProgress(steps, lines), steps recorded and line events run (the interpreter's
// step count, which max_steps limits). The worker posts it to the page at once, while the run goes
// on. When the page's watchdog has to stop the worker, the steps go with it; the run being
// deterministic, the page runs the code again with max_steps = lines - 1, which stops just before
// the line event that was starting, with the same steps recorded.
void report_progress(stridelab::trace::RunOptions& options, double every_ms) {
  if (every_ms <= 0) return;
  options.probe = [every_ms, last = emscripten_get_now()](const stridelab::trace::StepContext& c) mutable {
    const double now = emscripten_get_now();
    if (now - last < every_ms) return;
    last = now;
    EM_ASM(
        {
          if (Module['onRunProgress']) Module['onRunProgress']($0, $1);
        },
        static_cast<double>(c.step + 1), static_cast<double>(c.interp.steps()));
  };
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
      if (const Json* v = o.find("progress_ms")) report_progress(options, v->as_double());
    }
    g_session = std::make_unique<stridelab::trace::Session>();
    return g_session->run(source, options).to_json().dump();
  } catch (const std::exception& e) { return error_json("InternalError", e.what()); }
}

// The page's run on stacks of its own (NOTE [Fresh stacks] in src/python/recursion.h): the glue
// (fresh_stacks.js) hands the arguments over with prepare_run, which gives the table index of
// run_prepared; the glue calls that function through WebAssembly.promising, so that the run starts
// on a new stack and may switch to further ones, and takes the summary with take_result.
std::string g_prepared_source, g_prepared_options, g_result;

void run_prepared(int fresh_stacks) {
  namespace recursion = stridelab::python::recursion;
  recursion::g_fresh_stacks = fresh_stacks != 0;
  recursion::g_segment_base = recursion::g_depth;
  g_result = run(std::move(g_prepared_source), std::move(g_prepared_options));
  recursion::g_fresh_stacks = false;
  recursion::g_segment_base = 0;
}

int prepare_run(std::string source, std::string options_json) {
  g_prepared_source = std::move(source);
  g_prepared_options = std::move(options_json);
  g_result.clear();
  return static_cast<int>(reinterpret_cast<intptr_t>(&run_prepared));
}

std::string take_result() { return std::move(g_result); }

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
    const Json lines = Json::parse(checks_json);
    for (const Json& c : lines.as_array()) checks.push_back(c.as_string());
    return stridelab::trace::check_results_json(stridelab::trace::check_run(*g_session, checks)).dump();
  } catch (const std::exception& e) { return error_json("InternalError", e.what()); }
}

}  // namespace

EMSCRIPTEN_BINDINGS(stridelab) {
  emscripten::function("run", &run);
  emscripten::function("prepare_run", &prepare_run);
  emscripten::function("take_result", &take_result);
  emscripten::function("state", &state);
  emscripten::function("trace", &trace);
  emscripten::function("timeline", &timeline);
  emscripten::function("check", &check);
}
