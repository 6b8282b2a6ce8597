#include "python/syntax_error.h"

namespace stridelab::python {

void throw_syntax_error(std::string message, int line, int col, int end_col, std::string type) {
  SyntaxErrorInfo info;
  info.type = std::move(type);
  info.message = std::move(message);
  info.line = line;
  info.col = col;
  info.end_col = end_col;
  throw SyntaxErrorException(std::move(info));
}

std::string_view source_line(std::string_view source, int line) {
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  if (start > source.size()) return {};
  size_t end = source.find('\n', start);
  if (end == std::string_view::npos) end = source.size();
  std::string_view text = source.substr(start, end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

// Number of characters (not bytes) in the first `bytes` bytes of `text`.
static int char_width(std::string_view text, int bytes) {
  int n = 0;
  for (int i = 0; i < bytes && i < (int)text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  if (bytes > (int)text.size()) n += bytes - (int)text.size();
  return n;
}

std::string format_syntax_error(const SyntaxErrorInfo& info, std::string_view source, std::string_view filename) {
  // Errors of compilation that CPython prints with no location ("RecursionError: maximum
  // recursion depth exceeded during compilation", "SyntaxError: source code cannot contain null
  // bytes").
  if (info.line <= 0) return info.type + ": " + info.message + "\n";
  std::string out = "  File \"" + std::string(filename) + "\", line " + std::to_string(info.line) + "\n";
  std::string_view text = info.text.empty() ? source_line(source, info.line) : std::string_view(info.text);
  size_t lead = 0;
  while (lead < text.size() && (text[lead] == ' ' || text[lead] == '\t' || text[lead] == '\f')) ++lead;
  std::string_view stripped = text.substr(lead);
  if (!stripped.empty() || info.line > 0) {
    out += "    " + std::string(stripped) + "\n";
    if (info.col >= 0) {
      int start = std::max(0, info.col - (int)lead);
      int end = info.end_col > info.col ? info.end_col - (int)lead : start + 1;
      int cstart = char_width(stripped, start);
      int cend = std::max(cstart + 1, char_width(stripped, end));
      out += "    " + std::string(cstart, ' ') + std::string(cend - cstart, '^') + "\n";
    }
  }
  out += info.type + ": " + info.message + "\n";
  return out;
}

}  // namespace stridelab::python
