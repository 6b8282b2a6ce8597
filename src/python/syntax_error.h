// SyntaxError and IndentationError found by the lexer or the parser, and their CPython 3.11 text.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace stridelab::python {

// A position in the source: 1-based line, 0-based byte column, as CPython's ast keeps them.
struct Pos {
  int line = 0;
  int col = 0;
  int end_line = 0;
  int end_col = 0;
};

// A SyntaxWarning found while compiling (`1if x else y`: "invalid decimal literal"), printed as
// the warnings module prints it before the program runs.
struct CompileWarning {
  int line = 0;
  std::string message;
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
  // Raised by the tokenizer: CPython shows the line it was reading (after NUL bytes were dropped,
  // see drop_after_nul). The parser's errors show the file's own line of that number.
  bool tokenizer = false;
  std::vector<CompileWarning> warnings;  // found before the error, printed before it
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
// The same, as the tokenizer raises it (SyntaxErrorInfo::tokenizer).
[[noreturn]] void throw_tokenizer_error(std::string message, int line, int col, int end_col = -1,
                                        std::string type = "SyntaxError");

// NOTE [NUL bytes in the source]
// CPython 3.11.2 reads a program file line by line as C strings: a NUL byte ends its line, and
// the rest of that line and its newline are dropped, so the next line joins it (`x = (1,\0` then
// `2)` is `x = (1,2)`). The program runs from the text this returns, with its line numbers;
// messages then mix the two texts as CPython's do: tracebacks and the parser's SyntaxErrors show
// the file's own line of the number (the latter cut at its NUL), the tokenizer's errors the
// joined line. `source` is returned as it is when it has no NUL.
std::string drop_after_nul(std::string_view source);

// The text CPython 3.11 prints for an uncaught SyntaxError:
//   File "<main>", line N / the stripped line / the caret line / "SyntaxError: msg".
// `file_text` is the program's file when it differs from `source` (NUL bytes: drop_after_nul).
std::string format_syntax_error(const SyntaxErrorInfo& info, std::string_view source,
                                std::string_view filename = "<main>", std::string_view file_text = {});

// The source line `line` (1-based) without its newline; empty when out of range.
std::string_view source_line(std::string_view source, int line);

}  // namespace stridelab::python
