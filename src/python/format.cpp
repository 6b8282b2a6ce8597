#include "python/format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "python/bigint.h"
#include "python/interp.h"
#include "python/protocol.h"
#include "python/unicode.h"
#include "support/budget.h"

namespace stridelab::python {

size_t utf8_length(std::string_view s) {
  size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

// Shortest digits that round-trip, as "d.ddde[+-]XX" from printf.
// The shortest decimal that reads back as v, as CPython's repr: of the two decimals of a length
// around v, the nearer (printf's rounding) if it reads back, else the other one
// (-5.684341886080802e-14, whose correctly rounded 16 digits end in ...801 and read back wrong).
static std::string shortest_scientific(double v) {
  char buf[64];
  for (int p = 0; p <= 16; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, v);
    double r = std::strtod(buf, nullptr);
    if (r == v) return buf;
    std::string s = buf;
    size_t begin = s[0] == '-' ? 1 : 0, e = s.find('e');
    int exp = std::atoi(s.c_str() + e + 1);
    std::string digits;
    for (size_t i = begin; i < e; ++i)
      if (s[i] != '.') digits += s[i];
    bool up = (r < v) == (v > 0);  // the other neighbour is larger in magnitude
    int i = static_cast<int>(digits.size()) - 1;
    if (up) {
      for (; i >= 0 && digits[i] == '9'; --i) digits[i] = '0';
      if (i >= 0) ++digits[i];
      else digits = "1" + digits.substr(0, digits.size() - 1), ++exp;
    } else {
      for (; i >= 0 && digits[i] == '0'; --i) digits[i] = '9';
      if (i >= 0) --digits[i];
      if (digits[0] == '0') digits = digits.substr(1) + "9", --exp;
    }
    std::string other = s.substr(0, begin) + digits.substr(0, 1);
    if (digits.size() > 1) other += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    other += eb;
    if (std::strtod(other.c_str(), nullptr) == v) return other;
  }
  std::snprintf(buf, sizeof buf, "%.16e", v);
  return buf;
}

std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string sci = shortest_scientific(v);
  bool negative = sci[0] == '-';
  if (negative) sci.erase(0, 1);
  size_t e = sci.find('e');
  int exp = std::atoi(sci.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (sci[i] != '.') digits += sci[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out;
  if (exp < -4 || exp >= 16) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out += eb;
  } else if (exp < 0) {
    out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  } else {
    if (digits.size() <= static_cast<size_t>(exp) + 1) {
      out = digits + std::string(static_cast<size_t>(exp) + 1 - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
    }
  }
  return negative ? "-" + out : out;
}

std::string str_repr(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out(1, q);
  for (uint32_t c : utf8_decode(s)) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c == static_cast<unsigned char>(q)) {
          out += '\\';
          out += static_cast<char>(c);
        } else if (!cp_is_printable(c)) {
          char buf[16];
          std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
          out += buf;
        } else {
          utf8_append(out, c);
        }
    }
  }
  out += q;
  return out;
}

namespace {

struct Spec {
  std::string fill = " ";  // one character (UTF-8)
  char align = 0;          // '<' '>' '^' '='
  char sign = '-';
  bool z = false;  // coerce negative zero to zero
  bool alt = false;
  bool zero = false;
  int width = -1;
  char grouping = 0;  // ',' or '_'
  int precision = -1;
  char type = 0;
};

// [[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]; `kind` names the
// formatted type in CPython's errors ("Invalid format specifier 'abc' for object of type 'int'").
// The decimal number at s[i...] (advancing i), as CPython's get_integer: past PY_SSIZE_T_MAX it
// is "Too many decimal digits in format string"; a width or precision past INT_MAX would make a
// string of gigabytes, refused as MemoryError before anything is allocated.
static int spec_number(std::string_view s, size_t& i) {
  int64_t v = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[i] - '0', &v))
      raise(builtin_types().value_error, "Too many decimal digits in format string");
    ++i;
  }
  // A width or precision past the run's memory limit would make a string past it: refused too.
  if (v > INT32_MAX || !support::allocation_fits(static_cast<uint64_t>(v))) raise(builtin_types().memory_error, "");
  return static_cast<int>(v);
}

Spec parse_spec(std::string_view s, const char* kind) {
  Spec sp;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  size_t first_len = 1;
  while (first_len < s.size() && (static_cast<unsigned char>(s[first_len]) & 0xC0) == 0x80) ++first_len;
  if (s.size() > first_len && is_align(s[first_len])) {
    sp.fill = std::string(s.substr(0, first_len));
    sp.align = s[first_len];
    i = first_len + 1;
  } else if (!s.empty() && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < s.size() && s[i] == 'z') sp.z = true, ++i;
  if (i < s.size() && s[i] == '#') sp.alt = true, ++i;
  if (i < s.size() && s[i] == '0') {
    sp.zero = true;
    ++i;
  }
  int width = -1;
  if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) width = spec_number(s, i);
  sp.width = width;
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
  if (i < s.size() && (s[i] == ',' || s[i] == '_'))
    raise(builtin_types().value_error, "Cannot specify both ',' and '_'.");
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t digits = i;
    int p = spec_number(s, i);
    bool any = i > digits;
    if (!any) raise(builtin_types().value_error, "Format specifier missing precision");
    sp.precision = p;
  }
  if (i + 1 == s.size()) sp.type = s[i++];
  if (i < s.size())
    raise(builtin_types().value_error,
          "Invalid format specifier '" + std::string(s) + "' for object of type '" + kind + "'");
  if (sp.grouping && sp.type && std::string_view("deEfFgG%").find(sp.type) == std::string_view::npos &&
      !(sp.grouping == '_' && std::string_view("bxXo").find(sp.type) != std::string_view::npos))
    raise(builtin_types().value_error, std::string("Cannot specify '") + sp.grouping + "' with '" + sp.type + "'.");
  if (sp.zero && !sp.align) {
    sp.fill = "0";
    sp.align = '=';
  }
  return sp;
}

std::string group_digits(const std::string& digits, char sep, int every = 3) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    out += digits[i];
    int left = n - 1 - i;
    if (left > 0 && left % every == 0) out += sep;
  }
  return out;
}

// Pads `body` (with sign `prefix`) to the spec's width.
std::string pad(const Spec& sp, const std::string& prefix, const std::string& body, char default_align) {
  size_t len = utf8_length(prefix) + utf8_length(body);
  char align = sp.align ? sp.align : default_align;
  if (sp.width < 0 || len >= static_cast<size_t>(sp.width)) return prefix + body;
  size_t fill = static_cast<size_t>(sp.width) - len;
  auto fills = [&](size_t n) {
    std::string f;
    for (size_t k = 0; k < n; ++k) f += sp.fill;
    return f;
  };
  switch (align) {
    case '<': return prefix + body + fills(fill);
    case '^': return fills(fill / 2) + prefix + body + fills(fill - fill / 2);
    case '=': return prefix + fills(fill) + body;
    default: return fills(fill) + prefix + body;
  }
}

std::string sign_prefix(const Spec& sp, bool negative) {
  if (negative) return "-";
  if (sp.sign == '+') return "+";
  if (sp.sign == ' ') return " ";
  return "";
}

// Applies the thousands separator to the integer part of a formatted number.
std::string group_number(const std::string& num, char sep) {
  if (!sep) return num;
  size_t end = num.find_first_not_of("0123456789");
  if (end == std::string::npos) end = num.size();
  return group_digits(num.substr(0, end), sep) + num.substr(end);
}

}  // namespace

// format(n, spec) for an int of any size: `digits(base)` gives the magnitude's digits.
static std::string format_integer(bool negative, const std::function<std::string(int)>& digits_in,
                                  const std::function<double()>& as_double, std::string_view spec) {
  Spec sp = parse_spec(spec, "int");
  char t = sp.type ? sp.type : 'd';
  if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%')
    return format_float(as_double(), spec);
  if (sp.precision >= 0) raise(builtin_types().value_error, "Precision not allowed in integer format specifier");
  if (sp.z) raise(builtin_types().value_error, "Negative zero coercion (z) not allowed in integer format specifier");
  std::string digits, prefix = sign_prefix(sp, negative);
  switch (t) {
    case 'd':
    case 'n': digits = digits_in(10); break;
    case 'x':
    case 'X':
    case 'o':
    case 'b': {
      digits = digits_in(t == 'o' ? 8 : t == 'b' ? 2 : 16);
      if (t == 'X')
        for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (sp.alt) prefix += std::string("0") + (t == 'X' ? 'X' : t);
      if (sp.grouping) digits = group_digits(digits, sp.grouping, 4);
      return pad(sp, prefix, digits, '>');
    }
    case 'c': {
      double v = as_double();
      if (v < 0 || v > 0x10FFFF) raise(builtin_types().overflow_error, "%c arg not in range(0x110000)");
      std::string ch;
      utf8_append(ch, static_cast<uint32_t>(v));
      return pad(sp, "", ch, '<');
    }
    default:
      raise(builtin_types().value_error, std::string("Unknown format code '") + t + "' for object of type 'int'");
  }
  if (sp.grouping) digits = group_digits(digits, sp.grouping);
  return pad(sp, prefix, digits, '>');
}

std::string format_int(int64_t v, std::string_view spec) {
  bool negative = v < 0;
  uint64_t mag = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  auto digits = [mag](int base) {
    std::string out;
    uint64_t m = mag;
    do {
      out.insert(out.begin(), "0123456789abcdef"[m % base]);
      m /= base;
    } while (m);
    return out;
  };
  return format_integer(
      negative, digits, [v] { return static_cast<double>(v); }, spec);
}

std::string format_big_int(const BigInt& v, std::string_view spec) {
  BigInt mag = v.negative() ? -v : v;
  auto as_double = [&v] {
    bool overflow;
    double d = v.to_double(&overflow);
    if (overflow) raise(builtin_types().overflow_error, "int too large to convert to float");
    return d;
  };
  return format_integer(
      v.negative(), [&mag](int base) { return base == 10 ? big_to_decimal(mag) : mag.to_string(base); }, as_double,
      spec);
}

std::string format_float(double v, std::string_view spec) {
  Spec sp = parse_spec(spec, "float");
  bool negative = std::signbit(v) && !std::isnan(v);
  double mag = std::fabs(v);
  std::string body;
  char t = sp.type;
  if (t == 0 && sp.precision < 0) {
    body = float_repr(mag);
  } else if (std::isnan(mag) || std::isinf(mag)) {
    body = std::isnan(mag) ? "nan" : "inf";
    if (t == 'F' || t == 'E' || t == 'G') body = std::isnan(mag) ? "NAN" : "INF";
    if (t == '%') body += "%";
  } else {
    int prec = sp.precision < 0 ? 6 : sp.precision;
    char buf[512];
    std::string fmt = "%";
    if (sp.alt) fmt += "#";
    switch (t) {
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
        std::snprintf(buf, sizeof buf, (fmt + ".*" + t).c_str(), prec, mag);
        body = buf;
        break;
      case '%':
        std::snprintf(buf, sizeof buf, (fmt + ".*f").c_str(), prec, mag * 100);
        body = std::string(buf) + "%";
        break;
      case 0: {  // like 'g', but fixed notation keeps one digit after the point
        std::snprintf(buf, sizeof buf, "%.*g", prec == 0 ? 1 : prec, mag);
        body = buf;
        if (body.find_first_of(".en") == std::string::npos) body += ".0";
        break;
      }
      default:
        raise(builtin_types().value_error, std::string("Unknown format code '") + t + "' for object of type 'float'");
    }
  }
  if (sp.z && negative && body.find_first_of("123456789") == std::string::npos) negative = false;
  body = group_number(body, sp.grouping);
  return pad(sp, sign_prefix(sp, negative), body, '>');
}

std::string format_str(std::string_view s, std::string_view spec) {
  Spec sp = parse_spec(spec, "str");
  if (sp.type && sp.type != 's')
    raise(builtin_types().value_error, std::string("Unknown format code '") + sp.type + "' for object of type 'str'");
  if (sp.sign != '-') raise(builtin_types().value_error, "Sign not allowed in string format specifier");
  if (sp.align == '=') raise(builtin_types().value_error, "'=' alignment not allowed in string format specifier");
  if (sp.grouping) raise(builtin_types().value_error, std::string("Cannot specify '") + sp.grouping + "' with 's'.");
  std::string body(s);
  if (sp.precision >= 0) {
    size_t chars = 0, i = 0;
    while (i < body.size() && chars < static_cast<size_t>(sp.precision)) {
      ++i;
      while (i < body.size() && (static_cast<unsigned char>(body[i]) & 0xC0) == 0x80) ++i;
      ++chars;
    }
    body.resize(i);
  }
  return pad(sp, "", body, '<');
}

// ---- %-formatting ----

std::string ascii_escape(const std::string& s) {
  std::string out;
  for (uint32_t c : utf8_decode(s)) {
    char buf[16];
    if (c < 0x80) out += static_cast<char>(c);
    else {
      std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
      out += buf;
    }
  }
  return out;
}

// An integer conversion with a precision (`%.3d`, `%#.4o`): its digits zero-padded to the
// precision after the sign and the prefix, then the width filled as the flags say.
static std::string int_with_precision(Interp& in, Object* n, char conv, const std::string& flags,
                                      const std::string& width, const std::string& prec) {
  const bool alt = flags.find('#') != std::string::npos;
  std::string sign_flag = flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
  std::string body = format_value(in, n, sign_flag + (alt ? "#" : "") + conv);
  size_t head = body[0] == '+' || body[0] == '-' || body[0] == ' ' ? 1 : 0;
  if (alt && conv != 'd') head += 2;  // 0x, 0X, 0o
  std::string digits = body.substr(head);
  const size_t p = std::stoul(prec), w = width.empty() ? 0 : std::stoul(width);
  if (!support::allocation_fits(std::max(p, w))) raise(builtin_types().memory_error, "");
  if (digits.size() < p) digits.insert(0, p - digits.size(), '0');
  std::string lead = body.substr(0, head), text = lead + digits;
  if (text.size() >= w) return text;
  if (flags.find('-') != std::string::npos) return text + std::string(w - text.size(), ' ');
  if (flags.find('0') != std::string::npos) return lead + std::string(w - text.size(), '0') + digits;
  return std::string(w - text.size(), ' ') + text;
}

PercentSpec parse_percent_spec(Interp& in, std::string_view fmt, size_t& i, bool have_mapping,
                               const std::function<void(std::string_view key)>& on_key,
                               const std::function<Object*()>& take, bool for_bytes) {
  PercentSpec ps;
  if (i >= fmt.size()) raise(builtin_types().value_error, "incomplete format");
  if (fmt[i] == '(') {  // the key runs to the matching parenthesis
    if (!have_mapping) raise(builtin_types().type_error, "format requires a mapping");
    size_t depth = 1, close = i + 1;
    for (; close < fmt.size(); ++close) {
      if (fmt[close] == '(') ++depth;
      else if (fmt[close] == ')' && --depth == 0) break;
    }
    if (close >= fmt.size()) raise(builtin_types().value_error, "incomplete format key");
    on_key(fmt.substr(i + 1, close - i - 1));
    i = close + 1;
  }
  while (i < fmt.size() && std::string_view("-+ #0").find(fmt[i]) != std::string_view::npos) ps.flags += fmt[i++];
  if (i < fmt.size() && fmt[i] == '*') {  // the width from the values; a negative one aligns left
    int64_t w = to_index(in, take());
    if (w < 0) ps.flags += '-';
    ps.width = std::to_string(w < 0 ? -w : w);
    ++i;
  }
  // CPython's limits: "width too big" / "precision too big" past INT_MAX (for bytes, a width
  // past PY_SSIZE_T_MAX and "prec too big").
  auto digits = [&](std::string& into, int64_t limit, const char* too_big) {
    int64_t v = 0;
    while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) {
      const int d = fmt[i] - '0';
      if (v > (limit - d) / 10) raise(builtin_types().value_error, too_big);
      v = v * 10 + d;
      into += fmt[i++];
    }
  };
  digits(ps.width, for_bytes ? INT64_MAX : INT32_MAX, "width too big");
  if (i < fmt.size() && fmt[i] == '.') {
    ps.has_prec = true;
    ++i;
    if (i < fmt.size() && fmt[i] == '*') {
      ps.prec = std::to_string(std::max<int64_t>(0, to_index(in, take())));
      ++i;
    }
    digits(ps.prec, INT32_MAX, for_bytes ? "prec too big" : "precision too big");
    if (ps.prec.empty()) ps.prec = "0";
  }
  if (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;  // length modifiers, ignored
  if (i >= fmt.size()) raise(builtin_types().value_error, "incomplete format");
  ps.conv = fmt[i];
  return ps;
}

PercentArgs::PercentArgs(Object* args, bool is_tuple, Object* mapping) : mapping_(mapping) {
  if (is_tuple) {
    for (auto& v : as<TupleObject>(args)->items_) values_.push_back(v.get());
  } else {
    values_.push_back(args);
  }
}

Object* PercentArgs::take() {
  if (next_ >= values_.size()) raise(builtin_types().type_error, "not enough arguments for format string");
  return values_[next_++];
}

void PercentArgs::check_all_used(const char* kind) const {
  if (next_ < values_.size() && !mapping_)
    raise(builtin_types().type_error, std::string("not all arguments converted during ") + kind + " formatting");
}

std::string percent_format(Interp& in, std::string_view fmt, Object* args) {
  const bool is_tuple = args->type()->is_subtype_of(builtin_types().tuple);
  Object* mapping = args->type() == builtin_types().dict ? args : nullptr;
  PercentArgs values(args, is_tuple, mapping);
  auto take = [&]() { return values.take(); };
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    ++i;
    Object* keyed = nullptr;
    auto on_key = [&](std::string_view name) {
      ObjRef key = make_str(std::string(name));
      keyed = as<DictObject>(mapping)->get(in, key.get());
      if (!keyed) raise_object(in, ObjRef(new_exception(builtin_types().key_error, {key}).get()));
    };
    PercentSpec ps = parse_percent_spec(in, fmt, i, mapping != nullptr, on_key, take);
    std::string flags = std::move(ps.flags), width = std::move(ps.width), prec = std::move(ps.prec);
    const bool has_prec = ps.has_prec;
    char conv = ps.conv;
    if (conv == '%') {
      out += '%';
      continue;
    }
    Object* v = keyed ? keyed : take();
    // Build a format spec equivalent: flags map onto align/sign/zero.
    std::string spec;
    if (flags.find('-') != std::string::npos) spec += "<";
    else if (flags.find('0') != std::string::npos && conv != 's' && conv != 'r') spec += "0";
    if (flags.find('+') != std::string::npos) spec.insert(spec.begin(), '+');
    else if (flags.find(' ') != std::string::npos) spec.insert(spec.begin(), ' ');
    if (!spec.empty() && (spec[0] == '+' || spec[0] == ' ') && spec.size() > 1 && spec[1] == '<')
      std::swap(spec[0], spec[1]);
    bool alt = flags.find('#') != std::string::npos;
    std::string base_spec = spec;
    if (alt) base_spec += "#";
    base_spec += width;
    switch (conv) {
      case 'd':
      case 'i':
      case 'u': {
        bool numeric = v->type()->lookup("__int__") || v->type()->lookup("__index__") || v->type()->lookup("__float__");
        if (!is_number(v) && !numeric)
          raise(builtin_types().type_error,
                "%" + std::string(1, conv) + " format: a real number is required, not " + type_name(v));
        ObjRef n = is_int(v)      ? ObjRef(v)
                   : is_number(v) ? int_from_double(to_double(in, v))
                                  : call1(in, in.builtins().get("int"), ObjRef(v));  // int(v), as PyNumber_Long
        out += has_prec ? int_with_precision(in, n.get(), 'd', flags, width, prec)
                        : format_value(in, n.get(), base_spec + "d");
        break;
      }
      case 'x':
      case 'X':
      case 'o': {
        if (!is_int(v) && !v->type()->lookup("__index__"))
          raise(builtin_types().type_error,
                "%" + std::string(1, conv) + " format: an integer is required, not " + type_name(v));
        ObjRef n = is_int(v) ? ObjRef(v) : make_int(to_index(in, v));
        out += has_prec ? int_with_precision(in, n.get(), conv, flags, width, prec)
                        : format_value(in, n.get(), base_spec + conv);
        break;
      }
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        if (!is_number(v) && !v->type()->lookup("__float__"))
          raise(builtin_types().type_error, "must be real number, not " + type_name(v));
        out += format_float(to_double(in, v), base_spec + "." + (has_prec ? prec : "6") + conv);
        break;
      }
      case 's':
      case 'r':
      case 'a': {
        std::string s = conv == 's' ? str(in, v) : conv == 'r' ? repr(in, v) : ascii_escape(repr(in, v));
        if (has_prec) s = s.substr(0, std::stoul(prec));
        out += format_str(s, (flags.find('-') != std::string::npos ? "<" : ">") + width);
        break;
      }
      case 'c': {
        std::string ch;
        if (is_str(v)) {
          if (utf8_length(as<StrObject>(v)->value_) != 1) raise(builtin_types().type_error, "%c requires int or char");
          ch = as<StrObject>(v)->value_;
        } else {
          if (!is_int(v)) raise(builtin_types().type_error, "%c requires int or char");
          int64_t c = as<IntObject>(v)->value_;
          if (c < 0 || c > 0x10FFFF) raise(builtin_types().overflow_error, "%c arg not in range(0x110000)");
          utf8_append(ch, static_cast<uint32_t>(c));
        }
        out += format_str(ch, (flags.find('-') != std::string::npos ? "<" : ">") + width);
        break;
      }
      default: {
        char buf[128];
        std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv, conv, i);
        raise(builtin_types().value_error, buf);
      }
    }
  }
  values.check_all_used("string");
  return out;
}

// ---- str.format ----

static Object* find_keyword(const CallArgs& args, std::string_view name) {
  for (auto& [k, v] : args.kw)
    if (k == name) return v.get();
  return nullptr;
}

// A field name's or index's digits as an integer, or false when `s` is not all digits (then it is
// a string key, as CPython's get_integer decides).
static bool field_number(const std::string& s, int64_t& out) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  int64_t v = 0;
  for (char c : s)
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, c - '0', &v))
      raise(builtin_types().value_error, "Too many decimal digits in format string");
  out = v;
  return true;
}

// The automatic field numbering of one str.format call, shared with the fields nested in specs.
struct FieldNumbering {
  size_t auto_index = 0;
  bool used_auto = false, used_manual = false;
};

static std::string format_fields(Interp& in, std::string_view fmt, const CallArgs& args, size_t first,
                                 FieldNumbering& numbering);

std::string str_format(Interp& in, std::string_view fmt, const CallArgs& args, size_t first) {
  FieldNumbering numbering;
  return format_fields(in, fmt, args, first, numbering);
}

static std::string format_fields(Interp& in, std::string_view fmt, const CallArgs& args, size_t first,
                                 FieldNumbering& numbering) {
  std::string out;
  size_t& auto_index = numbering.auto_index;
  bool &used_auto = numbering.used_auto, &used_manual = numbering.used_manual;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      raise(builtin_types().value_error, "Single '}' encountered in format string");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    if (i + 1 == fmt.size()) raise(builtin_types().value_error, "Single '{' encountered in format string");
    int nest = 1;
    size_t j = i + 1;
    for (; j < fmt.size(); ++j) {
      if (fmt[j] == '{') ++nest;
      if (fmt[j] == '}' && --nest == 0) break;
    }
    if (j >= fmt.size()) raise(builtin_types().value_error, "expected '}' before end of string");
    std::string field(fmt.substr(i + 1, j - i - 1));
    i = j;
    std::string spec;
    char conv = 0;
    size_t colon = field.find(':');
    if (colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field.resize(colon);
    }
    size_t bang = field.find('!');
    if (bang != std::string::npos) {
      if (bang + 1 >= field.size())
        raise(builtin_types().value_error, "end of string while looking for conversion specifier");
      if (bang + 2 < field.size()) raise(builtin_types().value_error, "expected ':' after conversion specifier");
      conv = field[bang + 1];
      if (conv != 'r' && conv != 's' && conv != 'a')
        raise(builtin_types().value_error, std::string("Unknown conversion specifier ") + conv);
      field.resize(bang);
    }
    size_t name_end = field.find_first_of(".[");
    std::string head = field.substr(0, name_end);
    ObjRef value;
    if (head.empty()) {
      if (used_manual)
        raise(builtin_types().value_error,
              "cannot switch from manual field specification to automatic field numbering");
      used_auto = true;
      size_t k = first + auto_index++;
      if (k >= args.pos.size())
        raise(builtin_types().index_error,
              "Replacement index " + std::to_string(auto_index - 1) + " out of range for positional args tuple");
      value = args.pos[k];
    } else if (int64_t index = 0; field_number(head, index)) {
      if (used_auto)
        raise(builtin_types().value_error,
              "cannot switch from automatic field numbering to manual field specification");
      used_manual = true;
      size_t k = first + static_cast<size_t>(index);
      if (index >= static_cast<int64_t>(args.pos.size()) || k >= args.pos.size())
        raise(builtin_types().index_error, "Replacement index " + head + " out of range for positional args tuple");
      value = args.pos[k];
    } else {
      Object* kw = find_keyword(args, head);
      if (!kw) raise_object(in, ObjRef(new_exception(builtin_types().key_error, {make_str(head)}).get()));
      value = kw;
    }
    while (name_end != std::string::npos && name_end < field.size()) {
      if (field[name_end] == '.') {
        size_t next = field.find_first_of(".[", name_end + 1);
        value = get_attr(in, value.get(), field.substr(name_end + 1, next - name_end - 1));
        name_end = next;
      } else {
        size_t close = field.find(']', name_end);
        std::string key = field.substr(name_end + 1, close - name_end - 1);
        int64_t index = 0;
        ObjRef k = field_number(key, index) ? make_int(index) : make_str(key);
        value = get_item(in, value.get(), k.get());
        name_end = close + 1 < field.size() ? close + 1 : std::string::npos;
      }
    }
    // The spec's own fields come after the field itself: "{:>{}}" takes the value, then the width.
    if (spec.find('{') != std::string::npos) spec = format_fields(in, spec, args, first, numbering);
    if (conv == 'r') value = make_str(repr(in, value.get()));
    else if (conv == 'a') value = make_str(ascii_escape(repr(in, value.get())));
    else if (conv == 's') value = make_str(str(in, value.get()));
    out += format_value(in, value.get(), spec);
  }
  return out;
}

}  // namespace stridelab::python
