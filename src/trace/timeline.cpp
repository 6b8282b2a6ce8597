// The memory timeline (Session::timeline, session.h): bytes of live tensor storage at every step
// and the steps that allocated or freed a storage, for the page's timeline strip.
//
// NOTE [A bounded timeline]
// A loop of 100k steps that allocates at each one would give 200k marks and 100k points: what
// leaves here is bounded instead. Past kMaxItems, marks that fall in the same bucket of steps
// (kBuckets buckets over the run) and are of the same kind are one mark with a `count`, and the
// points are one per bucket, the largest total in it (`"binned": true`). The page draws a few
// hundred columns, so nothing it shows is lost.
//
// NOTE [One pass over the deltas]
// Only a delta whose text names "storages" can change the total (a storage set or dropped), so
// the others are skipped without being parsed; the total is kept as a map from storage key to
// bytes. A run of 100k steps that touches no storage costs 100k substring searches.
#include <algorithm>
#include <map>

#include "trace/session.h"

namespace stridelab::trace {
namespace {
constexpr size_t kMaxItems = 4000;
constexpr int64_t kBuckets = 2000;
}  // namespace

support::Json Session::timeline() {
  if (timeline_) return *timeline_;
  using support::Json;
  Json points = Json::array(), marks = Json::array();
  std::map<std::string, int64_t> live;
  int64_t total = 0, peak = 0, last = -1;
  const int64_t count = recorder_->step_count();
  for (int64_t n = 0; n < count; ++n) {
    std::string_view text = recorder_->delta_text(n);
    if (text.find("\"storages\"") != std::string_view::npos) {
      Json d = Json::parse(text);
      std::map<std::string, int64_t> freed;
      if (const Json* s = d.find("storages")) {
        if (const Json* del = s->find("del"))
          for (const Json& k : del->as_array()) {
            auto it = live.find(k.as_string());
            if (it == live.end()) continue;
            total -= it->second;
            freed[it->first] = it->second;
            live.erase(it);
          }
        if (const Json* set = s->find("set"))
          for (const auto& [k, rec] : set->as_object()) {
            const Json* nb = rec.find("nbytes");
            if (!nb) continue;
            auto it = live.find(k);
            total += nb->as_int() - (it == live.end() ? 0 : it->second);
            live[k] = nb->as_int();
          }
      }
      for (const Json& e : d.at("events").as_array()) {
        const std::string& type = e.at("type").as_string();
        if (type != "alloc" && type != "free") continue;
        const std::string& key = e.at("storage").as_string();
        int64_t bytes = type == "alloc" ? (live.count(key) ? live[key] : 0) : (freed.count(key) ? freed[key] : 0);
        Json m = Json::object();
        m["step"] = Json(n);
        m["kind"] = Json(type);
        m["storage"] = Json(key);
        m["bytes"] = Json(bytes);
        m["line"] = d.at("line");
        marks.push_back(std::move(m));
      }
    }
    if (total != last) {
      points.push_back(Json(Json::Array{Json(n), Json(total)}));
      last = total;
    }
    if (total > peak) peak = total;
  }
  bool binned = false;
  if (marks.size() > kMaxItems) {
    binned = true;
    Json kept = Json::array();
    std::map<std::pair<int64_t, std::string>, size_t> at;  // (bucket, kind) -> index in kept
    for (Json& m : marks.as_array()) {
      const int64_t bucket = m.at("step").as_int() * kBuckets / std::max<int64_t>(1, count);
      auto key = std::make_pair(bucket, m.at("kind").as_string());
      auto it = at.find(key);
      if (it == at.end()) {
        at[key] = kept.size();
        m["count"] = Json(int64_t{1});
        kept.push_back(std::move(m));
      } else {
        Json& k = kept.as_array()[it->second];
        k["count"] = Json(k.at("count").as_int() + 1);
      }
    }
    marks = std::move(kept);
  }
  if (points.size() > kMaxItems) {
    binned = true;
    Json kept = Json::array();
    int64_t bucket = -1;
    for (const Json& p : points.as_array()) {
      const int64_t b = p[0].as_int() * kBuckets / std::max<int64_t>(1, count);
      if (b != bucket) {
        kept.push_back(p);
        bucket = b;
      } else {
        Json& last_point = kept.as_array().back();
        if (p[1].as_int() > last_point[1].as_int()) last_point = Json(Json::Array{last_point.as_array().front(), p[1]});
      }
    }
    points = std::move(kept);
  }
  Json out = Json::object();
  out["steps"] = Json(count);
  out["binned"] = Json(binned);
  out["points"] = std::move(points);
  out["marks"] = std::move(marks);
  out["peak"] = Json(peak);
  timeline_ = std::make_unique<Json>(std::move(out));
  return *timeline_;
}

}  // namespace stridelab::trace
