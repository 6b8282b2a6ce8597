// The traced run: an interpreter observer that turns line events and autograd nodes into
// recorder snapshots (see recorder.h for what a step holds).
#include "trace/session.h"

#include <algorithm>
#include <cstring>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>

#include "autograd/basic_nodes.h"
#include "autograd/engine.h"
#include "autograd/saved_variable.h"
#include "autograd/variable.h"
#include "core/storage.h"
#include "python/bigint.h"
#include "python/builtin_slots.h"
#include "python/bytes.h"
#include "python/free_notice.h"
#include "python/interp.h"
#include "python/protocol.h"
#include "python/set.h"
#include "torch/torch.h"
#include "trace/call_reads.h"
#include "support/budget.h"

namespace stridelab::trace {
namespace {

using python::Object;

constexpr size_t kMaxObjects = 2000;
constexpr size_t kMaxShownFrames = 32;
constexpr int kMaxDepth = 100;    // levels of nesting the trace records
constexpr size_t kStrKept = 200;  // a str's bytes that short_repr shows (and the cache compares)

// repr() of a scalar (int, bool, float, None, str). An int past CPython's 4300 digits has none
// (its repr raises ValueError): it is shown by its size in bits.
std::string scalar_repr(python::Interp& in, Object* o) {
  try {
    return python::repr(in, o);
  } catch (const python::PyError&) {
    return "<int of " + std::to_string(python::int_as_big(o).bit_length()) + " bits>";
  }
}

// type_name(o), also while a built-in type's dunder method runs on a subclass's object
// (NOTE [Slots of the built-in types] in python/builtin_slots.cpp).
std::string shown_type_name(const Object* o) {
  python::TypeObject* t = python::shown_type(o);
  return t == o->type() ? python::type_name(o) : t->name_;
}

// repr() of a bytes or bytearray object, of its first kStrKept bytes only when it is longer (shown
// as the str's prefix is, with "..." after 77 characters).
std::string bytes_short_repr(Object* o) {
  const std::string& v = python::as<python::BytesObject>(o)->value_;
  std::string r = python::bytes_repr(v.size() > kStrKept ? v.substr(0, kStrKept) : v);
  if (python::shown_type(o) == python::bytearray_type()) r = "bytearray(" + r + ")";
  if (r.size() > 80 || v.size() > kStrKept) r = r.substr(0, 77) + "...";
  return r;
}

// repr() of built-in values (and of tuples and lists of them), without running user code: any
// other object is shown as "<T object>".
std::string plain_repr(python::Interp& in, Object* o, int depth = 0) {
  const auto& bt = python::builtin_types();
  python::TypeObject* t = python::shown_type(o);
  if (t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.none || t == bt.str) return scalar_repr(in, o);
  if (t == python::bytes_type() || t == python::bytearray_type()) return bytes_short_repr(o);
  if ((t == bt.tuple || t == bt.list) && depth < 8) {
    const auto& items =
        t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
    std::string out = t == bt.list ? "[" : "(";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + plain_repr(in, items[i].get(), depth + 1);
    if (t == bt.tuple && items.size() == 1) out += ",";
    return out + (t == bt.list ? "]" : ")");
  }
  return "<" + shown_type_name(o) + " object>";
}

// A Python value's short text for the variables panel, without running user code.
std::string short_repr(python::Interp& in, Object* o) {
  const auto& bt = python::builtin_types();
  python::TypeObject* t = python::shown_type(o);
  if (t == bt.str && python::as<python::StrObject>(o)->value_.size() > kStrKept) {
    // Only the first 77 characters are shown: the repr of a prefix, not of the whole string (a
    // 100 MB string is in a variable at every step). The quotes follow the prefix's quotes.
    const std::string& s = python::as<python::StrObject>(o)->value_;
    size_t cut = kStrKept;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    python::ObjRef prefix = python::make_str(s.substr(0, cut));
    std::string r = python::repr(in, prefix.get());
    return r.substr(0, 77) + "...";
  }
  if (t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.none || t == bt.str) {
    std::string r = scalar_repr(in, o);
    if (r.size() > 80) r = r.substr(0, 77) + "...";
    return r;
  }
  if (t == python::bytes_type() || t == python::bytearray_type()) return bytes_short_repr(o);
  if (t == bt.list) return "list of " + std::to_string(python::as<python::ListObject>(o)->items_.size());
  if (t == bt.tuple) return "tuple of " + std::to_string(python::as<python::TupleObject>(o)->items_.size());
  if (t == bt.dict) return "dict of " + std::to_string(python::as<python::DictObject>(o)->size());
  if (t == python::set_type() || t == python::frozenset_type())
    return t->name_ + " of " + std::to_string(static_cast<python::SetObject*>(o)->used_);
  if (t == bt.function) return "function " + python::as<python::FunctionObject>(o)->name_;
  if (t == bt.type) return "class " + python::as<python::TypeObject>(o)->name_;
  return "";
}

// The node as an AccumulateGrad, or null: by its dynamic type (no class derives from
// AccumulateGrad), which costs a compare where a dynamic_cast walks the class hierarchy; the graph
// is walked at every step.
const autograd::AccumulateGrad* as_accumulate_grad(const autograd::Node* n) {
  return typeid(*n) == typeid(autograd::AccumulateGrad) ? static_cast<const autograd::AccumulateGrad*>(n) : nullptr;
}

struct Mute {
  explicit Mute(bool& flag) : flag_(flag) { flag_ = true; }
  ~Mute() { flag_ = false; }
  bool& flag_;
};

class Tracer : public python::Observer,
               public autograd::EngineObserver,
               public python::NativeCallObserver,
               public python::FreeObserver {
 public:
  Tracer(Recorder& rec, python::Interp& in) : rec_(rec), in_(in), calls_(in) {}

  void write_stdout(std::string_view s) {
    all_stdout_ += s;
    pending_stdout_ += s;
  }
  const std::string& all_stdout() const { return all_stdout_; }
  // The in-place writes of the run's calls (Session::in_place_writes), each with the key its tensor
  // has at the end, or had when it was last shown.
  std::vector<InPlaceWrite> take_writes() {
    std::vector<InPlaceWrite> out;
    for (PendingWrite& w : writes_) {
      if (w.write.tensor.empty() || w.write.temporary)
        if (auto impl = w.impl.lock())  // (a temporary is gone by now: this is a tensor shown later)
          if (std::string key = rec_.find_tensor_key(core::Tensor(impl)); !key.empty()) {
            w.write.tensor = key;
            w.write.temporary = false;
          }
      w.write.storage = rec_.storage_key(w.storage_id);
      out.push_back(std::move(w.write));
    }
    return out;
  }
  int64_t last_line() const { return last_line_; }

  // ---- python::Observer ----
  void on_line(const python::Frame& frame) override {
    python_ran_ = true;
    module_globals_ = frame.globals;
    flush(frame, std::nullopt);
    pending_ = Pending{frame.line, "line"};
  }
  void on_call(const python::Frame& frame) override {
    python_ran_ = true;
    stack_moved_ = true;
    // A generator resumed stands at the yield it left until its next line: the step that shows it
    // first (the caller's line) shows it at that yield, not at the caller's line.
    const python::FunctionObject* fn = frame.function;
    resumed_ = fn && fn->def_ && fn->def_->is_generator && frame.line != fn->def_->pos.line ? &frame : nullptr;
    resumed_line_ = frame.line;
  }
  void on_return(const python::Frame& frame, Object* value) override {
    python_ran_ = true;
    stack_moved_ = true;
    if (pending_) pending_->kind = "return";
    flush(frame, std::nullopt);
    // The caller goes on with the line that made the call.
    if (frame.parent) pending_ = Pending{frame.parent->line, "line"};
  }
  void on_exception(const python::Frame& frame, python::ExceptionObject* exc) override {
    python_ran_ = true;
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
    python_ran_ = true;  // (a built-in hook, `t.register_hook(xs.append)`, changes objects in backward)
    support::DeadlinePause pause;
    if (!muted_) calls_.note(fn, args, result, in_node_ ? node_reads_ : reads_);
    if (!muted_ && !in_node_) note_written_through(fn, args);
  }

  // ---- python::FreeObserver (NOTE [Freed objects]) ----
  void on_free(const Object* o) override {
    auto it = cache_.find(const_cast<Object*>(o));
    if (it == cache_.end()) return;
    if (!it->second.freed) freed_objects_.push_back(it->first);
    it->second.freed = true;
    any_freed_ = true;
    if (it->second.held) any_held_freed_ = true;
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
    if (auto* acc = as_accumulate_grad(&node))
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
    const int line = pending_ ? pending_->line : (f ? f->line : 0);
    Snapshot& snap = snapshot(f, line, "backward");
    snap.backward = std::move(b);
    snap.reads.swap(node_reads_);
    node_reads_.clear();
    rec_.record(snap);
    tell_probe(f, line, "backward", &snap);
    release(snap);
  }

 private:
  struct Pending {
    int line;
    std::string kind;
  };

  void flush(const python::Frame& frame, std::optional<Json> exception) {
    support::DeadlinePause pause;  // a step is recorded whole (support/budget.h)
    if (!pending_) return;
    last_line_ = pending_->line;
    Snapshot& snap = snapshot(&frame, pending_->line, pending_->kind);
    snap.exception = std::move(exception);
    rec_.record(snap);
    tell_probe(&frame, pending_->line, pending_->kind);
    release(snap);
    pending_.reset();
  }
  void flush_without_frames() {
    if (!pending_) return;
    rec_.record(snapshot(nullptr, pending_->line, pending_->kind));
    tell_probe(nullptr, pending_->line, pending_->kind);
    release(snap_);
    pending_.reset();
  }
  // Lets go of the tensors a recorded snapshot holds (a tensor the program dropped must go when it
  // would without the recorder: AccumulateGrad adopts a gradient's buffer only when no one else
  // holds it); the lists keep their memory.
  void release(Snapshot& snap) {
    take_back_frames(snap);
    snap.objects.clear();
    snap.object_tensors.clear();
    snap.graph.clear();
    snap.graph_tensors.clear();
    snap.backward.reset();
  }

  // The frames read_frames lent to the snapshot, back where they were read from.
  void take_back_frames(Snapshot& snap) {
    for (size_t k = 0; k < snap.frames.size() && frames_lent_from_ + k < frames_.size(); ++k)
      frames_[frames_lent_from_ + k].info = std::move(snap.frames[k]);
    snap.frames.clear();
  }

  // ---- what the previous step showed (NOTE [Change-driven steps]) ----

  // NOTE [Change-driven steps]
  // A step hands the recorder only the objects that are new or changed since the step before: the
  // walk from the frames keeps, for each object it reached, the record it made and what the record
  // was made from (Cached), and remakes the record only when that differs (same_as_before). A
  // frame whose variables were not stored to is not read again (same_variables: the slots of a
  // function's locals, the version stamp of a namespace), and a container that did not change is
  // walked through the entries kept for its items, with no lookups. What the walk no longer reaches
  // is gone from the trace (forget_unreached).
  //
  // NOTE [Freed objects]
  // The entries are found by the object's address, and an address is handed to the next object
  // of its size the moment an object is freed (CPython's id() reuse, which the playground keeps).
  // Comparing the type is not enough: `A().f(), B().f()` frees the first instance and makes the
  // second at its address, and an item that was a freed temporary's address may name a new object
  // of the same type. The interpreter's free notice (python/free_notice.h) marks the entry of a
  // freed object; an entry so marked is made anew, under a new key, when its address is reached
  // again, its old key going from the trace; a container or frame whose record names a marked entry
  // is read again, so that its record names the new key.

  // NOTE [Past the caps]
  // The walk lists at most kMaxObjects objects and none nested deeper than kMaxDepth levels (a
  // list nested 100,000 deep is legal). An object named past a cap (an item of a container listed
  // at the last level) keeps its entry, unlisted, with its key: the container's record names it by
  // a key that stays the same from step to step, and the object is listed under that key when a
  // step reaches it within the caps (a list popped from its container, now named by a variable).
  // A step after one that hit a cap does not trust the entries kept for the items (what lay past
  // the cap was not reached): an unchanged container is walked through its items again, and its
  // record is handed to the recorder again when an item's key is not the one it names.
  //
  // A shown object: its key, the record last handed to the recorder and what it was made from, so
  // that the next step can tell whether it changed by comparing pointers and values.
  struct Cached {
    python::TypeObject* type = nullptr;
    std::string key;
    ObjectInfo info;
    std::vector<Object*> refs;  // the objects its items name (dicts: key, value, key, value, ...)
    size_t size = 0;            // a container's length
    int64_t ival = 0;           // an int's or bool's value
    double fval = 0;            // a float's value
    std::string sval;           // a str's value, a function's or class's name
    const python::Namespace* ns = nullptr;
    uint64_t ns_version = 0;
    const core::TensorImpl* impl = nullptr;
    const core::Tensor* tensor = nullptr;  // a tensor object's own tensor (torch::unwrap), while it lives
    uint64_t epoch = 0;                    // the last step that reached it
    uint64_t capped = 0;                   // the last step that named it past a cap (NOTE [Past the caps])
    bool fresh = true;                     // not yet handed to the recorder
    bool leaf = false;                     // an immutable value holding nothing (int, float, str, None, a module)
    bool freed = false;                    // the object was freed since (NOTE [Freed objects])
    bool held = false;                     // a container's record has named it (in its kids) at some step
    std::vector<Cached*> kids;             // the entries of the objects its items name (dicts: the values)
  };

  // Whether o still makes the record c was made from. Only values a record shows are compared:
  // containers by their items' pointers (the first 64, as the record lists them), instances by
  // their attribute namespace's version (bumped by every store), scalars by value.
  bool same_as_before(const Cached& c, Object* o) {
    python::TypeObject* t = python::shown_type(o);
    if (t != c.type) return false;                  // its class was changed (`__class__ = ...`)
    if (c.impl) return c.tensor->impl() == c.impl;  // (the same object: a freed one is made anew)
    const auto& bt = python::builtin_types();
    if (torch::is_tensor(o)) return false;
    if (t == bt.int_ || t == bt.bool_) {
      auto* i = dynamic_cast<python::IntObject*>(o);
      return i && i->value_ == c.ival && c.sval.empty();
    }
    if (t == bt.float_) {
      double v = python::as<python::FloatObject>(o)->value_;
      return v == c.fval || (v != v && c.fval != c.fval);
    }
    if (t == bt.str) {  // a long str is shown by its first 200 bytes: only they are kept and compared
      const std::string& v = python::as<python::StrObject>(o)->value_;
      return v.size() == c.size && (v.size() <= kStrKept ? v == c.sval : v.compare(0, kStrKept, c.sval) == 0);
    }
    if (t == python::bytes_type() || t == python::bytearray_type()) {  // as a str (a bytearray changes in place)
      const std::string& v = python::as<python::BytesObject>(o)->value_;
      return v.size() == c.size && (v.size() <= kStrKept ? v == c.sval : v.compare(0, kStrKept, c.sval) == 0);
    }
    if (t == bt.none) return true;
    if (t == bt.list || t == bt.tuple) {
      const auto& items =
          t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
      if (items.size() != c.size) return false;
      // (an ObjRef is its pointer: the first items compared as one block of memory)
      static_assert(sizeof(python::ObjRef) == sizeof(Object*));
      return c.refs.empty() || std::memcmp(items.data(), c.refs.data(), c.refs.size() * sizeof(Object*)) == 0;
    }
    if (t == python::set_type() || t == python::frozenset_type()) {
      std::vector<python::ObjRef> items = static_cast<python::SetObject*>(o)->items();
      if (items.size() != c.size) return false;
      for (size_t i = 0; i < c.refs.size(); ++i)
        if (items[i].get() != c.refs[i]) return false;
      return true;
    }
    if (t == bt.dict) {
      auto* d = python::as<python::DictObject>(o);
      if (d->size() != c.size) return false;
      size_t i = 0;
      for (auto& [k, v] : d->items()) {
        if (i >= c.refs.size()) break;
        if (k.get() != c.refs[i] || v.get() != c.refs[i + 1]) return false;
        i += 2;
      }
      return true;
    }
    if (t == bt.function) return python::as<python::FunctionObject>(o)->name_ == c.sval;
    if (t == bt.type) return python::as<python::TypeObject>(o)->name_ == c.sval;
    if (t == bt.module) return true;
    python::Namespace* ns = o->instance_dict();
    return ns == c.ns && (!ns || ns->version() == c.ns_version);
  }

  // Makes c's record from o, visiting what it holds.
  void rebuild(Cached& c, Object* o, Snapshot& snap) {
    const auto& bt = python::builtin_types();
    python::TypeObject* t = python::shown_type(o);
    c.type = t;
    c.refs.clear();
    c.kids.clear();
    c.sval.clear();
    c.ns = nullptr;
    c.impl = nullptr;
    c.tensor = nullptr;
    c.leaf = t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.str || t == bt.none || t == bt.module ||
             t == python::bytes_type();  // (a bytearray changes in place: compared at every step)
    ObjectInfo& info = c.info;
    info = ObjectInfo{};
    info.key = c.key;
    info.type = shown_type_name(o);
    info.id = reinterpret_cast<uintptr_t>(o);
    if (torch::is_tensor(o)) {
      core::Tensor& tensor = torch::unwrap(o);
      c.impl = tensor.impl();
      c.tensor = &tensor;
      info.tensor_key = rec_.tensor_key(tensor);
      return;
    }
    info.repr = short_repr(in_, o);
    if (t == bt.int_ || t == bt.bool_) {
      if (auto* i = dynamic_cast<python::IntObject*>(o)) c.ival = i->value_;
      else c.sval = "big";  // a big int: compared by repr, i.e. rebuilt each time
    } else if (t == bt.float_) {
      c.fval = python::as<python::FloatObject>(o)->value_;
    } else if (t == bt.str || t == python::bytes_type() || t == python::bytearray_type()) {
      const std::string& v =
          t == bt.str ? python::as<python::StrObject>(o)->value_ : python::as<python::BytesObject>(o)->value_;
      c.sval = v.substr(0, kStrKept);
      c.size = v.size();
    } else if (t == bt.list || t == bt.tuple) {
      const auto& items =
          t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
      c.size = items.size();
      for (size_t i = 0; i < items.size() && i < 64; ++i) {
        c.refs.push_back(items[i].get());
        c.kids.push_back(visit_entry(items[i].get(), snap));
        c.kids.back()->held = true;
        info.items.emplace_back(std::to_string(i), c.kids.back()->key);
      }
    } else if (t == python::set_type() || t == python::frozenset_type()) {
      // A set's items in the order it prints them, labelled by position (they have no keys).
      std::vector<python::ObjRef> items = static_cast<python::SetObject*>(o)->items();
      c.size = items.size();
      for (size_t i = 0; i < items.size() && i < 64; ++i) {
        c.refs.push_back(items[i].get());
        c.kids.push_back(visit_entry(items[i].get(), snap));
        c.kids.back()->held = true;
        info.items.emplace_back(std::to_string(i), c.kids.back()->key);
      }
    } else if (t == bt.dict) {
      auto* d = python::as<python::DictObject>(o);
      c.size = d->size();
      for (auto& [k, v] : d->items()) {
        std::string label = short_repr(in_, k.get());
        c.refs.push_back(k.get());
        c.refs.push_back(v.get());
        c.kids.push_back(visit_entry(v.get(), snap));
        c.kids.back()->held = true;
        info.items.emplace_back(label.empty() ? python::type_name(k.get()) : label, c.kids.back()->key);
        if (info.items.size() >= 64) break;
      }
    } else if (t == bt.function) {
      c.sval = python::as<python::FunctionObject>(o)->name_;
    } else if (t == bt.type) {
      c.sval = python::as<python::TypeObject>(o)->name_;
    } else if (t != bt.module) {
      if (python::Namespace* ns = o->instance_dict()) {
        c.ns = ns;
        c.ns_version = ns->version();
        for (const auto& [name, v] : ns->entries()) {
          c.refs.push_back(v.get());
          c.kids.push_back(visit_entry(v.get(), snap));
          c.kids.back()->held = true;
          info.items.emplace_back(name, c.kids.back()->key);
        }
      }
    }
  }

  // Visits o and what it holds (each once a step, up to kMaxObjects); returns its key. Objects new
  // or changed since the previous step go into the snapshot, with their records.
  std::string visit(Object* o, Snapshot& snap) { return visit_entry(o, snap)->key; }

  Cached* visit_entry(Object* o, Snapshot& snap) {
    auto [it, inserted] = cache_.try_emplace(o);
    Cached& c = it->second;
    if (inserted || c.freed) {
      // Another object at a shown one's address: the shown one is gone from the trace. (The same
      // object given another class, as `self.__class__ = Linear` in LazyLinear's first call does,
      // keeps its key: same_as_before sees the type change and its record is made again.)
      if (!inserted && !c.fresh && c.epoch != epoch_) snap.objects_gone.push_back(c.key);
      const bool held = c.held;  // (a container's kids may still name this entry)
      c = Cached{};
      c.held = held;
      c.type = python::shown_type(o);
      c.key = "o" + std::to_string(next_object_++);
    }
    reach(c, o, snap);
    return &c;
  }

  // Marks c (o's entry) reached this step, hands its record to the recorder when it is new or
  // changed, and reaches what it holds: through the entries kept from the step before when it did
  // not change (no lookups; an immutable value that did not change has nothing to check).
  void reach(Cached& c, Object* o, Snapshot& snap) {
    if (c.epoch == epoch_) return;
    // Deeper than kMaxDepth a nested structure is left out, as past kMaxObjects: the walk recurses
    // once per level (NOTE [Native recursion] in python/recursion.h).
    if (depth_ >= kMaxDepth) {
      cap_hit_ = true;  // what lies deeper is not reached: the kept entries cannot be trusted next step
      c.capped = epoch_;
      return;
    }
    struct Level {
      int& depth;
      explicit Level(int& d) : depth(++d) {}
      ~Level() { --depth; }
    } level(depth_);
    if (seen_ >= kMaxObjects) {
      cap_hit_ = true;
      c.capped = epoch_;
      return;
    }
    c.epoch = epoch_;
    ++seen_;
    // (a free matters to a container only when the freed entry is one a container names, unless
    // the step before hit a cap: then the kids are not trusted, and any free counts)
    const bool freed_before = cap_hit_before_ ? any_freed_before_ : any_held_freed_before_;
    if (c.fresh || !same_as_before(c, o) || (freed_before && holds_freed(c))) {
      c.fresh = false;
      rebuild(c, o, snap);
      snap.objects.push_back(c.info);
    } else if (!c.refs.empty()) {
      // (c stays where it is: the cache's nodes do not move, and c is not rebuilt again this step)
      const bool dict = python::shown_type(o) == python::builtin_types().dict;
      const bool use_kids = !cap_hit_before_ && c.kids.size() == (dict ? c.refs.size() / 2 : c.refs.size());
      if (use_kids) {
        // (nothing rebuilds c again this step, so its lists stay where they are; a leaf is only
        // counted as reached, and depth_ is the same for every item)
        Cached* const* kids = c.kids.data();
        Object* const* refs = c.refs.data();
        const size_t stride = dict ? 2 : 1, first = dict ? 1 : 0, count = c.kids.size();
        // A tensor whose object still holds the tensor it held (and has its class) is reached as
        // reach would find it unchanged: it holds nothing to walk.
        const bool room = depth_ < kMaxDepth;
        const bool as_base = python::any_shown_as_base();  // (else an object's shown type is its own)
        const uint64_t epoch = epoch_;                     // (kept in locals: the stores to the entries may alias them)
        size_t seen = seen_;
        for (size_t n = 0; n < count; ++n) {
          Cached* kid = kids[n];
          if (kid->epoch == epoch) continue;
          if (room && seen < kMaxObjects && !kid->fresh) {
            if (kid->leaf) {
              kid->epoch = epoch;
              ++seen;
              continue;
            }
            Object* o = refs[first + n * stride];
            if (kid->impl && kid->tensor->impl() == kid->impl &&
                (as_base ? python::shown_type(o) : o->type()) == kid->type) {
              kid->epoch = epoch;
              ++seen;
              snap.object_tensors.push_back(kid->tensor);
              continue;
            }
          }
          seen_ = seen;
          reach(*kid, refs[first + n * stride], snap);
          seen = seen_;
        }
        seen_ = seen;
        if (c.impl) snap.object_tensors.push_back(c.tensor);
        return;
      }
      bool renamed = false;
      for (size_t i = dict ? 1 : 0, n = 0; i < c.refs.size(); i += dict ? 2 : 1, ++n) {
        // (the entries kept may be gone: an item past a cap at the step before has another key
        // now, when it was not named past a cap again)
        Cached* kid = visit_entry(c.refs[i], snap);
        kid->held = true;
        if (n < c.kids.size()) c.kids[n] = kid;
        if (n < c.info.items.size() && c.info.items[n].second != kid->key) {
          c.info.items[n].second = kid->key;
          renamed = true;
        }
      }
      if (renamed) snap.objects.push_back(c.info);
    }
    if (c.impl) snap.object_tensors.push_back(c.tensor);
  }

  // reach(c, o) for a variable that names the object it named at the step before, its entry not
  // freed: an immutable value holding nothing (a leaf) is only counted as reached, as the walk of
  // an unchanged container's items counts its leaves.
  void reach_again(Cached& c, Object* o, Snapshot& snap) {
    if (c.leaf && !c.fresh && c.epoch != epoch_ && seen_ < kMaxObjects && depth_ < kMaxDepth) {
      c.epoch = epoch_;
      ++seen_;
      return;
    }
    reach(c, o, snap);
  }

  // Whether an object c's record names was freed since the step before (an item at the freed
  // one's address is then another object, with another key). The kids are trusted only when the
  // step before reached everything; else any free counts (the record is remade).
  bool holds_freed(const Cached& c) const {
    if (cap_hit_before_) return !c.kids.empty() || !c.refs.empty();
    for (const Cached* kid : c.kids)
      if (kid->freed) return true;
    return false;
  }

  // A frame on the stack as the previous step showed it.
  struct ShownFrame {
    const python::Frame* frame = nullptr;
    FrameInfo info;
    bool with_variables = false;
    // What its variables were read from (with_variables only).
    const void* env = nullptr;
    const python::ScopeInfo* scope = nullptr;  // whose names the slots are
    const python::Namespace* ns = nullptr;
    uint64_t ns_version = 0, ns_layout = 0;
    std::vector<Object*> slots;
    std::vector<std::pair<const python::Namespace*, uint64_t>> comprehensions;
    std::vector<Object*> values;   // the objects its variables name, in order
    std::vector<Cached*> entries;  // and their entries
    std::vector<size_t> index;     // and where each is: its slot, or its namespace entry
  };

  // A frame's list of variables changed: its number too (FrameInfo::variables_version).
  void renumber(ShownFrame& s) { s.info.variables_version = ++variables_versions_; }

  static bool names_freed(const ShownFrame& s) {
    for (const Cached* e : s.entries)
      if (e->freed) return true;
    return false;
  }

  static const python::Namespace* frame_namespace(const python::Frame* f) {
    if (f->scope && f->env) return nullptr;
    return f->class_ns ? f->class_ns : f->globals;
  }

  bool same_variables(const ShownFrame& s, const python::Frame* f) {
    if (s.frame != f) return false;
    if (f->scope && f->env) {
      if (s.env != f->env.get() || s.scope != f->scope || s.slots.size() != f->env->slots_.size()) return false;
      for (size_t i = 0; i < s.slots.size(); ++i)
        if (s.slots[i] != f->env->slots_[i].get()) return false;
    } else {
      const python::Namespace* ns = frame_namespace(f);
      if (s.ns != ns || s.env != nullptr || (ns && ns->version() != s.ns_version)) return false;
    }
    if (s.comprehensions.size() != f->comprehension_scopes.size()) return false;
    for (size_t i = 0; i < s.comprehensions.size(); ++i)
      if (s.comprehensions[i].first != f->comprehension_scopes[i] ||
          s.comprehensions[i].second != f->comprehension_scopes[i]->version())
        return false;
    return true;
  }

  // Calls fn(index, name, object) for each variable a frame shows, in the order of
  // Frame::locals(): the slot or namespace entry it is in (a comprehension's: npos).
  template <class Fn>
  static void for_each_variable(const python::Frame* f, Fn&& fn) {
    auto shown = [](const std::string& name, Object* obj) {
      return obj && obj->type() != python::builtin_types().module && name.rfind("__", 0) != 0;
    };
    if (f->scope && f->env) {
      const auto& slots = f->env->slots_;
      for (size_t i = 0; i < f->scope->locals.size() && i < slots.size(); ++i)
        if (shown(f->scope->locals[i], slots[i].get())) fn(i, f->scope->locals[i], slots[i].get());
    } else if (const python::Namespace* ns = frame_namespace(f)) {
      const auto& entries = ns->entries();
      for (size_t i = 0; i < entries.size(); ++i)
        if (shown(entries[i].first, entries[i].second.get())) fn(i, entries[i].first, entries[i].second.get());
    }
    for (const python::Namespace* comp : f->comprehension_scopes)
      for (const auto& [name, v] : comp->entries())
        if (shown(name, v.get())) fn(std::string::npos, name, v.get());
  }

  void note_source(ShownFrame& s, const python::Frame* f) {
    s.env = nullptr;
    s.ns = nullptr;
    s.slots.clear();
    s.comprehensions.clear();
    s.scope = f->scope;
    if (f->scope && f->env) {
      s.env = f->env.get();
      for (const auto& slot : f->env->slots_) s.slots.push_back(slot.get());
    } else {
      s.ns = frame_namespace(f);
      s.ns_version = s.ns ? s.ns->version() : 0;
      s.ns_layout = s.ns ? s.ns->layout() : 0;
    }
    for (const python::Namespace* comp : f->comprehension_scopes) s.comprehensions.emplace_back(comp, comp->version());
  }

  void read_variables(ShownFrame& s, const python::Frame* f, Snapshot& snap) {
    note_source(s, f);
    s.values.clear();
    s.entries.clear();
    s.index.clear();
    s.info.variables.clear();
    for_each_variable(f, [&](size_t index, const std::string& name, Object* obj) {
      s.values.push_back(obj);
      s.index.push_back(index);
      s.entries.push_back(visit_entry(obj, snap));
      s.info.variables.emplace_back(name, s.entries.back()->key);
    });
    renumber(s);
  }

  // A frame stored to since the step before, whose variables are the same names in the same places
  // (the same locals bound, the namespace's layout unchanged): only the variables rebound are
  // looked up again, the others reached through their entries. False when that does not hold (and
  // read_variables reads the frame as it is).
  bool update_variables(ShownFrame& s, const python::Frame* f, Snapshot& snap) {
    if (cap_hit_before_ || !s.comprehensions.empty() || !f->comprehension_scopes.empty()) return false;
    if (f->scope && f->env) {
      if (s.env != f->env.get() || s.scope != f->scope || s.slots.size() != f->env->slots_.size()) return false;
    } else {
      const python::Namespace* ns = frame_namespace(f);
      if (!ns || s.ns != ns || s.env || ns->layout() != s.ns_layout) return false;
    }
    size_t v = 0;
    bool same_places = true;
    for_each_variable(f, [&](size_t index, const std::string&, Object* obj) {
      if (!same_places) return;
      if (v >= s.index.size() || s.index[v] != index) {
        same_places = false;
        return;
      }
      if (obj != s.values[v] || s.entries[v]->freed) {
        s.values[v] = obj;
        s.entries[v] = visit_entry(obj, snap);
        if (s.info.variables[v].second != s.entries[v]->key) {
          s.info.variables[v].second = s.entries[v]->key;
          renumber(s);
        }
      } else {
        reach_again(*s.entries[v], obj, snap);
      }
      ++v;
    });
    if (!same_places || v != s.index.size()) return false;
    note_source(s, f);
    return true;
  }

  // The depth of the stack under `top` when it is the step before's with one frame pushed, one
  // popped, or one popped and another pushed (the frames under them unchanged); 0 otherwise.
  size_t moved_depth(const python::Frame* top) const {
    const size_t before = frames_.size();
    if (!top || before < 2) return 0;  // (the module frame alone: the whole walk is as cheap)
    auto frame_at = [&](size_t i) { return frames_[i].frame; };
    if (top->parent == frame_at(before - 1)) return before + 1;
    if (top->parent == frame_at(before - 2)) return before;
    if (top == frame_at(before - 2) && top->parent == (before >= 3 ? frame_at(before - 3) : nullptr)) return before - 1;
    return 0;
  }

  // The stack, outermost first: only the frames that changed since the previous step are read
  // again (the innermost ones, and those whose variables were stored to); the objects the shown
  // variables reach are visited in the stack's order.
  void read_frames(const python::Frame* top, int line, Snapshot& snap) {
    shown_top_ = nullptr;
    size_t depth = 0;
    size_t first_changed = 0;
    auto examine = [&](size_t i, const python::Frame* f) {
      const int frame_line = f != top ? f->line : f == resumed_ ? resumed_line_ : line;
      if (f == top) shown_top_ = f, shown_top_line_ = frame_line;
      // Deep recursion: the frames between the module and the innermost kMaxShownFrames are
      // listed without their variables, so a step costs the same at any depth.
      const bool with_variables = i == 0 || i + kMaxShownFrames >= depth;
      if (i >= frames_.size()) frames_.emplace_back();
      ShownFrame& s = frames_[i];
      // A frame that only moved to another line keeps its variables (and their entries).
      const bool same_frame = s.frame == f && s.with_variables == with_variables && s.info.name == f->name;
      bool changed = !same_frame || s.info.line != frame_line || s.info.name != f->name;
      if (with_variables) {
        if (!same_frame || !same_variables(s, f)) {
          changed = true;
          if (!same_frame || !update_variables(s, f, snap)) read_variables(s, f, snap);
        } else if (changed) {
          // Moved to another line: the same variables, their objects looked up again (one freed
          // in the meantime may have left its address to a new one).
          for (size_t v = 0; v < s.values.size(); ++v) {
            s.entries[v] = visit_entry(s.values[v], snap);
            if (s.info.variables[v].second != s.entries[v]->key) {
              s.info.variables[v].second = s.entries[v]->key;
              renumber(s);
            }
          }
        } else if (cap_hit_before_ || (any_freed_before_ && names_freed(s))) {
          // (an object a variable named was freed: the object at its address is another one)
          for (size_t v = 0; v < s.values.size(); ++v) {
            s.entries[v] = visit_entry(s.values[v], snap);
            if (s.info.variables[v].second != s.entries[v]->key) {
              s.info.variables[v].second = s.entries[v]->key;
              renumber(s);
              changed = true;
            }
          }
        } else {
          for (size_t v = 0; v < s.values.size(); ++v) reach_again(*s.entries[v], s.values[v], snap);
        }
      } else if (changed) {
        s.info.variables.clear();
        renumber(s);
        s.values.clear();
        s.entries.clear();
        s.env = nullptr;
        s.ns = nullptr;
      }
      if (changed) {
        s.frame = f;
        s.with_variables = with_variables;
        s.info.name = f->name;
        s.info.line = frame_line;
        first_changed = std::min(first_changed, i);
      }
    };
    if (top && !stack_moved_ && !frames_.empty() && frames_.back().frame == top && top->parent == top_parent_) {
      // No call or return since the step before and the same innermost frame: the stack is the
      // same, and only the frames shown with their variables need a look (the others' lines
      // move only while they are innermost), however deep the recursion.
      depth = frames_.size();
      first_changed = depth;
      const size_t lo = depth > kMaxShownFrames ? depth - kMaxShownFrames : 1;
      stack_.clear();
      const python::Frame* f = top;
      for (size_t i = depth; i-- > lo && f; f = f->parent) stack_.push_back(f);
      examine(0, frames_[0].frame);
      for (size_t k = stack_.size(); k-- > 0;) examine(depth - 1 - k, stack_[k]);
    } else if (const size_t moved = moved_depth(top)) {
      // One call, one return, or a return and a call since the step before (what a step after a
      // call or a return nearly always is): the frames under the innermost kMaxShownFrames are
      // the step before's, and only those shown with variables now or then are read again, so
      // that such a step too costs the same at any depth.
      const size_t before = frames_.size();
      depth = moved;
      first_changed = depth;
      auto shown_from = [](size_t d) { return d > kMaxShownFrames ? d - kMaxShownFrames : size_t{1}; };
      const size_t lo = std::min(shown_from(depth), shown_from(before));
      if (before > depth) frames_.resize(depth);
      stack_.clear();
      const python::Frame* f = top;
      for (size_t i = depth; i-- > lo && f; f = f->parent) stack_.push_back(f);
      examine(0, frames_[0].frame);
      for (size_t k = stack_.size(); k-- > 0;) examine(depth - 1 - k, stack_[k]);
    } else {
      stack_.clear();
      for (const python::Frame* f = top; f; f = f->parent) stack_.push_back(f);
      std::reverse(stack_.begin(), stack_.end());
      depth = stack_.size();
      first_changed = depth;
      if (frames_.size() > depth) frames_.resize(depth);
      for (size_t i = 0; i < depth; ++i) examine(i, stack_[i]);
    }
    stack_moved_ = false;
    resumed_ = nullptr;
    top_parent_ = top ? top->parent : nullptr;
    snap.frames_from = first_changed;
    // (lent to the snapshot while the step is recorded: no copy of the variables; take_back_frames
    // returns them)
    for (size_t i = first_changed; i < depth; ++i) snap.frames.push_back(std::move(frames_[i].info));
    frames_lent_from_ = first_changed;
  }

  // Keys of the objects a frame or the graph no longer reaches: gone from the trace. One named
  // past a cap keeps its entry, and its key, unlisted (NOTE [Past the caps]).
  void forget_unreached(Snapshot& snap) {
    // seen_ counts the entries this step reached: when those it did not are all entries of objects
    // freed since the step before (a loop rebinding a variable frees what it named), they are
    // found by their addresses, not by a look at every entry.
    const size_t unreached = cache_.size() - std::min(seen_, cache_.size());
    std::vector<Object*>& freed = freed_objects_;
    if (unreached == 0 && seen_ == cache_.size()) {
      freed.clear();
      return;
    }
    if (unreached <= freed.size() && 4 * freed.size() < cache_.size()) {  // (a few entries: the look is as cheap)
      std::sort(freed.begin(), freed.end());
      freed.erase(std::unique(freed.begin(), freed.end()), freed.end());
      size_t found = 0;
      for (Object* o : freed) {
        auto it = cache_.find(o);
        if (it != cache_.end() && it->second.epoch != epoch_ && it->second.freed) ++found;
      }
      if (found == unreached) {
        for (Object* o : freed) {
          auto it = cache_.find(o);
          if (it == cache_.end() || it->second.epoch == epoch_ || !it->second.freed) continue;
          if (!it->second.fresh) snap.objects_gone.push_back(it->second.key);
          cache_.erase(it);
        }
        freed.clear();
        return;
      }
    }
    freed.clear();
    for (auto it = cache_.begin(); it != cache_.end();) {
      Cached& c = it->second;
      if (c.epoch != epoch_) {
        if (!c.fresh) snap.objects_gone.push_back(c.key);
        if (c.capped == epoch_ && !c.freed) {
          c.fresh = true;  // (listed again, under its key, when a step reaches it)
          ++it;
          continue;
        }
        it = cache_.erase(it);
      } else {
        ++it;
      }
    }
  }

 public:
  std::string known_object_key(const Object* o) const {
    auto it = cache_.find(const_cast<Object*>(o));
    return it != cache_.end() && !it->second.freed && it->second.epoch == epoch_ ? it->second.key : "";
  }
  std::string known_node_key(const autograd::Node* n) const {
    auto it = node_keys_.find(n);
    if (it == node_keys_.end() || it->second.first.lock().get() != n) return "";
    return it->second.second;
  }
  void set_probe(StepProbe probe) { probe_ = std::move(probe); }

 private:
  void tell_probe(const python::Frame* top, int line, const std::string& kind, const Snapshot* snap = nullptr) {
    if (!probe_) return;
    std::vector<core::Tensor> grads;
    if (snap && snap->backward) {
      for (const auto& g : snap->backward->grad_inputs) grads.push_back(g);
      for (const auto& g : snap->backward->grad_outputs) grads.push_back(g);
    }
    StepContext ctx{in_,
                    top,
                    line,
                    kind,
                    rec_.step_count() - 1,
                    rec_,
                    std::move(grads),
                    [this](const Object* o) { return known_object_key(o); },
                    [this](const autograd::Node* n) { return known_node_key(n); }};
    ctx.top_line = top == shown_top_ ? shown_top_line_ : line;
    probe_(ctx);
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

  // Whether the walk reaches n for the first time this step: a small graph is searched in the
  // walk's order, a large one through a set.
  bool first_visit(autograd::Node* n) {
    const std::vector<autograd::Node*>& order = graph_order_now_;
    if (order.size() < 32) return std::find(order.begin(), order.end(), n) == order.end();
    if (seen_nodes_.empty()) seen_nodes_.insert(order.begin(), order.end());
    return seen_nodes_.insert(n).second;
  }

  // What the walk reads of a node at every step, kept while the node lives: its saved variables
  // (the ones it saved, in saved_tensors()'s order) and whether it is an AccumulateGrad.
  struct NodeSaved {
    std::weak_ptr<autograd::Node> node;
    std::vector<const autograd::SavedVariable*> saved;
    std::vector<std::string> names;  // and the names the records give them ("self", "tensors[1]")
    const autograd::AccumulateGrad* accumulate = nullptr;
  };
  const NodeSaved& node_saved(autograd::Node* n) {
    auto [it, inserted] = node_saved_.try_emplace(n);
    NodeSaved& ns = it->second;
    if (!inserted && !ns.node.expired()) return ns;  // (a node that no one owns is read again each time)
    if (inserted && node_saved_.size() > 2 * node_saved_swept_) {
      for (auto i = node_saved_.begin(); i != node_saved_.end();)
        i = i->second.node.expired() && i != it ? node_saved_.erase(i) : std::next(i);
      node_saved_swept_ = std::max<size_t>(256, node_saved_.size());
    }
    ns = NodeSaved{};
    try {
      ns.node = n->weak_from_this();
    } catch (...) {}
    for (const autograd::SavedTensorRef& r : n->saved_tensors()) {
      if (!r.saved || !r.saved->was_saved()) continue;
      ns.saved.push_back(r.saved);
      std::string name = r.name.rfind("_saved_", 0) == 0 ? r.name.substr(7) : r.name;
      if (r.index >= 0) name += "[" + std::to_string(r.index) + "]";
      ns.names.push_back(std::move(name));
    }
    ns.accumulate = as_accumulate_grad(n);
    return ns;
  }
  std::unordered_map<const autograd::Node*, NodeSaved> node_saved_;
  size_t node_saved_swept_ = 256;

  // NOTE [An unchanged graph]
  // The graph is walked at every step (its nodes come and go with the tensors the frames reach),
  // but its records are made only when something a record shows may have changed: the walk lists
  // each node it reaches with what its record is made from (the node, whether it was released, its
  // saved tensors and their version counters, its AccumulateGrad variable), and when that list is
  // the previous step's and every node of it is still the same live node, the step says so
  // (Snapshot::graph_unchanged) and hands the recorder only the tensors the nodes hold.
  void collect_graph(Snapshot& snap) {
    walk_.clear();
    graph_sig_now_.clear();
    seen_nodes_.clear();
    for (const core::Tensor* t : snap.object_tensors)
      if (auto* meta = autograd::impl::get_meta(*t))
        if (meta->grad_fn) walk_.push_back(meta->grad_fn.get());
    std::vector<autograd::Node*>& order = graph_order_now_;
    order.clear();
    std::vector<autograd::Node*>& stack = walk_;
    while (!stack.empty() && order.size() < 500) {
      autograd::Node* n = stack.back();
      stack.pop_back();
      if (!n || !first_visit(n)) continue;
      order.push_back(n);
      graph_sig_now_.push_back(reinterpret_cast<uintptr_t>(n));
      for (const autograd::Edge& e : n->next_edges())
        if (e.function) stack.push_back(e.function.get());
      const NodeSaved& ns = node_saved(n);
      for (const autograd::SavedVariable* sv : ns.saved) {
        const core::Tensor& t = sv->data();
        graph_sig_now_.push_back(sv->is_released() ? 1 : 2);
        graph_sig_now_.push_back(reinterpret_cast<uintptr_t>(t.impl()));
        graph_sig_now_.push_back(t.defined() ? t.version() : 0);
        if (t.defined()) snap.graph_tensors.push_back(t);
      }
      if (ns.accumulate) {
        graph_sig_now_.push_back(reinterpret_cast<uintptr_t>(ns.accumulate->variable().impl()));
        if (ns.accumulate->variable().defined()) snap.graph_tensors.push_back(ns.accumulate->variable());
      }
    }
    // (the same pointers, in the same order, and each still alive: the same nodes)
    bool same = graph_known_ && graph_sig_now_ == graph_sig_ && order.size() == graph_nodes_.size();
    for (size_t i = 0; same && i < order.size(); ++i) same = !graph_nodes_[i].expired();
    if (same) {
      snap.graph_unchanged = true;
      return;
    }
    snap.graph_tensors.clear();
    graph_sig_.swap(graph_sig_now_);
    graph_nodes_.clear();
    graph_known_ = true;
    for (autograd::Node* n : order) {
      std::weak_ptr<autograd::Node> weak;
      try {
        weak = n->weak_from_this();
      } catch (...) {}
      if (weak.expired()) graph_known_ = false;  // a node no one owns: never taken as unchanged
      graph_nodes_.push_back(std::move(weak));
      GraphNodeInfo info;
      info.key = node_key(n);
      info.name = n->type_name();
      for (const autograd::Edge& e : n->next_edges()) {
        if (!e.function) continue;
        info.next.push_back(node_key(e.function.get()));
      }
      // (what the walk read of the node: its saved variables, their names)
      const NodeSaved& ns = node_saved(n);
      for (size_t k = 0; k < ns.saved.size(); ++k) {
        const autograd::SavedVariable* saved = ns.saved[k];
        GraphNodeInfo::Saved sv;
        sv.name = ns.names[k];
        sv.tensor = saved->data();
        sv.saved_version = saved->saved_version();
        if (saved->is_released()) info.released = true;
        info.saved.push_back(std::move(sv));
      }
      if (ns.accumulate) info.variable = ns.accumulate->variable();
      snap.graph.push_back(std::move(info));
    }
  }

  // The step's snapshot: the Tracer's own, emptied (its lists keep their memory from step to step).
  Snapshot& snapshot(const python::Frame* top, int line, const std::string& kind) {
    Snapshot& snap = snap_;
    take_back_frames(snap);  // (a step whose recording threw has not given them back)
    snap.frames_from = 0;
    snap.objects.clear();
    snap.objects_gone.clear();
    snap.object_tensors.clear();
    snap.graph.clear();
    snap.graph_unchanged = false;
    snap.graph_tensors.clear();
    snap.backward.reset();
    snap.exception.reset();
    snap.reads.clear();
    snap.kind = kind;
    snap.line = line;
    snap.objects_changed_only = true;
    // NOTE [Quiet backward steps]
    // Between two nodes of a backward no Python code runs (a hook is a call, a built-in one a
    // native call; a hook's return step is taken before its frame goes, so a node's step after
    // any other step walks) and, when no shown object was freed, nothing the walk reached can
    // change: the frames and the objects are the step before's, and the step says so without
    // walking them (the epoch stays, so every entry the step before reached counts as reached).
    // The tensors still go to the recorder, which compares their metadata and storages as at any
    // step.
    if (kind == "backward" && last_backward_ && !python_ran_ && !any_freed_ && !cap_hit_ && walked_) {
      snap.frames_from = frames_.size();
      snap.object_tensors = last_object_tensors_;
    } else {
      ++epoch_;
      seen_ = 0;
      // Entries kept from the step before are all alive only if that step reached everything.
      cap_hit_before_ = cap_hit_;
      cap_hit_ = false;
      any_freed_before_ = any_freed_;
      any_freed_ = false;
      any_held_freed_before_ = any_held_freed_;
      any_held_freed_ = false;
      read_frames(top, line, snap);
      forget_unreached(snap);
      last_object_tensors_ = snap.object_tensors;
      walked_ = true;
    }
    python_ran_ = false;
    last_backward_ = kind == "backward";
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
    snap.view_origin = view_origin_of;
    snap.stdout_text = std::move(pending_stdout_);
    pending_stdout_.clear();
    if (kind != "backward") {
      if (in_node_) {
        // A node raised (backward failed): what it read belongs to the line that called it.
        in_node_ = false;
        reads_.insert(reads_.end(), node_reads_.begin(), node_reads_.end());
        node_reads_.clear();
      }
      snap.reads.swap(reads_);
      reads_.clear();
    }
    return snap;
  }

  Recorder& rec_;
  python::Interp& in_;
  Snapshot snap_;
  std::optional<Pending> pending_;
  std::string all_stdout_, pending_stdout_;
  std::unordered_map<Object*, Cached> cache_;
  uint64_t next_object_ = 1;
  uint64_t epoch_ = 0;                                           // steps taken
  size_t seen_ = 0;                                              // objects visited this step
  int depth_ = 0;                                                // levels of nesting of the object walk now
  bool cap_hit_ = false, cap_hit_before_ = true;                 // kMaxObjects reached this step, the one before
  bool any_freed_ = false, any_freed_before_ = false;            // a shown object freed since the step before
  bool any_held_freed_ = false, any_held_freed_before_ = false;  // one a container names (Cached::held)
  std::vector<Object*> freed_objects_;  // the shown objects freed since the last walk, each once
  bool python_ran_ = true;      // Python code (or a native call) ran since the last step (NOTE [Quiet backward steps])
  bool walked_ = false;         // a step walked the frames and objects
  bool last_backward_ = false;  // the last step was a backward node's (a hook's return step pops its frame after)
  std::vector<const core::Tensor*> last_object_tensors_;  // the tensors of the objects that walk reached
  std::vector<ShownFrame> frames_;
  size_t frames_lent_from_ = 0;      // frames_[i].info from this i on are in the snapshot's frames
  uint64_t variables_versions_ = 0;  // the last FrameInfo::variables_version given
  std::vector<const python::Frame*> stack_;
  bool stack_moved_ = true;                   // a call or a return since the last step
  const python::Frame* resumed_ = nullptr;    // a generator resumed since the last step, and
  int resumed_line_ = 0;                      // the line of the yield it left
  const python::Frame* shown_top_ = nullptr;  // the innermost frame of the last step, and
  int shown_top_line_ = 0;                    // the line it was shown at
  const python::Frame* top_parent_ = nullptr;
  StepProbe probe_;
  std::unordered_map<const autograd::Node*, std::pair<std::weak_ptr<autograd::Node>, std::string>> node_keys_;
  // The graph the last records were made from (NOTE [An unchanged graph]).
  std::vector<uintptr_t> graph_sig_, graph_sig_now_;
  std::vector<std::weak_ptr<autograd::Node>> graph_nodes_;
  std::vector<autograd::Node*> walk_, graph_order_now_;
  std::unordered_set<const autograd::Node*> seen_nodes_;
  bool graph_known_ = false;
  uint64_t next_node_ = 1;
  std::vector<std::weak_ptr<core::TensorImpl>> node_inputs_;
  struct PendingWrite {
    InPlaceWrite write;
    std::weak_ptr<core::TensorImpl> impl;  // to name a tensor not shown yet at the end
    uint64_t storage_id = 0;               // named at the end too (NOTE [Storage numbers])
  };
  void note_written_through(const python::BuiltinFunctionObject& fn, const python::CallArgs& args) {
    Object* o = calls_.written_through(fn, args);
    if (!o) return;
    const core::Tensor& t = torch::unwrap(o);
    InPlaceWrite w{rec_.step_count(), "", "", false};
    for (const core::Tensor& v : made_from(t))
      if (!(w.tensor = rec_.find_tensor_key(v)).empty()) break;
    w.temporary = !w.tensor.empty() && w.tensor != rec_.find_tensor_key(t);
    writes_.push_back({w, t.impl_ptr(), t.storage()->id()});
  }
  std::vector<PendingWrite> writes_;
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
  timeline_.reset();
  last_state_ = support::Json();
  last_step_ = -1;
  writes_.clear();
  core::restart_storage_ids();  // s1 is the run's first storage, whatever ran before it
  Summary summary;
  {
    python::Interp interp;
    torch::register_torch(interp);
    interp.limits().max_steps = options.max_steps;
    interp.limits().max_depth = options.max_depth;
    interp.limits().max_seconds = options.max_seconds;
    size_t old_limit = core::storage_limit();
    core::set_storage_limit(options.max_memory);
    // The same limit for any single allocation the program asks for (support/budget.h).
    const uint64_t old_allocation_limit = support::allocation_limit();
    support::set_allocation_limit(options.max_memory);
    Tracer tracer(*recorder_, interp);
    tracer.set_probe(options.probe);
    interp.set_stdout([&](std::string_view s) { tracer.write_stdout(s); });
    std::string warnings;  // PyTorch's UserWarnings, printed to stderr as they happen
    interp.set_stderr([&](std::string_view s) { warnings += s; });
    interp.set_observer(&tracer);
    autograd::set_engine_observer(&tracer);
    python::set_native_call_observer(&tracer);
    python::set_free_observer(&tracer);
    torch::set_view_origin_tracking(true);
    recorder_->begin(source);
    python::RunResult r;
    try {
      r = interp.run(source);
    } catch (...) {
      python::set_native_call_observer(nullptr);
      python::set_free_observer(nullptr);
      torch::set_view_origin_tracking(false);
      autograd::set_engine_observer(nullptr);
      core::set_storage_limit(old_limit);
      support::set_allocation_limit(old_allocation_limit);
      throw;
    }
    python::set_native_call_observer(nullptr);
    tracer.finish();
    python::set_free_observer(nullptr);
    torch::set_view_origin_tracking(false);
    autograd::set_engine_observer(nullptr);
    interp.set_observer(nullptr);
    core::set_storage_limit(old_limit);
    support::set_allocation_limit(old_allocation_limit);
    summary.stdout_text = tracer.all_stdout();
    summary.stderr_text = warnings + r.error_text;
    summary.exit_code = r.exit_code;
    summary.error = parse_error(r.error_text, tracer.last_line());
    writes_ = tracer.take_writes();
  }
  error_ = summary.error;
  recorder_->finish(summary.stdout_text, summary.stderr_text,
                    summary.error.is_null() ? std::nullopt : std::optional<Json>(summary.error));
  summary.steps = recorder_->step_count();
  return summary;
}

}  // namespace stridelab::trace
