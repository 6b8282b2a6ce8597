// The methods of str, by code point as CPython's str works, with CPython 3.11's argument errors.
#include <algorithm>

#include "python/bigint.h"
#include "python/builtin_types.h"
#include "python/bytes.h"
#include "python/format.h"
#include "python/interp.h"
#include "python/native.h"
#include "python/unicode.h"
#include "support/budget.h"

namespace stridelab::python {

namespace {

const std::string& str_of(Object* o) { return as<StrObject>(o)->value_; }
size_t nargs(const CallArgs& a) { return a.pos.size() - 1; }  // pos[0] is self

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

void no_keywords(const CallArgs& a, const std::string& name) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "str." + name + "() takes no keyword arguments");
}

// The arity checks of CPython's str methods, each in the wording its implementation uses.
void takes_no_args(const CallArgs& a, const std::string& name) {
  no_keywords(a, name);
  if (nargs(a))
    raise(builtin_types().type_error, "str." + name + "() takes no arguments (" + std::to_string(nargs(a)) + " given)");
}

void takes_one_arg(const CallArgs& a, const std::string& name) {
  no_keywords(a, name);
  if (nargs(a) != 1)
    raise(builtin_types().type_error,
          "str." + name + "() takes exactly one argument (" + std::to_string(nargs(a)) + " given)");
}

// find/count/startswith style: "find() takes at least 1 argument (0 given)".
void takes_between(const CallArgs& a, const std::string& name, size_t lo, size_t hi) {
  no_keywords(a, name);
  size_t n = nargs(a);
  if (n < lo)
    raise(builtin_types().type_error,
          name + "() takes at least " + plural(lo, "argument") + " (" + std::to_string(n) + " given)");
  if (n > hi)
    raise(builtin_types().type_error,
          name + "() takes at most " + plural(hi, "argument") + " (" + std::to_string(n) + " given)");
}

// replace/strip/ljust style: "replace expected at least 2 arguments, got 1".
void expects_between(const CallArgs& a, const std::string& name, size_t lo, size_t hi) {
  no_keywords(a, name);
  size_t n = nargs(a);
  if (n < lo)
    raise(builtin_types().type_error,
          name + " expected at least " + plural(lo, "argument") + ", got " + std::to_string(n));
  if (n > hi)
    raise(builtin_types().type_error,
          name + " expected at most " + plural(hi, "argument") + ", got " + std::to_string(n));
}

// The one optional argument of splitlines(keepends)/expandtabs(tabsize), by position or keyword.
Object* optional_arg(const CallArgs& a, const char* method, const std::string& keyword) {
  if (nargs(a) > 1)
    raise(builtin_types().type_error,
          std::string(method) + "() takes at most 1 argument (" + std::to_string(nargs(a)) + " given)");
  Object* v = a.pos.size() > 1 ? a.pos[1].get() : nullptr;
  for (auto& [k, x] : a.kw) {
    if (k != keyword)
      raise(builtin_types().type_error, "'" + k + "' is an invalid keyword argument for " + method + "()");
    v = x.get();
  }
  return v;
}

const std::string& must_be_str(Object* o) {
  if (!is_str(o)) raise(builtin_types().type_error, "must be str, not " + type_name(o));
  return str_of(o);
}

// A string viewed by code point: byte offsets are computed only when it is not ASCII.
struct CpView {
  const std::string& s;
  bool ascii;
  std::vector<size_t> off;
  explicit CpView(const std::string& str) : s(str), ascii(is_ascii(str)) {
    if (!ascii) off = utf8_offsets(str);
  }
  int64_t size() const { return ascii ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(off.size()) - 1; }
  size_t byte(int64_t i) const { return ascii ? static_cast<size_t>(i) : off[static_cast<size_t>(i)]; }
  int64_t index(size_t byte_offset) const {
    return ascii ? static_cast<int64_t>(byte_offset) : static_cast<int64_t>(utf8_index_of_byte(s, byte_offset));
  }
};

// The [start, end) code point range of find/count/startswith, clamped as slice indices are.
struct Range {
  int64_t start, end;
};

int64_t slice_index(Interp& in, Object* o, int64_t dflt) {
  if (!o || o == none()) return dflt;
  if (!is_int(o) && !o->type()->lookup("__index__"))
    raise(builtin_types().type_error, "slice indices must be integers or None or have an __index__ method");
  return to_index(in, o);
}

Range sub_range(Interp& in, CallArgs& a, size_t first, int64_t len) {
  int64_t start = slice_index(in, a.pos.size() > first ? a.pos[first].get() : nullptr, 0);
  int64_t end = slice_index(in, a.pos.size() > first + 1 ? a.pos[first + 1].get() : nullptr, len);
  if (start < 0) start = std::max<int64_t>(0, start + len);
  if (end < 0) end = std::max<int64_t>(0, end + len);
  end = std::min(end, len);
  return {start, end};
}

// ---- searching ----

ObjRef str_find(Interp& in, CallArgs& a, const char* name, bool reverse, bool raise_missing) {
  takes_between(a, name, 1, 3);
  CpView v(str_of(a.pos[0].get()));
  const std::string& sub = must_be_str(a.pos[1].get());
  Range r = sub_range(in, a, 2, v.size());
  int64_t sub_len = static_cast<int64_t>(utf8_length(sub));
  int64_t found = -1;
  if (r.start <= v.size() && r.end - r.start >= sub_len) {
    std::string_view hay(v.s.data() + v.byte(r.start), v.byte(r.end) - v.byte(r.start));
    size_t at = reverse ? hay.rfind(sub) : hay.find(sub);
    if (at != std::string_view::npos) found = v.index(v.byte(r.start) + at);
  }
  if (found < 0 && raise_missing) raise(builtin_types().value_error, "substring not found");
  return make_int(found);
}

ObjRef str_count(Interp& in, CallArgs& a) {
  takes_between(a, "count", 1, 3);
  CpView v(str_of(a.pos[0].get()));
  const std::string& sub = must_be_str(a.pos[1].get());
  Range r = sub_range(in, a, 2, v.size());
  if (r.start > v.size() || r.end < r.start) return make_int(0);
  if (sub.empty()) return make_int(r.end - r.start + 1);
  std::string_view hay(v.s.data() + v.byte(r.start), v.byte(r.end) - v.byte(r.start));
  int64_t n = 0;
  for (size_t i = hay.find(sub); i != std::string_view::npos; i = hay.find(sub, i + sub.size())) ++n;
  return make_int(n);
}

NativeFn affix_method(bool start, const char* name) {
  return [=](Interp& in, CallArgs& a) -> ObjRef {
    takes_between(a, name, 1, 3);
    CpView v(str_of(a.pos[0].get()));
    Range r = sub_range(in, a, 2, v.size());
    auto test = [&](const std::string& x) {
      if (r.start > v.size()) return false;
      if (r.end < r.start) return false;
      std::string_view hay(v.s.data() + v.byte(r.start), v.byte(r.end) - v.byte(r.start));
      if (x.size() > hay.size()) return false;
      return start ? hay.compare(0, x.size(), x) == 0 : hay.compare(hay.size() - x.size(), x.size(), x) == 0;
    };
    Object* arg = a.pos[1].get();
    if (arg->type() == builtin_types().tuple) {
      for (auto& p : as<TupleObject>(arg)->items_) {
        if (!is_str(p.get()))
          raise(builtin_types().type_error,
                std::string("tuple for ") + name + " must only contain str, not " + type_name(p.get()));
        if (test(str_of(p.get()))) return ObjRef(true_obj());
      }
      return ObjRef(false_obj());
    }
    if (!is_str(arg))
      raise(builtin_types().type_error,
            std::string(name) + " first arg must be str or a tuple of str, not " + type_name(arg));
    return ObjRef(bool_obj(test(str_of(arg))));
  };
}

// ---- splitting and joining ----

// Splits on runs of whitespace, at most `maxsplit` times (negative: no limit), from the left or
// the right; the unsplit remainder keeps its inner and far-side whitespace, as CPython's does.
std::vector<ObjRef> split_whitespace(const std::string& s, int64_t maxsplit, bool from_right) {
  std::vector<uint32_t> cps = utf8_decode(s);
  std::vector<ObjRef> out;
  int64_t n = static_cast<int64_t>(cps.size());
  auto piece = [&](int64_t b, int64_t e) {
    return make_str(utf8_encode(std::vector<uint32_t>(cps.begin() + b, cps.begin() + e)));
  };
  if (!from_right) {
    int64_t i = 0;
    while (true) {
      while (i < n && cp_is_space(cps[i])) ++i;
      if (i >= n) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
        out.push_back(piece(i, n));
        break;
      }
      int64_t j = i;
      while (j < n && !cp_is_space(cps[j])) ++j;
      out.push_back(piece(i, j));
      i = j;
    }
    return out;
  }
  int64_t i = n;
  while (true) {
    while (i > 0 && cp_is_space(cps[i - 1])) --i;
    if (i <= 0) break;
    if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
      out.push_back(piece(0, i));
      break;
    }
    int64_t j = i;
    while (j > 0 && !cp_is_space(cps[j - 1])) --j;
    out.push_back(piece(j, i));
    i = j;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<ObjRef> split_on(const std::string& s, const std::string& sep, int64_t maxsplit, bool from_right) {
  std::vector<ObjRef> out;
  if (!from_right) {
    size_t i = 0;
    while (true) {
      size_t j = s.find(sep, i);
      if (j == std::string::npos || (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit)) {
        out.push_back(make_str(s.substr(i)));
        break;
      }
      out.push_back(make_str(s.substr(i, j - i)));
      i = j + sep.size();
    }
    return out;
  }
  size_t end = s.size();
  while (true) {
    size_t j = end >= sep.size() ? s.rfind(sep, end - sep.size()) : std::string::npos;
    if (j == std::string::npos || (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit)) {
      out.push_back(make_str(s.substr(0, end)));
      break;
    }
    out.push_back(make_str(s.substr(j + sep.size(), end - j - sep.size())));
    end = j;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

NativeFn split_method(bool from_right) {
  const char* name = from_right ? "rsplit" : "split";
  return [=](Interp& in, CallArgs& a) -> ObjRef {
    if (nargs(a) > 2)
      raise(builtin_types().type_error,
            std::string(name) + "() takes at most 2 arguments (" + std::to_string(nargs(a)) + " given)");
    Object* sep = a.pos.size() > 1 ? a.pos[1].get() : nullptr;
    Object* max_obj = a.pos.size() > 2 ? a.pos[2].get() : nullptr;
    for (auto& [k, v] : a.kw) {
      Object** slot = k == "sep" ? &sep : k == "maxsplit" ? &max_obj : nullptr;
      if (!slot) raise(builtin_types().type_error, "'" + k + "' is an invalid keyword argument for " + name + "()");
      if (*slot)
        raise(builtin_types().type_error, "argument for " + std::string(name) + "() given by name ('" + k +
                                              "') and position (" + (k == "sep" ? "1" : "2") + ")");
      *slot = v.get();
    }
    int64_t maxsplit = max_obj ? to_index(in, max_obj) : -1;
    const std::string& s = str_of(a.pos[0].get());
    if (!sep || sep == none()) return make_list(split_whitespace(s, maxsplit, from_right));
    if (!is_str(sep)) raise(builtin_types().type_error, "must be str or None, not " + type_name(sep));
    if (str_of(sep).empty()) raise(builtin_types().value_error, "empty separator");
    return make_list(split_on(s, str_of(sep), maxsplit, from_right));
  };
}

bool is_line_break(uint32_t c) {
  return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E || c == 0x85 ||
         c == 0x2028 || c == 0x2029;
}

ObjRef str_splitlines(Interp& in, CallArgs& a) {
  Object* keep_obj = optional_arg(a, "splitlines", "keepends");
  bool keep = keep_obj && truthy(in, keep_obj);
  std::vector<uint32_t> cps = utf8_decode(str_of(a.pos[0].get()));
  std::vector<ObjRef> out;
  size_t i = 0, n = cps.size();
  while (i < n) {
    size_t j = i;
    while (j < n && !is_line_break(cps[j])) ++j;
    size_t eol = j;
    if (j < n) j += (cps[j] == '\r' && j + 1 < n && cps[j + 1] == '\n') ? 2 : 1;
    out.push_back(make_str(utf8_encode(std::vector<uint32_t>(cps.begin() + i, cps.begin() + (keep ? j : eol)))));
    i = j;
  }
  return make_list(std::move(out));
}

ObjRef str_join(Interp& in, CallArgs& a) {
  takes_one_arg(a, "join");
  Object* arg = a.pos[1].get();
  TypeObject* t = arg->type();
  if (t != builtin_types().list && t != builtin_types().tuple && t != builtin_types().str &&
      t != builtin_types().dict && t != builtin_types().range && !t->lookup("__iter__") &&
      !dynamic_cast<IteratorObject*>(arg) && !t->lookup("__getitem__"))
    raise(builtin_types().type_error, "can only join an iterable");
  std::vector<ObjRef> items = to_vector(in, arg);
  std::string out;
  const std::string& sep = str_of(a.pos[0].get());
  for (size_t i = 0; i < items.size(); ++i) {
    if (!is_str(items[i].get()))
      raise(builtin_types().type_error,
            "sequence item " + std::to_string(i) + ": expected str instance, " + type_name(items[i].get()) + " found");
    if (i) out += sep;
    out += str_of(items[i].get());
    support::poll_deadline();
  }
  return make_str(std::move(out));
}

NativeFn partition_method(bool from_right) {
  const char* name = from_right ? "rpartition" : "partition";
  return [=](Interp&, CallArgs& a) -> ObjRef {
    takes_one_arg(a, name);
    const std::string& s = str_of(a.pos[0].get());
    const std::string& sep = must_be_str(a.pos[1].get());
    if (sep.empty()) raise(builtin_types().value_error, "empty separator");
    size_t at = from_right ? s.rfind(sep) : s.find(sep);
    if (at == std::string::npos) {
      if (from_right) return make_tuple({make_str(""), make_str(""), a.pos[0]});
      return make_tuple({a.pos[0], make_str(""), make_str("")});
    }
    return make_tuple({make_str(s.substr(0, at)), a.pos[1], make_str(s.substr(at + sep.size()))});
  };
}

// ---- stripping, padding, replacing ----

NativeFn strip_method(bool left, bool right, const char* name) {
  return [=](Interp&, CallArgs& a) -> ObjRef {
    expects_between(a, name, 0, 1);
    std::vector<uint32_t> cps = utf8_decode(str_of(a.pos[0].get()));
    std::vector<uint32_t> chars;
    bool whitespace = a.pos.size() < 2 || a.pos[1].get() == none();
    if (!whitespace) {
      if (!is_str(a.pos[1].get())) raise(builtin_types().type_error, std::string(name) + " arg must be None or str");
      chars = utf8_decode(str_of(a.pos[1].get()));
    }
    auto strip = [&](uint32_t c) {
      return whitespace ? cp_is_space(c) : std::find(chars.begin(), chars.end(), c) != chars.end();
    };
    size_t b = 0, e = cps.size();
    if (left)
      while (b < e && strip(cps[b])) ++b;
    if (right)
      while (e > b && strip(cps[e - 1])) --e;
    if (b == 0 && e == cps.size()) return a.pos[0];
    return make_str(utf8_encode(std::vector<uint32_t>(cps.begin() + b, cps.begin() + e)));
  };
}

NativeFn justify_method(char align, const char* name) {
  return [=](Interp& in, CallArgs& a) -> ObjRef {
    expects_between(a, name, 1, 2);
    const std::string& s = str_of(a.pos[0].get());
    int64_t width = to_index(in, a.pos[1].get());
    std::string fill = " ";
    if (a.pos.size() > 2) {
      Object* f = a.pos[2].get();
      if (!is_str(f))
        raise(builtin_types().type_error, "The fill character must be a unicode character, not " + type_name(f));
      if (utf8_length(str_of(f)) != 1)
        raise(builtin_types().type_error, "The fill character must be exactly one character long");
      fill = str_of(f);
    }
    int64_t len = static_cast<int64_t>(utf8_length(s));
    if (width <= len) return a.pos[0];
    int64_t pad = width - len;
    if (!support::allocation_fits(static_cast<uint64_t>(pad) * fill.size() + s.size()))
      raise(builtin_types().memory_error, "");
    auto rep = [&](int64_t n) {
      std::string r;
      for (int64_t i = 0; i < n; ++i) r += fill;
      return r;
    };
    if (align == '<') return make_str(s + rep(pad));
    if (align == '>') return make_str(rep(pad) + s);
    int64_t left = pad / 2 + (pad & width & 1);
    return make_str(rep(left) + s + rep(pad - left));
  };
}

ObjRef str_zfill(Interp& in, CallArgs& a) {
  takes_one_arg(a, "zfill");
  std::string s = str_of(a.pos[0].get());
  int64_t w = to_index(in, a.pos[1].get());
  int64_t len = static_cast<int64_t>(utf8_length(s));
  if (len >= w) return a.pos[0];
  if (!support::allocation_fits(static_cast<uint64_t>(w - len) + s.size())) raise(builtin_types().memory_error, "");
  size_t sign = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  s.insert(sign, static_cast<size_t>(w - len), '0');
  return make_str(s);
}

ObjRef str_replace(Interp& in, CallArgs& a) {
  expects_between(a, "replace", 2, 3);
  for (int i = 1; i <= 2; ++i)
    if (!is_str(a.pos[i].get()))
      raise(builtin_types().type_error,
            "replace() argument " + std::to_string(i) + " must be str, not " + type_name(a.pos[i].get()));
  const std::string& s = str_of(a.pos[0].get());
  const std::string& from = str_of(a.pos[1].get());
  const std::string& to = str_of(a.pos[2].get());
  int64_t count = a.pos.size() > 3 ? to_index(in, a.pos[3].get()) : -1;
  std::string out;
  if (from.empty()) {
    std::vector<size_t> off = utf8_offsets(s);
    int64_t n = 0;
    for (size_t k = 0; k + 1 < off.size(); ++k) {
      if (count < 0 || n < count) out += to, ++n;
      out.append(s, off[k], off[k + 1] - off[k]);
    }
    if (count < 0 || n < count) out += to;
    return make_str(std::move(out));
  }
  size_t i = 0;
  int64_t n = 0;
  while (count < 0 || n < count) {
    size_t j = s.find(from, i);
    if (j == std::string::npos) break;
    out.append(s, i, j - i);
    out += to;
    i = j + from.size();
    ++n;
  }
  out.append(s, i, std::string::npos);
  return make_str(std::move(out));
}

NativeFn affix_remove_method(bool prefix) {
  const char* name = prefix ? "removeprefix" : "removesuffix";
  return [=](Interp&, CallArgs& a) -> ObjRef {
    takes_one_arg(a, name);
    if (!is_str(a.pos[1].get()))
      raise(builtin_types().type_error,
            std::string(name) + "() argument must be str, not " + type_name(a.pos[1].get()));
    const std::string& s = str_of(a.pos[0].get());
    const std::string& x = str_of(a.pos[1].get());
    if (x.empty() || x.size() > s.size()) return a.pos[0];
    if (prefix && s.compare(0, x.size(), x) == 0) return make_str(s.substr(x.size()));
    if (!prefix && s.compare(s.size() - x.size(), x.size(), x) == 0) return make_str(s.substr(0, s.size() - x.size()));
    return a.pos[0];
  };
}

ObjRef str_expandtabs(Interp& in, CallArgs& a) {
  Object* size_obj = optional_arg(a, "expandtabs", "tabsize");
  int64_t tab = size_obj ? to_index(in, size_obj) : 8;
  std::string out;
  int64_t col = 0;
  for (uint32_t c : utf8_decode(str_of(a.pos[0].get()))) {
    if (c == '\t') {
      if (tab > 0) {
        int64_t n = tab - col % tab;
        out.append(static_cast<size_t>(n), ' ');
        col += n;
      }
    } else {
      utf8_append(out, c);
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
  }
  return make_str(std::move(out));
}

// ---- case ----

enum class Case { Upper, Lower, Swap, Capitalize, Title, Casefold };

NativeFn case_method(Case mode, const char* name) {
  return [=](Interp&, CallArgs& a) -> ObjRef {
    takes_no_args(a, name);
    std::string out;
    bool prev_cased = false, first = true;
    for (uint32_t c : utf8_decode(str_of(a.pos[0].get()))) {
      bool cased = cp_is_upper(c) || cp_is_lower(c);
      switch (mode) {
        case Case::Upper: cp_append_upper(out, c); break;
        case Case::Lower: cp_append_lower(out, c); break;
        case Case::Casefold: c == 0xDF ? void(out += "ss") : cp_append_lower(out, c); break;
        case Case::Swap:
          if (cp_is_upper(c)) cp_append_lower(out, c);
          else if (cp_is_lower(c)) cp_append_upper(out, c);
          else utf8_append(out, c);
          break;
        case Case::Capitalize: first ? cp_append_upper(out, c) : cp_append_lower(out, c); break;
        case Case::Title: prev_cased ? cp_append_lower(out, c) : cp_append_upper(out, c); break;
      }
      prev_cased = cased;
      first = false;
    }
    return make_str(std::move(out));
  };
}

bool cp_is_alnum(uint32_t c) { return cp_is_alpha(c) || cp_is_numeric(c); }
bool cp_is_ascii(uint32_t c) { return c < 0x80; }

NativeFn predicate_method(bool (*pred)(uint32_t), const char* name) {
  return [=](Interp&, CallArgs& a) -> ObjRef {
    takes_no_args(a, name);
    std::vector<uint32_t> cps = utf8_decode(str_of(a.pos[0].get()));
    if (cps.empty()) return ObjRef(bool_obj(pred == cp_is_printable || pred == cp_is_ascii));
    for (uint32_t c : cps)
      if (!pred(c)) return ObjRef(false_obj());
    return ObjRef(true_obj());
  };
}

// isupper/islower: at least one cased character, and no cased one of the other kind.
NativeFn cased_method(bool upper, const char* name) {
  return [=](Interp&, CallArgs& a) -> ObjRef {
    takes_no_args(a, name);
    bool any = false;
    for (uint32_t c : utf8_decode(str_of(a.pos[0].get()))) {
      if (upper ? cp_is_lower(c) : cp_is_upper(c)) return ObjRef(false_obj());
      any = any || (upper ? cp_is_upper(c) : cp_is_lower(c));
    }
    return ObjRef(bool_obj(any));
  };
}

ObjRef str_istitle(Interp&, CallArgs& a) {
  takes_no_args(a, "istitle");
  bool prev_cased = false, any = false;
  for (uint32_t c : utf8_decode(str_of(a.pos[0].get()))) {
    if (cp_is_upper(c)) {
      if (prev_cased) return ObjRef(false_obj());
      prev_cased = any = true;
    } else if (cp_is_lower(c)) {
      if (!prev_cased) return ObjRef(false_obj());
      prev_cased = any = true;
    } else {
      prev_cased = false;
    }
  }
  return ObjRef(bool_obj(any));
}

ObjRef str_isidentifier(Interp&, CallArgs& a) {
  takes_no_args(a, "isidentifier");
  std::vector<uint32_t> cps = utf8_decode(str_of(a.pos[0].get()));
  if (cps.empty()) return ObjRef(false_obj());
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t c = cps[i];
    bool ok = c == '_' || cp_is_alpha(c) || (i > 0 && cp_is_decimal(c));
    if (!ok) return ObjRef(false_obj());
  }
  return ObjRef(true_obj());
}

// str.maketrans(x, y=None, z=None), a staticmethod: the table str.translate reads.
ObjRef str_maketrans(Interp& in, CallArgs& a) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "str.maketrans() takes no keyword arguments");
  const size_t n = a.pos.size();
  if (n < 1 || n > 3)
    raise(builtin_types().type_error, std::string("maketrans expected at ") +
                                          (n < 1 ? "least 1 argument" : "most 3 arguments") + ", got " +
                                          std::to_string(n));
  Ref<DictObject> table(new DictObject());
  if (n == 1) {
    if (!is_instance(a.pos[0].get(), builtin_types().dict))
      raise(builtin_types().type_error, "if you give only one argument to maketrans it must be a dict");
    for (auto& [k, v] : as<DictObject>(a.pos[0].get())->items()) {
      if (is_str(k.get())) {
        std::vector<uint32_t> cps = utf8_decode(str_of(k.get()));
        if (cps.size() != 1) raise(builtin_types().value_error, "string keys in translate table must be of length 1");
        table->set(in, make_int(cps[0]), v);
      } else if (is_int(k.get())) {
        table->set(in, k, v);
      } else {
        raise(builtin_types().type_error, "keys in translate table must be strings or integers");
      }
    }
    return table;
  }
  if (!is_str(a.pos[0].get()))
    raise(builtin_types().type_error, "maketrans() argument 1 must be str, not " + type_name(a.pos[0].get()));
  for (size_t i = 1; i < n; ++i)
    if (!is_str(a.pos[i].get()))
      raise(builtin_types().type_error,
            "maketrans() argument " + std::to_string(i + 1) + " must be str, not " + type_name(a.pos[i].get()));
  std::vector<uint32_t> from = utf8_decode(str_of(a.pos[0].get())), to = utf8_decode(str_of(a.pos[1].get()));
  if (from.size() != to.size())
    raise(builtin_types().value_error, "the first two maketrans arguments must have equal length");
  for (size_t i = 0; i < from.size(); ++i) table->set(in, make_int(from[i]), make_int(to[i]));
  if (n == 3)
    for (uint32_t c : utf8_decode(str_of(a.pos[2].get()))) table->set(in, make_int(c), ObjRef(none()));
  return table;
}

// s.translate(table): each character looked up as table[ord(c)]; a LookupError keeps it.
ObjRef str_translate(Interp& in, CallArgs& a) {
  if (a.pos.size() != 2 || !a.kw.empty())
    raise(builtin_types().type_error,
          "str.translate() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
  Object* table = a.pos[1].get();
  std::vector<uint32_t> out;
  for (uint32_t c : utf8_decode(str_of(a.pos[0].get()))) {
    ObjRef key = make_int(c), v;
    try {
      v = get_item(in, table, key.get());
    } catch (const PyError& e) {
      if (!is_instance(e.exc.get(), builtin_types().lookup_error)) throw;
      out.push_back(c);
      continue;
    }
    if (v.get() == none()) continue;
    if (is_instance(v.get(), builtin_types().int_)) {
      int64_t x = is_int(v.get()) ? as<IntObject>(v.get())->value_ : -1;
      if (is_big_candidate(v.get()) || x < 0 || x >= 0x110000)
        raise(builtin_types().value_error, "character mapping must be in range(0x110000)");
      out.push_back(static_cast<uint32_t>(x));
    } else if (is_instance(v.get(), builtin_types().str)) {
      for (uint32_t d : utf8_decode(str_of(v.get()))) out.push_back(d);
    } else {
      raise(builtin_types().type_error, "character mapping must return integer, None or str");
    }
    support::poll_deadline();
  }
  return make_str(utf8_encode(out));
}

}  // namespace

void install_str_methods() {
  TypeObject* t = builtin_types().str;
  auto add = [&](const char* name, NativeFn fn) {
    std::string method = name;
    t->dict_.set(method, make_function(method, [method, fn = std::move(fn)](Interp& in, CallArgs& a) -> ObjRef {
                   if (a.pos.empty())
                     raise(builtin_types().type_error, "unbound method str." + method + "() needs an argument");
                   if (!is_instance(a.pos[0].get(), builtin_types().str))
                     raise(builtin_types().type_error, "descriptor '" + method +
                                                           "' for 'str' objects doesn't apply to a '" +
                                                           type_name(a.pos[0].get()) + "' object");
                   return fn(in, a);
                 }));
  };
  add("join", str_join);
  add("split", split_method(false));
  add("rsplit", split_method(true));
  add("splitlines", str_splitlines);
  add("partition", partition_method(false));
  add("rpartition", partition_method(true));
  add("strip", strip_method(true, true, "strip"));
  add("lstrip", strip_method(true, false, "lstrip"));
  add("rstrip", strip_method(false, true, "rstrip"));
  add("upper", case_method(Case::Upper, "upper"));
  add("lower", case_method(Case::Lower, "lower"));
  add("casefold", case_method(Case::Casefold, "casefold"));
  add("swapcase", case_method(Case::Swap, "swapcase"));
  add("capitalize", case_method(Case::Capitalize, "capitalize"));
  add("title", case_method(Case::Title, "title"));
  add("replace", str_replace);
  add("removeprefix", affix_remove_method(true));
  add("removesuffix", affix_remove_method(false));
  add("startswith", affix_method(true, "startswith"));
  add("endswith", affix_method(false, "endswith"));
  add("ljust", justify_method('<', "ljust"));
  add("rjust", justify_method('>', "rjust"));
  add("center", justify_method('^', "center"));
  add("zfill", str_zfill);
  add("expandtabs", str_expandtabs);
  add("isdigit", predicate_method(cp_is_digit, "isdigit"));
  add("isdecimal", predicate_method(cp_is_decimal, "isdecimal"));
  add("isnumeric", predicate_method(cp_is_numeric, "isnumeric"));
  add("isalpha", predicate_method(cp_is_alpha, "isalpha"));
  add("isalnum", predicate_method(cp_is_alnum, "isalnum"));
  add("isspace", predicate_method(cp_is_space, "isspace"));
  add("isascii", predicate_method(cp_is_ascii, "isascii"));
  add("isprintable", predicate_method(cp_is_printable, "isprintable"));
  add("isupper", cased_method(true, "isupper"));
  add("islower", cased_method(false, "islower"));
  add("istitle", str_istitle);
  add("isidentifier", str_isidentifier);
  add("find", [](Interp& in, CallArgs& a) { return str_find(in, a, "find", false, false); });
  add("rfind", [](Interp& in, CallArgs& a) { return str_find(in, a, "rfind", true, false); });
  add("index", [](Interp& in, CallArgs& a) { return str_find(in, a, "index", false, true); });
  add("rindex", [](Interp& in, CallArgs& a) { return str_find(in, a, "rindex", true, true); });
  add("count", str_count);
  add("translate", str_translate);
  add("encode", str_encode);
  t->dict_.set("maketrans", make_method_wrapper(make_function("maketrans", str_maketrans), false));
  add("format", [](Interp& in, CallArgs& a) { return make_str(str_format(in, str_of(a.pos[0].get()), a, 1)); });
  add("format_map", [](Interp& in, CallArgs& a) -> ObjRef {  // the mapping's str keys as keywords
    if (a.pos.size() != 2 || !a.kw.empty())
      raise(builtin_types().type_error,
            "format_map() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
    if (a.pos[1]->type() != builtin_types().dict)
      raise(builtin_types().not_implemented_error,
            "format_map() of a " + type_name(a.pos[1].get()) + " is not supported by stridelab (only of a dict)");
    CallArgs args;
    args.pos = {a.pos[0]};
    for (auto& [k, v] : as<DictObject>(a.pos[1].get())->items())
      if (is_str(k.get())) args.kw.emplace_back(as<StrObject>(k.get())->value_, v);
    return make_str(str_format(in, str_of(a.pos[0].get()), args, 1));
  });
}

}  // namespace stridelab::python
