// Number and string formatting exactly as CPython prints: float repr (shortest round-trip),
// format specs ("{:>8.3f}", "{:,}", "{:x}"), %-formatting and str.format.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "python/object.h"

namespace stridelab::python {

std::string float_repr(double v);          // repr(1e16) == "1e+16", repr(0.1) == "0.1"
std::string str_repr(std::string_view s);  // repr("it's") == "\"it's\""

// format(value, spec) for the built-in kinds; raises ValueError for a bad spec.
std::string format_int(int64_t v, std::string_view spec);
std::string format_big_int(const class BigInt& v, std::string_view spec);
std::string format_float(double v, std::string_view spec);
std::string format_str(std::string_view s, std::string_view spec);

// "fmt" % args (args is a tuple, or a single value).
std::string percent_format(Interp& in, std::string_view fmt, Object* args);
// "fmt".format(*args, **kwargs)
std::string str_format(Interp& in, std::string_view fmt, const CallArgs& args, size_t first_arg);

size_t utf8_length(std::string_view s);

}  // namespace stridelab::python
