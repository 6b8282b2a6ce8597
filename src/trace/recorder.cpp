#include "trace/recorder.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/dtype.h"
#include "core/ops.h"

namespace stridelab::trace {
namespace {

constexpr int64_t kKeyframeEvery = 256;

std::string storage_key(const core::StorageImpl& s) { return "s" + std::to_string(s.id()); }

Json int_list(const core::IntArray& values) { return Json::array_of(values); }

// The value of cell k of a storage read as its element type, as JSON (bool, int or float).
Json cell_json(const core::StorageImpl& s, int64_t k) {
  return core::dispatch(s.dtype(), [&](auto tag) -> Json {
    using T = typename decltype(tag)::type;
    T v = reinterpret_cast<const T*>(s.data())[k];
    if constexpr (std::is_same_v<T, bool>) return Json(v);
    else if constexpr (std::is_integral_v<T>) return Json(static_cast<int64_t>(v));
    else return Json(static_cast<double>(v));
  });
}

double cell_double(const core::StorageImpl& s, int64_t k) {
  return core::dispatch(s.dtype(), [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    return static_cast<double>(reinterpret_cast<const T*>(s.data())[k]);
  });
}

uint64_t fnv1a(const std::byte* p, size_t n, uint64_t h = 1469598103934665603ull) {
  for (size_t i = 0; i < n; ++i) {
    h ^= static_cast<uint64_t>(p[i]);
    h *= 1099511628211ull;
  }
  return h;
}

// Natural order for keys like "t2" < "t10".
bool key_less(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

// Row-major contiguity from JSON shape and stride (size-1 dims may have any stride).
bool is_contiguous_layout(const Json& shape, const Json& stride) {
  int64_t expected = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t size = shape[d].as_int();
    if (size == 0) return true;
    if (size == 1) continue;
    if (stride[d].as_int() != expected) return false;
    expected *= size;
  }
  return true;
}

bool same_double(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// How view v's metadata follows from its source s, for the stride-arithmetic panel:
//   offset_terms: v.offset = s.offset + sum(k * s.stride[d]) as [[k, s.stride[d], d], ...]
//   strides: for each dim of v, [source dim, multiplier] (v.stride = multiplier * s.stride[dim]),
//            or null where v's stride is 0 (an expanded dim reads one cell over and over).
void derive_view(const core::Tensor& s, const core::Tensor& v, Json& out) {
  if (s.storage() != v.storage()) return;
  int64_t diff = v.storage_offset() - s.storage_offset();
  std::vector<int64_t> order;
  for (int64_t d = 0; d < s.dim(); ++d)
    if (s.strides()[d] > 0 && s.sizes()[d] > 1) order.push_back(d);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return s.strides()[a] > s.strides()[b]; });
  Json terms = Json::array();
  int64_t rest = diff;
  for (int64_t d : order) {
    int64_t st = s.strides()[d];
    int64_t k = std::min(rest >= 0 ? rest / st : 0, s.sizes()[d] - 1);
    if (k > 0) {
      terms.push_back(Json(Json::Array{Json(k), Json(st), Json(d)}));
      rest -= k * st;
    }
  }
  out["source_offset"] = Json(s.storage_offset());
  if (rest == 0) out["offset_terms"] = std::move(terms);
  Json strides = Json::array();
  for (int64_t d = 0; d < v.dim(); ++d) {
    int64_t st = v.strides()[d];
    Json m;
    if (st != 0) {
      // Prefer a source dim with the same stride, then one whose stride divides it.
      for (int pass = 0; pass < 2 && m.is_null(); ++pass)
        for (int64_t sd = 0; sd < s.dim() && m.is_null(); ++sd) {
          int64_t ss = s.strides()[sd];
          if (ss == 0) continue;
          if ((pass == 0 && ss == st) || (pass == 1 && st % ss == 0)) m = Json(Json::Array{Json(sd), Json(st / ss)});
        }
    }
    strides.push_back(std::move(m));
  }
  out["strides"] = std::move(strides);
}

// ---- cell reads (NOTE [Cell reads] in recorder.h) ----------------------------------------------

// A read in canonical form: dims of size 1 or stride 0 dropped (they name no other cell), negative
// strides turned round, dims sorted by stride from the largest and merged where contiguous, so
// a contiguous tensor of any shape is one dim of stride 1 and equal reads compare equal.
struct Block {
  int64_t offset = 0;
  std::vector<std::pair<int64_t, int64_t>> dims;  // (size, stride), outermost first
  bool operator==(const Block& o) const { return offset == o.offset && dims == o.dims; }
};

std::optional<Block> canonical(const CellRead& r) {
  Block b{r.offset, {}};
  for (size_t d = 0; d < r.sizes.size(); ++d) {
    int64_t size = r.sizes[d], stride = r.strides[d];
    if (size == 0) return std::nullopt;
    if (size == 1 || stride == 0) continue;
    if (stride < 0) {
      b.offset += (size - 1) * stride;
      stride = -stride;
    }
    b.dims.emplace_back(size, stride);
  }
  std::stable_sort(b.dims.begin(), b.dims.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::vector<std::pair<int64_t, int64_t>> merged;
  for (auto it = b.dims.rbegin(); it != b.dims.rend(); ++it) {
    if (!merged.empty() && it->second == merged.back().first * merged.back().second) merged.back().first *= it->first;
    else merged.push_back(*it);
  }
  b.dims.assign(merged.rbegin(), merged.rend());
  return b;
}

// How many runs of consecutive cells the block lists: its rows when the innermost stride is 1,
// else every cell.
int64_t run_count(const Block& b) {
  int64_t n = 1;
  for (const auto& [size, stride] : b.dims) n *= size;
  if (!b.dims.empty() && b.dims.back().second == 1) n /= b.dims.back().first;
  return n;
}

void append_runs(const Block& b, std::vector<std::pair<int64_t, int64_t>>& runs) {
  const bool rows = !b.dims.empty() && b.dims.back().second == 1;
  const int64_t run = rows ? b.dims.back().first : 1;
  const size_t outer = rows ? b.dims.size() - 1 : b.dims.size();
  std::vector<int64_t> index(outer, 0);
  int64_t start = b.offset;
  for (;;) {
    runs.emplace_back(start, start + run);
    size_t d = outer;  // the odometer over the outer dims, innermost first
    for (;;) {
      if (d == 0) return;
      --d;
      start += b.dims[d].second;
      if (++index[d] < b.dims[d].first) break;
      start -= b.dims[d].second * b.dims[d].first;
      index[d] = 0;
    }
  }
}

// More runs than this are never listed: the blocks are.
constexpr int64_t kMaxReadRuns = 4096;

int64_t digits(int64_t n) {
  int64_t d = n < 0 ? 2 : 1;
  for (n = n < 0 ? -n : n; n >= 10; n /= 10) ++d;
  return d;
}

// The fields of one storage's read event: {"ranges": [[start, stop], ...]} (sorted, disjoint,
// half-open) or {"blocks": [{"offset", "shape", "stride"}, ...]}, whichever JSON text is shorter.
void compact_reads(const std::vector<Block>& blocks, Json& event) {
  int64_t runs_before = 0, block_chars = 1;
  for (const Block& b : blocks) {
    runs_before += run_count(b);
    block_chars += 35 + digits(b.offset);  // {"offset":,"shape":[],"stride":[]},
    for (const auto& [size, stride] : b.dims) block_chars += digits(size) + digits(stride) + 2;
    if (!b.dims.empty()) block_chars -= 2;  // no comma after the last size and stride
  }
  if (runs_before <= kMaxReadRuns) {
    std::vector<std::pair<int64_t, int64_t>> runs;
    for (const Block& b : blocks) append_runs(b, runs);
    std::sort(runs.begin(), runs.end());
    std::vector<std::pair<int64_t, int64_t>> merged;
    for (const auto& r : runs) {
      if (!merged.empty() && r.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, r.second);
      else merged.push_back(r);
    }
    int64_t range_chars = 1;
    for (const auto& [a, z] : merged) range_chars += digits(a) + digits(z) + 4;  // [a,z],
    if (range_chars <= block_chars) {
      Json ranges = Json::array();
      for (const auto& [a, z] : merged) ranges.push_back(Json(Json::Array{Json(a), Json(z)}));
      event["ranges"] = std::move(ranges);
      return;
    }
  }
  Json list = Json::array();
  for (const Block& b : blocks) {
    Json o = Json::object();
    o["offset"] = Json(b.offset);
    Json shape = Json::array(), stride = Json::array();
    for (const auto& [size, st] : b.dims) {
      shape.push_back(Json(size));
      stride.push_back(Json(st));
    }
    o["shape"] = std::move(shape);
    o["stride"] = std::move(stride);
    list.push_back(std::move(o));
  }
  event["blocks"] = std::move(list);
}

}  // namespace

CellRead read_of(const core::Tensor& t) {
  return CellRead{t.storage()->id(), t.storage_offset(), t.sizes(), t.strides()};
}

Recorder::Recorder(RecorderOptions options) : options_(options) {}

Recorder::~Recorder() {
  if (observing_) core::set_storage_observer(nullptr);
}

void Recorder::begin(std::string source) {
  source_ = std::move(source);
  core::set_storage_observer(this);
  observing_ = true;
}

void Recorder::finish(const std::string& stdout_text, const std::string& stderr_text, std::optional<Json> error) {
  if (observing_) core::set_storage_observer(nullptr);
  observing_ = false;
  result_ = Json::object();
  result_["steps"] = Json(static_cast<int64_t>(deltas_.size()));
  result_["stdout"] = stdout_text;
  result_["stderr"] = stderr_text;
  result_["error"] = error ? *error : Json();
}

// Allocation events name the storage only: its record (address, size) is in the same step's
// storages, or, for a free, in the previous step's.
void Recorder::on_allocate(const core::StorageImpl& s) {
  Json e = Json::object();
  e["type"] = "alloc";
  e["storage"] = storage_key(s);
  pending_events_.push_back(std::move(e));
}

void Recorder::on_free(const core::StorageImpl& s) {
  Json e = Json::object();
  e["type"] = "free";
  e["storage"] = storage_key(s);
  pending_events_.push_back(std::move(e));
}

std::string Recorder::tensor_key(const core::Tensor& t) {
  auto it = tensor_keys_.find(t.impl());
  if (it != tensor_keys_.end() && it->second.impl.lock() == t.impl_ptr()) return it->second.key;
  std::string key = "t" + std::to_string(next_tensor_++);
  tensor_keys_[t.impl()] = TensorSlot{t.impl_ptr(), key};
  return key;
}

Json Recorder::storage_record(const core::StorageImpl& s, uint64_t* hash) {
  const int64_t item = static_cast<int64_t>(core::itemsize(s.dtype()));
  const int64_t cells = static_cast<int64_t>(s.nbytes()) / item;
  Json r = Json::object();
  r["address"] = Json(static_cast<uint64_t>(s.address()));
  r["nbytes"] = Json(static_cast<uint64_t>(s.nbytes()));
  r["dtype"] = core::dtype_name(s.dtype());
  r["itemsize"] = Json(item);
  r["numel"] = Json(cells);
  if (cells <= options_.max_cells) {
    Json values = Json::array();
    for (int64_t k = 0; k < cells; ++k) values.push_back(cell_json(s, k));
    r["values"] = std::move(values);
    *hash = fnv1a(s.data(), s.nbytes());
  } else {
    // Summarised like PyTorch's printing: the first and last cells, with the count between.
    const int64_t edge = options_.summary_edge;
    Json head = Json::array(), tail = Json::array();
    for (int64_t k = 0; k < edge; ++k) head.push_back(cell_json(s, k));
    for (int64_t k = cells - edge; k < cells; ++k) tail.push_back(cell_json(s, k));
    Json summary = Json::object();
    summary["head"] = std::move(head);
    summary["tail"] = std::move(tail);
    summary["tail_start"] = Json(cells - edge);
    r["summary"] = std::move(summary);
    uint64_t h = fnv1a(s.data(), static_cast<size_t>(edge * item));
    *hash = fnv1a(s.data() + (cells - edge) * item, static_cast<size_t>(edge * item), h);
  }
  return r;
}

Json Recorder::tensor_record(const core::Tensor& t, const Snapshot& snap, std::vector<core::Tensor>& more) {
  Json r = Json::object();
  r["storage"] = storage_key(*t.storage());
  r["shape"] = int_list(t.sizes());
  r["stride"] = int_list(t.strides());
  r["offset"] = Json(t.storage_offset());
  r["dtype"] = core::dtype_name(t.dtype());
  r["version"] = Json(t.version());
  // Fields at their defaults are left out (present_state puts them back).
  TensorAutograd ag;
  if (snap.autograd) ag = snap.autograd(t);
  if (ag.requires_grad) r["requires_grad"] = true;
  if (!ag.is_leaf) r["is_leaf"] = false;
  if (!ag.grad_fn.empty()) r["grad_fn"] = ag.grad_fn;
  if (ag.grad.defined()) {
    r["grad"] = tensor_key(ag.grad);
    more.push_back(ag.grad);
  }
  if (t.is_view()) {
    core::Tensor base = t.base();
    r["base"] = tensor_key(base);
    more.push_back(base);
  }
  if (snap.view_origin) {
    if (auto origin = snap.view_origin(t)) {
      Json v = Json::object();
      v["op"] = origin->op;
      v["text"] = origin->text;
      if (origin->source.defined()) {
        v["source"] = tensor_key(origin->source);
        derive_view(origin->source, t, v);
        more.push_back(origin->source);
      }
      if (origin->broke_dim >= 0) v["broke_dim"] = Json(origin->broke_dim);
      r["view"] = std::move(v);
    }
  }
  return r;
}

void Recorder::diff_map(const char* name, std::map<std::string, Json>&& now, std::map<std::string, Json>& before,
                        Json& delta) {
  Json set = Json::object();
  Json del = Json::array();
  for (const auto& [k, v] : now) {
    auto it = before.find(k);
    if (it == before.end() || !(it->second == v)) set[k] = v;
  }
  for (const auto& [k, v] : before)
    if (!now.count(k)) del.push_back(k);
  if (set.size() || del.size()) {
    Json d = Json::object();
    if (set.size()) d["set"] = std::move(set);
    if (del.size()) d["del"] = std::move(del);
    delta[name] = std::move(d);
  }
  before = std::move(now);
}

void Recorder::record(const Snapshot& snap) {
  Json delta = Json::object();
  delta["step"] = Json(static_cast<int64_t>(deltas_.size()));
  delta["kind"] = snap.kind;
  delta["line"] = Json(static_cast<int64_t>(snap.line));

  Json frames = Json::array();
  for (const FrameInfo& f : snap.frames) {
    Json fr = Json::object();
    fr["name"] = f.name;
    fr["line"] = Json(static_cast<int64_t>(f.line));
    Json vars = Json::array();
    for (const auto& [n, key] : f.variables) vars.push_back(Json(Json::Array{Json(n), Json(key)}));
    fr["variables"] = std::move(vars);
    frames.push_back(std::move(fr));
  }
  // Only the frames that differ from the previous step's stack: keep its first `keep`, then push
  // the rest (deep recursion stays linear in size).
  size_t keep = 0;
  const auto& now = frames.as_array();
  while (keep < now.size() && keep < prev_frames_.size() && now[keep] == prev_frames_[keep]) ++keep;
  Json frame_delta = Json::object();
  frame_delta["keep"] = Json(static_cast<int64_t>(keep));
  frame_delta["push"] = Json(Json::Array(now.begin() + static_cast<std::ptrdiff_t>(keep), now.end()));
  delta["frames"] = std::move(frame_delta);
  prev_frames_ = std::move(frames.as_array());

  // Objects, and the tensors they hold.
  std::map<std::string, Json> objects;
  std::vector<core::Tensor> queue;
  for (const ObjectInfo& o : snap.objects) {
    Json r = Json::object();
    r["type"] = o.type;
    r["id"] = Json(o.id);
    r["repr"] = o.repr;
    if (o.tensor.defined()) {
      r["tensor"] = tensor_key(o.tensor);
      queue.push_back(o.tensor);
    }
    if (!o.items.empty()) {
      Json items = Json::array();
      for (const auto& [label, key] : o.items) items.push_back(Json(Json::Array{Json(label), Json(key)}));
      r["items"] = std::move(items);
    }
    objects[o.key] = std::move(r);
  }

  // The autograd graph, and the tensors its nodes saved.
  std::map<std::string, Json> nodes;
  for (const GraphNodeInfo& n : snap.graph) {
    Json r = Json::object();
    r["id"] = n.key;
    r["name"] = n.name;
    r["next"] = Json::array_of(n.next);
    Json saved = Json::array();
    for (const auto& s : n.saved) {
      Json e = Json::object();
      e["name"] = s.name;
      e["tensor"] = s.tensor.defined() ? Json(tensor_key(s.tensor)) : Json();
      e["saved_version"] = Json(s.saved_version);
      e["current_version"] = s.tensor.defined() ? Json(s.tensor.version()) : Json();
      if (s.tensor.defined()) queue.push_back(s.tensor);
      saved.push_back(std::move(e));
    }
    r["saved"] = std::move(saved);
    if (n.variable.defined()) {
      r["variable"] = tensor_key(n.variable);
      queue.push_back(n.variable);
    }
    if (n.released) r["released"] = true;
    nodes[n.key] = std::move(r);
  }
  if (snap.backward) {
    for (const auto& g : snap.backward->grad_inputs)
      if (g.defined()) queue.push_back(g);
    for (const auto& g : snap.backward->grad_outputs)
      if (g.defined()) queue.push_back(g);
  }

  std::map<std::string, Json> tensors;
  std::map<std::string, const core::StorageImpl*> storage_ptrs;
  while (!queue.empty()) {
    core::Tensor t = std::move(queue.back());
    queue.pop_back();
    std::string key = tensor_key(t);
    if (tensors.count(key)) continue;
    std::vector<core::Tensor> more;
    tensors[key] = tensor_record(t, snap, more);
    storage_ptrs[storage_key(*t.storage())] = t.storage().get();
    for (auto& m : more) queue.push_back(std::move(m));
  }

  Json events = Json::array();
  // Allocations and frees: only of storages the learner can see (temporaries made and dropped
  // inside one step are not drawn).
  std::set<std::string> freed_now;
  for (Json& e : pending_events_) {
    const std::string& key = e.at("storage").as_string();
    if (e.at("type").as_string() == "alloc") {
      if (storage_ptrs.count(key)) events.push_back(std::move(e));
    } else if (storages_.count(key)) {
      freed_now.insert(key);
      events.push_back(std::move(e));
    }
  }
  pending_events_.clear();

  // Reads: of storages this step shows, or the one before showed and this step freed.
  if (!snap.reads.empty()) {
    std::map<uint64_t, std::vector<Block>> by_storage;
    for (const CellRead& r : snap.reads) {
      std::optional<Block> b = canonical(r);
      if (!b) continue;
      std::vector<Block>& blocks = by_storage[r.storage];
      if (std::find(blocks.begin(), blocks.end(), *b) == blocks.end()) blocks.push_back(std::move(*b));
    }
    for (const auto& [id, blocks] : by_storage) {
      std::string key = "s" + std::to_string(id);
      if (blocks.empty() || !(storage_ptrs.count(key) || freed_now.count(key))) continue;
      Json e = Json::object();
      e["type"] = "read";
      e["storage"] = key;
      compact_reads(blocks, e);
      events.push_back(std::move(e));
    }
  }

  std::map<std::string, Json> storages;
  for (const auto& entry : storage_ptrs) {
    const std::string& key = entry.first;
    const core::StorageImpl* s = entry.second;  // (a structured binding cannot be captured below)
    uint64_t hash = 0;
    Json rec = storage_record(*s, &hash);
    auto before = storages_.find(key);
    if (before != storages_.end() && storage_hash_[key] != hash) {
      // Contents changed: a write event with the cells, old and new values. The recorded
      // storage keeps its old values in the delta's "set" only if metadata changed; replay
      // patches values from the event.
      const auto& old_values = storage_values_[key];
      Json cells = Json::array(), old_json = Json::array(), new_json = Json::array();
      const int64_t n = rec.at("numel").as_int();
      auto visit = [&](int64_t k, size_t slot) {
        double nv = cell_double(*s, k);
        if (slot < old_values.size() && !same_double(old_values[slot], nv)) {
          cells.push_back(Json(k));
          old_json.push_back(Json(old_values[slot]));
          new_json.push_back(cell_json(*s, k));
        }
      };
      if (n <= options_.max_cells) {
        for (int64_t k = 0; k < n; ++k) visit(k, static_cast<size_t>(k));
      } else {
        const int64_t edge = options_.summary_edge;
        for (int64_t k = 0; k < edge; ++k) visit(k, static_cast<size_t>(k));
        for (int64_t k = n - edge; k < n; ++k) visit(k, static_cast<size_t>(edge + (k - (n - edge))));
      }
      if (cells.size()) {
        Json e = Json::object();
        e["type"] = "write";
        e["storage"] = key;
        e["cells"] = std::move(cells);
        e["old"] = std::move(old_json);
        e["new"] = std::move(new_json);
        events.push_back(std::move(e));
      }
      // The replayed record must equal the new one: keep "before" in sync so diff_map sees
      // no change for a pure content write (the event carries it).
      before->second = rec;
    }
    storage_hash_[key] = hash;
    std::vector<double>& values = storage_values_[key];
    values.clear();
    const int64_t n = rec.at("numel").as_int();
    if (n <= options_.max_cells) {
      for (int64_t k = 0; k < n; ++k) values.push_back(cell_double(*s, k));
    } else {
      const int64_t edge = options_.summary_edge;
      for (int64_t k = 0; k < edge; ++k) values.push_back(cell_double(*s, k));
      for (int64_t k = n - edge; k < n; ++k) values.push_back(cell_double(*s, k));
    }
    storages[key] = std::move(rec);
  }
  for (auto it = storage_hash_.begin(); it != storage_hash_.end();) {
    if (!storages.count(it->first)) {
      storage_values_.erase(it->first);
      it = storage_hash_.erase(it);
    } else {
      ++it;
    }
  }

  // Version bumps and object lifetimes.
  for (const auto& [key, rec] : tensors) {
    auto it = tensors_.find(key);
    if (it == tensors_.end()) continue;
    int64_t from = it->second.at("version").as_int(), to = rec.at("version").as_int();
    if (from != to) {
      Json e = Json::object();
      e["type"] = "version";
      e["tensor"] = key;
      e["from"] = Json(from);
      e["to"] = Json(to);
      events.push_back(std::move(e));
    }
  }
  diff_map("objects", std::move(objects), objects_, delta);
  diff_map("tensors", std::move(tensors), tensors_, delta);
  diff_map("storages", std::move(storages), storages_, delta);
  diff_map("nodes", std::move(nodes), nodes_, delta);
  // A free of a storage the learner saw is an event; dropping it from the state is the "del".
  (void)freed_now;

  delta["events"] = std::move(events);
  delta["stdout"] = snap.stdout_text;
  if (snap.exception) delta["exception"] = *snap.exception;
  if (snap.backward) {
    Json b = Json::object();
    b["node"] = snap.backward->node;
    b["name"] = snap.backward->name;
    Json gin = Json::array(), gout = Json::array();
    for (const auto& g : snap.backward->grad_inputs) gin.push_back(g.defined() ? Json(tensor_key(g)) : Json());
    for (const auto& g : snap.backward->grad_outputs) gout.push_back(g.defined() ? Json(tensor_key(g)) : Json());
    b["grad_inputs"] = std::move(gin);
    b["grad_outputs"] = std::move(gout);
    delta["backward"] = std::move(b);
  }
  deltas_.push_back(std::move(delta));
}

namespace {

void apply_map(Json& state, const char* name, const Json& delta) {
  const Json* d = delta.find(name);
  Json& m = state[name];
  if (m.is_null()) m = Json::object();
  if (!d) return;
  if (const Json* set = d->find("set"))
    for (const auto& [k, v] : set->as_object()) m[k] = v;
  if (const Json* del = d->find("del")) {
    auto& obj = m.as_object();
    for (const Json& k : del->as_array()) {
      const std::string& key = k.as_string();
      obj.erase(std::remove_if(obj.begin(), obj.end(), [&](const auto& kv) { return kv.first == key; }), obj.end());
    }
  }
}

}  // namespace

void apply_delta(Json& state, const Json& delta) {
  for (const char* name : {"objects", "tensors", "storages", "nodes"}) apply_map(state, name, delta);
  // Cell writes patch the storages' values.
  for (const Json& e : delta.at("events").as_array()) {
    if (e.at("type").as_string() != "write") continue;
    Json& storage = state["storages"][e.at("storage").as_string()];
    if (storage.is_null()) continue;
    const auto& cells = e.at("cells").as_array();
    const auto& values = e.at("new").as_array();
    for (size_t i = 0; i < cells.size(); ++i) {
      int64_t k = cells[i].as_int();
      if (Json* v = const_cast<Json*>(storage.find("values"))) {
        v->as_array()[static_cast<size_t>(k)] = values[i];
      } else if (Json* s = const_cast<Json*>(storage.find("summary"))) {
        int64_t tail_start = s->at("tail_start").as_int();
        int64_t head = static_cast<int64_t>(s->at("head").size());
        if (k < head) (*s)["head"].as_array()[static_cast<size_t>(k)] = values[i];
        else if (k >= tail_start) (*s)["tail"].as_array()[static_cast<size_t>(k - tail_start)] = values[i];
      }
    }
  }
  for (const char* field : {"step", "kind", "line", "events", "stdout"}) state[field] = delta.at(field);
  {
    const Json& fd = delta.at("frames");
    Json& frames = state["frames"];
    if (!frames.is_array()) frames = Json::array();
    frames.as_array().resize(static_cast<size_t>(fd.at("keep").as_int()));
    for (const Json& f : fd.at("push").as_array()) frames.push_back(f);
  }
  state["exception"] = delta.contains("exception") ? delta.at("exception") : Json();
  state["backward"] = delta.contains("backward") ? delta.at("backward") : Json();
  std::string output = state["output"].is_string() ? state["output"].as_string() : std::string();
  output += delta.at("stdout").as_string();
  state["output"] = output;
}

Json Recorder::state(int64_t n) {
  const int64_t count = step_count();
  if (n < 0) n += count;
  if (n < 0 || n >= count)
    throw std::out_of_range("step " + std::to_string(n) + " is out of range: the trace has " + std::to_string(count) +
                            " steps");
  if (cached_step_ < 0 || n < cached_step_) {
    // Going back: restart from the nearest keyframe at or before n.
    auto it = keyframes_.upper_bound(n);
    if (it == keyframes_.begin()) {
      cached_state_ = Json::object();
      cached_step_ = -1;
    } else {
      --it;
      cached_state_ = it->second;
      cached_step_ = it->first;
    }
  }
  while (cached_step_ < n) {
    ++cached_step_;
    apply_delta(cached_state_, deltas_[static_cast<size_t>(cached_step_)]);
    if (cached_step_ % kKeyframeEvery == 0 && !keyframes_.count(cached_step_)) keyframes_[cached_step_] = cached_state_;
  }
  return present_state(cached_state_);
}

Json present_state(const Json& state) {
  Json out = Json::object();
  for (const char* field : {"step", "kind", "line"}) out[field] = state.at(field);
  out["frames"] = state.at("frames");
  Json variables = Json::object();
  const auto& frames = state.at("frames").as_array();
  if (!frames.empty())
    for (const Json& v : frames.back().at("variables").as_array()) variables[v[0].as_string()] = v[1];
  out["variables"] = std::move(variables);
  out["objects"] = state.at("objects");
  // A map as a list in key order; key_field names the field the key goes into, first.
  auto as_list = [](const Json& m, const char* key_field = nullptr) {
    std::vector<const std::pair<std::string, Json>*> items;
    for (const auto& kv : m.as_object()) items.push_back(&kv);
    std::sort(items.begin(), items.end(), [](auto* a, auto* b) { return key_less(a->first, b->first); });
    Json list = Json::array();
    for (auto* kv : items) {
      if (!key_field) {
        list.push_back(kv->second);
        continue;
      }
      Json rec = Json::object();
      rec[key_field] = kv->first;
      for (const auto& [k, v] : kv->second.as_object()) rec[k] = v;
      list.push_back(std::move(rec));
    }
    return list;
  };
  // Deltas leave out what follows from other fields (the key, data_ptr, contiguity); the
  // materialised state has them.
  Json storages = as_list(state.at("storages"), "id");
  Json tensors = as_list(state.at("tensors"), "id");
  for (Json& t : tensors.as_array()) {
    // Every field, in the documented order, defaults put back.
    Json full = Json::object();
    for (const char* field : {"id", "storage", "shape", "stride", "offset", "dtype", "version", "requires_grad",
                              "is_leaf", "grad_fn", "grad", "base", "view"}) {
      if (const Json* v = t.find(field)) full[field] = *v;
      else if (field == std::string_view("requires_grad")) full[field] = false;
      else if (field == std::string_view("is_leaf")) full[field] = true;
      else if (field != std::string_view("view")) full[field] = Json();
    }
    const Json& st = state.at("storages").at(t.at("storage").as_string());
    full["data_ptr"] = Json(st.at("address").as_int() + t.at("offset").as_int() * st.at("itemsize").as_int());
    full["contiguous"] = is_contiguous_layout(t.at("shape"), t.at("stride"));
    t = std::move(full);
  }
  out["tensors"] = std::move(tensors);
  out["storages"] = std::move(storages);
  Json graph = Json::object();
  Json nodes = as_list(state.at("nodes"));
  Json edges = Json::array();
  for (const Json& n : nodes.as_array())
    for (const Json& next : n.at("next").as_array()) edges.push_back(Json(Json::Array{n.at("id"), next}));
  graph["nodes"] = std::move(nodes);
  graph["edges"] = std::move(edges);
  out["graph"] = std::move(graph);
  out["events"] = state.at("events");
  out["stdout"] = state.at("stdout");
  out["output"] = state.at("output");
  out["exception"] = state.at("exception");
  out["backward"] = state.at("backward");
  return out;
}

Json Recorder::trace() const {
  Json t = Json::object();
  t["format"] = "stridelab-trace";
  t["version"] = Json(static_cast<int64_t>(kTraceFormatVersion));
  t["source"] = source_;
  t["steps"] = Json::array_of(deltas_);
  t["result"] = result_;
  return t;
}

std::string Recorder::trace_text() const {
  Json head = Json::object();
  head["format"] = "stridelab-trace";
  head["version"] = Json(static_cast<int64_t>(kTraceFormatVersion));
  head["source"] = source_;
  std::string out = head.dump();
  out.pop_back();  // the closing brace: the steps and the result follow
  out += ",\"steps\":[";
  for (size_t i = 0; i < deltas_.size(); ++i) {
    if (i) out += ',';
    deltas_[i].dump_to(out);
  }
  out += "],\"result\":";
  result_.dump_to(out);
  out += '}';
  return out;
}

}  // namespace stridelab::trace
