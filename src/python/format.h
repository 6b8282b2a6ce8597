// Number and string formatting exactly as CPython prints: float repr (shortest round-trip),
// format specs ("{:>8.3f}", "{:,}", "{:x}"), %-formatting and str.format.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "python/object.h"

namespace stridelab::python {

std::string float_repr(double v);          // repr(1e16) == "1e+16", repr(0.1) == "0.1"
std::string str_repr(std::string_view s);  // repr("it's") == "\"it's\""
// ascii(): the non-ASCII characters of a repr as \xhh, \uhhhh or \Uhhhhhhhh.
std::string ascii_escape(const std::string& s);

// format(value, spec) for the built-in kinds; raises ValueError for a bad spec.
std::string format_int(int64_t v, std::string_view spec);
std::string format_big_int(const class BigInt& v, std::string_view spec);
std::string format_float(double v, std::string_view spec);
std::string format_str(std::string_view s, std::string_view spec);

// "fmt" % args (args is a tuple, or a single value).
std::string percent_format(Interp& in, std::string_view fmt, Object* args);

// The values a %-format takes its conversions from: a tuple's items, or the one value; `mapping`
// (the dict, or null) gives the values of keyed conversions, and then not all need be used.
class PercentArgs {
 public:
  PercentArgs(Object* args, bool is_tuple, Object* mapping);
  Object* take();  // the next value, or CPython's "not enough arguments for format string"
  Object* mapping() const { return mapping_; }
  // At the end: CPython's "not all arguments converted during `kind` formatting".
  void check_all_used(const char* kind) const;

 private:
  std::vector<Object*> values_;
  size_t next_ = 0;
  Object* mapping_;
};

// One conversion of a %-format (str's or bytes'), read from just after its '%' up to its
// conversion character, where `i` is left. `on_key` is called with a "(key)" as soon as it is
// read (without `have_mapping`, a key is CPython's "format requires a mapping"); `take` gives the
// value of a `*` width or precision. CPython's errors for an incomplete format or key, and for a
// width or precision past INT_MAX (`for_bytes`: the limits and words of bytes formatting).
struct PercentSpec {
  std::string flags, width, prec;
  bool has_prec = false;
  char conv = 0;
};
PercentSpec parse_percent_spec(Interp& in, std::string_view fmt, size_t& i, bool have_mapping,
                               const std::function<void(std::string_view key)>& on_key,
                               const std::function<Object*()>& take, bool for_bytes = false);
// "fmt".format(*args, **kwargs)
std::string str_format(Interp& in, std::string_view fmt, const CallArgs& args, size_t first_arg);

size_t utf8_length(std::string_view s);

}  // namespace stridelab::python
