#include "trace/recorder.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <span>
#include <tuple>

#include "core/dtype.h"
#include "autograd/variable.h"
#include "core/ops.h"
#include "support/json_writer.h"

namespace stridelab::trace {

using support::JsonWriter;

namespace {

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
  // (stably, by stride from the largest: an insertion sort, the dims being few)
  auto& dims = b.dims;
  for (size_t i = 1; i < dims.size(); ++i)
    for (size_t j = i; j > 0 && dims[j - 1].second < dims[j].second; --j) std::swap(dims[j - 1], dims[j]);
  // Merged from the innermost: a dim whose stride is the span of the (merged) one inside it
  // continues it.
  size_t inner = dims.size();  // dims[inner, end) are merged, innermost last
  for (size_t i = dims.size(); i-- > 0;) {
    if (inner < dims.size() && dims[i].second == dims[inner].first * dims[inner].second) {
      dims[inner].first *= dims[i].first;
    } else {
      --inner;
      dims[inner] = dims[i];
    }
  }
  dims.erase(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(inner));
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
void compact_reads(std::span<const Block> blocks, JsonWriter& w, std::vector<std::pair<int64_t, int64_t>>& runs,
                   std::vector<std::pair<int64_t, int64_t>>& merged) {
  int64_t runs_before = 0, block_chars = 1;
  for (const Block& b : blocks) {
    runs_before += run_count(b);
    block_chars += 35 + digits(b.offset);  // {"offset":,"shape":[],"stride":[]},
    for (const auto& [size, stride] : b.dims) block_chars += digits(size) + digits(stride) + 2;
    if (!b.dims.empty()) block_chars -= 2;  // no comma after the last size and stride
  }
  if (runs_before <= kMaxReadRuns) {
    runs.clear();
    for (const Block& b : blocks) append_runs(b, runs);
    std::sort(runs.begin(), runs.end());
    merged.clear();
    for (const auto& r : runs) {
      if (!merged.empty() && r.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, r.second);
      else merged.push_back(r);
    }
    int64_t range_chars = 1;
    for (const auto& [a, z] : merged) range_chars += digits(a) + digits(z) + 4;  // [a,z],
    if (range_chars <= block_chars) {
      w.key("ranges");
      w.StartArray();
      for (const auto& [a, z] : merged) {
        w.StartArray();
        w.Int64(a);
        w.Int64(z);
        w.EndArray();
      }
      w.EndArray();
      return;
    }
  }
  w.key("blocks");
  w.StartArray();
  for (const Block& b : blocks) {
    w.StartObject();
    w.key("offset");
    w.Int64(b.offset);
    w.key("shape");
    w.StartArray();
    for (const auto& d : b.dims) w.Int64(d.first);
    w.EndArray();
    w.key("stride");
    w.StartArray();
    for (const auto& d : b.dims) w.Int64(d.second);
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}
// The cells of a storage as the recorder keeps them: a double's bits for floating storages, the
// value for integer and bool ones (so comparing two cells compares what the JSON would show).
int64_t cell_bits(const core::StorageImpl& s, int64_t k) {
  return core::dispatch_all(s.dtype(), [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    T v = reinterpret_cast<const T*>(s.data())[k];
    if constexpr (core::is_floating_v<T>) {
      double d = static_cast<double>(v);
      int64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return bits;
    } else {
      return static_cast<int64_t>(v);
    }
  });
}

// NOTE [Cell texts]
// A floating cell is written with RapidJSON's shortest digits (Grisu2: some hundreds of
// instructions a value), and the same values are written again and again: a minibatch copies the
// data's rows, a write event's old values are the new ones of the one before. The texts of the
// doubles written last are kept in a small table, direct-mapped by the double's bits (4096 entries
// of 32 bytes, made when the first one is written), and copied when the same double comes again.
class CellTexts {
 public:
  void write(JsonWriter& w, double d) {
    if (!std::isfinite(d)) {
      w.real(d);  // ("nan", "inf", "-inf")
      return;
    }
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    if (table_.empty()) table_.resize(size_t{1} << kBits);
    Entry& e = table_[(bits * 0x9E3779B97F4A7C15ULL) >> (64 - kBits)];
    if (e.size && e.bits == bits) {
      w.number(std::string_view(e.text, e.size));
      return;
    }
    char buf[JsonWriter::kRealTextMax];
    const std::string_view text = w.real_text(d, buf);
    if (text.size() <= sizeof e.text) {
      e.bits = bits;
      e.size = static_cast<uint8_t>(text.size());
      std::memcpy(e.text, text.data(), text.size());
    }
    w.number(text);
  }

 private:
  static constexpr int kBits = 12;
  struct Entry {
    uint64_t bits = 0;
    uint8_t size = 0;  // 0: empty
    char text[23];
  };
  std::vector<Entry> table_;
};

void write_cell(JsonWriter& w, core::DType dtype, int64_t bits, CellTexts& texts) {
  if (core::is_floating(dtype)) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    texts.write(w, d);
  } else if (dtype == core::DType::Bool) {
    w.Bool(bits != 0);
  } else {
    w.Int64(bits);
  }
}

void write_ints(JsonWriter& w, const core::IntArray& values) {
  w.StartArray();
  for (int64_t v : values) w.Int64(v);
  w.EndArray();
}

void write_key_or_null(JsonWriter& w, const std::string& key) {
  if (key.empty()) w.Null();
  else w.str(key);
}

}  // namespace

struct Recorder::TensorRec {
  uint64_t storage = 0;
  core::IntArray shape, stride;
  int64_t offset = 0;
  core::DType dtype = core::DType::Float32;
  uint32_t version = 0;
  bool requires_grad = false, is_leaf = true;
  std::string grad_fn, grad, base;
  // view (views only)
  bool has_view = false;
  std::string view_op, view_text, view_source;
  bool derived = false;  // source_offset and strides (the source shares the storage)
  int64_t source_offset = 0;
  bool has_terms = false;
  std::vector<std::array<int64_t, 3>> terms;
  std::vector<std::array<int64_t, 2>> view_strides;  // {-1, 0} for null
  int64_t broke_dim = -1;
  bool has_source_geometry = false;  // source_shape and source_stride (the source is gone)
  core::IntArray source_shape, source_stride;
  bool operator==(const TensorRec&) const = default;
};

struct Recorder::StorageRec {
  uint64_t address = 0, nbytes = 0;
  core::DType dtype = core::DType::Float32;
  int64_t itemsize = 0, numel = 0;
  bool summarised = false;
  std::vector<int64_t> cells;               // every cell, or the head then the tail
  uint64_t id = 0;                          // core::StorageImpl::id()
  const core::StorageImpl* impl = nullptr;  // while shown (set at each step that shows it)
  int64_t shown_step = -1;                  // the last step that showed it
  bool written = false;                     // cells written since (core::StorageObserver::on_write)
  // Its record as JSON text in the chunks, from the delta or checkpoint that wrote it, until its
  // cells change: the next checkpoints copy it instead of writing every value again (size 0: none).
  Span text;
};

struct Recorder::NodeRec {
  std::string name;
  std::vector<std::string> next;
  struct Saved {
    std::string name, tensor;
    uint32_t saved_version = 0;
    bool has_current = false;
    uint32_t current_version = 0;
    bool operator==(const Saved&) const = default;
  };
  std::vector<Saved> saved;
  std::string variable;
  bool released = false;
  int64_t shown_step = -1;  // the last step whose graph listed it (not part of the record)
};

// One block a step read, with the storage and the order it was read in.
struct ReadBlock {
  uint64_t storage;
  size_t seq;
  Block block;
};

struct Recorder::Scratch {
  CellTexts cell_texts;
  std::vector<ReadBlock> reads;
  std::vector<Block> blocks;
  std::vector<std::pair<int64_t, int64_t>> runs, merged;
  std::vector<std::string> objects_set, objects_del, nodes_set, nodes_del, tensors_set, tensors_del;
  std::vector<core::Tensor> queue, more;
  std::vector<std::tuple<std::string, uint32_t, uint32_t>> versions;
  std::vector<TensorSlot*> reached;
  std::vector<uint64_t> storages_set, storages_del;
  std::vector<StorageRec*> written;
  void clear() {
    written.clear();
    for (auto* v : {&objects_set, &objects_del, &nodes_set, &nodes_del, &tensors_set, &tensors_del}) v->clear();
    queue.clear();
    versions.clear();
    reached.clear();
    storages_set.clear();
    storages_del.clear();
  }
};

namespace {

// How view v's metadata follows from its source s, for the stride-arithmetic panel:
//   offset_terms: v.offset = s.offset + sum(k * s.stride[d]) as [[k, s.stride[d], d], ...]
//   strides: for each dim of v, [source dim, multiplier] (v.stride = multiplier * s.stride[dim]),
//            or null where v's stride is 0 (an expanded dim reads one cell over and over).
// The view v's offset and strides in terms of its source's (sizes, strides, offset), when they
// share a storage.
void derive_view(const core::IntArray& s_sizes, const core::IntArray& s_strides, int64_t s_offset,
                 const core::Tensor& v, Recorder::TensorRec& out) {
  out.derived = true;
  const auto s_dim = static_cast<int64_t>(s_sizes.size());
  int64_t diff = v.storage_offset() - s_offset;
  std::vector<int64_t> order;
  for (int64_t d = 0; d < s_dim; ++d)
    if (s_strides[d] > 0 && s_sizes[d] > 1) order.push_back(d);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return s_strides[a] > s_strides[b]; });
  std::vector<std::array<int64_t, 3>> terms;
  int64_t rest = diff;
  for (int64_t d : order) {
    int64_t st = s_strides[d];
    int64_t k = std::min(rest >= 0 ? rest / st : 0, s_sizes[d] - 1);
    if (k > 0) {
      terms.push_back({k, st, d});
      rest -= k * st;
    }
  }
  out.source_offset = s_offset;
  if (rest == 0) {
    out.has_terms = true;
    out.terms = std::move(terms);
  }
  for (int64_t d = 0; d < v.dim(); ++d) {
    int64_t st = v.strides()[d];
    std::array<int64_t, 2> m{-1, 0};
    if (st != 0) {
      // Prefer a source dim with the same stride, then one whose stride divides it.
      for (int pass = 0; pass < 2 && m[0] < 0; ++pass)
        for (int64_t sd = 0; sd < s_dim && m[0] < 0; ++sd) {
          int64_t ss = s_strides[sd];
          if (ss == 0) continue;
          if ((pass == 0 && ss == st) || (pass == 1 && st % ss == 0)) m = {sd, st / ss};
        }
    }
    out.view_strides.push_back(m);
  }
}

void write_object(JsonWriter& w, const ObjectInfo& o) {
  w.StartObject();
  w.key("type");
  w.str(o.type);
  w.key("id");
  w.Int64(static_cast<int64_t>(o.id));
  w.key("repr");
  w.str(o.repr);
  if (!o.tensor_key.empty()) {
    w.key("tensor");
    w.str(o.tensor_key);
  }
  if (!o.items.empty()) {
    w.key("items");
    w.StartArray();
    for (const auto& [label, key] : o.items) {
      w.StartArray();
      w.str(label);
      w.str(key);
      w.EndArray();
    }
    w.EndArray();
  }
  w.EndObject();
}

void write_tensor(JsonWriter& w, const Recorder::TensorRec& t, const std::string& storage_key) {
  w.StartObject();
  w.key("storage");
  w.str(storage_key);
  w.key("shape");
  write_ints(w, t.shape);
  w.key("stride");
  write_ints(w, t.stride);
  w.key("offset");
  w.Int64(t.offset);
  w.key("dtype");
  w.str(core::dtype_name(t.dtype));
  w.key("version");
  w.Int64(t.version);
  // Fields at their defaults are left out (present_state puts them back).
  if (t.requires_grad) {
    w.key("requires_grad");
    w.Bool(true);
  }
  if (!t.is_leaf) {
    w.key("is_leaf");
    w.Bool(false);
  }
  if (!t.grad_fn.empty()) {
    w.key("grad_fn");
    w.str(t.grad_fn);
  }
  if (!t.grad.empty()) {
    w.key("grad");
    w.str(t.grad);
  }
  if (!t.base.empty()) {
    w.key("base");
    w.str(t.base);
  }
  if (t.has_view) {
    w.key("view");
    w.StartObject();
    w.key("op");
    w.str(t.view_op);
    w.key("text");
    w.str(t.view_text);
    if (t.has_source_geometry) {
      w.key("source_shape");
      write_ints(w, t.source_shape);
      w.key("source_stride");
      write_ints(w, t.source_stride);
    }
    if (!t.view_source.empty() || t.has_source_geometry) {
      if (!t.view_source.empty()) {
        w.key("source");
        w.str(t.view_source);
      }
      if (t.derived) {
        w.key("source_offset");
        w.Int64(t.source_offset);
        if (t.has_terms) {
          w.key("offset_terms");
          w.StartArray();
          for (const auto& term : t.terms) {
            w.StartArray();
            for (int64_t x : term) w.Int64(x);
            w.EndArray();
          }
          w.EndArray();
        }
        w.key("strides");
        w.StartArray();
        for (const auto& m : t.view_strides) {
          if (m[0] < 0) {
            w.Null();
            continue;
          }
          w.StartArray();
          w.Int64(m[0]);
          w.Int64(m[1]);
          w.EndArray();
        }
        w.EndArray();
      }
    }
    if (t.broke_dim >= 0) {
      w.key("broke_dim");
      w.Int64(t.broke_dim);
    }
    w.EndObject();
  }
  w.EndObject();
}

void write_storage(JsonWriter& w, const Recorder::StorageRec& s, int64_t edge, CellTexts& texts) {
  w.StartObject();
  w.key("address");
  w.Int64(static_cast<int64_t>(s.address));
  w.key("nbytes");
  w.Int64(static_cast<int64_t>(s.nbytes));
  w.key("dtype");
  w.str(core::dtype_name(s.dtype));
  w.key("itemsize");
  w.Int64(s.itemsize);
  w.key("numel");
  w.Int64(s.numel);
  if (!s.summarised) {
    w.key("values");
    w.StartArray();
    for (int64_t c : s.cells) write_cell(w, s.dtype, c, texts);
    w.EndArray();
  } else {
    // Summarised like PyTorch's printing: the first and last cells, with the count between.
    w.key("summary");
    w.StartObject();
    w.key("head");
    w.StartArray();
    for (int64_t k = 0; k < edge; ++k) write_cell(w, s.dtype, s.cells[static_cast<size_t>(k)], texts);
    w.EndArray();
    w.key("tail");
    w.StartArray();
    for (int64_t k = edge; k < 2 * edge; ++k) write_cell(w, s.dtype, s.cells[static_cast<size_t>(k)], texts);
    w.EndArray();
    w.key("tail_start");
    w.Int64(s.numel - edge);
    w.EndObject();
  }
  w.EndObject();
}

void write_node(JsonWriter& w, const std::string& key, const Recorder::NodeRec& n) {
  w.StartObject();
  w.key("id");
  w.str(key);
  w.key("name");
  w.str(n.name);
  w.key("next");
  w.StartArray();
  for (const auto& k : n.next) w.str(k);
  w.EndArray();
  w.key("saved");
  w.StartArray();
  for (const auto& s : n.saved) {
    w.StartObject();
    w.key("name");
    w.str(s.name);
    w.key("tensor");
    write_key_or_null(w, s.tensor);
    w.key("saved_version");
    w.Int64(s.saved_version);
    w.key("current_version");
    if (s.has_current) w.Int64(s.current_version);
    else w.Null();
    w.EndObject();
  }
  w.EndArray();
  if (!n.variable.empty()) {
    w.key("variable");
    w.str(n.variable);
  }
  if (n.released) {
    w.key("released");
    w.Bool(true);
  }
  w.EndObject();
}

void write_variables(JsonWriter& w, const FrameInfo& f) {
  w.StartArray();
  for (const auto& [n, key] : f.variables) {
    w.StartArray();
    w.str(n);
    w.str(key);
    w.EndArray();
  }
  w.EndArray();
}

// Keys in the order the trace lists them (std::string's order, as the deltas always had).
template <class Map>
std::vector<typename Map::key_type> sorted_keys(const Map& m) {
  std::vector<typename Map::key_type> keys;
  keys.reserve(m.size());
  for (const auto& kv : m) keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

// Whether "s<a>" sorts before "s<b>" as strings do, without making the strings.
bool number_key_less(uint64_t a, uint64_t b) {
  char x[24], y[24];
  const char* ex = std::to_chars(x, x + sizeof x, a).ptr;
  const char* ey = std::to_chars(y, y + sizeof y, b).ptr;
  return std::string_view(x, static_cast<size_t>(ex - x)) < std::string_view(y, static_cast<size_t>(ey - y));
}

constexpr size_t kChunkBytes = size_t{1} << 20;

}  // namespace

CellRead read_of(const core::Tensor& t) {
  return CellRead{t.storage()->id(), t.storage_offset(), t.sizes(), t.strides()};
}

Recorder::Recorder(RecorderOptions options)
    : options_(options),
      step_writer_(std::make_unique<JsonWriter>()),
      events_writer_(std::make_unique<JsonWriter>()),
      record_writer_(std::make_unique<JsonWriter>()),
      checkpoint_writer_(std::make_unique<JsonWriter>()),
      scratch_(std::make_unique<Scratch>()) {
  if (options_.checkpoint_every < 1) options_.checkpoint_every = 1;
}

Recorder::~Recorder() {
  if (observing_) core::set_storage_observer(nullptr);
}

const std::string& Recorder::storage_key(uint64_t id) const {
  auto it = shown_numbers_.find(id);
  return it == shown_numbers_.end() ? empty_key_ : shown_keys_[it->second];
}

// (the keys differ only in their numbers: "s" + "0" sorts before every other)
auto Recorder::storage_key_less() const {
  return [this](uint64_t a, uint64_t b) {
    auto x = shown_numbers_.find(a), y = shown_numbers_.find(b);
    return number_key_less(x == shown_numbers_.end() ? 0 : x->second, y == shown_numbers_.end() ? 0 : y->second);
  };
}

void Recorder::begin(std::string source) {
  source_ = std::move(source);
  if (!options_.read_all_cells) {
    core::set_storage_observer(this);
    observing_ = true;
  }
}

void Recorder::finish(const std::string& stdout_text, const std::string& stderr_text, std::optional<Json> error) {
  if (observing_) core::set_storage_observer(nullptr);
  observing_ = false;
  result_ = Json::object();
  result_["steps"] = Json(step_count());
  result_["stdout"] = stdout_text;
  result_["stderr"] = stderr_text;
  result_["error"] = error ? *error : Json();
}

// Allocation events name the storage only: its record (address, size) is in the same step's
// storages, or, for a free, in the previous step's.
void Recorder::on_allocate(const core::StorageImpl& s) { pending_events_.push_back(Event{true, s.id()}); }

void Recorder::on_free(const core::StorageImpl& s) { pending_events_.push_back(Event{false, s.id()}); }

// Only the storages a step showed need to know: one not shown yet has all its cells read when it is.
void Recorder::on_write(const core::StorageImpl& s) {
  auto it = storages_.find(s.id());
  if (it != storages_.end()) it->second->written = true;
}

// a == b, for the few sizes or strides of a tensor (no call of memcmp).
inline __attribute__((always_inline)) bool same_ints(const core::IntArray& a, const core::IntArray& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Whether a weak pointer names the same impl as a live tensor (same control block: no reference
// count touched, unlike lock()).
bool same_impl(const std::weak_ptr<core::TensorImpl>& w, const core::Tensor& t) {
  return !w.owner_before(t.impl_ptr()) && !t.impl_ptr().owner_before(w);
}

Recorder::TensorSlot& Recorder::tensor_slot(const core::Tensor& t) {
  auto it = tensor_keys_.find(t.impl());
  if (it != tensor_keys_.end() && same_impl(it->second.impl, t)) return it->second;
  if (tensor_keys_.size() > 2 * swept_slots_) {
    // Forget the tensors that are gone (their keys are never handed out again).
    for (auto i = tensor_keys_.begin(); i != tensor_keys_.end();) {
      if (i->second.impl.expired() && !i->second.rec) i = tensor_keys_.erase(i);
      else ++i;
    }
    swept_slots_ = std::max<size_t>(1024, tensor_keys_.size());
  }
  TensorSlot& slot = tensor_keys_[t.impl()];
  if (slot.rec) retired_keys_.push_back(slot.key);  // a shown tensor went and a new one has its address
  slot = TensorSlot{};
  slot.impl = t.impl_ptr();
  slot.impl_raw = t.impl();
  slot.key = "t" + std::to_string(next_tensor_++);
  return slot;
}

std::string Recorder::tensor_key(const core::Tensor& t) {
  if (options_.tensor_keys_from) {
    std::string key = options_.tensor_keys_from->find_tensor_key(t);
    return key.empty() ? "t?" : key;
  }
  return tensor_slot(t).key;
}

const std::string& Recorder::tensor_key_ref(const core::Tensor& t) {
  if (options_.tensor_keys_from) return key_scratch_ = tensor_key(t);
  return tensor_slot(t).key;
}

std::string Recorder::find_tensor_key(const core::Tensor& t) const {
  auto it = tensor_keys_.find(t.impl());
  if (it != tensor_keys_.end() && same_impl(it->second.impl, t)) return it->second.key;
  return "";
}

void Recorder::read_cells(const core::StorageImpl& s, StorageRec& rec) const {
  rec.cells.clear();
  if (rec.numel <= options_.max_cells) {
    rec.summarised = false;
    rec.cells.reserve(static_cast<size_t>(rec.numel));
    for (int64_t k = 0; k < rec.numel; ++k) rec.cells.push_back(cell_bits(s, k));
  } else {
    rec.summarised = true;
    const int64_t edge = options_.summary_edge;
    rec.cells.reserve(static_cast<size_t>(2 * edge));
    for (int64_t k = 0; k < edge; ++k) rec.cells.push_back(cell_bits(s, k));
    for (int64_t k = rec.numel - edge; k < rec.numel; ++k) rec.cells.push_back(cell_bits(s, k));
  }
}

Recorder::TensorRec Recorder::tensor_record(const core::Tensor& t, const Snapshot& snap,
                                            std::vector<core::Tensor>& more, core::Tensor* view_source) {
  TensorRec r;
  r.storage = t.storage()->id();
  r.shape = t.sizes();
  r.stride = t.strides();
  r.offset = t.storage_offset();
  r.dtype = t.dtype();
  r.version = t.version();
  TensorAutograd ag;
  if (snap.autograd) ag = snap.autograd(t);
  r.requires_grad = ag.requires_grad;
  r.is_leaf = ag.is_leaf;
  r.grad_fn = ag.grad_fn;
  if (ag.grad.defined()) {
    r.grad = tensor_key(ag.grad);
    more.push_back(ag.grad);
  }
  if (t.is_view()) {
    core::Tensor base = t.base();
    r.base = tensor_key(base);
    more.push_back(base);
  }
  if (snap.view_origin) {
    if (auto origin = snap.view_origin(t)) {
      r.has_view = true;
      r.view_op = origin->op;
      r.view_text = origin->text;
      if (origin->source.defined()) {
        const core::Tensor& src = origin->source;
        r.view_source = tensor_key(src);
        if (src.storage() == t.storage()) derive_view(src.sizes(), src.strides(), src.storage_offset(), t, r);
        more.push_back(src);
        if (view_source) *view_source = src;
      } else if (origin->has_source_geometry) {
        // The source is gone: its geometry as the op saw it stands in for it.
        r.has_source_geometry = true;
        r.source_shape = origin->source_sizes;
        r.source_stride = origin->source_strides;
        if (origin->same_storage)
          derive_view(origin->source_sizes, origin->source_strides, origin->source_offset, t, r);
      }
      r.broke_dim = origin->broke_dim;
    }
  }
  return r;
}

void Recorder::write_storage_text(JsonWriter& w, StorageRec& rec) {
  if (rec.text.size) {
    const std::string_view text = span_text(rec.text);
    w.raw(text, rapidjson::kObjectType);
    return;
  }
  const size_t before = w.text().size();
  write_storage(w, rec, options_.summary_edge, scratch_->cell_texts);
  mark(before, w, &rec, -1);
}

// A frame, its variables copied from the text kept in `vars` when there is one (else written, and
// marked to be kept).
void Recorder::write_frame_kept(JsonWriter& w, size_t i) {
  const FrameInfo& f = frames_[i];
  const Span vars = frame_vars_[i];
  w.StartObject();
  w.key("name");
  w.str(f.name);
  w.key("line");
  w.Int64(f.line);
  w.key("variables");
  if (vars.size) {
    const std::string_view text = span_text(vars);
    w.raw(text, rapidjson::kArrayType);
  } else {
    const size_t before = w.text().size();
    write_variables(w, f);
    mark(before, w, nullptr, static_cast<int64_t>(i));
  }
  w.EndObject();
}

// NOTE [Texts kept in the chunks]
// A storage's record and a frame's variables are written once and copied afterwards: where one is
// written into a delta or a checkpoint, the place is marked, and once that text is in a chunk the
// record keeps a span of it (append_text), which later checkpoints and steps copy as it stands.
void Recorder::mark(size_t before, const JsonWriter& w, StorageRec* storage, int64_t frame) {
  std::string_view text = w.text().substr(before);
  const size_t skip = !text.empty() && (text[0] == ':' || text[0] == ',') ? 1 : 0;  // the writer's separator
  marks_.push_back(
      Mark{storage, frame, static_cast<uint32_t>(before + skip), static_cast<uint32_t>(text.size() - skip)});
}

std::string_view Recorder::span_text(const Span& s) const {
  return std::string_view(chunks_[s.chunk]).substr(s.offset, s.size);
}

void Recorder::append_text(std::string_view text, std::vector<Span>& spans) {
  if (chunks_.empty() || chunks_.back().size() + text.size() > chunks_.back().capacity()) {
    chunks_.emplace_back();
    chunks_.back().reserve(std::max(kChunkBytes, text.size()));
  }
  std::string& chunk = chunks_.back();
  const Span at{static_cast<uint32_t>(chunks_.size() - 1), static_cast<uint32_t>(chunk.size()),
                static_cast<uint32_t>(text.size())};
  spans.push_back(at);
  chunk += text;
  for (const Mark& m : marks_) {
    const Span kept{at.chunk, at.offset + m.offset, m.size};
    if (m.storage) m.storage->text = kept;
    if (m.frame >= 0 && static_cast<size_t>(m.frame) < frame_vars_.size())
      frame_vars_[static_cast<size_t>(m.frame)] = kept;
  }
  marks_.clear();
}

std::string_view Recorder::delta_text(int64_t n) const { return span_text(spans_.at(static_cast<size_t>(n))); }

size_t Recorder::memory_bytes() const {
  size_t n = spans_.capacity() * sizeof(Span) + checkpoints_.capacity() * sizeof(Span);
  for (const std::string& c : chunks_) n += c.capacity();
  return n + all_stdout_.capacity() + stdout_end_.capacity() * sizeof(size_t);
}

// The state before the step about to be recorded, in the shape apply_delta works on.
void Recorder::write_checkpoint() {
  JsonWriter& w = *checkpoint_writer_;
  w.clear();
  w.StartObject();
  w.key("objects");
  w.StartObject();
  for (const std::string& k : sorted_keys(objects_)) {
    w.key(k);
    write_object(w, objects_.at(k));
  }
  w.EndObject();
  w.key("tensors");
  w.StartObject();
  for (const std::string& k : sorted_keys(tensors_)) {
    w.key(k);
    write_tensor(w, *tensors_.at(k), storage_key(tensors_.at(k)->storage));
  }
  w.EndObject();
  w.key("storages");
  w.StartObject();
  std::vector<uint64_t> ids = sorted_keys(storages_);
  std::sort(ids.begin(), ids.end(), storage_key_less());
  for (uint64_t id : ids) {
    w.key(storage_key(id));
    write_storage_text(w, *storages_.at(id));
  }
  w.EndObject();
  w.key("nodes");
  w.StartObject();
  for (const std::string& k : sorted_keys(nodes_)) {
    w.key(k);
    write_node(w, k, *nodes_.at(k));
  }
  w.EndObject();
  w.key("frames");
  w.StartArray();
  frame_vars_.resize(frames_.size());
  for (size_t i = 0; i < frames_.size(); ++i) write_frame_kept(w, i);
  w.EndArray();
  w.EndObject();
  append_text(w.text(), checkpoints_);
}

// NOTE [Storages shown again]
// Most of what a step shows, the step before showed: in a training loop, the data, the parameters
// and every tensor a list holds are the same from step to step, and only a few tensors are new.
// Such a step costs what changed, not what is alive: a tensor the step before reached is found
// without a lookup (its slot is the one the step before reached next in its walk, shown_tensors_,
// after the last tensor both walks reached: a tensor new since does not put the rest out of
// step), its record is kept when the metadata it was made from is the same (TensorSig),
// and its storage's record is reached through the slot (TensorSlot::srec); the storage observer
// marks the records of the storages written since (StorageRec::written), so only those have their
// cells read and compared. Only the storages shown for the first time are sorted, for their numbers
// (NOTE [Storage numbers]).
void Recorder::record(const Snapshot& snap) {
  const int64_t step = step_count();
  if (step % options_.checkpoint_every == 0) write_checkpoint();

  JsonWriter& w = *step_writer_;
  w.clear();
  w.StartObject();
  w.key("step");
  w.Int64(step);
  w.key("kind");
  w.str(snap.kind);
  w.key("line");
  w.Int64(snap.line);

  // Only the frames that differ from the previous step's stack: keep its first `keep`, then push
  // the rest (deep recursion stays linear in size).
  {
    const size_t from = std::min(snap.frames_from, frames_.size());
    size_t same = 0;
    while (same < snap.frames.size() && from + same < frames_.size() && snap.frames[same] == frames_[from + same])
      ++same;
    const size_t keep = from + same;
    w.key("frames");
    w.StartObject();
    w.key("keep");
    w.Int64(static_cast<int64_t>(keep));
    w.key("push");
    w.StartArray();
    frame_vars_.resize(frames_.size());
    for (size_t i = same; i < snap.frames.size(); ++i) {
      // A frame pushed again with the variables it had (it moved to another line) copies their
      // text (NOTE [Texts kept in the chunks]).
      const size_t at = keep + (i - same);
      const FrameInfo& f = snap.frames[i];
      if (at < frames_.size() && frame_vars_[at].size && frames_[at].same_variables(f)) {
        frames_[at].name = f.name;
        frames_[at].line = f.line;
        frames_[at].variables_version = f.variables_version;
      } else if (at < frames_.size()) {
        frames_[at] = f;
        frame_vars_[at] = Span{};
      } else {
        frames_.push_back(f);
        frame_vars_.push_back(Span{});
      }
      write_frame_kept(w, at);
    }
    frames_.resize(keep + (snap.frames.size() - same));
    frame_vars_.resize(frames_.size());
    w.EndArray();
    w.EndObject();
  }

  // Objects, and the tensors they hold.
  // (the step's lists are the recorder's, kept from step to step with their memory)
  Scratch& sc = *scratch_;
  sc.clear();
  std::vector<std::string>&objects_set = sc.objects_set, &objects_del = sc.objects_del;
  std::vector<core::Tensor>& queue = sc.queue;
  // The tensors the objects hold, visited after everything pushed on the queue (as if at its
  // bottom), in place.
  const std::vector<const core::Tensor*>* object_tensors = nullptr;
  auto note_object = [&](const ObjectInfo& o) {
    auto it = objects_.find(o.key);
    std::string tkey = o.tensor_key;
    if (tkey.empty() && o.tensor.defined()) tkey = tensor_key(o.tensor);
    if (it != objects_.end() && it->second.tensor_key == tkey && it->second.type == o.type && it->second.id == o.id &&
        it->second.repr == o.repr && it->second.items == o.items)
      return;
    ObjectInfo& slot = objects_[o.key];
    slot = o;
    slot.tensor = core::Tensor();  // the record names it; holding it would keep it alive
    slot.tensor_key = std::move(tkey);
    objects_set.push_back(o.key);
  };
  if (snap.objects_changed_only) {
    for (const ObjectInfo& o : snap.objects) note_object(o);
    for (const std::string& k : snap.objects_gone)
      if (objects_.erase(k)) objects_del.push_back(k);
    object_tensors = &snap.object_tensors;
  } else {
    std::unordered_map<std::string, bool> now;
    for (const ObjectInfo& o : snap.objects) {
      note_object(o);
      now[o.key] = true;
      if (o.tensor.defined()) queue.push_back(o.tensor);
    }
    for (auto it = objects_.begin(); it != objects_.end();) {
      if (!now.count(it->first)) {
        objects_del.push_back(it->first);
        it = objects_.erase(it);
      } else {
        ++it;
      }
    }
  }

  // The autograd graph, and the tensors its nodes saved.
  std::vector<std::string>&nodes_set = sc.nodes_set, &nodes_del = sc.nodes_del;
  if (snap.graph_unchanged) {
    queue.insert(queue.end(), snap.graph_tensors.begin(), snap.graph_tensors.end());
  } else {
    // Each listed node's record is made again in place (its strings keep their memory) and
    // listed as set when it differs from what the step before showed.
    for (const GraphNodeInfo& n : snap.graph) {
      auto [it, inserted] = nodes_.try_emplace(n.key);
      if (inserted) it->second = std::make_unique<NodeRec>();
      NodeRec& rec = *it->second;
      bool changed = inserted || rec.name != n.name || rec.next != n.next || rec.released != n.released ||
                     rec.saved.size() != n.saved.size();
      if (changed) {
        rec.name = n.name;
        rec.next = n.next;
        rec.released = n.released;
        rec.saved.resize(n.saved.size());
      }
      for (size_t i = 0; i < n.saved.size(); ++i) {
        const GraphNodeInfo::Saved& s = n.saved[i];
        NodeRec::Saved& sv = rec.saved[i];
        const bool has_current = s.tensor.defined();
        const std::string& tkey = has_current ? tensor_key_ref(s.tensor) : empty_key_;
        const uint32_t current = has_current ? s.tensor.version() : 0;
        if (sv.name != s.name || sv.saved_version != s.saved_version || sv.has_current != has_current ||
            sv.tensor != tkey || sv.current_version != current) {
          changed = true;
          sv.name = s.name;
          sv.saved_version = s.saved_version;
          sv.has_current = has_current;
          sv.tensor = tkey;
          sv.current_version = current;
        }
        if (has_current) queue.push_back(s.tensor);
      }
      const std::string& vkey = n.variable.defined() ? tensor_key_ref(n.variable) : empty_key_;
      if (rec.variable != vkey) {
        changed = true;
        rec.variable = vkey;
      }
      if (n.variable.defined()) queue.push_back(n.variable);
      rec.shown_step = step;
      if (changed) nodes_set.push_back(n.key);
    }
    for (auto it = nodes_.begin(); it != nodes_.end();) {
      if (it->second->shown_step != step) {
        nodes_del.push_back(it->first);
        it = nodes_.erase(it);
      } else {
        ++it;
      }
    }
  }
  if (snap.backward) {
    for (const auto& g : snap.backward->grad_inputs)
      if (g.defined()) queue.push_back(g);
    for (const auto& g : snap.backward->grad_outputs)
      if (g.defined()) queue.push_back(g);
  }

  // Tensors, and the storages they map.
  std::vector<std::string>&tensors_set = sc.tensors_set, &tensors_del = sc.tensors_del;
  std::vector<std::tuple<std::string, uint32_t, uint32_t>>& versions = sc.versions;  // tensor, from, to
  // The storages the step shows: id -> storage, sorted by id once the tensors are visited.
  // (NOTE [Storages shown again]) Those the step before showed are marked in their records, and
  // listed in `written` when their cells were written since (nothing writes them while the step
  // is recorded); the others are listed in shown_new (id -> storage), sorted by id and made
  // unique once the tensors are visited.
  std::vector<std::pair<uint64_t, const core::StorageImpl*>>& shown_new = shown_;
  std::vector<StorageRec*>& written = sc.written;
  const bool read_all = options_.read_all_cells;
  shown_new.clear();
  auto show_storage = [&](TensorSlot* ks, uint64_t id, const core::StorageImpl* impl) {
    StorageRec* sr = nullptr;
    if (ks && ks->srec && ks->srec->id == id) {
      sr = ks->srec;
    } else {
      auto it = storages_.find(id);
      if (it != storages_.end()) sr = it->second.get();
      if (ks) ks->srec = sr;
    }
    if (!sr) {
      shown_new.emplace_back(id, impl);
    } else if (sr->shown_step != step) {
      sr->shown_step = step;
      sr->impl = impl;
      if (sr->written || read_all) written.push_back(sr);
    }
  };
  auto shown_count = [&](uint64_t id) -> size_t {
    auto old = storages_.find(id);
    if (old != storages_.end() && old->second->shown_step == step) return 1;
    auto it = std::lower_bound(shown_new.begin(), shown_new.end(), id,
                               [](const auto& kv, uint64_t k) { return kv.first < k; });
    return it != shown_new.end() && it->first == id ? 1 : 0;
  };
  {
    // The reference recorder of a test (every cell read, keys from elsewhere) takes the slow path:
    // a record made for every tensor, found by key.
    const bool fast = !options_.read_all_cells && !options_.tensor_keys_from;
    std::unordered_map<std::string, bool> now;
    std::vector<TensorSlot*>& reached = sc.reached;
    TensorSig sig;
    size_t object_left = object_tensors ? object_tensors->size() : 0;
    core::Tensor popped;
    size_t hint_at = 0;  // where the walk of the step before went on (a tensor new since shifts it)
    for (;;) {
      const core::Tensor* next = nullptr;
      if (!queue.empty()) {
        popped = std::move(queue.back());
        queue.pop_back();
        next = &popped;
      } else if (object_left > 0) {
        next = (*object_tensors)[--object_left];
      } else {
        break;
      }
      const core::Tensor& t = *next;
      TensorSlot* ks = nullptr;
      std::string key;
      if (fast) {
        // The slot the step before reached at this place in the walk, when it is this tensor's
        // (a step that changed little visits the tensors in the same order): no lookup.
        TensorSlot* hint = hint_at < shown_tensors_.size() ? shown_tensors_[hint_at] : nullptr;
        ks = hint && hint->impl_raw == t.impl() && same_impl(hint->impl, t) ? hint : &tensor_slot(t);
        if (ks->reached == step) continue;
        // (a tensor the step before reached: the walk goes on as that one's did after it)
        if (step > 0 && ks->reached == step - 1) hint_at = ks->shown_at + 1;
        ks->reached = step;
        ks->shown_at = reached.size();  // (its place in this step's walk, read by the next step)
        reached.push_back(ks);
        // A tensor whose record was made from the same metadata, version and autograd fields
        // keeps its record: only what it names is visited again. (The fields are compared as
        // they are read; the signature is made only for a record made again.)
        const autograd::AutogradMeta* meta = autograd::impl::get_meta(t);
        const core::StorageImpl* storage = t.storage().get();
        const TensorSig& old = ks->sig;
        if (ks->rec && ks->has_sig && old.storage == storage && old.offset == t.storage_offset() &&
            old.version == t.version() && old.dtype == t.dtype() &&
            old.requires_grad == (meta && meta->requires_grad) &&
            old.grad_fn == (meta ? meta->grad_fn.get() : nullptr) && old.grad == (meta ? meta->grad.impl() : nullptr) &&
            old.base == (t.is_view() ? t.impl()->base_.get() : nullptr) && same_ints(old.sizes, t.sizes()) &&
            same_ints(old.strides, t.strides())) {
          core::Tensor source;
          if (ks->has_view_source) source = core::Tensor(ks->view_source.lock());
          if (!source.defined() ||
              (source.storage().get() == old.source_storage && source.storage_offset() == old.source_offset &&
               same_ints(source.sizes(), old.source_sizes) && same_ints(source.strides(), old.source_strides))) {
            // (the storage's record the slot reached at the step before, when it is still the one:
            // show_storage without a call)
            if (StorageRec* sr = ks->srec; sr && sr->id == ks->rec->storage) {
              if (sr->shown_step != step) {
                sr->shown_step = step;
                sr->impl = storage;
                if (sr->written || read_all) written.push_back(sr);
              }
            } else {
              show_storage(ks, ks->rec->storage, storage);
            }
            if (meta && meta->grad.defined()) queue.push_back(meta->grad);
            if (t.is_view()) queue.push_back(t.base());
            if (source.defined()) queue.push_back(std::move(source));
            continue;
          }
        }
        sig.storage = storage;
        sig.offset = t.storage_offset();
        sig.version = t.version();
        sig.dtype = t.dtype();
        sig.requires_grad = meta && meta->requires_grad;
        sig.grad_fn = meta ? meta->grad_fn.get() : nullptr;
        sig.grad = meta ? meta->grad.impl() : nullptr;
        sig.base = t.is_view() ? t.impl()->base_.get() : nullptr;
        key = ks->key;
      } else {
        key = tensor_key(t);
        if (!now.emplace(key, true).second) continue;
      }
      std::vector<core::Tensor>& more = sc.more;
      more.clear();
      core::Tensor view_source;
      TensorRec rec = tensor_record(t, snap, more, &view_source);
      auto& slot = tensors_[key];
      show_storage(ks, rec.storage, t.storage().get());
      if (!slot) {
        slot = std::make_unique<TensorRec>(std::move(rec));
        tensors_set.push_back(key);
      } else if (!(*slot == rec)) {
        if (slot->version != rec.version) versions.emplace_back(key, slot->version, rec.version);
        *slot = std::move(rec);
        tensors_set.push_back(key);
      }
      if (fast) {
        // (ks is still t's slot: tensor_record keeps live slots where they are; the kept
        // signature's lists are assigned in place, keeping their memory)
        TensorSig& kept = ks->sig;
        kept.storage = sig.storage;
        kept.offset = sig.offset;
        kept.version = sig.version;
        kept.dtype = sig.dtype;
        kept.requires_grad = sig.requires_grad;
        kept.grad_fn = sig.grad_fn;
        kept.grad = sig.grad;
        kept.base = sig.base;
        kept.sizes = t.sizes();
        kept.strides = t.strides();
        ks->has_sig = true;
        ks->view_source = view_source.impl_ptr();
        ks->has_view_source = view_source.defined();
        kept.source_storage = view_source.defined() ? view_source.storage().get() : nullptr;
        kept.source_offset = view_source.defined() ? view_source.storage_offset() : 0;
        if (view_source.defined()) {
          kept.source_sizes = view_source.sizes();
          kept.source_strides = view_source.strides();
        } else {
          kept.source_sizes.clear();
          kept.source_strides.clear();
        }
        ks->rec = slot.get();
      }
      for (auto& m : more) queue.push_back(std::move(m));
    }
    if (fast) {
      for (const std::string& k : retired_keys_)
        if (tensors_.erase(k)) tensors_del.push_back(k);
      retired_keys_.clear();
      for (TensorSlot* ks : shown_tensors_) {
        if (ks->reached == step) continue;
        if (tensors_.erase(ks->key)) tensors_del.push_back(ks->key);
        ks->rec = nullptr;
        ks->srec = nullptr;  // (its storage's record may go: only a slot reached at the step before keeps it)
      }
      shown_tensors_.swap(reached);
    } else {
      for (auto it = tensors_.begin(); it != tensors_.end();) {
        if (!now.count(it->first)) {
          tensors_del.push_back(it->first);
          it = tensors_.erase(it);
        } else {
          ++it;
        }
      }
    }
  }
  std::sort(shown_new.begin(), shown_new.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  shown_new.erase(
      std::unique(shown_new.begin(), shown_new.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
      shown_new.end());
  // (the storages shown before have their numbers; new ones are numbered in the order of their ids)
  for (const auto& [id, storage] : shown_new)
    if (shown_numbers_.try_emplace(id, next_shown_number_).second) {
      if (shown_keys_.size() <= next_shown_number_) shown_keys_.resize(next_shown_number_ + 1);
      shown_keys_[next_shown_number_] = "s" + std::to_string(next_shown_number_);
      ++next_shown_number_;
    }

  // Allocations and frees: only of storages the learner can see (temporaries made and dropped
  // inside one step are not drawn).
  JsonWriter& ew = *events_writer_;
  ew.clear();
  ew.StartArray();
  std::unordered_map<uint64_t, bool> freed_now;
  for (const Event& e : pending_events_) {
    if (e.alloc ? shown_count(e.storage) != 0 : storages_.count(e.storage) != 0) {
      if (!e.alloc) freed_now[e.storage] = true;
      ew.StartObject();
      ew.key("type");
      ew.str(e.alloc ? "alloc" : "free");
      ew.key("storage");
      ew.str(storage_key(e.storage));
      ew.EndObject();
    }
  }
  pending_events_.clear();

  // Reads: of storages this step shows, or the one before showed and this step freed.
  if (!snap.reads.empty()) {
    // The blocks of the storages the step can show, grouped by storage in the order the keys sort
    // ("s10" before "s2") and, within one, in the order read, each once.
    std::vector<ReadBlock>& reads = sc.reads;
    reads.clear();
    for (const CellRead& r : snap.reads) {
      if (!(shown_count(r.storage) || freed_now.count(r.storage))) continue;
      std::optional<Block> b = canonical(r);
      if (b) reads.push_back(ReadBlock{r.storage, reads.size(), std::move(*b)});
    }
    const auto key_less = storage_key_less();
    std::sort(reads.begin(), reads.end(), [&](const ReadBlock& x, const ReadBlock& y) {
      if (x.storage != y.storage) return key_less(x.storage, y.storage);
      return x.seq < y.seq;
    });
    std::vector<Block>& blocks = sc.blocks;
    for (size_t i = 0; i < reads.size();) {
      const uint64_t id = reads[i].storage;
      blocks.clear();
      for (; i < reads.size() && reads[i].storage == id; ++i)
        if (std::find(blocks.begin(), blocks.end(), reads[i].block) == blocks.end())
          blocks.push_back(std::move(reads[i].block));
      ew.StartObject();
      ew.key("type");
      ew.str("read");
      ew.key("storage");
      ew.str(storage_key(id));
      compact_reads(blocks, ew, sc.runs, sc.merged);
      ew.EndObject();
    }
  }

  // Storages: new ones get a record; shown ones written since the step before get their cells
  // compared (a write event with the cells that changed, old and new values).
  std::vector<uint64_t>&storages_set = sc.storages_set, &storages_del = sc.storages_del;
  {
    for (const auto& [id, storage] : shown_new) {
      const core::StorageImpl& s = *storage;
      auto& slot = storages_[id];
      slot = std::make_unique<StorageRec>();
      slot->id = id;
      slot->address = s.address();
      slot->nbytes = s.nbytes();
      slot->dtype = s.dtype();
      slot->itemsize = static_cast<int64_t>(core::itemsize(s.dtype()));
      slot->numel = static_cast<int64_t>(s.nbytes()) / slot->itemsize;
      read_cells(s, *slot);
      slot->shown_step = step;
      storages_set.push_back(id);
    }
    // The ones shown before whose cells were written, in the order of their ids (their write
    // events' order).
    std::sort(written.begin(), written.end(), [](const StorageRec* a, const StorageRec* b) { return a->id < b->id; });
    for (StorageRec* slot : written) {
      slot->written = false;
      const uint64_t id = slot->id;
      const core::StorageImpl& s = *slot->impl;
      StorageRec now = *slot;
      read_cells(s, now);
      if (now.cells == slot->cells) continue;
      ew.StartObject();
      ew.key("type");
      ew.str("write");
      ew.key("storage");
      ew.str(storage_key(id));
      std::vector<size_t> changed;
      for (size_t i = 0; i < now.cells.size(); ++i)
        if (now.cells[i] != slot->cells[i]) changed.push_back(i);
      const int64_t edge = options_.summary_edge;
      ew.key("cells");
      ew.StartArray();
      for (size_t i : changed) {
        int64_t k = static_cast<int64_t>(i);
        if (now.summarised && k >= edge) k = now.numel - edge + (k - edge);
        ew.Int64(k);
      }
      ew.EndArray();
      ew.key("old");
      ew.StartArray();
      for (size_t i : changed) write_cell(ew, now.dtype, slot->cells[i], sc.cell_texts);
      ew.EndArray();
      ew.key("new");
      ew.StartArray();
      for (size_t i : changed) write_cell(ew, now.dtype, now.cells[i], sc.cell_texts);
      ew.EndArray();
      ew.EndObject();
      slot->cells = std::move(now.cells);
      slot->text = Span{};
    }
    for (auto it = storages_.begin(); it != storages_.end();) {
      if (it->second->shown_step != step) {
        storages_del.push_back(it->first);
        it = storages_.erase(it);
      } else {
        ++it;
      }
    }
  }

  // Version bumps.
  std::sort(versions.begin(), versions.end());
  for (const auto& [key, from, to] : versions) {
    ew.StartObject();
    ew.key("type");
    ew.str("version");
    ew.key("tensor");
    ew.str(key);
    ew.key("from");
    ew.Int64(from);
    ew.key("to");
    ew.Int64(to);
    ew.EndObject();
  }
  ew.EndArray();

  // The map changes go before the events (the order the deltas always had).
  auto write_changes = [&](const char* name, auto& set, auto& del, auto&& write_one, auto&& key_text, auto&& less) {
    if (set.empty() && del.empty()) return;
    std::sort(set.begin(), set.end(), less);
    std::sort(del.begin(), del.end(), less);
    w.key(name);
    w.StartObject();
    if (!set.empty()) {
      w.key("set");
      w.StartObject();
      for (const auto& k : set) {
        w.key(key_text(k));
        write_one(k);
      }
      w.EndObject();
    }
    if (!del.empty()) {
      w.key("del");
      w.StartArray();
      for (const auto& k : del) w.str(key_text(k));
      w.EndArray();
    }
    w.EndObject();
  };
  auto same_key = [](const std::string& k) -> const std::string& { return k; };
  const std::less<std::string> string_less;
  write_changes(
      "objects", objects_set, objects_del, [&](const std::string& k) { write_object(w, objects_.at(k)); }, same_key,
      string_less);
  write_changes(
      "tensors", tensors_set, tensors_del,
      [&](const std::string& k) { write_tensor(w, *tensors_.at(k), storage_key(tensors_.at(k)->storage)); }, same_key,
      string_less);
  write_changes(
      "storages", storages_set, storages_del, [&](uint64_t id) { write_storage_text(w, *storages_.at(id)); },
      [&](uint64_t id) { return storage_key(id); }, storage_key_less());
  write_changes(
      "nodes", nodes_set, nodes_del, [&](const std::string& k) { write_node(w, k, *nodes_.at(k)); }, same_key,
      string_less);
  w.key("events");
  w.raw(ew.text(), rapidjson::kArrayType);

  w.key("stdout");
  w.str(snap.stdout_text);
  if (snap.exception) {
    w.key("exception");
    w.value(*snap.exception);
  }
  if (snap.backward) {
    w.key("backward");
    w.StartObject();
    w.key("node");
    w.str(snap.backward->node);
    w.key("name");
    w.str(snap.backward->name);
    w.key("grad_inputs");
    w.StartArray();
    for (const auto& g : snap.backward->grad_inputs) write_key_or_null(w, g.defined() ? tensor_key(g) : "");
    w.EndArray();
    w.key("grad_outputs");
    w.StartArray();
    for (const auto& g : snap.backward->grad_outputs) write_key_or_null(w, g.defined() ? tensor_key(g) : "");
    w.EndArray();
    w.EndObject();
  }
  w.EndObject();
  append_text(w.text(), spans_);
  all_stdout_ += snap.stdout_text;
  stdout_end_.push_back(all_stdout_.size());
}

namespace {

// A map of the state: key -> record, kept sorted by key so that set and del find their place by
// binary search.
Json::Object& state_map(Json& state, const char* name) {
  Json& m = state[name];
  if (m.is_null()) m = Json::object();
  return m.as_object();
}

void apply_map(Json& state, const char* name, const Json& delta) {
  const Json* d = delta.find(name);
  Json::Object& m = state_map(state, name);
  if (!d) return;
  auto less = [](const std::pair<std::string, Json>& kv, const std::string& k) { return kv.first < k; };
  if (const Json* set = d->find("set"))
    for (const auto& [k, v] : set->as_object()) {
      auto it = std::lower_bound(m.begin(), m.end(), k, less);
      if (it != m.end() && it->first == k) it->second = v;
      else m.emplace(it, k, v);
    }
  if (const Json* del = d->find("del"))
    for (const Json& k : del->as_array()) {
      auto it = std::lower_bound(m.begin(), m.end(), k.as_string(), less);
      if (it != m.end() && it->first == k.as_string()) m.erase(it);
    }
}

}  // namespace

void apply_delta(Json& state, const Json& delta) {
  for (const char* name : {"objects", "tensors", "storages", "nodes"}) apply_map(state, name, delta);
  // Cell writes patch the storages' values.
  Json::Object& storages = state_map(state, "storages");
  for (const Json& e : delta.at("events").as_array()) {
    if (e.at("type").as_string() != "write") continue;
    const std::string& key = e.at("storage").as_string();
    auto it =
        std::lower_bound(storages.begin(), storages.end(), key,
                         [](const std::pair<std::string, Json>& kv, const std::string& k) { return kv.first < k; });
    if (it == storages.end() || it->first != key) continue;
    Json& storage = it->second;
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
}

Json Recorder::state(int64_t n) {
  const int64_t count = step_count();
  if (n < 0) n += count;
  if (n < 0 || n >= count)
    throw std::out_of_range("step " + std::to_string(n) + " is out of range: the trace has " + std::to_string(count) +
                            " steps");
  // From the checkpoint before n, unless the state cached from the last call is on the way.
  const int64_t every = options_.checkpoint_every;
  const int64_t checkpoint = n / every;
  if (!(cached_step_ >= checkpoint * every && cached_step_ <= n)) {
    cached_state_ = Json::parse(span_text(checkpoints_.at(static_cast<size_t>(checkpoint))));
    cached_step_ = checkpoint * every - 1;
  }
  while (cached_step_ < n) {
    ++cached_step_;
    apply_delta(cached_state_, Json::parse(delta_text(cached_step_)));
  }
  cached_state_["output"] = all_stdout_.substr(0, stdout_end_[static_cast<size_t>(n)]);
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
  // A map in key order ("o2" before "o10"), as an object or as a list; key_field names the field
  // the key goes into, first.
  auto sorted = [](const Json& m) {
    std::vector<const std::pair<std::string, Json>*> items;
    for (const auto& kv : m.as_object()) items.push_back(&kv);
    std::sort(items.begin(), items.end(), [](auto* a, auto* b) { return key_less(a->first, b->first); });
    return items;
  };
  Json objects = Json::object();
  for (auto* kv : sorted(state.at("objects"))) objects.as_object().push_back(*kv);
  out["objects"] = std::move(objects);
  auto as_list = [&](const Json& m, const char* key_field = nullptr) {
    Json list = Json::array();
    for (auto* kv : sorted(m)) {
      if (!key_field) {
        list.push_back(kv->second);
        continue;
      }
      Json rec = Json::object();
      rec[key_field] = kv->first;
      for (const auto& [k, v] : kv->second.as_object()) rec.as_object().emplace_back(k, v);
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
      if (const Json* v = t.find(field)) full.as_object().emplace_back(field, *v);
      else if (field == std::string_view("requires_grad")) full.as_object().emplace_back(field, false);
      else if (field == std::string_view("is_leaf")) full.as_object().emplace_back(field, true);
      else if (field != std::string_view("view")) full.as_object().emplace_back(field, Json());
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
  const Json* output = state.find("output");
  out["output"] = output ? *output : Json("");
  out["exception"] = state.at("exception");
  out["backward"] = state.at("backward");
  return out;
}

Json Recorder::trace() const { return Json::parse(trace_text()); }

void Recorder::write_trace(const std::function<void(std::string_view)>& out) const {
  JsonWriter w;
  w.StartObject();
  w.key("format");
  w.str("stridelab-trace");
  w.key("version");
  w.Int64(kTraceFormatVersion);
  w.key("source");
  w.str(source_);
  w.key("steps");
  w.StartArray();
  w.EndArray();
  w.key("result");
  w.value(result_);
  w.EndObject();
  // The steps go between the brackets written above.
  const std::string_view head = w.text();
  const size_t at = head.find("\"steps\":[]") + 9;
  out(head.substr(0, at));
  for (size_t i = 0; i < spans_.size(); ++i) {
    if (i) out(",");
    out(span_text(spans_[i]));
  }
  out(head.substr(at));
}

std::string Recorder::trace_text() const {
  size_t total = 256 + source_.size();
  for (const Span& s : spans_) total += s.size + 1;
  std::string out;
  out.reserve(total);
  write_trace([&](std::string_view text) { out += text; });
  return out;
}

}  // namespace stridelab::trace
