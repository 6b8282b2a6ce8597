// The traced run: an interpreter observer that turns line events and autograd nodes into
// recorder snapshots (see recorder.h for what a step holds).
#include "trace/session.h"

#include <unordered_map>
#include <unordered_set>

#include "autograd/basic_nodes.h"
#include "autograd/engine.h"
#include "autograd/saved_variable.h"
#include "autograd/variable.h"
#include "core/storage.h"
#include "python/interp.h"
#include "python/protocol.h"
#include "torch/torch.h"
#include "torch/binding.h"
#include "trace/call_reads.h"

namespace stridelab::trace {
namespace {

using python::Object;

constexpr size_t kMaxObjects = 2000;
constexpr size_t kMaxShownFrames = 32;
constexpr int kMaxDepth = 100;  // levels of nesting the trace records

// repr() of built-in values (and of tuples and lists of them), without running user code: any
// other object is shown as "<T object>".
std::string plain_repr(python::Interp& in, Object* o, int depth = 0) {
  const auto& bt = python::builtin_types();
  python::TypeObject* t = o->type();
  if (t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.none || t == bt.str) return python::repr(in, o);
  if ((t == bt.tuple || t == bt.list) && depth < 8) {
    const auto& items =
        t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
    std::string out = t == bt.list ? "[" : "(";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + plain_repr(in, items[i].get(), depth + 1);
    if (t == bt.tuple && items.size() == 1) out += ",";
    return out + (t == bt.list ? "]" : ")");
  }
  return "<" + python::type_name(o) + " object>";
}

// A Python value's short text for the variables panel, without running user code.
std::string short_repr(python::Interp& in, Object* o) {
  const auto& bt = python::builtin_types();
  python::TypeObject* t = o->type();
  if (t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.none || t == bt.str) {
    std::string r = python::repr(in, o);
    if (r.size() > 80) r = r.substr(0, 77) + "...";
    return r;
  }
  if (t == bt.list) return "list of " + std::to_string(python::as<python::ListObject>(o)->items_.size());
  if (t == bt.tuple) return "tuple of " + std::to_string(python::as<python::TupleObject>(o)->items_.size());
  if (t == bt.dict) return "dict of " + std::to_string(python::as<python::DictObject>(o)->size());
  if (t == bt.function) return "function " + python::as<python::FunctionObject>(o)->name_;
  if (t == bt.type) return "class " + python::as<python::TypeObject>(o)->name_;
  return "";
}

struct Mute {
  explicit Mute(bool& flag) : flag_(flag) { flag_ = true; }
  ~Mute() { flag_ = false; }
  bool& flag_;
};

class Tracer : public python::Observer, public autograd::EngineObserver, public python::NativeCallObserver {
 public:
  Tracer(Recorder& rec, python::Interp& in) : rec_(rec), in_(in), calls_(in) {}

  void write_stdout(std::string_view s) {
    all_stdout_ += s;
    pending_stdout_ += s;
  }
  const std::string& all_stdout() const { return all_stdout_; }
  int64_t last_line() const { return last_line_; }

  // ---- python::Observer ----
  void on_line(const python::Frame& frame) override {
    module_globals_ = frame.globals;
    flush(frame, std::nullopt);
    pending_ = Pending{frame.line, "line"};
  }
  void on_return(const python::Frame& frame, Object* value) override {
    if (pending_) pending_->kind = "return";
    flush(frame, std::nullopt);
    // The caller goes on with the line that made the call.
    if (frame.parent) pending_ = Pending{frame.parent->line, "line"};
  }
  void on_exception(const python::Frame& frame, python::ExceptionObject* exc) override {
    Json e = Json::object();
    e["type"] = exc->type()->name_;
    // From the exception's args, as str(exc) shows them, without running any of the program's code
    // (a __str__ or __repr__ of its own would run at every exception and could print, raise or
    // change what it reports on).
    std::string message;
    if (exc->args_ && exc->args_->items_.size() == 1) {
      Object* a = exc->args_->items_[0].get();
      message =
          a->type() == python::builtin_types().str ? python::as<python::StrObject>(a)->value_ : plain_repr(in_, a);
    } else if (exc->args_ && !exc->args_->items_.empty()) {
      message = plain_repr(in_, exc->args_.get());
    }
    e["message"] = message;
    e["line"] = Json(static_cast<int64_t>(frame.line));
    if (!pending_) pending_ = Pending{frame.line, "line"};
    pending_->kind = "exception";
    flush(frame, e);
  }
  // The end of the run: the last line's step, with the module's variables as they are at the end
  // (the module frame itself is gone by now, its globals are not).
  void finish() {
    if (!pending_) return;
    python::Frame module;
    module.name = "<module>";
    module.globals = module_globals_;
    module.line = pending_->line;
    if (module_globals_) flush(module, std::nullopt);
    else flush_without_frames();
  }

  // ---- python::NativeCallObserver ----
  void on_native_call(const python::BuiltinFunctionObject& fn, const python::CallArgs& args, Object* result) override {
    if (!muted_) calls_.note(fn, args, result, in_node_ ? node_reads_ : reads_);
  }

  // ---- autograd::EngineObserver ----
  // The received gradients are held weakly while the node runs: a strong reference would stop
  // AccumulateGrad from adopting a gradient's buffer as PyTorch does (it checks the use count).
  // A node reads the gradients it receives and the tensors it saved (AccumulateGrad: the .grad
  // it adds to).
  void on_node_begin(const autograd::Node& node, const autograd::variable_list& grads) override {
    node_inputs_.clear();
    node_reads_.clear();
    in_node_ = true;
    for (const auto& g : grads) {
      node_inputs_.push_back(g.impl_ptr());
      if (g.defined() && g.numel() > 0) node_reads_.push_back(read_of(g));
    }
    for (const autograd::SavedTensorRef& s : node.saved_tensors()) {
      if (!s.saved || !s.saved->was_saved() || s.saved->is_released()) continue;
      core::Tensor t = s.saved->data();
      if (t.defined() && t.numel() > 0) node_reads_.push_back(read_of(t));
    }
    if (auto* acc = dynamic_cast<const autograd::AccumulateGrad*>(&node))
      if (auto* meta = autograd::impl::get_meta(acc->variable()))
        if (meta->grad.defined() && meta->grad.numel() > 0) node_reads_.push_back(read_of(meta->grad));
  }
  void on_node_end(const autograd::Node& node, const autograd::variable_list& grads) override {
    BackwardStep b;
    b.node = node_key(&node);
    b.name = node.type_name();
    for (const auto& weak : node_inputs_) b.grad_inputs.emplace_back(weak.lock());
    b.grad_outputs = grads;
    node_inputs_.clear();
    const python::Frame* f = in_.current_frame();
    in_node_ = false;
    Snapshot snap = snapshot(f, pending_ ? pending_->line : (f ? f->line : 0), "backward");
    snap.backward = std::move(b);
    snap.reads = std::move(node_reads_);
    node_reads_.clear();
    rec_.record(snap);
  }

 private:
  struct Pending {
    int line;
    std::string kind;
  };

  void flush(const python::Frame& frame, std::optional<Json> exception) {
    if (!pending_) return;
    last_line_ = pending_->line;
    Snapshot snap = snapshot(&frame, pending_->line, pending_->kind);
    snap.exception = std::move(exception);
    rec_.record(snap);
    pending_.reset();
  }
  void flush_without_frames() {
    if (!pending_) return;
    rec_.record(snapshot(nullptr, pending_->line, pending_->kind));
    pending_.reset();
  }

  std::string object_key(Object* o) {
    auto it = object_keys_.find(o);
    if (it != object_keys_.end() && it->second.first == o->type()) return it->second.second;
    std::string key = "o" + std::to_string(next_object_++);
    object_keys_[o] = {o->type(), key};
    return key;
  }

  std::string node_key(const autograd::Node* n) {
    auto it = node_keys_.find(n);
    if (it != node_keys_.end()) {
      auto alive = it->second.first.lock();
      if (alive.get() == n) return it->second.second;
    }
    std::string key = "n" + std::to_string(next_node_++);
    std::weak_ptr<autograd::Node> weak;
    try {
      weak = const_cast<autograd::Node*>(n)->weak_from_this();
    } catch (...) {}
    node_keys_[n] = {weak, key};
    return key;
  }

  // Visits o and what it holds; returns its key.
  std::string visit(Object* o, Snapshot& snap, std::unordered_set<Object*>& seen, int depth = 0) {
    std::string key = object_key(o);
    // Deeper than the panel shows, a nested structure is left out, as past kMaxObjects: the
    // walk recurses once per level (NOTE [Native recursion] in python/recursion.h).
    if (seen.count(o) || seen.size() >= kMaxObjects || depth > kMaxDepth) return key;
    seen.insert(o);
    const auto& bt = python::builtin_types();
    ObjectInfo info;
    info.key = key;
    info.type = python::type_name(o);
    info.id = reinterpret_cast<uintptr_t>(o);
    if (torch::is_tensor(o)) {
      info.tensor = torch::unwrap(o);
    } else {
      info.repr = short_repr(in_, o);
      python::TypeObject* t = o->type();
      if (t == bt.list || t == bt.tuple) {
        const auto& items =
            t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
        for (size_t i = 0; i < items.size() && i < 64; ++i)
          info.items.emplace_back(std::to_string(i), visit(items[i].get(), snap, seen, depth + 1));
      } else if (t == bt.dict) {
        for (auto& [k, v] : python::as<python::DictObject>(o)->items()) {
          std::string label = short_repr(in_, k.get());
          info.items.emplace_back(label.empty() ? python::type_name(k.get()) : label,
                                  visit(v.get(), snap, seen, depth + 1));
          if (info.items.size() >= 64) break;
        }
      } else if (t != bt.module && t != bt.type && t != bt.function) {
        if (python::Namespace* ns = o->instance_dict())
          for (const auto& [name, v] : ns->entries())
            info.items.emplace_back(name, visit(v.get(), snap, seen, depth + 1));
      }
    }
    snap.objects.push_back(std::move(info));
    return key;
  }

  void collect_graph(Snapshot& snap) {
    std::vector<std::shared_ptr<autograd::Node>> stack;
    std::unordered_set<const autograd::Node*> seen;
    auto push_tensor = [&](const core::Tensor& t) {
      if (auto* meta = autograd::impl::get_meta(t))
        if (meta->grad_fn) stack.push_back(meta->grad_fn);
    };
    for (const ObjectInfo& o : snap.objects)
      if (o.tensor.defined()) push_tensor(o.tensor);
    while (!stack.empty() && seen.size() < 500) {
      std::shared_ptr<autograd::Node> n = std::move(stack.back());
      stack.pop_back();
      if (!n || seen.count(n.get())) continue;
      seen.insert(n.get());
      GraphNodeInfo info;
      info.key = node_key(n.get());
      info.name = n->type_name();
      for (const autograd::Edge& e : n->next_edges()) {
        if (!e.function) continue;
        info.next.push_back(node_key(e.function.get()));
        stack.push_back(e.function);
      }
      for (const autograd::SavedTensorRef& s : n->saved_tensors()) {
        if (!s.saved || !s.saved->was_saved()) continue;
        GraphNodeInfo::Saved sv;
        sv.name = s.name.rfind("_saved_", 0) == 0 ? s.name.substr(7) : s.name;
        if (s.index >= 0) sv.name += "[" + std::to_string(s.index) + "]";
        sv.tensor = s.saved->data();
        sv.saved_version = s.saved->saved_version();
        if (s.saved->is_released()) info.released = true;
        info.saved.push_back(std::move(sv));
      }
      if (auto* acc = dynamic_cast<const autograd::AccumulateGrad*>(n.get())) info.variable = acc->variable();
      snap.graph.push_back(std::move(info));
    }
  }

  Snapshot snapshot(const python::Frame* top, int line, const std::string& kind) {
    Snapshot snap;
    snap.kind = kind;
    snap.line = line;
    std::vector<const python::Frame*> stack;
    for (const python::Frame* f = top; f; f = f->parent) stack.push_back(f);
    std::unordered_set<Object*> seen;
    const size_t depth = stack.size();
    for (size_t i = 0; i < depth; ++i) {
      const python::Frame* f = stack[depth - 1 - i];
      FrameInfo fi;
      fi.name = f->name;
      fi.line = f == top ? line : f->line;
      // Deep recursion: the frames between the module and the innermost kMaxShownFrames are
      // listed without their variables, so a step costs the same at any depth.
      if (i != 0 && i + kMaxShownFrames < depth) {
        snap.frames.push_back(std::move(fi));
        continue;
      }
      for (const auto& [name, obj] : f->locals()) {
        if (!obj || obj->type() == python::builtin_types().module) continue;
        if (name.rfind("__", 0) == 0) continue;
        fi.variables.emplace_back(name, visit(obj, snap, seen));
      }
      snap.frames.push_back(std::move(fi));
    }
    // Forget objects that went away, so an address handed to a new object gets a new key.
    for (auto it = object_keys_.begin(); it != object_keys_.end();) {
      if (!seen.count(const_cast<Object*>(it->first))) it = object_keys_.erase(it);
      else ++it;
    }
    collect_graph(snap);
    snap.autograd = [this](const core::Tensor& t) {
      TensorAutograd a;
      if (auto* meta = autograd::impl::get_meta(t)) {
        a.requires_grad = meta->requires_grad || meta->grad_fn != nullptr;
        a.is_leaf = meta->grad_fn == nullptr;
        if (meta->grad_fn) a.grad_fn = node_key(meta->grad_fn.get());
        a.grad = meta->grad;
      }
      return a;
    };
    snap.view_origin = [](const core::Tensor& t) -> std::optional<ViewOrigin> {
      // The op that made it, from the binding; else relative to its base.
      ViewOrigin v;
      if (auto info = torch::view_origin(t)) {
        v.source = info->source;
        v.op = info->op;
        v.broke_dim = info->broke_dim;
        if (v.source.defined() || v.broke_dim >= 0) return v;
      }
      if (!t.is_view()) return std::nullopt;
      v.source = t.base();
      v.op = "view";
      return v;
    };
    snap.stdout_text = std::move(pending_stdout_);
    pending_stdout_.clear();
    if (kind != "backward") {
      if (in_node_) {
        // A node raised (backward failed): what it read belongs to the line that called it.
        in_node_ = false;
        reads_.insert(reads_.end(), node_reads_.begin(), node_reads_.end());
        node_reads_.clear();
      }
      snap.reads = std::move(reads_);
      reads_.clear();
    }
    return snap;
  }

  Recorder& rec_;
  python::Interp& in_;
  std::optional<Pending> pending_;
  std::string all_stdout_, pending_stdout_;
  std::unordered_map<const Object*, std::pair<python::TypeObject*, std::string>> object_keys_;
  uint64_t next_object_ = 1;
  std::unordered_map<const autograd::Node*, std::pair<std::weak_ptr<autograd::Node>, std::string>> node_keys_;
  uint64_t next_node_ = 1;
  std::vector<std::weak_ptr<core::TensorImpl>> node_inputs_;
  CallReads calls_;
  std::vector<CellRead> reads_;       // read by the line running now
  std::vector<CellRead> node_reads_;  // read by the autograd node running now
  bool in_node_ = false;
  bool muted_ = false;
  int64_t last_line_ = 0;
  python::Namespace* module_globals_ = nullptr;
};

// "Traceback ...\n  File "<main>", line 7, in <module>\n...\nRuntimeError: message" -> its parts.
Json parse_error(const std::string& text, int64_t last_line) {
  if (text.empty()) return Json();
  Json e = Json::object();
  // The playground's own limits: "stridelab: step limit exceeded: ..."
  static const std::string kOwn = "stridelab: ";
  if (text.rfind(kOwn, 0) == 0) {
    std::string message = text.substr(kOwn.size());
    while (!message.empty() && message.back() == '\n') message.pop_back();
    e["type"] = "LimitExceeded";
    e["message"] = message;
    e["line"] = Json(last_line);
    e["traceback"] = text;
    return e;
  }
  std::string last = text;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  size_t nl = last.rfind('\n');
  std::string final_line = nl == std::string::npos ? last : last.substr(nl + 1);
  size_t colon = final_line.find(':');
  e["type"] = colon == std::string::npos ? final_line : final_line.substr(0, colon);
  e["message"] = colon == std::string::npos ? std::string() : final_line.substr(std::min(colon + 2, final_line.size()));
  int64_t line = 0;
  // The last `File "<main>", line N` of the traceback (scanned by hand: std::regex alone
  // is 15 KB of the page's gzipped engine).
  const std::string_view marker = "File \"<main>\", line ";
  for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1)) {
    size_t p = at + marker.size();
    if (p >= text.size() || text[p] < '0' || text[p] > '9') continue;
    int64_t n = 0;
    for (; p < text.size() && text[p] >= '0' && text[p] <= '9'; ++p) n = n * 10 + (text[p] - '0');
    line = n;
  }
  e["line"] = Json(line);
  e["traceback"] = text;
  return e;
}

}  // namespace

Json Summary::to_json() const {
  Json j = Json::object();
  j["steps"] = Json(steps);
  j["stdout"] = stdout_text;
  j["stderr"] = stderr_text;
  j["exit_code"] = Json(static_cast<int64_t>(exit_code));
  j["error"] = error;
  return j;
}

Session::Session() : recorder_(std::make_unique<Recorder>()) {}
Session::~Session() = default;

Summary Session::run(const std::string& source, const RunOptions& options) {
  recorder_ = std::make_unique<Recorder>(options.recorder);
  Summary summary;
  {
    python::Interp interp;
    torch::register_torch(interp);
    interp.limits().max_steps = options.max_steps;
    interp.limits().max_depth = options.max_depth;
    interp.limits().max_seconds = options.max_seconds;
    size_t old_limit = core::storage_limit();
    core::set_storage_limit(options.max_memory);
    Tracer tracer(*recorder_, interp);
    interp.set_stdout([&](std::string_view s) { tracer.write_stdout(s); });
    std::string warnings;  // PyTorch's UserWarnings, printed to stderr as they happen
    interp.set_stderr([&](std::string_view s) { warnings += s; });
    interp.set_observer(&tracer);
    autograd::set_engine_observer(&tracer);
    python::set_native_call_observer(&tracer);
    torch::set_view_origin_tracking(true);
    recorder_->begin(source);
    python::RunResult r;
    try {
      r = interp.run(source);
    } catch (...) {
      python::set_native_call_observer(nullptr);
      torch::set_view_origin_tracking(false);
      autograd::set_engine_observer(nullptr);
      core::set_storage_limit(old_limit);
      throw;
    }
    python::set_native_call_observer(nullptr);
    tracer.finish();
    torch::set_view_origin_tracking(false);
    autograd::set_engine_observer(nullptr);
    interp.set_observer(nullptr);
    core::set_storage_limit(old_limit);
    summary.stdout_text = tracer.all_stdout();
    summary.stderr_text = warnings + r.error_text;
    summary.exit_code = r.exit_code;
    summary.error = parse_error(r.error_text, tracer.last_line());
  }
  recorder_->finish(summary.stdout_text, summary.stderr_text,
                    summary.error.is_null() ? std::nullopt : std::optional<Json>(summary.error));
  summary.steps = recorder_->step_count();
  return summary;
}

}  // namespace stridelab::trace
