// The recorder on snapshots built by hand from core tensors: deltas, replay, and the events the
// lessons rely on (allocation, cell writes, version bumps, frees).
#include <catch2/catch.hpp>

#include "core/ops.h"
#include "trace/recorder.h"

using namespace stridelab;
using namespace stridelab::core;
using trace::Json;

namespace {

trace::Snapshot snapshot(int line, std::vector<std::pair<std::string, Tensor>> vars) {
  trace::Snapshot s;
  s.line = line;
  trace::FrameInfo f;
  f.name = "<module>";
  f.line = line;
  int i = 0;
  for (auto& [name, t] : vars) {
    trace::ObjectInfo o;
    o.key = "o" + std::to_string(++i);
    o.type = "Tensor";
    o.id = 1000 + i;
    o.tensor = t;
    f.variables.emplace_back(name, o.key);
    s.objects.push_back(o);
  }
  s.frames.push_back(f);
  return s;
}

const Json& find_by_id(const Json& list, const std::string& id) {
  for (const Json& x : list.as_array())
    if (x.at("id").as_string() == id) return x;
  FAIL("no " << id);
  throw;
}

std::vector<std::string> event_types(const Json& state) {
  std::vector<std::string> out;
  for (const Json& e : state.at("events").as_array()) out.push_back(e.at("type").as_string());
  return out;
}

}  // namespace

TEST_CASE("a view's slice shares storage; a write through it is a cell-write event", "[trace]") {
  trace::Recorder rec;
  rec.begin("");
  Tensor original = reshape(arange(0, 12, 1, std::nullopt), {3, 4});
  rec.record(snapshot(1, {{"original_tensor", original}}));
  Tensor view = slice(slice(original, 0, 1, 3), 1, 1, 3);
  rec.record(snapshot(2, {{"original_tensor", original}, {"view_tensor", view}}));
  fill_(select(select(view, 0, 0), 0, 0), Scalar(int64_t{99}));
  view.bump_version();
  rec.record(snapshot(3, {{"original_tensor", original}, {"view_tensor", view}}));
  rec.finish("", "", std::nullopt);

  Json s0 = rec.state(0);
  REQUIRE(s0.at("storages").size() == 1);
  CHECK(event_types(s0) == std::vector<std::string>{"alloc"});

  Json s1 = rec.state(1);
  const Json& vars = s1.at("variables");
  const Json& objects = s1.at("objects");
  std::string t_orig = objects.at(vars.at("original_tensor").as_string()).at("tensor").as_string();
  std::string t_view = objects.at(vars.at("view_tensor").as_string()).at("tensor").as_string();
  const Json& orig = find_by_id(s1.at("tensors"), t_orig);
  const Json& v = find_by_id(s1.at("tensors"), t_view);
  CHECK(orig.at("storage") == v.at("storage"));
  CHECK(v.at("offset").as_int() == 5);
  CHECK(v.at("stride") == Json(Json::Array{Json(4), Json(1)}));
  CHECK(s1.at("storages").size() == 1);

  Json s2 = rec.state(2);
  bool saw_write = false;
  for (const Json& e : s2.at("events").as_array()) {
    if (e.at("type").as_string() != "write") continue;
    saw_write = true;
    CHECK(e.at("storage") == v.at("storage"));
    CHECK(e.at("cells") == Json(Json::Array{Json(5)}));
    CHECK(e.at("old") == Json(Json::Array{Json(5)}));
    CHECK(e.at("new") == Json(Json::Array{Json(99)}));
  }
  CHECK(saw_write);
  // The replayed storage holds the new value, and the shared version counter moved for both.
  CHECK(s2.at("storages")[0].at("values")[5] == Json(99));
  CHECK(find_by_id(s2.at("tensors"), t_orig).at("version").as_int() == 1);
  CHECK(find_by_id(s2.at("tensors"), t_view).at("version").as_int() == 1);

  // Going back restores the old value.
  CHECK(rec.state(1).at("storages")[0].at("values")[5] == Json(5));
  CHECK(rec.state(-1).at("step").as_int() == 2);
}

TEST_CASE("rebinding frees the old storage: alloc and free events", "[trace]") {
  trace::Recorder rec;
  rec.begin("");
  Tensor a = from_values({Scalar(int64_t{1}), Scalar(int64_t{2}), Scalar(int64_t{3})}, {3}, DType::Int64);
  rec.record(snapshot(1, {{"a", a}}));
  std::string first = rec.state(0).at("storages")[0].at("id").as_string();
  a = binary(BinaryOp::Add, a, scalar_tensor(Scalar(int64_t{1}), DType::Int64, true));
  rec.record(snapshot(2, {{"a", a}}));
  rec.finish("", "", std::nullopt);
  Json s = rec.state(1);
  std::vector<std::string> allocs, frees;
  for (const Json& e : s.at("events").as_array()) {
    if (e.at("type").as_string() == "alloc") allocs.push_back(e.at("storage").as_string());
    if (e.at("type").as_string() == "free") frees.push_back(e.at("storage").as_string());
  }
  // The wrapped scalar's storage is a temporary of the step: not drawn.
  CHECK(allocs.size() == 1);
  CHECK(frees == std::vector<std::string>{first});
  CHECK(s.at("storages").size() == 1);
  CHECK(s.at("storages")[0].at("values") == Json(Json::Array{Json(2), Json(3), Json(4)}));
}

TEST_CASE("big storages are summarised, metadata stays exact", "[trace]") {
  trace::Recorder rec;
  rec.begin("");
  Tensor big = zeros({1000, 1000});
  rec.record(snapshot(1, {{"big", big}}));
  rec.finish("", "", std::nullopt);
  Json s = rec.state(0);
  const Json& st = s.at("storages")[0];
  CHECK(st.at("numel").as_int() == 1000000);
  CHECK_FALSE(st.contains("values"));
  CHECK(st.at("summary").at("head").size() == 64);
  CHECK(rec.trace().dump().size() < 20000);
}
