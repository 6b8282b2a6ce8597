#include "trace/exercise.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

namespace stridelab::trace {
namespace {

using support::Json;

// ---- the patterns of `error T matching /P/` ----------------------------------------------------

struct Atom {
  char c = 0;
  bool any = false;   // `.`
  char repeat = 0;    // '*', '+', '?' or 0
  size_t length = 0;  // characters of the pattern it took
};

Atom atom_at(std::string_view p) {
  Atom a;
  if (p[0] == '\\' && p.size() > 1) a.c = p[1], a.length = 2;
  else a.c = p[0], a.any = p[0] == '.', a.length = 1;
  if (a.length < p.size() && (p[a.length] == '*' || p[a.length] == '+' || p[a.length] == '?')) a.repeat = p[a.length++];
  return a;
}

bool atom_takes(const Atom& a, std::string_view t) { return !t.empty() && (a.any || t[0] == a.c); }

// Whether p matches at the start of t (backtracking; patterns are a lesson's few characters).
bool match_here(std::string_view p, std::string_view t) {
  if (p.empty()) return true;
  if (p == "$") return t.empty();
  const Atom a = atom_at(p);
  std::string_view rest = p.substr(a.length);
  if (a.repeat == 0) return atom_takes(a, t) && match_here(rest, t.substr(1));
  size_t most = 0;
  while (most < t.size() && atom_takes(a, t.substr(most)) && (a.repeat != '?' || most < 1)) ++most;
  for (size_t k = most + 1; k-- > (a.repeat == '+' ? 1u : 0u);)
    if (match_here(rest, t.substr(k))) return true;
  return false;
}

// ---- reading the run ----------------------------------------------------------------------------

struct Event {
  int64_t step;
  int64_t line;
  std::string storage;
  bool backward;
};

// What the checks read of the steps: each step's line, its allocations and writes.
struct Facts {
  std::vector<int64_t> lines;
  std::vector<Event> allocs, writes;
};

// The step's own line: the top-level "line" of a delta's text (step, kind and line lead it), read by
// RapidJSON's Reader, which stops as soon as it has the number (frames have lines too, further on).
int64_t delta_line(std::string_view text) {
  struct Handler : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Handler> {
    int depth = 0;
    bool at_line = false;
    int64_t line = 0;
    bool Default() { return !std::exchange(at_line, false); }
    bool Int(int v) { return number(v); }
    bool Uint(unsigned v) { return number(v); }
    bool Int64(int64_t v) { return number(v); }
    bool Uint64(uint64_t v) { return number(static_cast<int64_t>(v)); }
    bool number(int64_t v) {
      if (at_line) line = v;
      return Default();
    }
    bool StartObject() { return Default() && ++depth > 0; }
    bool EndObject(rapidjson::SizeType) { return --depth >= 0; }
    bool StartArray() { return Default(); }
    bool Key(const char* k, rapidjson::SizeType n, bool) {
      at_line = depth == 1 && std::string_view(k, n) == "line";
      return true;
    }
  } handler;
  rapidjson::MemoryStream stream(text.data(), text.size());
  rapidjson::Reader().Parse(stream, handler);  // ends early, once the line is read
  return handler.line;
}

Facts read_facts(const Session& session) {
  Facts f;
  const int64_t count = session.step_count();
  f.lines.reserve(static_cast<size_t>(count));
  for (int64_t n = 0; n < count; ++n) {
    std::string_view text = session.delta_text(n);
    const int64_t line_no = delta_line(text);
    f.lines.push_back(line_no);
    if (text.find("\"alloc\"") == std::string_view::npos && text.find("\"write\"") == std::string_view::npos) continue;
    Json d = Json::parse(text);
    const bool backward = d.at("kind").is_string() && d.at("kind").as_string() == "backward";
    for (const Json& e : d.at("events").as_array()) {
      const std::string& type = e.at("type").as_string();
      if (type == "alloc") f.allocs.push_back({n, line_no, e.at("storage").as_string(), backward});
      else if (type == "write") f.writes.push_back({n, line_no, e.at("storage").as_string(), backward});
    }
  }
  return f;
}

// The run's last state and its facts, read once for all the checks.
struct Run {
  Session& session;
  Json state;
  std::optional<Facts> facts;
  std::vector<std::string> source_lines;

  explicit Run(Session& s) : session(s), state(s.step_count() > 0 ? s.state(-1) : Json::object()) {
    const std::string& src = s.source();
    size_t start = 0;
    while (start <= src.size()) {
      size_t nl = src.find('\n', start);
      if (nl == std::string::npos) nl = src.size();
      source_lines.push_back(src.substr(start, nl - start));
      start = nl + 1;
    }
  }
  const Facts& the_facts() {
    if (!facts) facts = read_facts(session);
    return *facts;
  }
  const Json* tensor(const std::string& key) const {
    if (const Json* ts = state.find("tensors"))
      for (const Json& t : ts->as_array())
        if (t.at("id").as_string() == key) return &t;
    return nullptr;
  }
  // The tensor a name reaches at the end of the run: a module variable, then attributes
  // (`model.fc1.weight`: the items of the objects on the way) and `.grad`.
  const Json* tensor_of(const std::string& name) const {
    size_t dot = name.find('.');
    const Json* vars = state.find("variables");
    const Json* objects = state.find("objects");
    const Json* oid = vars ? vars->find(name.substr(0, dot)) : nullptr;
    const Json* o = oid && oid->is_string() && objects ? objects->find(oid->as_string()) : nullptr;
    const Json* t = nullptr;  // set once the path reached a tensor
    while (true) {
      if (!t && o) {
        const Json* key = o->find("tensor");
        if (key && key->is_string()) t = tensor(key->as_string());
      }
      if (dot == std::string::npos) return t;
      const size_t next = name.find('.', dot + 1);
      const std::string part = name.substr(dot + 1, next - dot - 1);
      dot = next;
      if (t) {
        // Past a tensor only `.grad` leads on.
        const Json* g = part == "grad" ? t->find("grad") : nullptr;
        t = g && g->is_string() ? tensor(g->as_string()) : nullptr;
        if (!t) return nullptr;
        continue;
      }
      const Json* items = o ? o->find("items") : nullptr;
      if (!items) return nullptr;
      const Json* found = nullptr;
      for (const Json& item : items->as_array())
        if (item[0].is_string() && item[0].as_string() == part) found = &item[1];
      o = found && found->is_string() && objects ? objects->find(found->as_string()) : nullptr;
      if (!o) return nullptr;
    }
  }
  const Json& need(const std::string& name) const {
    const Json* t = tensor_of(name);
    if (!t) throw std::runtime_error("no tensor named " + name + " at the end of the run");
    return *t;
  }
  // A variable that holds the tensor at the end, else its key; "a tensor the program never named".
  std::string name_of(const std::string& key) const {
    if (key.empty()) return "a tensor the program never named";
    if (const Json* vars = state.find("variables"))
      for (const auto& [name, oid] : vars->as_object()) {
        const Json* objects = state.find("objects");
        const Json* o = oid.is_string() && objects ? objects->find(oid.as_string()) : nullptr;
        const Json* k = o ? o->find("tensor") : nullptr;
        if (k && k->is_string() && k->as_string() == key) return name;
      }
    return "the tensor " + key;
  }
  std::string source_line(int64_t line) const {
    if (line < 1 || line > static_cast<int64_t>(source_lines.size())) return "";
    std::string s = source_lines[static_cast<size_t>(line - 1)];
    s.erase(0, s.find_first_not_of(" \t"));
    return s;
  }
};

std::string tuple_text(const std::vector<int64_t>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

std::vector<int64_t> ints_of(const Json& a) {
  std::vector<int64_t> out;
  for (const Json& v : a.as_array()) out.push_back(v.as_int());
  return out;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// ---- parsing a check --------------------------------------------------------------------------

bool is_name(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.' || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; });
}

bool take(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// "(1, 3)", "(4,)", "()" -> the numbers.
std::optional<std::vector<int64_t>> parse_tuple(std::string_view s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') return std::nullopt;
  std::vector<int64_t> out;
  std::string item;
  for (char c : s.substr(1, s.size() - 2)) {
    if (c == ',') {
      if (item.empty()) return std::nullopt;
      out.push_back(std::stoll(item));
      item.clear();
    } else if (std::isdigit(static_cast<unsigned char>(c)) || (c == '-' && item.empty())) {
      item += c;
    } else if (c != ' ') {
      return std::nullopt;
    }
  }
  if (!item.empty() && item != "-") out.push_back(std::stoll(item));
  return out;
}

std::optional<int64_t> parse_int(std::string_view s) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  for (size_t k = i; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return std::nullopt;
  return std::stoll(std::string(s));
}

using Verdict = std::pair<bool, std::string>;

// `X was written through Y only` (yname), or `X was written through a view` (yname empty).
Verdict written_through(Run& run, const std::string& xname, const std::string& yname) {
  const Json& x = run.need(xname);
  const std::string& storage = x.at("storage").as_string();
  const bool any_view = yname.empty();
  const std::string through = any_view ? "" : run.need(yname).at("id").as_string();
  std::string via_view;  // the first write through a view (any_view)
  const Facts& f = run.the_facts();
  // Filling a storage in the step that made it is part of making it; backward's writes are not
  // the program's.
  std::set<int64_t> made;
  for (const Event& a : f.allocs)
    if (a.storage == storage) made.insert(a.step);
  size_t count = 0;
  for (const Event& w : f.writes) {
    if (w.storage != storage || w.backward || made.count(w.step)) continue;
    ++count;
    std::vector<const InPlaceWrite*> via;
    for (const InPlaceWrite& c : run.session.in_place_writes())
      if (c.step == w.step && c.storage == storage) via.push_back(&c);
    const std::string where = "line " + std::to_string(w.line) + " (`" + run.source_line(w.line) + "`)";
    if (via.empty()) {
      if (any_view) continue;
      return {false, where + " wrote " + storage + " without an in-place call on a tensor"};
    }
    for (const InPlaceWrite* c : via) {
      // A temporary view (`y[0].add_(1)`) counts as the tensor it was made from.
      const std::string who = (c->temporary ? "a view of " : "") + run.name_of(c->tensor);
      if (any_view && via_view.empty() && (c->temporary || c->tensor != x.at("id").as_string()))
        via_view = where + " wrote " + storage + " through " + who;
      if (!any_view && c->tensor != through) return {false, where + " wrote " + storage + " through " + who};
    }
  }
  if (!count) return {false, storage + " (" + xname + "'s storage) was never written in place"};
  if (any_view) {
    if (via_view.empty()) return {false, "every write to " + storage + " went through " + xname + " itself"};
    return {true, via_view};
  }
  return {true, plural(count, "write", "writes") + " to " + storage + ", all through " + yname};
}

Verdict evaluate(Run& run, std::string_view c) {
  const Json& error = run.session.error();
  if (c == "no error") {
    if (error.is_null()) return {true, "the run ended without an exception"};
    return {false, "the run raised " + error.at("type").as_string()};
  }
  std::string_view s = c;
  if (take(s, "no allocation after line ")) {
    std::optional<int64_t> line = parse_int(s);
    if (!line) throw std::invalid_argument("");
    const Facts& f = run.the_facts();
    auto first = std::find(f.lines.begin(), f.lines.end(), *line);
    if (first == f.lines.end()) return {false, "line " + std::to_string(*line) + " never ran"};
    const int64_t step = first - f.lines.begin();
    for (const Event& a : f.allocs)
      if (a.step > step) return {false, "line " + std::to_string(a.line) + " allocated " + a.storage};
    return {true, "nothing allocated after line " + std::to_string(*line)};
  }
  if (take(s, "error ")) {
    size_t space = s.find(' ');
    std::string type(s.substr(0, space));
    std::optional<std::string> pattern;
    if (space != std::string_view::npos) {
      std::string_view rest = s.substr(space);
      if (!take(rest, " matching /") || rest.empty() || rest.back() != '/') throw std::invalid_argument("");
      pattern = std::string(rest.substr(0, rest.size() - 1));
    }
    if (!is_name(type) || type.find('.') != std::string::npos) throw std::invalid_argument("");
    if (error.is_null()) return {false, "the run raised no exception"};
    const std::string& have = error.at("type").as_string();
    const std::string message =
        error.find("message") && error.at("message").is_string() ? error.at("message").as_string() : "";
    const bool ok = have == type && (!pattern || pattern_matches(*pattern, message));
    return {ok, "the run raised " + have + ": " + message};
  }
  // NAME ...
  const size_t space = s.find(' ');
  if (space == std::string_view::npos) throw std::invalid_argument("");
  const std::string x(s.substr(0, space));
  if (!is_name(x)) throw std::invalid_argument("");
  s.remove_prefix(space + 1);
  if (s == "is contiguous" || s == "is not contiguous") {
    const bool want = s == "is contiguous";
    const Json* flag = run.need(x).find("contiguous");
    const bool is = flag && flag->is_bool() && flag->as_bool();
    return {is == want, x + " is " + (is ? "" : "not ") + "contiguous"};
  }
  if (s == "has a grad") {
    const Json* g = run.need(x).find("grad");
    const bool has = g && g->is_string();
    return {has, has ? x + ".grad is there" : x + ".grad is None"};
  }
  if (s == "was copied by reshape") {
    const Json* view = run.need(x).find("view");
    const Json* op = view ? view->find("op") : nullptr;
    const std::string name = op && op->is_string() ? op->as_string() : "";
    const Json* broke = view ? view->find("broke_dim") : nullptr;
    const bool copied = (name == "reshape" || name == "flatten") && broke && broke->is_int();
    if (copied) return {true, name + " copied: dimension " + std::to_string(broke->as_int()) + " could not be merged"};
    if (name.empty()) return {false, x + " did not come from reshape"};
    return {false, x + " came from " + name + (broke ? "" : " as a view")};
  }
  bool negated = false;
  if (take(s, "is a view of ") || (negated = take(s, "is not a view of "))) {
    const std::string y(s);
    if (!is_name(y)) throw std::invalid_argument("");
    const Json& tx = run.need(x);
    const Json& ty = run.need(y);
    const std::string& sx = tx.at("storage").as_string();
    const std::string& sy = ty.at("storage").as_string();
    const bool same_tensor = tx.at("id").as_string() == ty.at("id").as_string();
    const std::string why = same_tensor ? x + " and " + y + " are the same tensor"
                            : sx == sy  ? "both on " + sx
                                        : x + " is on " + sx + ", " + y + " on " + sy;
    return {negated ? sx != sy : sx == sy && !same_tensor, why};
  }
  for (const char* what : {"strides", "shape"}) {
    if (take(s, std::string("has ") + what + " ")) {
      std::optional<std::vector<int64_t>> want = parse_tuple(s);
      if (!want) throw std::invalid_argument("");
      const std::vector<int64_t> have = ints_of(run.need(x).at(std::string(what) == "strides" ? "stride" : "shape"));
      return {have == *want, x + " has " + what + " " + tuple_text(have)};
    }
  }
  for (const char* what : {"version", "offset"}) {
    if (take(s, std::string("has ") + what + " ")) {
      std::optional<int64_t> want = parse_int(s);
      if (!want) throw std::invalid_argument("");
      const int64_t have = run.need(x).at(what).as_int();
      return {have == *want, x + " has " + what + " " + std::to_string(have)};
    }
  }
  if (s == "was written through a view") return written_through(run, x, "");
  if (take(s, "was written through ")) {
    std::string_view y = s;
    const std::string_view only = " only";
    if (y.size() <= only.size() || y.substr(y.size() - only.size()) != only) throw std::invalid_argument("");
    y.remove_suffix(only.size());
    if (!is_name(y)) throw std::invalid_argument("");
    return written_through(run, x, std::string(y));
  }
  throw std::invalid_argument("");
}

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

}  // namespace

bool pattern_matches(std::string_view pattern, std::string_view text) {
  if (!pattern.empty() && pattern[0] == '^') return match_here(pattern.substr(1), text);
  for (size_t k = 0; k <= text.size(); ++k)
    if (match_here(pattern, text.substr(k))) return true;
  return false;
}

std::vector<CheckResult> check_run(Session& session, const std::vector<std::string>& checks) {
  Run run(session);
  std::vector<CheckResult> out;
  for (const std::string& line : checks) {
    CheckResult r;
    r.text = trim(line);
    try {
      auto [ok, why] = evaluate(run, r.text);
      r.ok = ok;
      r.why = std::move(why);
    } catch (const std::invalid_argument&) {
      r.why = "the lesson's check \"" + r.text + "\" is not one stridelab knows";
    } catch (const std::exception& e) { r.why = e.what(); }
    out.push_back(std::move(r));
  }
  return out;
}

Json check_results_json(const std::vector<CheckResult>& results) {
  Json a = Json::array();
  for (const CheckResult& r : results) {
    Json o = Json::object();
    o["text"] = r.text;
    o["ok"] = Json(r.ok);
    o["why"] = r.why;
    a.push_back(std::move(o));
  }
  return a;
}

}  // namespace stridelab::trace
