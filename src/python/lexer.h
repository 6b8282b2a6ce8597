// The lexer: source text to tokens, with INDENT/DEDENT for indentation, as CPython's tokenizer.
// Brackets and backslashes continue a logical line; comments and blank lines vanish. String
// tokens keep their source text (prefix and quotes included): the parser decodes them with
// decode_string_literal(), and splits f-strings into parts.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "python/syntax_error.h"
#include "python/token.h"

namespace stridelab::python {

struct UnclosedBracket {
  char ch = 0;  // 0 when every bracket was closed
  int line = 0, col = 0;
  size_t eof_token = 0;  // the first of the tokens made at the end of the input
};

// Tokenizes the whole source; throws SyntaxErrorException as CPython's tokenizer would. A bracket
// still open at the end is reported in *unclosed when given (the parser decides which error
// wins, as CPython does), else thrown as "'(' was never closed".
// The SyntaxWarnings it finds go to *warnings when given.
std::vector<Token> tokenize(std::string_view source, UnclosedBracket* unclosed = nullptr,
                            std::vector<CompileWarning>* warnings = nullptr);

// Tokenizes source[begin, end) as an expression (an f-string replacement field): positions
// stay those of the whole source, no INDENT/NEWLINE is produced.
std::vector<Token> tokenize_expression(std::string_view source, size_t begin, size_t end);

// One line per token: "1,0-1,5:\tNAME\t'print'", as `python -m tokenize` prints them.
std::string dump_tokens(const std::vector<Token>& tokens);

// Decodes the escapes of a plain (non-f) string literal body. `raw` keeps backslashes.
// A bad \x, \u or \U escape: what() is the end of CPython's message, "position 0-1: truncated
// \xXX escape"; the parser says where.
class EscapeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
std::string decode_string_body(std::string_view body, bool raw);
// The same for a bytes literal's body (ASCII already checked): \x takes exactly two hex digits (else
// EscapeError, what() "invalid \x escape at position N"), an octal escape is taken modulo 256, and
// \u, \U and \N are not escapes.
std::string decode_bytes_body(std::string_view body, bool raw);

}  // namespace stridelab::python
