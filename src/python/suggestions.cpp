#include "python/suggestions.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "python/interp.h"
#include "python/protocol.h"

namespace stridelab::python {

namespace {

#include "python/reference_names.inc"

std::vector<std::string> split_names(const char* names) {
  std::istringstream words(names);
  std::vector<std::string> out;
  for (std::string w; words >> w;) out.push_back(w);
  return out;
}

std::map<std::string, std::vector<std::string>>& reference_lists() {
  static std::map<std::string, std::vector<std::string>> lists = [] {
    std::map<std::string, std::vector<std::string>> m;
    for (const auto& entry : kReferenceNames) m.emplace(entry[0], split_names(entry[1]));
    return m;
  }();
  return lists;
}

const std::vector<std::string>* reference_names(const std::string& key) {
  auto& lists = reference_lists();
  auto it = lists.find(key);
  return it == lists.end() ? nullptr : &it->second;
}

// CPython 3.11's Python/suggestions.c: substitutions that only change case cost 1, others 2.
constexpr size_t kMoveCost = 2, kCaseCost = 1, kMaxStringSize = 40, kMaxCandidates = 750;

size_t substitution_cost(char a, char b) {
  if ((a & 31) != (b & 31)) return kMoveCost;
  if (a == b) return 0;
  if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
  if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
  return a == b ? kCaseCost : kMoveCost;
}

size_t levenshtein(std::string_view a, std::string_view b, size_t max_cost) {
  while (!a.empty() && !b.empty() && a.front() == b.front()) a.remove_prefix(1), b.remove_prefix(1);
  while (!a.empty() && !b.empty() && a.back() == b.back()) a.remove_suffix(1), b.remove_suffix(1);
  if (a.empty() || b.empty()) return (a.size() + b.size()) * kMoveCost;
  if (a.size() > kMaxStringSize || b.size() > kMaxStringSize) return max_cost + 1;
  if (b.size() < a.size()) std::swap(a, b);
  if ((b.size() - a.size()) * kMoveCost > max_cost) return max_cost + 1;
  std::vector<size_t> row(a.size());
  for (size_t i = 0; i < a.size(); ++i) row[i] = (i + 1) * kMoveCost;
  size_t result = 0;
  for (size_t bi = 0; bi < b.size(); ++bi) {
    size_t distance = result = bi * kMoveCost;
    size_t minimum = SIZE_MAX;
    for (size_t ai = 0; ai < a.size(); ++ai) {
      size_t substitute = distance + substitution_cost(b[bi], a[ai]);
      distance = row[ai];
      size_t insert_delete = std::min(result, distance) + kMoveCost;
      result = std::min(insert_delete, substitute);
      row[ai] = result;
      minimum = std::min(minimum, result);
    }
    if (minimum > max_cost) return max_cost + 1;
  }
  return result;
}

void add_all(std::set<std::string>& out, const std::vector<std::string>* names) {
  if (names) out.insert(names->begin(), names->end());
}

void add_namespace(std::set<std::string>& out, const Namespace* ns) {
  if (ns)
    for (auto& [k, v] : ns->entries()) out.insert(k);
}

// The key of the reference dir() of a native type (or of the nearest native base of a user class
// or of a native type with no list of its own), or "".
std::string native_key(const TypeObject* t) {
  for (const TypeObject* c : t->mro_) {
    t = c;
    if (t->is_user_) continue;
    if (std::string key = t->module_ + "." + t->name_; reference_names(key)) return key;
    if (reference_names(t->name_)) return t->name_;
  }
  return "";
}

std::map<std::string, std::string>& not_yet_keys() {
  static std::map<std::string, std::string> keys;
  return keys;
}

bool listed(const std::string& key, std::string_view name) {
  const auto* names = reference_names(key);
  return names && std::find(names->begin(), names->end(), name) != names->end();
}

}  // namespace

void add_not_yet_names(const std::string& key, const std::string& shown) { not_yet_keys()[key] = shown; }

void raise_if_not_yet(Object* o, std::string_view name) {
  if (name.empty() || name.substr(0, 2) == "__") return;
  auto& keys = not_yet_keys();
  auto fail = [&](const std::string& shown) {
    raise(builtin_types().not_implemented_error,
          "stridelab does not support " + shown + "." + std::string(name) + " yet");
  };
  TypeObject* t = o->type();
  if (t == builtin_types().module) {
    const std::string& mod = as<ModuleObject>(o)->name_;
    if (auto it = keys.find("module_" + mod); it != keys.end() && listed(it->first, name)) fail(it->second);
    return;
  }
  bool instance = t != builtin_types().type;
  for (const TypeObject* c = instance ? t : as<TypeObject>(o); c; c = c->base_) {
    if (c->is_user_) continue;
    for (const std::string& key : {c->module_ + "." + c->name_, c->name_}) {
      auto it = keys.find(key);
      if (it == keys.end()) continue;
      if (listed(key, name) || (instance && listed(key + ".instance", name))) fail(it->second);
    }
  }
}

void add_reference_names(const std::string& key, const char* names) {
  // A list of kMaxCandidates names is never searched (closest_name).
  reference_lists()[key] = names ? split_names(names) : std::vector<std::string>(kMaxCandidates);
}

std::string closest_name(const std::vector<std::string>& candidates, const std::string& name) {
  if (candidates.size() >= kMaxCandidates) return "";
  std::string best;
  size_t best_distance = SIZE_MAX;
  for (const std::string& item : candidates) {
    if (item == name) continue;
    // No more than 1/3 of the characters should need changing, and only beat the best so far.
    size_t max_distance = (name.size() + item.size() + 3) * kMoveCost / 6;
    if (best_distance != SIZE_MAX) max_distance = std::min(max_distance, best_distance - 1);
    size_t d = levenshtein(name, item, max_distance);
    if (d > max_distance) continue;
    if (best.empty() || d < best_distance) {
      best = item;
      best_distance = d;
    }
  }
  return best;
}

std::vector<std::string> dir_names(Object* o) {
  std::set<std::string> names;
  TypeObject* t = o->type();
  if (t == builtin_types().module) {
    const std::string& mod = as<ModuleObject>(o)->name_;
    if (const auto* ref = reference_names("module_" + mod)) return *ref;
    add_namespace(names, &as<ModuleObject>(o)->dict_);
    for (const char* n : {"__doc__", "__loader__", "__name__", "__package__", "__spec__"}) names.insert(n);
    return {names.begin(), names.end()};
  }
  const TypeObject* cls = t == builtin_types().type ? as<TypeObject>(o) : t;
  for (const TypeObject* c : cls->mro_) {
    add_namespace(names, &c->dict_);
    if (c->is_user_) add_all(names, reference_names("user_instance_extra"));
  }
  std::string key = native_key(cls);
  if (!key.empty()) add_all(names, reference_names(key));
  add_all(names, reference_names("object"));
  if (t != builtin_types().type) {
    add_namespace(names, o->instance_dict());
    if (!key.empty()) add_all(names, reference_names(key + ".instance"));
  }
  names.erase("");
  return {names.begin(), names.end()};
}

void raise_name_error(const Frame& frame, Namespace& builtins, const std::string& name) {
  Ref<ExceptionObject> exc =
      new_exception(builtin_types().name_error, {make_str("name '" + name + "' is not defined")});
  exc->dict_.set("name", make_str(name));
  // The innermost frame's own variables, then its globals, then the builtins (in CPython's order).
  std::vector<std::string> locals;
  if (!frame.comprehension_scopes.empty()) {
    locals.push_back(".0");
    for (auto& [k, v] : frame.comprehension_scopes.back()->entries()) locals.push_back(k);
  } else if (frame.scope) {
    locals = frame.scope->locals;
  }
  std::string best = closest_name(locals, name);
  if (best.empty() && frame.globals) {
    std::vector<std::string> globals = {"__name__", "__builtins__"};
    for (auto& [k, v] : frame.globals->entries()) globals.push_back(k);
    best = closest_name(globals, name);
  }
  if (best.empty()) best = closest_name(*reference_names("builtins"), name);
  if (!best.empty()) exc->dict_.set("__suggestion__", make_str(best));
  throw PyError{exc};
}

void note_attribute_error(ExceptionObject* exc, Object* obj, std::string_view name) {
  if (exc->dict_.get("name")) return;
  exc->dict_.set("name", make_str(std::string(name)));
  exc->dict_.set("obj", ObjRef(obj));
}

std::string suggestion_suffix(ExceptionObject* exc) {
  std::string best;
  if (exc->type() == builtin_types().name_error) {
    if (Object* s = exc->dict_.get("__suggestion__")) best = as<StrObject>(s)->value_;
  } else if (is_instance(exc, builtin_types().attribute_error)) {
    Object* name = exc->dict_.get("name");
    Object* obj = exc->dict_.get("obj");
    if (name && obj && is_str(name)) best = closest_name(dir_names(obj), as<StrObject>(name)->value_);
  }
  return best.empty() ? "" : ". Did you mean: '" + best + "'?";
}

}  // namespace stridelab::python
