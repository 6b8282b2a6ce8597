// The text of a tensor (see NOTE [How PyTorch formats the elements] in print.h).
#include "core/print.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/ops.h"
#include "support/budget.h"

namespace stridelab::core {
namespace {

// ---- Python's float formats ("{:.Nf}", "{:.Ne}"): C's printf rounds exactly like Python ----------

std::string non_finite_text(double v) {
  if (std::isnan(v)) return "nan";  // Python never prints a sign on nan
  return v > 0 ? "inf" : "-inf";
}

std::string printf_double(const char* format, int precision, double v) {
  // set_printoptions(precision=10**9) asks for elements of a gigabyte each: refused before the
  // buffer is made when past the run's memory limit (support/budget.h).
  if (!support::allocation_fits(static_cast<uint64_t>(std::max(precision, 0)) + 400))
    throw Error(ErrorKind::MemoryError, "");
  int n = std::snprintf(nullptr, 0, format, precision, v);
  std::string out(static_cast<size_t>(n), '\0');
  std::snprintf(out.data(), out.size() + 1, format, precision, v);
  return out;
}

// "{:.4f}".format(v)
std::string format_fixed(double v, int precision) {
  if (!std::isfinite(v)) return non_finite_text(v);
  return printf_double("%.*f", precision, v);
}

// "{:.4e}".format(v)
std::string format_scientific(double v, int precision) {
  if (!std::isfinite(v)) return non_finite_text(v);
  return printf_double("%.*e", precision, v);
}

// ---- the element formatter (torch/_tensor_str.py's _Formatter) -------------------------------

enum class FloatMode { Int, Fixed, Scientific };

// Chooses the float mode from the elements that will be shown.
FloatMode choose_float_mode(const std::vector<double>& shown, const PrintOptions& options) {
  bool any = false, integral = true;
  double max_abs = 0, min_abs = INFINITY;
  for (double v : shown) {
    if (!std::isfinite(v) || v == 0) continue;
    any = true;
    integral = integral && v == std::ceil(v);
    double a = std::fabs(v);
    max_abs = std::max(max_abs, a);
    min_abs = std::min(min_abs, a);
  }
  // With no finite nonzero value PyTorch stops before looking at sci_mode.
  if (!any) return FloatMode::Int;
  bool sci = max_abs / min_abs > 1000.0 || max_abs > 1.0e8 || (!integral && min_abs < 1.0e-4);
  if (options.sci_mode) sci = *options.sci_mode;
  if (sci) return FloatMode::Scientific;
  return integral ? FloatMode::Int : FloatMode::Fixed;
}

std::string format_float_element(double v, FloatMode mode, int precision) {
  switch (mode) {
    case FloatMode::Scientific: return format_scientific(v, precision);
    case FloatMode::Fixed: return format_fixed(v, precision);
    case FloatMode::Int: break;
  }
  if (!std::isfinite(v)) return non_finite_text(v);
  return printf_double("%.*f", 0, v) + ".";
}

// The width PyTorch pads floats to: measured over the finite nonzero values only (so "nan" or
// "0." may be wider than the column), and in the mode it would have chosen even when sci_mode is
// forced.
size_t float_width(const std::vector<double>& shown, FloatMode natural, int precision) {
  size_t width = 1;
  for (double v : shown) {
    if (!std::isfinite(v) || v == 0) continue;
    width = std::max(width, format_float_element(v, natural, precision).size());
  }
  return width;
}

// The cells of the shown elements in row-major order, each padded to the common width.
struct Cells {
  std::vector<std::string> text;
  size_t width = 1;
};

void pad_left(std::string& s, size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
}

// ---- walking the shown elements --------------------------------------------------------------

// Whether a dim of `size` shows only its edgeitems first and last indices (else all of them).
bool is_cut(int64_t size, bool summarize, const PrintOptions& options) {
  return summarize && size > 2 * static_cast<int64_t>(options.edgeitems);
}

template <class T, class Out>
void collect_shown(const T* base, const Tensor& t, size_t d, int64_t offset, bool summarize,
                   const PrintOptions& options, std::vector<Out>& out) {
  if (d == t.sizes().size()) {
    out.push_back(static_cast<Out>(base[offset]));
    return;
  }
  int64_t size = t.sizes()[d], stride = t.strides()[d];
  auto visit = [&](int64_t i) { collect_shown(base, t, d + 1, offset + i * stride, summarize, options, out); };
  if (is_cut(size, summarize, options)) {
    for (int64_t i = 0; i < options.edgeitems; ++i) visit(i);
    for (int64_t i = size - options.edgeitems; i < size; ++i) visit(i);
  } else {
    for (int64_t i = 0; i < size; ++i) visit(i);
  }
}

Cells format_cells(const Tensor& t, bool summarize, const PrintOptions& options) {
  Cells cells;
  const std::byte* storage = t.storage()->data();
  if (is_floating(t.dtype())) {
    std::vector<double> shown;
    dispatch_all(t.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      collect_shown(reinterpret_cast<const T*>(storage), t, 0, t.storage_offset(), summarize, options, shown);
    });
    PrintOptions unforced = options;
    unforced.sci_mode.reset();
    FloatMode natural = choose_float_mode(shown, unforced);
    FloatMode mode = choose_float_mode(shown, options);
    cells.width = float_width(shown, natural, options.precision);
    cells.text.reserve(shown.size());
    for (double v : shown) cells.text.push_back(format_float_element(v, mode, options.precision));
  } else {
    std::vector<int64_t> shown;
    dispatch_all(t.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      collect_shown(reinterpret_cast<const T*>(storage), t, 0, t.storage_offset(), summarize, options, shown);
    });
    bool is_bool = t.dtype() == DType::Bool;
    cells.text.reserve(shown.size());
    for (int64_t v : shown) {
      cells.text.push_back(is_bool ? (v ? "True" : "False") : std::to_string(v));
      cells.width = std::max(cells.width, cells.text.back().size());
    }
  }
  for (std::string& s : cells.text) pad_left(s, cells.width);
  return cells;
}

// ---- nesting (_tensor_str_with_formatter, _vector_str) --------------------------------------

class Layout {
 public:
  Layout(const Tensor& t, const Cells& cells, bool summarize, const PrintOptions& options)
      : sizes_(t.sizes()), cells_(cells), summarize_(summarize), options_(options) {}

  std::string render(size_t d, int64_t indent) {
    if (sizes_.empty()) return cells_.text[next_++];
    if (d + 1 == sizes_.size()) return render_row(indent);
    int64_t size = sizes_[d];
    std::vector<std::string> slices;
    if (is_cut(size, summarize_, options_)) {
      for (int64_t i = 0; i < options_.edgeitems; ++i) slices.push_back(render(d + 1, indent + 1));
      slices.push_back("...");
      for (int64_t i = 0; i < options_.edgeitems; ++i) slices.push_back(render(d + 1, indent + 1));
    } else {
      for (int64_t i = 0; i < size; ++i) slices.push_back(render(d + 1, indent + 1));
    }
    size_t sub_dim = sizes_.size() - d;  // the dim of the tensor being printed here
    std::string separator = "," + std::string(sub_dim - 1, '\n') + std::string(static_cast<size_t>(indent + 1), ' ');
    return "[" + join(slices, separator) + "]";
  }

 private:
  std::string render_row(int64_t indent) {
    int64_t size = sizes_.back();
    std::vector<const std::string*> items;
    static const std::string kEllipsis = " ...";
    if (is_cut(size, summarize_, options_)) {
      for (int64_t i = 0; i < options_.edgeitems; ++i) items.push_back(&cells_.text[next_++]);
      items.push_back(&kEllipsis);
      for (int64_t i = 0; i < options_.edgeitems; ++i) items.push_back(&cells_.text[next_++]);
    } else {
      for (int64_t i = 0; i < size; ++i) items.push_back(&cells_.text[next_++]);
    }
    int64_t element_length = static_cast<int64_t>(cells_.width) + 2;
    int64_t per_line =
        std::max<int64_t>(1, static_cast<int64_t>(std::floor(static_cast<double>(options_.linewidth - indent) /
                                                             static_cast<double>(element_length))));
    std::string out = "[";
    std::string line_break = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += i % static_cast<size_t>(per_line) == 0 ? line_break : ", ";
      out += *items[i];
    }
    out += "]";
    return out;
  }

  static std::string join(const std::vector<std::string>& parts, const std::string& separator) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += separator;
      out += parts[i];
    }
    return out;
  }

  const IntArray& sizes_;
  const Cells& cells_;
  bool summarize_;
  const PrintOptions& options_;
  size_t next_ = 0;
};

// str(tuple(sizes)): "(0, 3)", "(0,)"
std::string python_tuple(const IntArray& sizes) {
  std::string out = "(";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(sizes[i]);
  }
  if (sizes.size() == 1) out += ",";
  return out + ")";
}

// _add_suffixes: each suffix goes on the same line unless that would pass linewidth.
std::string add_suffixes(std::string text, const std::vector<std::string>& suffixes, size_t indent,
                         const PrintOptions& options) {
  size_t newline = text.rfind('\n');
  // PyTorch's arithmetic, rfind = -1 included: the line's length plus two.
  int64_t last_line_len =
      static_cast<int64_t>(text.size()) - (newline == std::string::npos ? -1 : static_cast<int64_t>(newline)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t len = static_cast<int64_t>(suffix.size());
    if (last_line_len + len + 2 > options.linewidth) {
      text += ",\n" + std::string(indent, ' ') + suffix;
      last_line_len = static_cast<int64_t>(indent) + len;
    } else {
      text += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return text + ")";
}

// ---- shortest round-trip digits for repr(float) ----------------------------------------------

struct Decimal {
  std::string digits;  // no leading zero; value = 0.digits * 10^(exponent + 1)
  int exponent = 0;    // of the first digit
};

// printf's "%.{p-1}e" of v > 0, split into digits and exponent.
Decimal rounded_decimal(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
  Decimal d;
  const char* p = buf;
  for (; *p != 'e'; ++p)
    if (*p != '.') d.digits += *p;
  d.exponent = std::atoi(p + 1);
  return d;
}

double decimal_value(const Decimal& d) {
  std::string text = "0." + d.digits + "e" + std::to_string(d.exponent + 1);
  return std::strtod(text.c_str(), nullptr);
}

// d with its last digit moved by +1 or -1 (carrying or borrowing).
Decimal nudge(Decimal d, int direction) {
  std::string& s = d.digits;
  int i = static_cast<int>(s.size()) - 1;
  if (direction > 0) {
    while (i >= 0 && s[i] == '9') s[i--] = '0';
    if (i < 0) {
      s.insert(s.begin(), '1');
      s.pop_back();
      ++d.exponent;
    } else {
      ++s[i];
    }
  } else {
    while (i >= 0 && s[i] == '0') s[i--] = '9';
    if (i >= 0) --s[i];
    if (s[0] == '0') {
      s.erase(s.begin());
      --d.exponent;
      if (s.empty()) s = "0";
    }
  }
  return d;
}

// The fewest significant digits that read back as v (v finite, > 0); among candidates of that
// length, the one nearest v.
Decimal shortest_decimal(double v) {
  for (int p = 1; p < 17; ++p) {
    Decimal d = rounded_decimal(v, p);
    if (decimal_value(d) == v) return d;
    // The interval of values that read back as v is lopsided at powers of two, so a p-digit
    // neighbour of the nearest p-digit decimal may still read back.
    for (int direction : {-1, 1}) {
      Decimal n = nudge(d, direction);
      if (decimal_value(n) == v) return n;
    }
  }
  return rounded_decimal(v, 17);
}

}  // namespace

PrintOptions& print_options() {
  static PrintOptions options;
  return options;
}

std::string tensor_repr(const Tensor& t, const PrintSuffix& suffix, const std::string& prefix) {
  return tensor_repr(t, suffix, prefix, print_options());
}

std::string tensor_repr(const Tensor& t, const PrintSuffix& suffix, const std::string& prefix,
                        const PrintOptions& options) {
  size_t indent = prefix.size();
  std::vector<std::string> suffixes;
  std::string body;
  DType dtype = t.dtype();
  if (t.numel() == 0) {
    // No element shows the dtype or the shape, so both are spelled out (the shape unless 1-D).
    if (t.dim() != 1) suffixes.push_back("size=" + python_tuple(t.sizes()));
    if (dtype != kDefaultFloat) suffixes.push_back(std::string("dtype=") + dtype_name(dtype));
    body = "[]";
  } else {
    bool default_dtype = dtype == kDefaultFloat || dtype == DType::Int64 || dtype == DType::Bool;
    if (!default_dtype) suffixes.push_back(std::string("dtype=") + dtype_name(dtype));
    bool summarize = static_cast<double>(t.numel()) > options.threshold;
    Cells cells = format_cells(t, summarize, options);
    body = Layout(t, cells, summarize, options).render(0, static_cast<int64_t>(indent));
  }
  if (!suffix.grad_fn.empty()) suffixes.push_back("grad_fn=<" + suffix.grad_fn + ">");
  else if (suffix.requires_grad) suffixes.push_back("requires_grad=True");
  return add_suffixes(prefix + body, suffixes, indent, options);
}

std::string parameter_repr(const Tensor& t, const PrintSuffix& suffix) {
  return "Parameter containing:\n" + tensor_repr(t, suffix);
}

std::string format_float_repr(double v) {
  if (!std::isfinite(v)) return non_finite_text(v);
  std::string sign = std::signbit(v) ? "-" : "";
  if (v == 0) return sign + "0.0";
  Decimal d = shortest_decimal(std::fabs(v));
  std::string& s = d.digits;
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  int n = static_cast<int>(s.size());
  int point = d.exponent + 1;  // digits before the decimal point
  if (point > -4 && point <= 16) {
    if (point <= 0) return sign + "0." + std::string(static_cast<size_t>(-point), '0') + s;
    if (point >= n) return sign + s + std::string(static_cast<size_t>(point - n), '0') + ".0";
    return sign + s.substr(0, static_cast<size_t>(point)) + "." + s.substr(static_cast<size_t>(point));
  }
  std::string mantissa = n > 1 ? s.substr(0, 1) + "." + s.substr(1) : s;
  int e = d.exponent;
  std::string exponent = std::to_string(std::abs(e));
  if (exponent.size() < 2) exponent.insert(0, "0");
  return sign + mantissa + "e" + (e < 0 ? "-" : "+") + exponent;
}

}  // namespace stridelab::core
