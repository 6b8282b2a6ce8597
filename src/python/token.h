// Tokens produced by the lexer: the same kinds CPython's tokenizer gives its parser.
#pragma once
#include <string>

namespace stridelab::python {

enum class TokenKind { Name, Number, String, Newline, Indent, Dedent, Op, EndMarker, Error };

const char* token_kind_name(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::EndMarker;
  std::string text;  // the exact source text (empty for INDENT/DEDENT/ENDMARKER)
  int line = 1, col = 0, end_line = 1, end_col = 0;
  size_t offset = 0, end_offset = 0;  // byte offsets of the token in the source

  bool is_op(const char* op) const { return kind == TokenKind::Op && text == op; }
  bool is_keyword(const char* kw) const { return kind == TokenKind::Name && text == kw; }
};

bool is_keyword(const std::string& name);

}  // namespace stridelab::python
