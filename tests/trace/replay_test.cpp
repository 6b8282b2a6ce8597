// The recorder learns what changed from the places that know (stores, calls and returns, the
// version counters, the allocator) and keeps only deltas. This test checks it against the slow
// way: at every step of every golden program it takes a full snapshot of the world (every frame,
// every object a frame reaches, every tensor, storage cell and autograd node), records those in a
// reference recorder that reads every cell at every step, and compares the state replayed from
// the deltas with the reference's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "autograd/basic_nodes.h"
#include "autograd/engine.h"
#include "autograd/saved_variable.h"
#include "autograd/variable.h"
#include "python/bigint.h"
#include "python/bytes.h"
#include "python/interp.h"
#include "python/protocol.h"
#include "python/set.h"
#include "torch/torch.h"
#include "trace/session.h"

using namespace stridelab;
using python::Object;
using support::Json;

namespace {

constexpr size_t kMaxObjects = 2000;
constexpr size_t kMaxShownFrames = 32;
constexpr int kMaxDepth = 100;  // levels of nesting the trace records (session.cpp)

std::string short_repr(python::Interp& in, Object* o) {
  const auto& bt = python::builtin_types();
  python::TypeObject* t = o->type();
  if (t == bt.int_ || t == bt.bool_ || t == bt.float_ || t == bt.none || t == bt.str) {
    std::string r;
    try {
      r = python::repr(in, o);
    } catch (const python::PyError&) {  // an int past 4300 digits has no repr
      r = "<int of " + std::to_string(python::int_as_big(o).bit_length()) + " bits>";
    }
    if (r.size() > 80) r = r.substr(0, 77) + "...";
    return r;
  }
  if (t == python::bytes_type() || t == python::bytearray_type()) {  // as a str, its first 200 bytes
    const std::string& v = python::as<python::BytesObject>(o)->value_;
    std::string r = python::bytes_repr(v.substr(0, 200));
    if (t == python::bytearray_type()) r = "bytearray(" + r + ")";
    if (r.size() > 80 || v.size() > 200) r = r.substr(0, 77) + "...";
    return r;
  }
  if (t == bt.list) return "list of " + std::to_string(python::as<python::ListObject>(o)->items_.size());
  if (t == bt.tuple) return "tuple of " + std::to_string(python::as<python::TupleObject>(o)->items_.size());
  if (t == bt.dict) return "dict of " + std::to_string(python::as<python::DictObject>(o)->size());
  if (t == python::set_type() || t == python::frozenset_type())
    return t->name_ + " of " + std::to_string(static_cast<python::SetObject*>(o)->used_);
  if (t == bt.function) return "function " + python::as<python::FunctionObject>(o)->name_;
  if (t == bt.type) return "class " + python::as<python::TypeObject>(o)->name_;
  return "";
}

// The whole world at one step, named with the keys the recorder under test gave.
class FullSnapshot {
 public:
  explicit FullSnapshot(const trace::StepContext& ctx) : ctx_(ctx) {}

  trace::Snapshot take() {
    trace::Snapshot snap;
    snap.kind = ctx_.kind;
    snap.line = ctx_.line;
    std::vector<const python::Frame*> stack;
    for (const python::Frame* f = ctx_.top; f; f = f->parent) stack.push_back(f);
    const size_t depth = stack.size();
    for (size_t i = 0; i < depth; ++i) {
      const python::Frame* f = stack[depth - 1 - i];
      trace::FrameInfo fi;
      fi.name = f->name;
      fi.line = f == ctx_.top ? ctx_.top_line : f->line;
      if (i != 0 && i + kMaxShownFrames < depth) {
        snap.frames.push_back(std::move(fi));
        continue;
      }
      for (const auto& [name, obj] : f->locals()) {
        if (!obj || obj->type() == python::builtin_types().module) continue;
        if (name.rfind("__", 0) == 0) continue;
        fi.variables.emplace_back(name, visit(obj, snap));
      }
      snap.frames.push_back(std::move(fi));
    }
    collect_graph(snap);
    if (ctx_.kind == "backward") {
      trace::BackwardStep b;
      b.grad_inputs = ctx_.grads;  // (only the tensors matter here)
      snap.backward = std::move(b);
    }
    auto node_key = ctx_.node_key;
    snap.autograd = [node_key](const core::Tensor& t) {
      trace::TensorAutograd a;
      if (auto* meta = autograd::impl::get_meta(t)) {
        a.requires_grad = meta->requires_grad || meta->grad_fn != nullptr;
        a.is_leaf = meta->grad_fn == nullptr;
        if (meta->grad_fn) a.grad_fn = key_or_unknown(node_key(meta->grad_fn.get()), "n?");
        a.grad = meta->grad;
      }
      return a;
    };
    snap.view_origin = trace::view_origin_of;
    return snap;
  }

 private:
  static std::string key_or_unknown(std::string key, const char* unknown) { return key.empty() ? unknown : key; }

  std::string visit(Object* o, trace::Snapshot& snap) {
    std::string key = key_or_unknown(ctx_.object_key(o), "o?");
    // As the recorder does: an object nested deeper than kMaxDepth levels is left out, and so is
    // any past kMaxObjects.
    if (seen_.count(o) || depth_ >= kMaxDepth || seen_.size() >= kMaxObjects) return key;
    seen_.insert(o);
    struct Level {
      int& depth;
      explicit Level(int& d) : depth(++d) {}
      ~Level() { --depth; }
    } level(depth_);
    const auto& bt = python::builtin_types();
    trace::ObjectInfo info;
    info.key = key;
    info.type = python::type_name(o);
    info.id = reinterpret_cast<uintptr_t>(o);
    if (torch::is_tensor(o)) {
      info.tensor = torch::unwrap(o);
    } else {
      info.repr = short_repr(ctx_.interp, o);
      python::TypeObject* t = o->type();
      if (t == bt.list || t == bt.tuple) {
        const auto& items =
            t == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
        for (size_t i = 0; i < items.size() && i < 64; ++i)
          info.items.emplace_back(std::to_string(i), visit(items[i].get(), snap));
      } else if (t == python::set_type() || t == python::frozenset_type()) {
        std::vector<python::ObjRef> items = static_cast<python::SetObject*>(o)->items();
        for (size_t i = 0; i < items.size() && i < 64; ++i)
          info.items.emplace_back(std::to_string(i), visit(items[i].get(), snap));
      } else if (t == bt.dict) {
        for (auto& [k, v] : python::as<python::DictObject>(o)->items()) {
          std::string label = short_repr(ctx_.interp, k.get());
          info.items.emplace_back(label.empty() ? python::type_name(k.get()) : label, visit(v.get(), snap));
          if (info.items.size() >= 64) break;
        }
      } else if (t != bt.module && t != bt.type && t != bt.function) {
        if (python::Namespace* ns = o->instance_dict())
          for (const auto& [name, v] : ns->entries()) info.items.emplace_back(name, visit(v.get(), snap));
      }
    }
    snap.objects.push_back(std::move(info));
    return key;
  }

  void collect_graph(trace::Snapshot& snap) {
    std::vector<std::shared_ptr<autograd::Node>> stack;
    std::unordered_set<const autograd::Node*> seen;
    for (const trace::ObjectInfo& o : snap.objects)
      if (o.tensor.defined())
        if (auto* meta = autograd::impl::get_meta(o.tensor))
          if (meta->grad_fn) stack.push_back(meta->grad_fn);
    while (!stack.empty() && seen.size() < 500) {
      std::shared_ptr<autograd::Node> n = std::move(stack.back());
      stack.pop_back();
      if (!n || seen.count(n.get())) continue;
      seen.insert(n.get());
      trace::GraphNodeInfo info;
      info.key = key_or_unknown(ctx_.node_key(n.get()), "n?");
      info.name = n->type_name();
      for (const autograd::Edge& e : n->next_edges()) {
        if (!e.function) continue;
        info.next.push_back(key_or_unknown(ctx_.node_key(e.function.get()), "n?"));
        stack.push_back(e.function);
      }
      for (const autograd::SavedTensorRef& s : n->saved_tensors()) {
        if (!s.saved || !s.saved->was_saved()) continue;
        trace::GraphNodeInfo::Saved sv;
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

  const trace::StepContext& ctx_;
  std::unordered_set<Object*> seen_;
  int depth_ = 0;
};

std::string clip(const std::string& s) { return s.size() > 3000 ? s.substr(0, 3000) + "..." : s; }

// An item that names an object the state does not list (one left out, past the depth or object
// cap) is "o?" on both sides: the recorder keeps the key it gave, the full snapshot has none.
void name_dangling_items(Json& state) {
  Json& objects = state["objects"];
  std::unordered_set<std::string> listed;
  for (const auto& kv : objects.as_object()) listed.insert(kv.first);
  for (auto& kv : objects.as_object()) {
    Json* items = const_cast<Json*>(kv.second.find("items"));
    if (!items) continue;
    for (Json& item : items->as_array())
      if (!listed.count(item[1].as_string())) item.as_array()[1] = Json("o?");
  }
}

// Runs one program with the probe; returns the first difference, or "".
std::string check_program(const std::string& source, int64_t* steps) {
  std::unique_ptr<trace::Recorder> reference;
  std::string mismatch;
  trace::RunOptions options;
  options.max_steps = 3000;
  options.max_seconds = 60;
  options.probe = [&](const trace::StepContext& ctx) {
    if (!mismatch.empty()) return;
    if (!reference) {
      trace::RecorderOptions ro;
      ro.read_all_cells = true;
      ro.tensor_keys_from = &ctx.recorder;
      reference = std::make_unique<trace::Recorder>(ro);
      reference->begin("");
    }
    reference->record(FullSnapshot(ctx).take());
    if (reference->step_count() != ctx.step + 1) {
      mismatch = "step count " + std::to_string(reference->step_count()) + " != " + std::to_string(ctx.step + 1);
      return;
    }
    Json want = reference->state(ctx.step);
    Json got = ctx.recorder.state(ctx.step);
    name_dangling_items(want);
    name_dangling_items(got);
    for (const char* field : {"frames", "variables", "objects", "tensors", "storages", "graph"}) {
      if (got.at(field) == want.at(field)) continue;
      // The first entry that differs, when the field is a list of records.
      const Json* g = &got.at(field);
      const Json* w = &want.at(field);
      if (g->is_object() && g->contains("nodes")) {
        g = &g->at("nodes");
        w = &w->at("nodes");
      }
      std::string which;
      if (g->is_object() && w->is_object()) {
        // The first key whose record differs (or is missing on one side).
        static const Json missing("(missing)");
        for (const auto& [key, value] : w->as_object()) {
          const Json* other = g->find(key);
          if (other && *other == value) continue;
          which = " at " + key;
          g = other ? other : &missing;
          w = &value;
          break;
        }
        if (which.empty())
          for (const auto& [key, value] : g->as_object())
            if (!w->find(key)) {
              which = " at " + key;
              g = &value;
              w = &missing;
              break;
            }
      }
      if (g->is_array() && w->is_array())
        for (size_t i = 0; i < g->size() || i < w->size(); ++i) {
          if (i < g->size() && i < w->size() && (*g)[i] == (*w)[i]) continue;
          static const Json missing("(missing)");
          g = i < g->size() ? &(*g)[i] : &missing;
          w = i < w->size() ? &(*w)[i] : &missing;
          break;
        }
      mismatch = "step " + std::to_string(ctx.step) + " (line " + std::to_string(ctx.line) + ", " + ctx.kind +
                 "): " + field + " differ" + which + "\n  replayed: " + clip(g->dump()) +
                 "\n  snapshot: " + clip(w->dump());
      return;
    }
  };
  trace::Session session;
  session.run(source, options);
  *steps = session.step_count();
  return mismatch;
}

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("replay: the deltas give the full snapshot's state at every step of every golden program",
          "[trace][replay][replay-golden]") {
  std::vector<std::filesystem::path> programs;
  for (const char* dir : {"python", "torch", "seeds"})
    for (const auto& e : std::filesystem::directory_iterator(std::string(STRIDELAB_TESTS_DIR) + "/golden/" + dir))
      if (e.path().extension() == ".py") programs.push_back(e.path());
  std::sort(programs.begin(), programs.end());
  REQUIRE(programs.size() > 400);
  // STRIDELAB_REPLAY_SHARD=K/N takes every N-th program from the K-th: ctest runs the N shards side
  // by side (CMakeLists.txt, trace/replay/K).
  int shard = 1, shards = 1;
  if (const char* spec = std::getenv("STRIDELAB_REPLAY_SHARD")) {
    REQUIRE(std::sscanf(spec, "%d/%d", &shard, &shards) == 2);
    REQUIRE((1 <= shard && shard <= shards));
    std::vector<std::filesystem::path> mine;
    for (size_t i = shard - 1; i < programs.size(); i += shards) mine.push_back(programs[i]);
    programs = std::move(mine);
  }
  // STRIDELAB_REPLAY_PROGRAM=NAME.py checks that golden program only (or the program at that path).
  if (const char* only = std::getenv("STRIDELAB_REPLAY_PROGRAM")) {
    int64_t steps = 0;
    for (const char* dir : {"", "python", "torch", "seeds"}) {
      std::filesystem::path p = *dir ? std::string(STRIDELAB_TESTS_DIR) + "/golden/" + dir + "/" + only : only;
      if (!std::filesystem::exists(p)) continue;
      INFO(p.string());
      CHECK(check_program(read_text(p), &steps) == "");
      return;
    }
    FAIL("no golden program " << only);
  }
  int64_t total_steps = 0;
  for (const auto& p : programs) {
    int64_t steps = 0;
    std::string mismatch = check_program(read_text(p), &steps);
    total_steps += steps;
    INFO(p.string());
    CHECK(mismatch == "");
  }
  CHECK(total_steps > 10000 / shards);
}

// NOTE [Freed objects] in src/trace/session.cpp: an object freed and another of the same type made
// at its address (a temporary instance whose method ran, a list item replaced by a new temporary)
// is another object, with another key, and the old key goes from the trace.
TEST_CASE("replay: a freed object's address taken by a new object of the same type", "[trace][replay]") {
  const char* programs[] = {
      "class A:\n    def f(self):\n        return 1\nclass B(A):\n    pass\nr = A().f(), B().f()\n"
      "s = A().f(), A().f()\nprint(r, s)\n",
      "class V:\n    def __init__(self, v):\n        self.v = v\n    def __add__(self, o):\n"
      "        return V(self.v + o.v)\nt = sum([V(1), V(2)], V(0))\nprint(t.v)\n",
      "xs = [[1], [2]]\nfor i in range(4):\n    xs[i % 2] = [i]\n    y = xs[0]\n",
      "import torch\nclass M:\n    pass\nm = M()\nfor i in range(3):\n    m.t = torch.ones(2) * i\n"
      "    k = [torch.zeros(1)]\n",
  };
  for (const char* source : programs) {
    int64_t steps = 0;
    INFO(source);
    CHECK(check_program(source, &steps) == "");
    CHECK(steps > 3);
  }
}

TEST_CASE("replay: containers changed in place, globals stored from a function, deep recursion", "[trace][replay]") {
  const char* programs[] = {
      "import torch\n"
      "a = [1, 2]\nd = {'k': a}\n"
      "def f():\n    global g\n    g = 5\n    a.append(torch.ones(2))\n    d['j'] = 3\n"
      "f()\na[0] = 'x'\nd.pop('k')\nclass C:\n    pass\nc = C()\nc.t = torch.zeros(3)\nc.t.add_(1)\n",
      "def f(n):\n    if n == 0:\n        return 0\n    x = n\n    return f(n - 1) + x\nf(40)\n",
      "def outer():\n    v = 1\n    def inner():\n        nonlocal v\n        v = v + 1\n    inner()\n    inner()\n"
      "    return v\nouter()\n",
      "import torch\nx = torch.zeros(2000)\nfor i in range(3):\n    x[1999 - i] = i + 1\n    x[i] = 7\n"
      "y = x.view(40, 50)\ny.t()[3].fill_(2)\n",
      // A live object given another class keeps its key (LazyLinear becomes a Linear).
      "import torch\nnet = torch.nn.LazyLinear(2)\ny = net(torch.ones(1, 3))\nz = net\n",
      // An inference tensor written outside inference mode: the cells change, then it raises.
      "import torch\nwith torch.inference_mode():\n    y = torch.ones(3)\ntry:\n    y.add_(1)\n"
      "except RuntimeError:\n    pass\nz = y\n",
      // Lists nested past kMaxDepth, and one of them popped to within it (NOTE [Past the caps]).
      "box = [[]]\n[box.append([box.pop()]) for i in range(150)]\nx = box.pop()\ny = [x]\nz = x[0]\n",
  };
  for (const char* source : programs) {
    int64_t steps = 0;
    INFO(source);
    CHECK(check_program(source, &steps) == "");
    CHECK(steps > 3);
  }
}
