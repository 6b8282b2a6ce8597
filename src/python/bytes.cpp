// bytes, bytearray and memoryview, the utf-8, ascii and latin-1 codecs, the Unicode errors,
// int.to_bytes and int.from_bytes.
//
// NOTE [bytes and bytearray]
// Both are one BytesObject (the bytes in a std::string) under two native types; bytearray is the
// mutable one (append, extend, pop, item and slice assignment, del, +=) and unhashable. Everything
// the protocol does with them goes through their dunder methods (len, indexing and slicing,
// iteration, `in`, `+`, `*`, `%`, comparisons, hash, repr), with CPython's messages. `%` is
// CPython's bytes formatting (PEP 461), which hands each numeric conversion to str's. A memoryview
// (format 'B', one dimension) reads its object's bytes at each access and, until released, keeps
// a bytearray from changing size (BytesObject::exports_, CPython's BufferError). str.encode and bytes.decode know
// the codecs course code names (utf-8, ascii, latin-1, under their aliases) with the error
// handlers strict, ignore and replace; another codec CPython has raises NotImplementedError, an
// unknown one CPython's LookupError. A UnicodeDecodeError or UnicodeEncodeError carries its message
// as its only argument (CPython's carries the codec, the object, the positions and the reason).
#include "python/bytes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>

#include "python/bigint.h"
#include "python/builtin_types.h"
#include "python/format.h"
#include "python/native.h"
#include "python/unicode.h"
#include "support/budget.h"

namespace stridelab::python {

namespace {

std::string bytes_percent_format(Interp& in, const std::string& fmt, Object* args);
TypeObject* memoryview_type();
bool view_bytes(Object* o, std::string& out);

TypeObject* buffer_error_type() {
  static TypeObject* t = [] {
    auto* e = new TypeObject("BufferError", builtin_types().exception);
    e->incref();
    e->set_type(builtin_types().type);
    return e;
  }();
  return t;
}

// A bytearray that a memoryview exports cannot change its size (CPython's BufferError).
void check_resizable(BytesObject* b) {
  if (b->exports_ > 0) raise(buffer_error_type(), "Existing exports of data: object cannot be re-sized");
}

TypeObject* unicode_error_type(int which) {  // 0 UnicodeError, 1 UnicodeDecodeError, 2 UnicodeEncodeError
  static TypeObject* types[3] = {};
  if (!types[0]) {
    const char* names[3] = {"UnicodeError", "UnicodeDecodeError", "UnicodeEncodeError"};
    for (int i = 0; i < 3; ++i) {
      auto* t = new TypeObject(names[i], i == 0 ? builtin_types().value_error : types[0]);
      t->incref();
      t->set_type(builtin_types().type);
      types[i] = t;
    }
  }
  return types[which];
}

[[noreturn]] void raise_unicode(int which, const std::string& message) {
  throw PyError{new_exception(unicode_error_type(which), {make_str(message)})};
}

BytesObject* self_bytes(CallArgs& a) { return as<BytesObject>(a.pos[0].get()); }
const std::string& bytes_of(Object* o) { return as<BytesObject>(o)->value_; }
bool is_bytearray(const Object* o) { return is_instance(o, bytearray_type()); }

// A result of the receiver's kind: bytearray for a bytearray, else bytes.
ObjRef same_kind(Object* self, std::string v) {
  if (is_bytearray(self)) return ObjRef(new BytesObject(bytearray_type(), std::move(v)));
  return make_bytes(std::move(v));
}

void check_size(uint64_t n) {
  if (!support::allocation_fits(n)) raise(builtin_types().memory_error, "");
}

// The byte value of an int argument, with CPython's range error.
unsigned char byte_value(Interp& in, Object* o) {
  int64_t v = to_index(in, o);
  if (v < 0 || v > 255) raise(builtin_types().value_error, "byte must be in range(0, 256)");
  return static_cast<unsigned char>(v);
}

// The bytes of any object with the buffer protocol: bytes, bytearray or a memoryview.
bool buffer_bytes(Object* o, std::string& out) {
  if (!is_bytes_like(o)) return view_bytes(o, out);
  out = bytes_of(o);
  return true;
}

// The bytes of a bytes-like argument, or CPython's "a bytes-like object is required".
std::string bytes_arg(Object* o) {
  std::string out;
  if (!buffer_bytes(o, out))
    raise(builtin_types().type_error, "a bytes-like object is required, not '" + type_name(o) + "'");
  return out;
}

// The sub-sequence that count/find/index look for: bytes-like or an int.
std::string needle_arg(Interp& in, Object* o) {
  if (std::string out; buffer_bytes(o, out)) return out;
  if (is_instance(o, builtin_types().int_)) return std::string(1, static_cast<char>(byte_value(in, o)));
  raise(builtin_types().type_error, "argument should be integer or bytes-like object, not '" + type_name(o) + "'");
}

// ---- codecs ----

enum class Codec { Utf8, Ascii, Latin1 };
enum class OnError { Strict, Ignore, Replace, Unknown };

Codec codec_named(const std::string& name) {
  std::string n;
  for (char c : name) n += c == '_' || c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (n == "utf-8" || n == "utf8" || n == "u8" || n == "utf") return Codec::Utf8;
  if (n == "ascii" || n == "us-ascii" || n == "646") return Codec::Ascii;
  if (n == "latin-1" || n == "latin1" || n == "latin" || n == "iso-8859-1" || n == "iso8859-1" || n == "l1")
    return Codec::Latin1;
  for (const char* other : {"utf-16", "utf-32", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-8-sig",
                            "cp1252", "windows-1252", "cp437", "iso-8859-15", "shift-jis", "gbk", "big5", "euc-jp"})
    if (n == other)
      raise(builtin_types().not_implemented_error, "stridelab does not support the " + name + " codec yet");
  raise(builtin_types().lookup_error, "unknown encoding: " + name);
}

const char* codec_name(Codec c) { return c == Codec::Utf8 ? "utf-8" : c == Codec::Ascii ? "ascii" : "latin-1"; }

OnError handler_named(const std::string& name) {
  if (name == "strict") return OnError::Strict;
  if (name == "ignore") return OnError::Ignore;
  if (name == "replace") return OnError::Replace;
  return OnError::Unknown;  // CPython looks the name up only when an error happens
}

[[noreturn]] void unknown_handler(const std::string& name) {
  raise(builtin_types().lookup_error, "unknown error handler name '" + name + "'");
}

std::string hex2(unsigned v) {
  const char* d = "0123456789abcdef";
  return std::string{d[(v >> 4) & 15], d[v & 15]};
}

// "byte 0xe2 in position 1" or "bytes in position 0-1".
std::string decode_where(const std::string& s, size_t start, size_t n) {
  if (n == 1) return "byte 0x" + hex2(static_cast<unsigned char>(s[start])) + " in position " + std::to_string(start);
  return "bytes in position " + std::to_string(start) + "-" + std::to_string(start + n - 1);
}

std::string decode(const std::string& s, Codec codec, const std::string& errors) {
  OnError on = handler_named(errors);
  std::vector<uint32_t> out;
  out.reserve(s.size());
  auto fail = [&](size_t start, size_t n, const char* reason) {
    if (on == OnError::Unknown) unknown_handler(errors);
    if (on == OnError::Strict)
      raise_unicode(1, std::string("'") + codec_name(codec) + "' codec can't decode " + decode_where(s, start, n) +
                           ": " + reason);
    if (on == OnError::Replace) out.push_back(0xFFFD);
  };
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (codec == Codec::Latin1 || c < 0x80) {
      out.push_back(c);
      ++i;
      continue;
    }
    if (codec == Codec::Ascii) {
      fail(i, 1, "ordinal not in range(128)");
      ++i;
      continue;
    }
    // utf-8: the sequence's length and the range of its second byte
    size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    if (len == 0) {
      fail(i, 1, "invalid start byte");
      ++i;
      continue;
    }
    size_t k = 1;  // the bytes of the sequence that are right so far
    for (; k < len && i + k < s.size(); ++k) {
      auto d = static_cast<unsigned char>(s[i + k]);
      unsigned l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
      if (d < l || d > h) break;
    }
    if (k < len) {
      fail(i, k, i + k >= s.size() ? "unexpected end of data" : "invalid continuation byte");
      i += k;
      continue;
    }
    uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (size_t j = 1; j < len; ++j) cp = (cp << 6) | (static_cast<unsigned char>(s[i + j]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return utf8_encode(out);
}

std::string char_escape(uint32_t c) {
  char buf[16];
  if (c < 0x100) std::snprintf(buf, sizeof buf, "\\x%02x", c);
  else if (c < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", c);
  else std::snprintf(buf, sizeof buf, "\\U%08x", c);
  return buf;
}

std::string encode(const std::string& text, Codec codec, const std::string& errors) {
  if (codec == Codec::Utf8) return text;
  OnError on = handler_named(errors);
  const uint32_t limit = codec == Codec::Ascii ? 128 : 256;
  std::vector<uint32_t> cps = utf8_decode(text);
  std::string out;
  for (size_t i = 0; i < cps.size();) {
    if (cps[i] < limit) {
      out += static_cast<char>(cps[i++]);
      continue;
    }
    size_t j = i;
    while (j < cps.size() && cps[j] >= limit) ++j;
    if (on == OnError::Unknown) unknown_handler(errors);
    if (on == OnError::Strict) {
      std::string where = j - i == 1 ? "character '" + char_escape(cps[i]) + "' in position " + std::to_string(i)
                                     : "characters in position " + std::to_string(i) + "-" + std::to_string(j - 1);
      raise_unicode(2, std::string("'") + codec_name(codec) + "' codec can't encode " + where +
                           ": ordinal not in range(" + std::to_string(limit) + ")");
    }
    if (on == OnError::Replace) out.append(j - i, '?');
    i = j;
  }
  return out;
}

// The (encoding, errors) arguments of decode/encode, by position or keyword.
void codec_args(CallArgs& a, const char* method, std::string& encoding, std::string& errors) {
  ArgParser p(a, method, {"self", "encoding=", "errors="});
  for (size_t i = 1; i <= 2; ++i) {
    Object* v = p.get(i);
    if (!v) continue;
    if (!is_str(v))
      raise(builtin_types().type_error, std::string(method) + "() argument '" + (i == 1 ? "encoding" : "errors") +
                                            "' must be str, not " + type_name(v));
    (i == 1 ? encoding : errors) = as<StrObject>(v)->value_;
  }
}

// bytes(...) and bytearray(...): from nothing, a count, a bytes-like object, an iterable of ints,
// or a str with an encoding.
std::string bytes_from_args(Interp& in, CallArgs& a, const char* kind) {
  ArgParser p(a, kind, {"source=", "encoding=", "errors="});
  Object* src = p.get(0);
  if (p.has(1) || p.has(2)) {
    if (!src || !is_instance(src, builtin_types().str))
      raise(builtin_types().type_error, "encoding without a string argument");
    if (p.has(1) && !is_str(p.get(1)))
      raise(builtin_types().type_error,
            std::string(kind) + "() argument 'encoding' must be str, not " + type_name(p.get(1)));
    if (p.has(2) && !is_str(p.get(2)))
      raise(builtin_types().type_error,
            std::string(kind) + "() argument 'errors' must be str, not " + type_name(p.get(2)));
    std::string enc = p.has(1) ? as<StrObject>(p.get(1))->value_ : "utf-8";
    std::string err = p.has(2) ? as<StrObject>(p.get(2))->value_ : "strict";
    return encode(as<StrObject>(src)->value_, codec_named(enc), err);
  }
  if (!src) return "";
  if (is_instance(src, builtin_types().str)) raise(builtin_types().type_error, "string argument without an encoding");
  if (std::string buffer; buffer_bytes(src, buffer)) return buffer;
  if (is_instance(src, builtin_types().int_) || src->type()->lookup("__index__")) {
    int64_t n = to_index(in, src);
    if (n < 0) raise(builtin_types().value_error, "negative count");
    check_size(static_cast<uint64_t>(n));
    return std::string(static_cast<size_t>(n), '\0');
  }
  Ref<IteratorObject> it;
  try {
    it = get_iter(in, src);
  } catch (const PyError& e) {
    if (!is_instance(e.exc.get(), builtin_types().type_error)) throw;
    raise(builtin_types().type_error, "cannot convert '" + type_name(src) + "' object to " + kind);
  }
  std::string out;
  while (ObjRef x = it->next(in)) {
    int64_t v = to_index(in, x.get());
    if (v < 0 || v > 255)
      raise(builtin_types().value_error,
            std::string(kind) == "bytes" ? "bytes must be in range(0, 256)" : "byte must be in range(0, 256)");
    check_size(out.size() + 1);
    out += static_cast<char>(v);
  }
  return out;
}

class BytesIterator : public IteratorObject {
 public:
  explicit BytesIterator(Ref<BytesObject> b) : IteratorObject(iterator_type()), bytes_(std::move(b)) {}
  ObjRef next(Interp&) override {
    if (!bytes_) return nullptr;
    if (pos_ >= bytes_->value_.size()) {
      bytes_.reset();
      return nullptr;
    }
    return make_int(static_cast<unsigned char>(bytes_->value_[pos_++]));
  }
  static TypeObject* iterator_type() {
    static TypeObject* t = NativeType("bytes_iterator", "builtins").build();
    return t;
  }
  Ref<BytesObject> bytes_;
  size_t pos_ = 0;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<ObjRef> split_bytes(Object* self, Object* sep_arg, int64_t maxsplit) {
  const std::string& s = bytes_of(self);
  std::vector<ObjRef> parts;
  if (!sep_arg || sep_arg == none()) {
    size_t i = 0;
    while (true) {
      while (i < s.size() && is_space(s[i])) ++i;
      if (i >= s.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit) {
        size_t end = s.size();
        while (end > i && is_space(s[end - 1])) --end;
        parts.push_back(same_kind(self, s.substr(i, end - i)));
        break;
      }
      size_t j = i;
      while (j < s.size() && !is_space(s[j])) ++j;
      parts.push_back(same_kind(self, s.substr(i, j - i)));
      i = j;
    }
    return parts;
  }
  const std::string& sep = bytes_arg(sep_arg);
  if (sep.empty()) raise(builtin_types().value_error, "empty separator");
  size_t i = 0;
  while (true) {
    size_t j = maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit ? std::string::npos : s.find(sep, i);
    if (j == std::string::npos) {
      parts.push_back(same_kind(self, s.substr(i)));
      break;
    }
    parts.push_back(same_kind(self, s.substr(i, j - i)));
    i = j + sep.size();
  }
  return parts;
}

ObjRef strip_bytes(Object* self, Object* chars, bool left, bool right) {
  const std::string& s = bytes_of(self);
  std::string set = !chars || chars == none() ? std::string(" \t\n\r\v\f") : bytes_arg(chars);
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && set.find(s[b]) != std::string::npos) ++b;
  if (right)
    while (e > b && set.find(s[e - 1]) != std::string::npos) --e;
  return same_kind(self, s.substr(b, e - b));
}

// find/index/count's optional start and end, as slice bounds over the receiver.
// True when the start lies past the end (nothing is found there, not even b"").
bool find_bounds(Interp& in, CallArgs& a, size_t first, size_t size, size_t& b, size_t& e) {
  bool past_end = false;
  auto bound = [&](size_t i, size_t dflt) -> size_t {
    if (a.pos.size() <= i || a.pos[i].get() == none()) return dflt;
    int64_t v = to_index(in, a.pos[i].get());
    if (v < 0) v += static_cast<int64_t>(size);
    if (i == first && v > static_cast<int64_t>(size)) past_end = true;
    return static_cast<size_t>(std::clamp<int64_t>(v, 0, static_cast<int64_t>(size)));
  };
  b = bound(first, 0);
  e = bound(first + 1, size);
  return past_end;
}

void expect_range(CallArgs& a, const char* name, size_t lo, size_t hi) {
  size_t n = a.pos.size() - 1;
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
  if (n < lo)
    raise(builtin_types().type_error,
          lo == hi ? std::string(name) + "() takes exactly one argument (" + std::to_string(n) + " given)"
                   : std::string(name) + " expected at least " + std::to_string(lo) + " argument" +
                         (lo == 1 ? "" : "s") + ", got " + std::to_string(n));
  if (n > hi)
    raise(builtin_types().type_error,
          hi == 0 ? std::string(name) + "() takes no arguments (" + std::to_string(n) + " given)"
          : lo == hi
              ? std::string(name) + "() takes exactly one argument (" + std::to_string(n) + " given)"
              : std::string(name) + " expected at most " + std::to_string(hi) + " arguments, got " + std::to_string(n));
}

ObjRef compare_bytes(CallArgs& a, int op) {  // op: 0 ==, 1 !=, 2 <, 3 <=, 4 >, 5 >=
  Object* other = a.pos[1].get();
  if (!is_bytes_like(other)) return ObjRef(not_implemented());
  int c = bytes_of(a.pos[0].get()).compare(bytes_of(other));
  bool r = op == 0 ? c == 0 : op == 1 ? c != 0 : op == 2 ? c < 0 : op == 3 ? c <= 0 : op == 4 ? c > 0 : c >= 0;
  return ObjRef(bool_obj(r));
}

void install_common(NativeType& t, bool mutable_kind) {
  const char* kind = mutable_kind ? "bytearray" : "bytes";
  t.method("__repr__", [mutable_kind](Interp&, CallArgs& a) -> ObjRef {
    std::string r = bytes_repr(self_bytes(a)->value_);
    return make_str(mutable_kind ? "bytearray(" + r + ")" : r);
  });
  t.method("__len__",
           [](Interp&, CallArgs& a) -> ObjRef { return make_int(static_cast<int64_t>(self_bytes(a)->value_.size())); });
  t.method("__iter__",
           [](Interp&, CallArgs& a) -> ObjRef { return ObjRef(new BytesIterator(Ref<BytesObject>(self_bytes(a)))); });
  t.method("__getitem__", [mutable_kind](Interp& in, CallArgs& a) -> ObjRef {
    const std::string& s = self_bytes(a)->value_;
    Object* key = a.pos[1].get();
    if (key->type() == builtin_types().slice) {
      SliceBounds b = slice_bounds(in, *as<SliceObject>(key), static_cast<int64_t>(s.size()));
      std::string out;
      for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) out += s[static_cast<size_t>(k)];
      return same_kind(a.pos[0].get(), std::move(out));
    }
    if (!is_instance(key, builtin_types().int_) && !key->type()->lookup("__index__"))
      raise(builtin_types().type_error, std::string(mutable_kind ? "bytearray" : "byte") +
                                            " indices must be integers or slices, not " + type_name(key));
    if (is_int(key) && is_big_candidate(key))
      raise(builtin_types().index_error, "cannot fit 'int' into an index-sized integer");
    int64_t i = normalize_index(to_index(in, key), static_cast<int64_t>(s.size()),
                                mutable_kind ? "bytearray index out of range" : "index out of range");
    return make_int(static_cast<unsigned char>(s[static_cast<size_t>(i)]));
  });
  t.method("__contains__", [](Interp& in, CallArgs& a) -> ObjRef {
    Object* x = a.pos[1].get();
    const std::string& s = self_bytes(a)->value_;
    if (is_instance(x, builtin_types().int_))
      return ObjRef(bool_obj(s.find(static_cast<char>(byte_value(in, x))) != std::string::npos));
    return ObjRef(bool_obj(s.find(bytes_arg(x)) != std::string::npos));
  });
  t.method("__add__", [](Interp&, CallArgs& a) -> ObjRef {
    Object* other = a.pos[1].get();
    std::string more;
    if (!buffer_bytes(other, more)) {
      if (other->type()->is_user_ && other->type()->lookup("__radd__")) return ObjRef(not_implemented());
      raise(builtin_types().type_error, "can't concat " + type_name(other) + " to " + type_name(a.pos[0].get()));
    }
    check_size(self_bytes(a)->value_.size() + more.size());
    return same_kind(a.pos[0].get(), self_bytes(a)->value_ + more);
  });
  auto repeat = [](Interp& in, CallArgs& a) -> ObjRef {
    Object* n = a.pos[1].get();
    if (!is_instance(n, builtin_types().int_) && !n->type()->lookup("__index__")) {
      if (n->type()->is_user_ && n->type()->lookup("__rmul__")) return ObjRef(not_implemented());
      raise(builtin_types().type_error, "can't multiply sequence by non-int of type '" + type_name(n) + "'");
    }
    int64_t k = std::max<int64_t>(0, to_index(in, n));
    const std::string& s = self_bytes(a)->value_;
    if (!s.empty() && static_cast<uint64_t>(k) > support::allocation_limit() / s.size())
      raise(builtin_types().memory_error, "");
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(k));
    for (int64_t i = 0; i < k; ++i) out += s;
    return same_kind(a.pos[0].get(), std::move(out));
  };
  t.method("__mod__", [](Interp& in, CallArgs& a) -> ObjRef {
    return same_kind(a.pos[0].get(), bytes_percent_format(in, self_bytes(a)->value_, a.pos[1].get()));
  });
  t.method("__mul__", repeat);
  t.method("__rmul__", repeat);
  const char* cmp[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
  for (int op = 0; op < 6; ++op) t.method(cmp[op], [op](Interp&, CallArgs& a) { return compare_bytes(a, op); });
  t.method("decode", [](Interp&, CallArgs& a) -> ObjRef {
    std::string encoding = "utf-8", errors = "strict";
    codec_args(a, "decode", encoding, errors);
    return make_str(decode(self_bytes(a)->value_, codec_named(encoding), errors));
  });
  t.method("hex", [](Interp&, CallArgs& a) -> ObjRef {
    expect_range(a, "hex", 0, 0);
    std::string out;
    for (char c : self_bytes(a)->value_) out += hex2(static_cast<unsigned char>(c));
    return make_str(out);
  });
  auto finder = [](const char* name, bool reverse, bool index) {
    return [=](Interp& in, CallArgs& a) -> ObjRef {
      expect_range(a, name, 1, 3);
      const std::string& s = self_bytes(a)->value_;
      std::string needle = needle_arg(in, a.pos[1].get());
      size_t b, e;
      bool past_end = find_bounds(in, a, 2, s.size(), b, e);
      size_t at = std::string::npos;
      if (!past_end && b <= e && e - b >= needle.size()) {
        std::string_view part(s.data() + b, e - b);
        size_t r = reverse ? part.rfind(needle) : part.find(needle);
        if (r != std::string_view::npos) at = b + r;
      }
      if (at == std::string::npos) {
        if (index) raise(builtin_types().value_error, "subsection not found");
        return make_int(-1);
      }
      return make_int(static_cast<int64_t>(at));
    };
  };
  t.method("find", finder("find", false, false));
  t.method("rfind", finder("rfind", true, false));
  t.method("index", finder("index", false, true));
  t.method("rindex", finder("rindex", true, true));
  t.method("count", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_range(a, "count", 1, 3);
    const std::string& s = self_bytes(a)->value_;
    std::string needle = needle_arg(in, a.pos[1].get());
    size_t b, e;
    if (find_bounds(in, a, 2, s.size(), b, e) || b > e) return make_int(0);
    std::string_view part(s.data() + b, e - b);
    if (needle.empty()) return make_int(static_cast<int64_t>(part.size() + 1));
    int64_t n = 0;
    for (size_t i = part.find(needle); i != std::string_view::npos; i = part.find(needle, i + needle.size())) ++n;
    return make_int(n);
  });
  auto affix = [](const char* name, bool start) {
    return [=](Interp& in, CallArgs& a) -> ObjRef {
      expect_range(a, name, 1, 3);
      const std::string& s = self_bytes(a)->value_;
      Object* arg = a.pos[1].get();
      std::vector<Object*> options;
      if (arg->type() == builtin_types().tuple) {
        for (auto& x : as<TupleObject>(arg)->items_) options.push_back(x.get());
      } else {
        options.push_back(arg);
      }
      size_t b, e;
      const bool past_end = find_bounds(in, a, 2, s.size(), b, e);
      for (Object* o : options) {
        std::string x;
        if (!buffer_bytes(o, x))
          raise(builtin_types().type_error,
                std::string(name) + " first arg must be bytes or a tuple of bytes, not " + type_name(o));
        if (past_end || b > e || e - b < x.size()) continue;
        if (s.compare(start ? b : e - x.size(), x.size(), x) == 0) return ObjRef(true_obj());
      }
      return ObjRef(false_obj());
    };
  };
  t.method("startswith", affix("startswith", true));
  t.method("endswith", affix("endswith", false));
  t.method("join", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_range(a, "join", 1, 1);
    std::vector<ObjRef> items = to_vector(in, a.pos[1].get());
    std::string out;
    const std::string& sep = self_bytes(a)->value_;
    std::string item;
    for (size_t i = 0; i < items.size(); ++i) {
      if (!buffer_bytes(items[i].get(), item))
        raise(builtin_types().type_error, "sequence item " + std::to_string(i) + ": expected a bytes-like object, " +
                                              type_name(items[i].get()) + " found");
      if (i) out += sep;
      out += item;
      check_size(out.size());
    }
    return same_kind(a.pos[0].get(), std::move(out));
  });
  t.method("split", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "split", {"self", "sep=", "maxsplit="});
    int64_t maxsplit = p.has(2) ? to_index(in, p.get(2)) : -1;
    return make_list(split_bytes(p.get(0), p.get(1), maxsplit));
  });
  t.method("strip", [](Interp&, CallArgs& a) -> ObjRef {
    expect_range(a, "strip", 0, 1);
    return strip_bytes(a.pos[0].get(), a.pos.size() > 1 ? a.pos[1].get() : nullptr, true, true);
  });
  t.method("lstrip", [](Interp&, CallArgs& a) -> ObjRef {
    expect_range(a, "lstrip", 0, 1);
    return strip_bytes(a.pos[0].get(), a.pos.size() > 1 ? a.pos[1].get() : nullptr, true, false);
  });
  t.method("rstrip", [](Interp&, CallArgs& a) -> ObjRef {
    expect_range(a, "rstrip", 0, 1);
    return strip_bytes(a.pos[0].get(), a.pos.size() > 1 ? a.pos[1].get() : nullptr, false, true);
  });
  t.method("replace", [](Interp& in, CallArgs& a) -> ObjRef {
    expect_range(a, "replace", 2, 3);
    const std::string& s = self_bytes(a)->value_;
    const std::string& from = bytes_arg(a.pos[1].get());
    const std::string& to = bytes_arg(a.pos[2].get());
    int64_t count = a.pos.size() > 3 ? to_index(in, a.pos[3].get()) : -1;
    std::string out;
    size_t i = 0;
    for (int64_t done = 0; count < 0 || done < count; ++done) {
      size_t j = from.empty() ? (i <= s.size() ? i : std::string::npos) : s.find(from, i);
      if (j == std::string::npos) break;
      out.append(s, i, j - i);
      out += to;
      check_size(out.size());
      if (from.empty()) {
        if (j < s.size()) out += s[j];
        i = j + 1;
      } else {
        i = j + from.size();
      }
    }
    if (i < s.size()) out.append(s, i, std::string::npos);
    return same_kind(a.pos[0].get(), std::move(out));
  });
  auto mapper = [](const char* name, int (*f)(int)) {
    return [=](Interp&, CallArgs& a) -> ObjRef {
      expect_range(a, name, 0, 0);
      std::string out = self_bytes(a)->value_;
      for (char& c : out) c = static_cast<char>(f(static_cast<unsigned char>(c)));
      return same_kind(a.pos[0].get(), std::move(out));
    };
  };
  t.method("upper", mapper("upper", [](int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }));
  t.method("lower", mapper("lower", [](int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }));
  auto predicate = [](const char* name, bool (*f)(int)) {
    return [=](Interp&, CallArgs& a) -> ObjRef {
      expect_range(a, name, 0, 0);
      const std::string& s = self_bytes(a)->value_;
      if (s.empty()) return ObjRef(false_obj());
      for (char c : s)
        if (!f(static_cast<unsigned char>(c))) return ObjRef(false_obj());
      return ObjRef(true_obj());
    };
  };
  t.method("isdigit", predicate("isdigit", [](int c) { return c >= '0' && c <= '9'; }));
  t.method("isalpha", predicate("isalpha", [](int c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }));
  t.method("isspace", predicate("isspace", [](int c) { return is_space(static_cast<char>(c)); }));
  t.attr("fromhex",
         make_method_wrapper(
             make_function(
                 "fromhex",
                 [kind](Interp& in, CallArgs& a) -> ObjRef {
                   if (a.pos.size() != 2 || !a.kw.empty())
                     raise(builtin_types().type_error,
                           "fromhex() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
                   Object* arg = a.pos[1].get();
                   if (!is_str(arg))
                     raise(builtin_types().type_error, "fromhex() argument must be str, not " + type_name(arg));
                   const std::string& s = as<StrObject>(arg)->value_;
                   std::string out;
                   auto digit = [](char c) {
                     return std::isxdigit(static_cast<unsigned char>(c))
                                ? (std::isdigit(static_cast<unsigned char>(c))
                                       ? c - '0'
                                       : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10)
                                : -1;
                   };
                   for (size_t i = 0; i < s.size();) {
                     if (s[i] == ' ') {
                       ++i;
                       continue;
                     }
                     int hi = digit(s[i]);
                     int lo = i + 1 < s.size() ? digit(s[i + 1]) : -1;
                     if (hi < 0 || lo < 0)
                       raise(builtin_types().value_error, "non-hexadecimal number found in fromhex() arg at position " +
                                                              std::to_string(hi < 0 ? i : i + 1));
                     out += static_cast<char>(hi * 16 + lo);
                     i += 2;
                   }
                   Object* cls = a.pos[0].get();
                   if (cls == bytearray_type()) return ObjRef(new BytesObject(bytearray_type(), std::move(out)));
                   if (cls == bytes_type()) return make_bytes(std::move(out));
                   return call1(in, cls, make_bytes(std::move(out)));
                 }),
             true));
  (void)kind;
}

// ba[i:j] = values, ba[i:j:k] = values, and del (values null), as CPython's bytearray does them.
void assign_slice(Interp& in, BytesObject* self, const SliceObject& slice, Object* values) {
  std::string src;
  if (values) {
    if (is_bytes_like(values)) {
      src = bytes_of(values);  // a copy, so `ba[0:1] = ba` reads the old bytes
    } else if (view_bytes(values, src)) {
    } else {
      const bool number = is_number(values) || values->type()->lookup("__index__") ||
                          values->type()->lookup("__int__") || values->type()->lookup("__float__");
      if (number || is_instance(values, builtin_types().str))
        raise(builtin_types().type_error, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
      ObjRef converted = call1(in, bytearray_type(), ObjRef(values));
      src = bytes_of(converted.get());
    }
  }
  std::string& s = self->value_;
  SliceBounds b = slice_bounds(in, slice, static_cast<int64_t>(s.size()));
  if (b.step == 1) {
    if (static_cast<int64_t>(src.size()) != b.count) check_resizable(self);
    check_size(s.size() - static_cast<size_t>(b.count) + src.size());
    s.replace(static_cast<size_t>(b.start), static_cast<size_t>(b.count), src);
    return;
  }
  if (src.empty()) {  // CPython deletes an extended slice assigned nothing, as `del` does
    if (b.count > 0) check_resizable(self);
    std::vector<bool> gone(s.size(), false);
    for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) gone[static_cast<size_t>(k)] = true;
    std::string kept;
    for (size_t i = 0; i < s.size(); ++i)
      if (!gone[i]) kept += s[i];
    s = std::move(kept);
    return;
  }
  if (static_cast<int64_t>(src.size()) != b.count)
    raise(builtin_types().value_error, "attempt to assign bytes of size " + std::to_string(src.size()) +
                                           " to extended slice of size " + std::to_string(b.count));
  for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step)
    s[static_cast<size_t>(k)] = src[static_cast<size_t>(i)];
}

// ---- %-formatting ----

// The bytes %s and %b give for a value: a bytes-like object's, or what its __bytes__ returns.
std::string percent_bytes(Interp& in, Object* v) {
  if (std::string buffer; buffer_bytes(v, buffer)) return buffer;
  if (Object* m = v->type()->lookup("__bytes__")) {
    ObjRef r = call1(in, m, ObjRef(v));
    if (!is_instance(r.get(), bytes_type()))
      raise(builtin_types().type_error, "__bytes__ returned non-bytes (type " + type_name(r.get()) + ")");
    return bytes_of(r.get());
  }
  raise(builtin_types().type_error,
        "%b requires a bytes-like object, or an object that implements __bytes__, not '" + type_name(v) + "'");
}

// ascii(repr(v)), as %r and %a give it.
std::string ascii_repr(Interp& in, Object* v) {
  std::string out;
  for (uint32_t c : utf8_decode(repr(in, v))) {
    if (c < 0x80) out += static_cast<char>(c);
    else out += char_escape(c);
  }
  return out;
}

std::string pad_bytes(std::string s, const std::string& width, bool left) {
  size_t w = width.empty() ? 0 : std::stoull(width);
  if (s.size() >= w) return s;
  check_size(w);
  return left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
}

// bytes % args and bytearray % args: CPython's %-formatting of bytes (PEP 461). The numeric
// conversions are str's, one at a time; %s/%b, %r/%a and %c are the bytes ones.
std::string bytes_percent_format(Interp& in, const std::string& fmt, Object* args) {
  const bool is_tuple = is_instance(args, builtin_types().tuple);
  Object* mapping = !is_tuple && is_instance(args, builtin_types().dict) ? args : nullptr;
  PercentArgs values(args, is_tuple, mapping);
  auto take = [&]() { return values.take(); };
  std::vector<ObjRef> keyed_values;  // the values looked up by key, alive until the end
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    ++i;
    Object* keyed = nullptr;
    auto on_key = [&](std::string_view name) {
      ObjRef key = make_bytes(std::string(name));
      keyed_values.push_back(get_item(in, mapping, key.get()));
      keyed = keyed_values.back().get();
    };
    PercentSpec ps = parse_percent_spec(in, fmt, i, mapping != nullptr, on_key, take, true);
    const std::string &flags = ps.flags, &width = ps.width, &prec = ps.prec;
    const bool has_prec = ps.has_prec;
    const char conv = ps.conv;
    if (conv == '%') {
      out += '%';
      continue;
    }
    const bool left = flags.find('-') != std::string::npos;
    switch (conv) {
      case 's':
      case 'b':
      case 'r':
      case 'a': {
        Object* v = keyed ? keyed : take();
        std::string b = conv == 's' || conv == 'b' ? percent_bytes(in, v) : ascii_repr(in, v);
        if (has_prec && b.size() > std::stoul(prec)) b.resize(std::stoul(prec));
        out += pad_bytes(std::move(b), width, left);
        break;
      }
      case 'c': {
        Object* v = keyed ? keyed : take();
        std::string b;
        if (is_bytes_like(v) && bytes_of(v).size() == 1) {
          b = bytes_of(v);
        } else if (is_instance(v, builtin_types().int_) || v->type()->lookup("__index__")) {
          BigInt n = is_int(v) ? int_as_big(v) : BigInt(to_index(in, v));
          if (n.negative() || n.compare(BigInt(255)) > 0)
            raise(builtin_types().overflow_error, "%c arg not in range(256)");
          b = std::string(1, static_cast<char>(n.to_int64()));
        } else {
          raise(builtin_types().type_error, "%c requires an integer in range(256) or a single byte");
        }
        out += pad_bytes(std::move(b), width, left);
        break;
      }
      case 'd':
      case 'i':
      case 'u':
      case 'x':
      case 'X':
      case 'o':
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        Object* v = keyed ? keyed : take();
        if (std::string("eEfFgG").find(conv) != std::string::npos && !is_number(v) && !v->type()->lookup("__float__"))
          raise(builtin_types().type_error, "float argument required, not " + type_name(v));
        if (!width.empty()) check_size(std::stoull(width));
        std::string one = "%" + flags + width + (has_prec ? "." + prec : "") + conv;
        out += percent_format(in, one, make_tuple({ObjRef(v)}).get());
        break;
      }
      default: {
        char buf[128];
        std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv,
                      static_cast<unsigned char>(conv), i);
        raise(builtin_types().value_error, buf);
      }
    }
    check_size(out.size());
  }
  values.check_all_used("bytes");
  return out;
}

// ---- int.to_bytes and int.from_bytes ----

// The arguments of a method that CPython parses with its Argument Clinic: `names` in order, the
// first `npos` of them positional, the first `required` required; with its messages. `skip` is the
// receiver.
std::vector<Object*> clinic_args(CallArgs& a, size_t skip, const std::string& fn, const std::vector<const char*>& names,
                                 size_t npos, size_t required) {
  std::vector<Object*> out(names.size(), nullptr);
  size_t given = a.pos.size() - skip;
  if (given > npos)
    raise(builtin_types().type_error, fn + "() takes at most " + std::to_string(npos) + " positional argument" +
                                          (npos == 1 ? "" : "s") + " (" + std::to_string(given) + " given)");
  for (size_t i = 0; i < given; ++i) out[i] = a.pos[skip + i].get();
  for (auto& [k, v] : a.kw) {
    size_t i = 0;
    while (i < names.size() && k != names[i]) ++i;
    if (i == names.size())
      raise(builtin_types().type_error, "'" + k + "' is an invalid keyword argument for " + fn + "()");
    if (out[i])
      raise(builtin_types().type_error,
            "argument for " + fn + "() given by name ('" + k + "') and position (" + std::to_string(i + 1) + ")");
    out[i] = v.get();
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i])
      raise(builtin_types().type_error,
            fn + "() missing required argument '" + names[i] + "' (pos " + std::to_string(i + 1) + ")");
  return out;
}

// The byteorder argument: true for 'little'.
bool little_endian(const char* fn, Object* o) {
  if (!o) return false;
  if (!is_str(o))
    raise(builtin_types().type_error, std::string(fn) + "() argument 'byteorder' must be str, not " + type_name(o));
  const std::string& v = as<StrObject>(o)->value_;
  if (v != "little" && v != "big") raise(builtin_types().value_error, "byteorder must be either 'little' or 'big'");
  return v == "little";
}

ObjRef int_to_bytes(Interp& in, CallArgs& a) {
  if (a.pos.empty()) raise(builtin_types().type_error, "unbound method int.to_bytes() needs an argument");
  Object* self = a.pos[0].get();
  if (!is_instance(self, builtin_types().int_))
    raise(builtin_types().type_error,
          "descriptor 'to_bytes' for 'int' objects doesn't apply to a '" + type_name(self) + "' object");
  std::vector<Object*> v = clinic_args(a, 1, "to_bytes", {"length", "byteorder", "signed"}, 2, 0);
  if (v[0] && is_int(v[0]) && is_big_candidate(v[0]) && !int_as_big(v[0]).fits_int64())
    raise(builtin_types().overflow_error, "Python int too large to convert to C ssize_t");
  int64_t length = v[0] ? to_index(in, v[0]) : 1;
  if (length < 0) raise(builtin_types().value_error, "length argument must be non-negative");
  bool little = little_endian("to_bytes", v[1]);
  bool is_signed = v[2] && truthy(in, v[2]);
  BigInt n = int_as_big(self);
  if (n.negative() && !is_signed) raise(builtin_types().overflow_error, "can't convert negative int to unsigned");
  // The bits the value needs: its magnitude's, one less for a negative number (-2**(k-1) fits in k
  // bits), and one more for the sign bit.
  int64_t bits = n.negative() ? (-n - BigInt(1)).bit_length() : n.bit_length();
  if (is_signed && !n.is_zero()) ++bits;
  if (bits > 0 && (length > INT64_MAX / 8 || bits > length * 8))
    raise(builtin_types().overflow_error, "int too big to convert");
  check_size(static_cast<uint64_t>(length));
  if (n.negative()) n = n + BigInt(1).shift_left(static_cast<uint64_t>(length) * 8);
  std::string hex = n.is_zero() ? std::string() : n.to_string(16);
  if (hex.size() % 2) hex.insert(hex.begin(), '0');
  std::string out(static_cast<size_t>(length) - hex.size() / 2, '\0');
  for (size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  if (little) std::reverse(out.begin(), out.end());
  return make_bytes(std::move(out));
}

ObjRef int_from_bytes(Interp& in, CallArgs& a) {
  Object* cls = a.pos[0].get();
  std::vector<Object*> v = clinic_args(a, 1, "from_bytes", {"bytes", "byteorder", "signed"}, 2, 1);
  bool little = little_endian("from_bytes", v[1]);
  bool is_signed = v[2] && truthy(in, v[2]);
  Object* src = v[0];
  std::string data;
  if (is_bytes_like(src)) {
    data = bytes_of(src);
  } else if (view_bytes(src, data)) {
  } else if (is_instance(src, builtin_types().str) || is_instance(src, builtin_types().int_)) {
    raise(builtin_types().type_error, "cannot convert '" + type_name(src) + "' object to bytes");
  } else {
    Ref<IteratorObject> it;
    try {
      it = get_iter(in, src);
    } catch (const PyError& e) {
      if (!is_instance(e.exc.get(), builtin_types().type_error)) throw;
      raise(builtin_types().type_error, "cannot convert '" + type_name(src) + "' object to bytes");
    }
    while (ObjRef x = it->next(in)) {
      int64_t b = to_index(in, x.get());
      if (b < 0 || b > 255) raise(builtin_types().value_error, "bytes must be in range(0, 256)");
      check_size(data.size() + 1);
      data += static_cast<char>(b);
    }
  }
  if (little) std::reverse(data.begin(), data.end());
  std::string hex;
  for (char c : data) hex += hex2(static_cast<unsigned char>(c));
  BigInt n;
  if (!hex.empty()) BigInt::parse(hex, 16, &n);
  if (is_signed && !data.empty() && (static_cast<unsigned char>(data[0]) & 0x80))
    n = n - BigInt(1).shift_left(data.size() * 8);
  ObjRef result = make_int_from_big(n);
  if (cls == builtin_types().int_) return result;
  return call1(in, cls, std::move(result));
}

// ---- memoryview ----

// A format a memoryview can be cast to: CPython's native single characters (struct's, without
// the half float 'e', which cast refuses too).
int64_t format_itemsize(char f) {
  switch (f) {
    case 'B':
    case 'b':
    case 'c':
    case '?': return 1;
    case 'H':
    case 'h': return 2;
    case 'I':
    case 'i':
    case 'f': return 4;
    case 'L':
    case 'l':
    case 'Q':
    case 'q':
    case 'N':
    case 'n':
    case 'd': return 8;
    default: return 0;
  }
}

bool is_byte_format(char f) { return f == 'B' || f == 'b' || f == 'c'; }

// A view of a bytes or bytearray object's bytes, one dimension: `len` items of the format's size,
// the first at byte `start`, each `step` bytes after the last (CPython's strides[0]). The bytes
// are read at each access, so a view of a bytearray sees its changes; while it is not released,
// it counts as an export of its object (BytesObject::exports_).
class MemoryViewObject : public Object {
 public:
  MemoryViewObject(Ref<BytesObject> base, int64_t start, int64_t step, int64_t len, std::string format = "B")
      : Object(memoryview_type()),
        base_(std::move(base)),
        start_(start),
        step_(step),
        len_(len),
        format_(std::move(format)) {
    ++base_->exports_;
  }
  ~MemoryViewObject() override { release(); }
  void release() {
    if (base_ && !released_) --base_->exports_;
    released_ = true;
  }
  char code() const { return format_.back(); }  // "@i" is "i"
  int64_t itemsize() const { return format_itemsize(code()); }
  const char* item(int64_t i) const { return base_->value_.data() + start_ + i * step_; }
  char* mutable_item(int64_t i) { return base_->value_.data() + start_ + i * step_; }
  std::string bytes() const {
    std::string out;
    for (int64_t i = 0; i < len_; ++i) out.append(item(i), static_cast<size_t>(itemsize()));
    return out;
  }
  bool readonly() const { return !is_bytearray(base_.get()); }
  bool contiguous() const { return len_ <= 1 || step_ == itemsize(); }
  Ref<BytesObject> base_;
  int64_t start_, step_, len_;
  std::string format_;  // as it was given to cast: "B", "i", "@i"
  bool released_ = false;
};

template <typename T>
T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The Python value of one item, as struct.unpack gives it.
ObjRef unpack_item(char f, const char* p) {
  switch (f) {
    case 'B': return make_int(load<uint8_t>(p));
    case 'b': return make_int(load<int8_t>(p));
    case 'c': return make_bytes(std::string(1, *p));
    case '?': return ObjRef(bool_obj(*p != 0));
    case 'H': return make_int(load<uint16_t>(p));
    case 'h': return make_int(load<int16_t>(p));
    case 'I': return make_int(load<uint32_t>(p));
    case 'i': return make_int(load<int32_t>(p));
    case 'f': return make_float(load<float>(p));
    case 'd': return make_float(load<double>(p));
    case 'l':
    case 'q':
    case 'n': return make_int(load<int64_t>(p));
    default: {  // L Q N
      auto v = load<uint64_t>(p);
      if (v <= static_cast<uint64_t>(INT64_MAX)) return make_int(static_cast<int64_t>(v));
      BigInt big;
      BigInt::parse(std::to_string(v), 10, &big);
      return make_int_from_big(big);
    }
  }
}

template <typename T>
void store(char* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

// Writes one item as struct.pack would, with memoryview's errors for a value of the wrong type or
// out of the format's range.
void pack_item(Interp& in, char f, char* p, Object* v) {
  const std::string fmt(1, f);
  auto bad_type = [&] { raise(builtin_types().type_error, "memoryview: invalid type for format '" + fmt + "'"); };
  auto bad_value = [&] { raise(builtin_types().value_error, "memoryview: invalid value for format '" + fmt + "'"); };
  if (f == '?') {
    *p = truthy(in, v) ? 1 : 0;
    return;
  }
  if (f == 'c') {
    if (!is_instance(v, bytes_type())) bad_type();
    if (bytes_of(v).size() != 1) bad_value();
    *p = bytes_of(v)[0];
    return;
  }
  if (f == 'f' || f == 'd') {
    if (!is_number(v) && !v->type()->lookup("__float__") && !v->type()->lookup("__index__")) bad_type();
    double d = to_double(in, v);
    if (f == 'f') {
      if (std::isfinite(d) && std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max()))
        raise(builtin_types().overflow_error, "float too large to pack with f format");
      store(p, static_cast<float>(d));
    } else {
      store(p, d);
    }
    return;
  }
  if (!is_instance(v, builtin_types().int_) && !v->type()->lookup("__index__")) bad_type();
  BigInt n =
      int_as_big(is_instance(v, builtin_types().int_) ? v : call1(in, v->type()->lookup("__index__"), ObjRef(v)).get());
  const int64_t size = format_itemsize(f);
  const bool is_signed = f == 'b' || f == 'h' || f == 'i' || f == 'l' || f == 'q' || f == 'n';
  BigInt lo = is_signed ? BigInt(0) - BigInt(1).shift_left(static_cast<uint64_t>(size * 8 - 1)) : BigInt(0);
  BigInt hi = BigInt(1).shift_left(static_cast<uint64_t>(is_signed ? size * 8 - 1 : size * 8)) - BigInt(1);
  if (n.compare(lo) < 0 || n.compare(hi) > 0) bad_value();
  if (n.negative()) n = n + BigInt(1).shift_left(static_cast<uint64_t>(size * 8));  // two's complement
  uint64_t u = 0;
  for (int64_t k = 0; k < size; ++k) {
    BigInt q, r;
    BigInt::divmod(n, BigInt(256), &q, &r);
    u |= static_cast<uint64_t>(r.to_int64()) << (8 * k);
    n = q;
  }
  std::memcpy(p, &u, static_cast<size_t>(size));  // little-endian, as the machines stridelab runs on
}

MemoryViewObject* live_view(Object* o) {
  auto* m = static_cast<MemoryViewObject*>(o);
  if (m->released_) raise(builtin_types().value_error, "operation forbidden on released memoryview object");
  return m;
}

bool view_bytes(Object* o, std::string& out) {
  if (!is_instance(o, memoryview_type())) return false;
  out = live_view(o)->bytes();
  return true;
}

// The items of a memoryview, or of a bytes-like object seen as one of format 'B'.
std::vector<ObjRef> view_items(Object* o) {
  std::vector<ObjRef> items;
  if (is_bytes_like(o)) {
    for (char c : bytes_of(o)) items.push_back(make_int(static_cast<unsigned char>(c)));
    return items;
  }
  MemoryViewObject* m = live_view(o);
  for (int64_t i = 0; i < m->len_; ++i) items.push_back(unpack_item(m->code(), m->item(i)));
  return items;
}

std::string view_address(const Object* o) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(o)));
  return buf;
}

int64_t view_index(Interp& in, MemoryViewObject* m, Object* key) {
  if (!is_instance(key, builtin_types().int_) && !key->type()->lookup("__index__"))
    raise(builtin_types().type_error, "memoryview: invalid slice key");
  return normalize_index(to_index(in, key), m->len_, "index out of bounds on dimension 1");
}

// m.cast(format, shape=): a view of the same bytes as another format, as CPython checks it.
ObjRef cast_view(Interp& in, CallArgs& a) {
  ArgParser p(a, "cast", {"self", "format", "shape="});
  MemoryViewObject* m = live_view(p.get(0));
  Object* fmt_arg = p.get(1);
  if (!is_instance(fmt_arg, builtin_types().str))
    raise(builtin_types().type_error, "cast() argument 'format' must be str, not " + type_name(fmt_arg));
  const std::string& fmt = as<StrObject>(fmt_arg)->value_;
  if (!(fmt.size() == 1 || (fmt.size() == 2 && fmt[0] == '@')) || !format_itemsize(fmt.back()))
    raise(builtin_types().value_error,
          "memoryview: destination format must be a native single character format prefixed with an optional '@'");
  char f = fmt.back();
  if (!m->contiguous()) raise(builtin_types().type_error, "memoryview: casts are restricted to C-contiguous views");
  if (!is_byte_format(m->code()) && !is_byte_format(f))
    raise(builtin_types().type_error, "memoryview: cannot cast between two non-byte formats");
  int64_t nbytes = m->len_ * m->itemsize();
  if (nbytes % format_itemsize(f))
    raise(builtin_types().type_error, "memoryview: length is not a multiple of itemsize");
  int64_t len = nbytes / format_itemsize(f);
  if (p.has(2)) {
    std::vector<ObjRef> shape = to_vector(in, p.get(2));
    if (shape.size() != 1 || to_index(in, shape[0].get()) != len)
      raise(builtin_types().not_implemented_error,
            "stridelab does not support a memoryview cast to another shape or to more than one dimension yet");
  }
  return ObjRef(new MemoryViewObject(m->base_, m->start_, format_itemsize(f), len, fmt));
}

TypeObject* memoryview_type() {
  static TypeObject* t = [] {
    NativeType nt("memoryview", "builtins");
    nt.constructor([](Interp&, TypeObject*, CallArgs& a) -> ObjRef {
      ArgParser p(a, "memoryview", {"object"});
      Object* o = p.get(0);
      ObjRef made;
      if (is_bytes_like(o)) {
        made = ObjRef(
            new MemoryViewObject(Ref<BytesObject>(as<BytesObject>(o)), 0, 1, static_cast<int64_t>(bytes_of(o).size())));
      } else if (is_instance(o, memoryview_type())) {
        MemoryViewObject* m = live_view(o);
        made = ObjRef(new MemoryViewObject(m->base_, m->start_, m->step_, m->len_, m->format_));
      } else {
        raise(builtin_types().type_error, "memoryview: a bytes-like object is required, not '" + type_name(o) + "'");
      }
      a.pos.clear();
      a.kw.clear();
      return made;
    });
    auto self = [](CallArgs& a) { return live_view(a.pos[0].get()); };
    nt.method("__repr__", [](Interp&, CallArgs& a) -> ObjRef {
      auto* m = static_cast<MemoryViewObject*>(a.pos[0].get());
      return make_str(std::string(m->released_ ? "<released memory at " : "<memory at ") + view_address(m) + ">");
    });
    nt.method("__len__", [self](Interp&, CallArgs& a) -> ObjRef { return make_int(self(a)->len_); });
    nt.method("__getitem__", [self](Interp& in, CallArgs& a) -> ObjRef {
      MemoryViewObject* m = self(a);
      Object* key = a.pos[1].get();
      if (key->type() == builtin_types().slice) {
        SliceBounds b = slice_bounds(in, *as<SliceObject>(key), m->len_);
        return ObjRef(
            new MemoryViewObject(m->base_, m->start_ + b.start * m->step_, b.step * m->step_, b.count, m->format_));
      }
      return unpack_item(m->code(), m->item(view_index(in, m, key)));
    });
    nt.method("__setitem__", [self](Interp& in, CallArgs& a) -> ObjRef {
      MemoryViewObject* m = self(a);
      if (m->readonly()) raise(builtin_types().type_error, "cannot modify read-only memory");
      Object* key = a.pos[1].get();
      Object* v = a.pos[2].get();
      if (key->type() == builtin_types().slice) {
        SliceBounds b = slice_bounds(in, *as<SliceObject>(key), m->len_);
        std::string src;
        char src_format = 'B';
        if (is_bytes_like(v)) {
          src = bytes_of(v);
        } else if (view_bytes(v, src)) {
          src_format = static_cast<MemoryViewObject*>(v)->code();
        } else {
          raise(builtin_types().type_error, "a bytes-like object is required, not '" + type_name(v) + "'");
        }
        const auto isz = static_cast<size_t>(m->itemsize());
        if (src_format != m->code() || static_cast<int64_t>(src.size()) != b.count * m->itemsize())
          raise(builtin_types().value_error, "memoryview assignment: lvalue and rvalue have different structures");
        for (int64_t i = 0; i < b.count; ++i)
          std::memcpy(m->mutable_item(b.start + i * b.step), src.data() + static_cast<size_t>(i) * isz, isz);
        return ObjRef(none());
      }
      int64_t i = view_index(in, m, key);
      pack_item(in, m->code(), m->mutable_item(i), v);
      return ObjRef(none());
    });
    nt.method("__iter__", [self](Interp& in, CallArgs& a) -> ObjRef {
      return ObjRef(get_iter(in, make_list(view_items(self(a))).get()).get());
    });
    nt.method("__eq__", [](Interp& in, CallArgs& a) -> ObjRef {
      auto* m = static_cast<MemoryViewObject*>(a.pos[0].get());
      Object* other = a.pos[1].get();
      if (!is_bytes_like(other) && !is_instance(other, memoryview_type())) return ObjRef(not_implemented());
      if (m->released_ || (!is_bytes_like(other) && static_cast<MemoryViewObject*>(other)->released_))
        return ObjRef(bool_obj(m == other));
      // As CPython: equal shapes and items equal as Python values (so a nan item is unequal).
      std::vector<ObjRef> mine = view_items(m), theirs = view_items(other);
      if (mine.size() != theirs.size()) return ObjRef(false_obj());
      for (size_t i = 0; i < mine.size(); ++i)
        if (!equals(in, mine[i].get(), theirs[i].get())) return ObjRef(false_obj());
      return ObjRef(true_obj());
    });
    nt.method("__hash__", [self](Interp&, CallArgs& a) -> ObjRef {
      MemoryViewObject* m = self(a);
      if (!m->readonly()) raise(builtin_types().value_error, "cannot hash writable memoryview object");
      if (!is_byte_format(m->code()))
        raise(builtin_types().value_error, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
      auto h = static_cast<int64_t>(std::hash<std::string>()(m->bytes()));  // as bytes' __hash__
      return make_int(h == -1 ? -2 : h);
    });
    nt.method("tobytes", [self](Interp&, CallArgs& a) -> ObjRef { return make_bytes(self(a)->bytes()); });
    nt.method("tolist", [self](Interp&, CallArgs& a) -> ObjRef { return make_list(view_items(self(a))); });
    nt.method("cast", cast_view);
    nt.method("hex", [self](Interp&, CallArgs& a) -> ObjRef {
      std::string out;
      for (char c : self(a)->bytes()) out += hex2(static_cast<unsigned char>(c));
      return make_str(out);
    });
    nt.method("release", [](Interp&, CallArgs& a) -> ObjRef {
      static_cast<MemoryViewObject*>(a.pos[0].get())->release();
      return ObjRef(none());
    });
    nt.method("__enter__", [self](Interp&, CallArgs& a) -> ObjRef {
      self(a);
      return a.pos[0];
    });
    nt.method("__exit__", [](Interp&, CallArgs& a) -> ObjRef {
      static_cast<MemoryViewObject*>(a.pos[0].get())->release();
      return ObjRef(false_obj());
    });
    nt.property("readonly", [](Interp&, Object* o) -> ObjRef { return ObjRef(bool_obj(live_view(o)->readonly())); });
    nt.property("nbytes", [](Interp&, Object* o) -> ObjRef {
      MemoryViewObject* m = live_view(o);
      return make_int(m->len_ * m->itemsize());
    });
    nt.property("itemsize", [](Interp&, Object* o) -> ObjRef { return make_int(live_view(o)->itemsize()); });
    nt.property("ndim", [](Interp&, Object* o) -> ObjRef {
      live_view(o);
      return make_int(1);
    });
    nt.property("format", [](Interp&, Object* o) -> ObjRef { return make_str(live_view(o)->format_); });
    nt.property("obj", [](Interp&, Object* o) -> ObjRef { return ObjRef(live_view(o)->base_.get()); });
    nt.property("shape",
                [](Interp&, Object* o) -> ObjRef { return ObjRef(make_tuple({make_int(live_view(o)->len_)}).get()); });
    nt.property("strides",
                [](Interp&, Object* o) -> ObjRef { return ObjRef(make_tuple({make_int(live_view(o)->step_)}).get()); });
    nt.property("c_contiguous",
                [](Interp&, Object* o) -> ObjRef { return ObjRef(bool_obj(live_view(o)->contiguous())); });
    nt.property("contiguous",
                [](Interp&, Object* o) -> ObjRef { return ObjRef(bool_obj(live_view(o)->contiguous())); });
    return nt.build();
  }();
  return t;
}

}  // namespace

TypeObject* bytes_type() {
  static TypeObject* t = [] {
    NativeType nt("bytes", "builtins");
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      std::string v = bytes_from_args(in, a, "bytes");
      a.pos.clear();
      a.kw.clear();
      return ObjRef(new BytesObject(cls, std::move(v)));
    });
    install_common(nt, false);
    nt.method("__hash__", [](Interp&, CallArgs& a) -> ObjRef {
      // As a str's (protocol.cpp's hash_of): equal to the hash of the ASCII str with these bytes.
      auto h = static_cast<int64_t>(std::hash<std::string>()(self_bytes(a)->value_));
      return make_int(h == -1 ? -2 : h);
    });
    return nt.build();
  }();
  return t;
}

TypeObject* bytearray_type() {
  static TypeObject* t = [] {
    NativeType nt("bytearray", "builtins");
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
      std::string v = bytes_from_args(in, a, "bytearray");
      a.pos.clear();
      a.kw.clear();
      return ObjRef(new BytesObject(cls, std::move(v)));
    });
    install_common(nt, true);
    nt.attr("__hash__", ObjRef(none()));
    nt.method("__setitem__", [](Interp& in, CallArgs& a) -> ObjRef {
      std::string& s = self_bytes(a)->value_;
      Object* key = a.pos[1].get();
      if (key->type() == builtin_types().slice) {
        assign_slice(in, self_bytes(a), *as<SliceObject>(key), a.pos[2].get());
        return ObjRef(none());
      }
      if (!is_instance(key, builtin_types().int_) && !key->type()->lookup("__index__"))
        raise(builtin_types().type_error, "bytearray indices must be integers or slices, not " + type_name(key));
      int64_t i = normalize_index(to_index(in, key), static_cast<int64_t>(s.size()), "bytearray index out of range");
      s[static_cast<size_t>(i)] = static_cast<char>(byte_value(in, a.pos[2].get()));
      return ObjRef(none());
    });
    nt.method("__delitem__", [](Interp& in, CallArgs& a) -> ObjRef {
      std::string& s = self_bytes(a)->value_;
      Object* key = a.pos[1].get();
      if (key->type() == builtin_types().slice) {
        assign_slice(in, self_bytes(a), *as<SliceObject>(key), nullptr);
        return ObjRef(none());
      }
      if (!is_instance(key, builtin_types().int_) && !key->type()->lookup("__index__"))
        raise(builtin_types().type_error, "bytearray indices must be integers or slices, not " + type_name(key));
      int64_t i = normalize_index(to_index(in, key), static_cast<int64_t>(s.size()), "bytearray index out of range");
      check_resizable(self_bytes(a));
      s.erase(static_cast<size_t>(i), 1);
      return ObjRef(none());
    });
    nt.method("append", [](Interp& in, CallArgs& a) -> ObjRef {
      expect_range(a, "append", 1, 1);
      unsigned char v = byte_value(in, a.pos[1].get());
      check_resizable(self_bytes(a));
      check_size(self_bytes(a)->value_.size() + 1);
      self_bytes(a)->value_ += static_cast<char>(v);
      return ObjRef(none());
    });
    auto extend = [](Interp& in, CallArgs& a) -> ObjRef {
      Object* src = a.pos[1].get();
      if (is_instance(src, builtin_types().str))
        raise(builtin_types().type_error, "expected iterable of integers; got: 'str'");
      std::string more;
      if (!buffer_bytes(src, more)) {
        Ref<IteratorObject> it = get_iter(in, src);
        while (ObjRef x = it->next(in)) {
          more += static_cast<char>(byte_value(in, x.get()));
          check_size(more.size());
        }
      }
      if (!more.empty()) check_resizable(self_bytes(a));
      check_size(self_bytes(a)->value_.size() + more.size());
      self_bytes(a)->value_ += more;
      return ObjRef(none());
    };
    nt.method("extend", [extend](Interp& in, CallArgs& a) -> ObjRef {
      expect_range(a, "extend", 1, 1);
      return extend(in, a);
    });
    nt.method("__iadd__", [](Interp&, CallArgs& a) -> ObjRef {
      Object* other = a.pos[1].get();
      std::string more;
      if (!buffer_bytes(other, more))
        raise(builtin_types().type_error, "can't concat " + type_name(other) + " to bytearray");
      if (!more.empty()) check_resizable(self_bytes(a));
      check_size(self_bytes(a)->value_.size() + more.size());
      self_bytes(a)->value_ += more;
      return a.pos[0];
    });
    nt.method("pop", [](Interp& in, CallArgs& a) -> ObjRef {
      expect_range(a, "pop", 0, 1);
      std::string& s = self_bytes(a)->value_;
      if (s.empty()) raise(builtin_types().index_error, "pop from empty bytearray");
      int64_t i = a.pos.size() > 1 ? to_index(in, a.pos[1].get()) : -1;
      i = normalize_index(i, static_cast<int64_t>(s.size()), "pop index out of range");
      check_resizable(self_bytes(a));
      auto v = static_cast<unsigned char>(s[static_cast<size_t>(i)]);
      s.erase(static_cast<size_t>(i), 1);
      return make_int(v);
    });
    nt.method("clear", [](Interp&, CallArgs& a) -> ObjRef {
      expect_range(a, "clear", 0, 0);
      if (!self_bytes(a)->value_.empty()) check_resizable(self_bytes(a));
      self_bytes(a)->value_.clear();
      return ObjRef(none());
    });
    nt.method("copy", [](Interp&, CallArgs& a) -> ObjRef {
      expect_range(a, "copy", 0, 0);
      return ObjRef(new BytesObject(bytearray_type(), self_bytes(a)->value_));
    });
    return nt.build();
  }();
  return t;
}

bool is_bytes_like(const Object* o) { return is_instance(o, bytes_type()) || is_instance(o, bytearray_type()); }

ObjRef make_bytes(std::string value) { return ObjRef(new BytesObject(bytes_type(), std::move(value))); }

std::string bytes_repr(const std::string& v) {
  char quote = v.find('\'') != std::string::npos && v.find('"') == std::string::npos ? '"' : '\'';
  std::string out = "b";
  out += quote;
  for (char ch : v) {
    auto c = static_cast<unsigned char>(ch);
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x" + hex2(c);
    } else {
      out += ch;
    }
  }
  out += quote;
  return out;
}

ObjRef str_encode(Interp&, CallArgs& a) {
  std::string encoding = "utf-8", errors = "strict";
  codec_args(a, "encode", encoding, errors);
  return make_bytes(encode(as<StrObject>(a.pos[0].get())->value_, codec_named(encoding), errors));
}

void install_bytes(Namespace& ns) {
  static bool int_methods = [] {
    builtin_types().int_->dict_.set("to_bytes", make_function("to_bytes", int_to_bytes));
    builtin_types().int_->dict_.set("from_bytes",
                                    make_method_wrapper(make_function("from_bytes", int_from_bytes), true));
    return true;
  }();
  (void)int_methods;
  ns.set("bytes", ObjRef(bytes_type()));
  ns.set("bytearray", ObjRef(bytearray_type()));
  ns.set("memoryview", ObjRef(memoryview_type()));
  ns.set("BufferError", ObjRef(buffer_error_type()));
  for (int i = 0; i < 3; ++i) ns.set(unicode_error_type(i)->name_, ObjRef(unicode_error_type(i)));
}

}  // namespace stridelab::python
