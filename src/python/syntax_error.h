// SyntaxError and IndentationError found by the lexer or the parser, and their CPython 3.11 text.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

namespace stridelab::python {

// A position in the source: 1-based line, 0-based byte column, as CPython's ast keeps them.
struct Pos {
  int line = 0;
  int col = 0;
  int end_line = 0;
  int end_col = 0;
};

struct SyntaxErrorInfo {
  std::string type = "SyntaxError";  // or "IndentationError"
  std::string message;
  int line = 0;
  int col = -1;      // 0-based byte column of the caret, -1 when CPython prints no caret line
  int end_col = -1;  // exclusive end of the caret range on `line`, -1 for a single caret
  // The line to show instead of the source's own (an f-string's expression as "(x +)", as
  // CPython 3.11 reports errors in one); columns are then relative to it.
  std::string text;
};

class SyntaxErrorException : public std::runtime_error {
 public:
  explicit SyntaxErrorException(SyntaxErrorInfo info) : std::runtime_error(info.message), info_(std::move(info)) {}
  const SyntaxErrorInfo& info() const { return info_; }

 private:
  SyntaxErrorInfo info_;
};

[[noreturn]] void throw_syntax_error(std::string message, int line, int col, int end_col = -1,
                                     std::string type = "SyntaxError");

// The text CPython 3.11 prints for an uncaught SyntaxError:
//   File "<main>", line N / the stripped line / the caret line / "SyntaxError: msg".
std::string format_syntax_error(const SyntaxErrorInfo& info, std::string_view source,
                                std::string_view filename = "<main>");

// The source line `line` (1-based) without its newline; empty when out of range.
std::string_view source_line(std::string_view source, int line);

}  // namespace stridelab::python
