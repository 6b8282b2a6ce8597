// NOTE [Step narration]
// A step's sentence is assembled from facts in a fixed order, each fact a clause:
//   1. backward: the node that ran and the saved tensors it used, at which version;
//   2. names: a variable that now names a tensor object another variable already names;
//   3. views: a named tensor new at this step on a storage that was already there;
//   4. copies: a named tensor new at this step on a storage allocated at this step, with the op
//      that made it (a reshape that copied says which dimension broke the view rule, and why);
//   5. writes: cells of a storage written in place, the version counter's move, the names that
//      see the storage;
//   6. other allocations (a .grad, a storage no name holds yet), with their bytes;
//   7. reads, only when nothing above happened ("read 6 cells of s1 (`a`)").
// Frees and an exception follow as sentences of their own. A step with none of these says that
// no tensor memory changed. Names are the variables of the frames (innermost first) and, for a
// .grad, `name.grad`; a tensor no variable names is called by its key ("t4").
#include "trace/narration.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace stridelab::trace {
namespace {

using support::Json;

std::string tuple_text(const Json& a) {
  std::string out = "(";
  const auto& items = a.as_array();
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + std::to_string(items[i].as_int());
  if (items.size() == 1) out += ",";
  return out + ")";
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    out += "`" + names[i] + "`";
  }
  return out;
}

std::string plural(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

int64_t shape_numel(const Json& shape) {
  int64_t n = 1;
  for (const Json& d : shape.as_array()) n *= d.as_int();
  return n;
}

// What a state says about tensors, storages and names, indexed.
struct View {
  std::map<std::string, const Json*> tensors, storages, nodes;
  std::map<std::string, std::vector<std::string>> names;  // tensor key -> names, innermost frame first
  std::map<std::string, std::string> var_object;          // name -> object key (innermost frame)

  explicit View(const Json& st) {
    if (st.is_null()) return;
    for (const Json& t : st.at("tensors").as_array()) tensors[t.at("id").as_string()] = &t;
    for (const Json& s : st.at("storages").as_array()) storages[s.at("id").as_string()] = &s;
    if (const Json* g = st.find("graph"))
      for (const Json& n : g->at("nodes").as_array()) nodes[n.at("id").as_string()] = &n;
    const Json& objects = st.at("objects");
    const auto& frames = st.at("frames").as_array();
    std::set<std::string> seen;
    for (auto f = frames.rbegin(); f != frames.rend(); ++f) {
      const Json* vars = f->find("variables");
      if (!vars) continue;
      for (const Json& v : vars->as_array()) {
        const std::string& name = v[0].as_string();
        if (!seen.insert(name).second) continue;
        if (f == frames.rbegin()) var_object[name] = v[1].as_string();
        const Json* o = objects.find(v[1].as_string());
        if (!o) continue;
        const Json* t = o->find("tensor");
        if (t && t->is_string()) names[t->as_string()].push_back(name);
      }
    }
    // Entries of containers and attributes of instances the module's variables hold, one level
    // deep (`model.weights`, `xs[0]`), as the memory view names them (tensorNames in
    // web/src/trace_state.js).
    if (const Json* vars = st.find("variables"))
      for (const auto& [name, oid] : vars->as_object()) {
        const Json* o = oid.is_string() ? objects.find(oid.as_string()) : nullptr;
        const Json* items = o ? o->find("items") : nullptr;
        if (!items) continue;
        for (const Json& item : items->as_array()) {
          const Json* child = item[1].is_string() ? objects.find(item[1].as_string()) : nullptr;
          const Json* t = child ? child->find("tensor") : nullptr;
          if (!t || !t->is_string()) continue;
          const std::string label = item[0].is_string() ? item[0].as_string() : item[0].dump();
          const bool index =
              !label.empty() && (label[0] == '\'' || std::all_of(label.begin(), label.end(),
                                                                 [](unsigned char c) { return std::isdigit(c) != 0; }));
          const std::string path = index ? name + "[" + label + "]" : name + "." + label;
          auto& list = names[t->as_string()];
          if (std::find(list.begin(), list.end(), path) == list.end()) list.push_back(path);
        }
      }
    // A named tensor's .grad is named after it.
    for (const auto& [key, t] : tensors) {
      const Json* g = t->find("grad");
      auto n = names.find(key);
      if (g && g->is_string() && n != names.end() && !n->second.empty() && !names.count(g->as_string()))
        names[g->as_string()].push_back(n->second.front() + ".grad");
    }
  }

  std::string name(const std::string& tensor) const {
    auto it = names.find(tensor);
    return it == names.end() || it->second.empty() ? "" : it->second.front();
  }
  // `a`, or t4 when no name reaches it.
  std::string called(const std::string& tensor) const {
    std::string n = name(tensor);
    return n.empty() ? tensor : "`" + n + "`";
  }
  // The names of the tensors on a storage, in the order the tensors were made.
  std::vector<std::string> storage_names(const std::string& storage) const {
    std::vector<std::string> out;
    for (const auto& [key, t] : tensors) {
      if (t->at("storage").as_string() != storage) continue;
      auto it = names.find(key);
      if (it == names.end()) continue;
      for (const auto& n : it->second)
        if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
    return out;
  }
  // "`a`'s storage s1", or "storage s1".
  std::string storage_called(const std::string& storage, const std::string& prefer = "") const {
    std::string n = prefer.empty() ? "" : name(prefer);
    if (n.empty()) {
      auto all = storage_names(storage);
      if (!all.empty()) n = all.front();
    }
    return n.empty() ? "storage " + storage : "`" + n + "`'s storage " + storage;
  }
  int64_t numel(const std::string& tensor) const { return shape_numel(tensors.at(tensor)->at("shape")); }
};

// The number of cells a read event names.
int64_t cells_read(const Json& e) {
  int64_t n = 0;
  if (const Json* r = e.find("ranges"))
    for (const Json& range : r->as_array()) n += range[1].as_int() - range[0].as_int();
  if (const Json* b = e.find("blocks"))
    for (const Json& block : b->as_array()) {
      int64_t k = 1;
      for (const Json& d : block.at("shape").as_array()) k *= d.as_int();
      n += k;
    }
  return n;
}

// The shape and strides of the tensor a view was made from: the source tensor when the state still
// has it, else the geometry the view's record kept of it (a temporary, a name the line rebound).
struct SourceGeometry {
  const Json* shape = nullptr;
  const Json* stride = nullptr;
};
SourceGeometry source_geometry(const View& now, const Json& tensor) {
  const Json* view = tensor.find("view");
  if (!view) return {};
  if (const Json* src = view->find("source"); src && src->is_string() && now.tensors.count(src->as_string())) {
    const Json& t = *now.tensors.at(src->as_string());
    return {&t.at("shape"), &t.at("stride")};
  }
  return {view->find("source_shape"), view->find("source_stride")};
}

std::string bytes_text(const Json& storage) {
  return plural(storage.at("nbytes").as_int(), "byte", "bytes") + " (" +
         plural(storage.at("numel").as_int(), "cell", "cells") + " of " + storage.at("dtype").as_string() + ")";
}

// Why a reshape copied: dimension d of the source cannot be merged with dimension d+1.
std::string broke_text(const View& now, const Json& view, const View& before) {
  const Json* broke = view.find("broke_dim");
  const Json* src = view.find("source");
  if (!broke || !src || !src->is_string()) return "";
  const int64_t d = broke->as_int();
  const std::string& key = src->as_string();
  const Json* t = now.tensors.count(key)      ? now.tensors.at(key)
                  : before.tensors.count(key) ? before.tensors.at(key)
                                              : nullptr;
  if (!t || d < 0) return "";
  const auto& shape = t->at("shape").as_array();
  const auto& stride = t->at("stride").as_array();
  const std::string who = now.called(key) != key ? now.called(key) : before.called(key);
  std::string out = ": dimension " + std::to_string(d) + " of " + who + " (stride " +
                    std::to_string(stride.at(static_cast<size_t>(d)).as_int()) + ")";
  if (static_cast<size_t>(d) + 1 < shape.size()) {
    const auto e = static_cast<size_t>(d) + 1;
    out += " cannot be merged with dimension " + std::to_string(d + 1) + ": its cells are not stride " +
           std::to_string(stride[e].as_int()) + " × size " + std::to_string(shape[e].as_int()) + " = " +
           std::to_string(stride[e].as_int() * shape[e].as_int()) + " apart";
  } else {
    out += " cannot be split without a copy";
  }
  return out;
}

std::string line_text(const std::string& source, int64_t line) {
  std::istringstream in(source);
  std::string text;
  for (int64_t i = 1; std::getline(in, text); ++i)
    if (i == line) break;
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  text = text.substr(first);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.pop_back();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

// During backward, what a storage no name holds is to the node running: "the gradient it
// received", "the gradient it produced for MulBackward0", "... for `w.grad`" (the leaf whose
// AccumulateGrad it goes to), as the memory view labels gradient buffers; "" otherwise.
std::string gradient_role(const View& now, const Json& state, const std::string& storage) {
  const Json* bw = state.find("backward");
  if (!bw || bw->is_null()) return "";
  auto on = [&](const Json& key) {
    return key.is_string() && now.tensors.count(key.as_string()) &&
           now.tensors.at(key.as_string())->at("storage").as_string() == storage;
  };
  if (const Json* in = bw->find("grad_inputs"))
    for (const Json& k : in->as_array())
      if (on(k)) return "the gradient it received";
  const Json* out = bw->find("grad_outputs");
  auto node = now.nodes.find(bw->at("node").as_string());
  const Json* next = node != now.nodes.end() ? node->second->find("next") : nullptr;
  if (!out) return "";
  // `next` leaves out the edges to no node (an input that needs no gradient, whose output is
  // null): when it is shorter, the k-th non-null output goes to next[k].
  size_t produced = 0;
  for (const Json& k : out->as_array()) produced += k.is_string() ? 1 : 0;
  const bool dense = next && next->size() == out->size();
  for (size_t i = 0, k = 0; i < out->size(); k += (*out)[i].is_string() ? 1 : 0, ++i) {
    if (!on((*out)[i])) continue;
    std::string to;
    const size_t edge = dense ? i : k;
    if (next && (dense || next->size() == produced) && edge < next->size() && (*next)[edge].is_string()) {
      auto n = now.nodes.find((*next)[edge].as_string());
      if (n != now.nodes.end()) {
        const Json* var = n->second->find("variable");
        const std::string leaf = var && var->is_string() ? now.name(var->as_string()) : "";
        to = leaf.empty() ? n->second->at("name").as_string() : "`" + leaf + ".grad`";
      }
    }
    return "the gradient it produced" + (to.empty() ? "" : " for " + to);
  }
  return "";
}

}  // namespace

static std::string narrate_facts(const Json& prev, const Json& state, const std::string& source);

std::string narrate(const Json& prev, const Json& state, const std::string& source) {
  // A state this code does not foresee costs the sentence, never the step.
  try {
    return narrate_facts(prev, state, source);
  } catch (const std::exception&) { return ""; }
}

static std::string narrate_facts(const Json& prev, const Json& state, const std::string& source) {
  const View now(state), before(prev);
  const std::string kind = state.at("kind").as_string();
  const Json& events = state.at("events");
  std::vector<std::string> clauses;
  std::set<std::string> told_storages;  // allocations already told by a clause

  std::set<std::string> allocated;
  for (const Json& e : events.as_array())
    if (e.at("type").as_string() == "alloc") allocated.insert(e.at("storage").as_string());

  // 1. backward
  std::string subject;
  if (const Json* bw = state.find("backward"); bw && !bw->is_null()) {
    subject = "backward ran " + bw->at("name").as_string();
    auto node = now.nodes.find(bw->at("node").as_string());
    std::vector<std::string> used;
    if (node != now.nodes.end()) {
      if (const Json* saved = node->second->find("saved"))
        for (const Json& s : saved->as_array()) {
          if (!s.at("tensor").is_string()) continue;  // released
          const std::string& key = s.at("tensor").as_string();
          std::string who = now.called(key);
          if (who == key) {
            // Unnamed, but it may share a named tensor's storage (softmax saves its result).
            const std::string& st = now.tensors.count(key) ? now.tensors.at(key)->at("storage").as_string() : "";
            who = "its saved `" + s.at("name").as_string() + "` (" + key;
            if (!st.empty() && !now.storage_names(st).empty()) who += ", on " + now.storage_called(st);
            who += ")";
          } else if (saved->size() > 1) who += " as " + s.at("name").as_string();
          std::string text = who + ", saved at version " + std::to_string(s.at("saved_version").as_int());
          if (s.at("current_version").as_int() != s.at("saved_version").as_int())
            text += " (now at version " + std::to_string(s.at("current_version").as_int()) + ": stale)";
          used.push_back(text);
        }
    }
    std::string text;
    const Json* var = node != now.nodes.end() ? node->second->find("variable") : nullptr;
    if (var && var->is_string() && !now.name(var->as_string()).empty()) {
      text = "it kept the gradient it received as `" + now.name(var->as_string()) + ".grad`";
    } else if (used.empty()) {
      text = "it used no saved tensor";
    } else {
      text = "it used ";
      for (size_t i = 0; i < used.size(); ++i) text += (i ? (i + 1 == used.size() ? " and " : ", ") : "") + used[i];
    }
    clauses.push_back(text);
  } else {
    const std::string code = line_text(source, state.at("line").as_int());
    subject = code.empty() ? "line " + std::to_string(state.at("line").as_int()) : "`" + code + "`";
    if (kind == "call") {
      const auto& frames = state.at("frames").as_array();
      if (!frames.empty()) clauses.push_back("called " + frames.back().at("name").as_string() + "()");
    } else if (kind == "return") {
      clauses.push_back("returned");
    }
  }

  // 2. a name for an object another name already had
  for (const auto& [name, obj] : now.var_object) {
    auto old = before.var_object.find(name);
    if (old != before.var_object.end() && old->second == obj) continue;
    const Json* o = state.at("objects").find(obj);
    if (!o || !o->find("tensor") || !o->at("tensor").is_string()) continue;
    for (const auto& [other, other_obj] : before.var_object)
      if (other != name && other_obj == obj && now.var_object.count(other) && now.var_object.at(other) == obj) {
        clauses.push_back("made `" + name + "` a second name for the tensor `" + other +
                          "` names: the same object, nothing new in memory");
        break;
      }
  }

  // 3 and 4. tensors new at this step that have a name
  for (const auto& [key, t] : now.tensors) {
    if (before.tensors.count(key) || now.name(key).empty()) continue;
    const std::string name = now.name(key);
    if (name.size() > 5 && name.substr(name.size() - 5) == ".grad") continue;  // told as an allocation
    const std::string& storage = t->at("storage").as_string();
    const Json* view = t->find("view");
    const std::string op = view && view->find("op") ? view->at("op").as_string() : "";
    if (!allocated.count(storage) && before.storages.count(storage)) {
      std::string src =
          view && view->find("source") && view->at("source").is_string() ? view->at("source").as_string() : "";
      std::string of = before.storage_called(storage, src);
      if (of.rfind("`" + name + "`'s ", 0) == 0) of = "the previous " + of;  // `b = b.reshape(3, 2)`
      std::string text = "made `" + name + "` a view of " + of;
      if (!op.empty()) text += " (" + op + ")";
      const int64_t n = now.numel(key);
      const SourceGeometry g = source_geometry(now, *t);
      const int64_t cells = before.storages.at(storage)->at("numel").as_int();
      if (g.shape && shape_numel(*g.shape) == n) text += ": the same " + plural(n, "cell", "cells");
      else
        text += ": " + std::to_string(n) + " of its " + plural(cells, "cell", "cells") + ", from offset " +
                std::to_string(t->at("offset").as_int());
      if (g.stride && *g.stride != t->at("stride"))
        text += ", strides " + tuple_text(*g.stride) + " → " + tuple_text(t->at("stride"));
      else text += ", strides " + tuple_text(t->at("stride"));
      clauses.push_back(text);
    } else if (allocated.count(storage) && !told_storages.count(storage)) {
      told_storages.insert(storage);
      const Json& s = *now.storages.at(storage);
      std::string text;
      const std::string src =
          view && view->find("source") && view->at("source").is_string() ? view->at("source").as_string() : "";
      const Json* src_t = src.empty() ? nullptr : now.tensors.count(src) ? now.tensors.at(src) : nullptr;
      // (A source that is gone shared the storage when the view's strides were derived from it.)
      const bool same_storage = src_t ? src_t->at("storage").as_string() == storage
                                      : view && view->find("source_shape") && view->find("source_offset");
      if (view && view->find("broke_dim")) {
        text = "`" + op + "` copied into a new storage " + storage + " for `" + name + "`, " + bytes_text(s) +
               broke_text(now, *view, before);
      } else if (same_storage) {
        // A view of a tensor made on the same line (`torch.arange(6).reshape(2, 3)`).
        text = "allocated " + storage + ", " + bytes_text(s) + ", and made `" + name + "` a view of it (" + op +
               "), strides " + tuple_text(t->at("stride"));
      } else if (!src.empty()) {
        text = "`" + op + "` copied " + now.called(src) + " into a new storage " + storage + " for `" + name + "`, " +
               bytes_text(s);
      } else {
        text = "allocated " + storage + " for `" + name + "`, " + bytes_text(s);
      }
      clauses.push_back(text);
    }
  }

  // 5. writes, with the version counter and who sees them
  for (const Json& e : events.as_array()) {
    if (e.at("type").as_string() != "write") continue;
    const std::string& storage = e.at("storage").as_string();
    if (allocated.count(storage)) continue;  // filling a new storage is part of making it
    std::string text =
        "wrote " + plural(static_cast<int64_t>(e.at("cells").size()), "cell", "cells") + " of " + storage + " in place";
    for (const Json& v : events.as_array()) {
      if (v.at("type").as_string() != "version") continue;
      auto t = now.tensors.find(v.at("tensor").as_string());
      if (t == now.tensors.end() || t->second->at("storage").as_string() != storage) continue;
      text += ": version " + std::to_string(v.at("from").as_int()) + " → " + std::to_string(v.at("to").as_int());
      break;
    }
    auto names = now.storage_names(storage);
    if (!names.empty()) text += ", seen by " + join_names(names);
    // A tensor autograd saved from this storage is stale from now on.
    for (const auto& [node_key, node] : now.nodes) {
      const Json* saved = node->find("saved");
      if (!saved || node->find("released")) continue;
      for (const Json& sv : saved->as_array()) {
        if (!sv.at("tensor").is_string()) continue;
        auto t = now.tensors.find(sv.at("tensor").as_string());
        if (t == now.tensors.end() || t->second->at("storage").as_string() != storage) continue;
        if (sv.at("saved_version").as_int() == sv.at("current_version").as_int()) continue;
        auto b = before.nodes.find(node_key);
        bool was_stale = false;
        if (b != before.nodes.end())
          for (const Json& old : b->second->at("saved").as_array())
            if (old.at("tensor") == sv.at("tensor") && old.at("saved_version") != old.at("current_version"))
              was_stale = true;
        if (was_stale) continue;
        text += "; " + node->at("name").as_string() + " saved it at version " +
                std::to_string(sv.at("saved_version").as_int()) + ", so backward through it will fail";
      }
    }
    clauses.push_back(text);
  }

  // 6. other allocations
  for (const std::string& storage : allocated) {
    if (told_storages.count(storage) || !now.storages.count(storage)) continue;
    auto names = now.storage_names(storage);
    std::string text = "allocated " + storage;
    const std::string gradient = gradient_role(now, state, storage);
    if (!names.empty()) {
      text += " for " + join_names(names);
    } else if (!gradient.empty()) {
      text += " for " + gradient;
    } else {
      // A tensor autograd saved (a number wrapped as a tensor, an intermediate result).
      for (const auto& [node_key, node] : now.nodes) {
        const Json* saved = node->find("saved");
        if (!saved) continue;
        for (const Json& sv : saved->as_array()) {
          if (!sv.at("tensor").is_string()) continue;
          auto t = now.tensors.find(sv.at("tensor").as_string());
          if (t != now.tensors.end() && t->second->at("storage").as_string() == storage && names.empty()) {
            text += " for the `" + sv.at("name").as_string() + "` that " + node->at("name").as_string() + " saved";
            names.push_back("");
          }
        }
      }
    }
    clauses.push_back(text + ", " + bytes_text(*now.storages.at(storage)));
  }

  // 7. reads, when nothing else happened to memory
  bool changed = !clauses.empty() && !(clauses.size() == 1 && (kind == "call" || kind == "return"));
  if (!changed) {
    std::vector<std::string> reads;
    for (const Json& e : events.as_array()) {
      if (e.at("type").as_string() != "read") continue;
      const std::string& storage = e.at("storage").as_string();
      auto names = now.storage_names(storage);
      if (names.empty()) names = before.storage_names(storage);
      reads.push_back(plural(cells_read(e), "cell", "cells") + " of " + storage +
                      (names.empty() ? "" : " (" + join_names(names) + ")"));
    }
    if (!reads.empty()) {
      std::string text = "read ";
      for (size_t i = 0; i < reads.size(); ++i) text += (i ? (i + 1 == reads.size() ? " and " : ", ") : "") + reads[i];
      clauses.push_back(text + " and changed no tensor memory");
      changed = true;
    }
  }

  std::string out = subject;
  if (clauses.empty()) out += " changed no tensor memory";
  for (size_t i = 0; i < clauses.size(); ++i)
    out += (i ? "; " : (subject.rfind("backward", 0) == 0 ? ": " : " ")) + clauses[i];
  if (!changed && !clauses.empty()) out += "; no tensor memory changed";
  out += ".";

  // Frees: a storage a name held is told apart; the others together.
  std::vector<std::string> unnamed;
  for (const Json& e : events.as_array()) {
    if (e.at("type").as_string() != "free") continue;
    const std::string& storage = e.at("storage").as_string();
    auto names = before.storage_names(storage);
    if (names.empty()) {
      unnamed.push_back(storage);
      continue;
    }
    out += " " + storage + " (it held " + join_names(names) + ") was freed: nothing refers to it any more.";
  }
  if (unnamed.size() == 1) out += " " + unnamed[0] + " was freed: nothing refers to it any more.";
  if (unnamed.size() > 1) {
    out += " ";
    for (size_t i = 0; i < unnamed.size(); ++i)
      out += (i ? (i + 1 == unnamed.size() ? " and " : ", ") : "") + unnamed[i];
    out += " were freed: nothing refers to them any more.";
  }
  if (const Json* ex = state.find("exception"); ex && !ex->is_null())
    out += " It raised " + ex->at("type").as_string() + ": " + ex->at("message").as_string();
  if (!out.empty() && out.back() != '.') out += ".";
  return out;
}

}  // namespace stridelab::trace

// Session's narrated state (declared in session.h): the state of step n and of the step before
// it, from the recorder's replay cache (asking for n-1 first keeps the replay going forward).
#include "trace/session.h"

namespace stridelab::trace {

// Stepping forward asks for n after n - 1: the state kept from the last call is the step before's,
// and only step n is replayed.
support::Json Session::state(int64_t step) {
  const int64_t count = recorder_->step_count();
  const int64_t n = step < 0 ? step + count : step;
  support::Json prev;
  if (n > 0 && n < count) prev = n - 1 == last_step_ ? std::move(last_state_) : recorder_->state(n - 1);
  support::Json st = recorder_->state(step);
  last_state_ = st;
  last_step_ = n;
  st["narration"] = narrate(prev, st, recorder_->source());
  return st;
}

}  // namespace stridelab::trace
