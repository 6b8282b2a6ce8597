#include "python/syntax_error.h"

namespace stridelab::python {

static SyntaxErrorInfo error_info(std::string message, int line, int col, int end_col, std::string type) {
  SyntaxErrorInfo info;
  info.type = std::move(type);
  info.message = std::move(message);
  info.line = line;
  info.col = col;
  info.end_col = end_col;
  return info;
}

void throw_syntax_error(std::string message, int line, int col, int end_col, std::string type) {
  throw SyntaxErrorException(error_info(std::move(message), line, col, end_col, std::move(type)));
}

void throw_tokenizer_error(std::string message, int line, int col, int end_col, std::string type) {
  SyntaxErrorInfo info = error_info(std::move(message), line, col, end_col, std::move(type));
  info.tokenizer = true;
  throw SyntaxErrorException(std::move(info));
}

std::string drop_after_nul(std::string_view source) {
  if (source.find('\0') == std::string_view::npos) return std::string(source);
  std::string out;
  out.reserve(source.size());
  for (size_t i = 0; i < source.size();) {
    size_t end = std::min(source.find('\n', i), source.size() - 1) + 1;
    std::string_view line = source.substr(i, end - i);
    out += line.substr(0, line.find('\0'));
    i = end;
  }
  return out;
}

// Whether `source` has a line `line` (1-based).
static bool has_line(std::string_view source, int line) {
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos || nl + 1 >= source.size()) return false;
    start = nl + 1;
  }
  return line >= 1 && !source.empty();
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

std::string format_syntax_error(const SyntaxErrorInfo& info, std::string_view source, std::string_view filename,
                                std::string_view file_text) {
  // Errors of compilation that CPython prints with no location ("RecursionError: maximum
  // recursion depth exceeded during compilation", "SyntaxError: source code cannot contain null
  // bytes").
  if (info.line <= 0) return info.type + ": " + info.message + "\n";
  std::string out = "  File \"" + std::string(filename) + "\", line " + std::to_string(info.line) + "\n";
  std::string_view text = info.text.empty() ? source_line(source, info.line) : std::string_view(info.text);
  // The parser's errors show the file's own line, read as a C string (NOTE [NUL bytes in the
  // source]); the caret then stops one past its end.
  const bool from_file = !file_text.empty() && file_text != source && info.text.empty() && !info.tokenizer &&
                         has_line(file_text, info.line);
  if (from_file) text = source_line(file_text, info.line).substr(0, source_line(file_text, info.line).find('\0'));
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
      if (from_file) {
        const int chars = char_width(stripped, static_cast<int>(stripped.size()));
        cstart = std::min(cstart, chars);
        cend = std::max(cstart + 1, std::min(cend, chars));
      }
      out += "    " + std::string(cstart, ' ') + std::string(cend - cstart, '^') + "\n";
    }
  }
  out += info.type + ": " + info.message + "\n";
  return out;
}

}  // namespace stridelab::python
