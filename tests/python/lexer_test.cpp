#include <catch2/catch.hpp>

#include "python/lexer.h"

using namespace stridelab::python;

namespace {
std::vector<std::string> kinds(const std::string& src) {
  std::vector<std::string> out;
  for (const Token& t : tokenize(src))
    out.push_back(std::string(token_kind_name(t.kind)) +
                  (t.text.empty() || t.kind == TokenKind::Newline ? "" : ":" + t.text));
  return out;
}
std::string error_of(const std::string& src) {
  try {
    tokenize(src);
  } catch (const SyntaxErrorException& e) { return e.info().message; }
  return "";
}
}  // namespace

TEST_CASE("lexer: indentation produces INDENT and DEDENT", "[lexer]") {
  auto k = kinds("if x:\n    y = 1\nz\n");
  std::vector<std::string> want = {"NAME:if",  "NAME:x",  "OP::",   "NEWLINE", "INDENT",  "NAME:y",   "OP:=",
                                   "NUMBER:1", "NEWLINE", "DEDENT", "NAME:z",  "NEWLINE", "ENDMARKER"};
  CHECK(k == want);
}

TEST_CASE("lexer: brackets and backslashes continue lines; comments vanish", "[lexer]") {
  auto k = kinds("x = (1,\n  2)  # c\ny = 1 + \\\n 2\n");
  std::vector<std::string> want = {
      "NAME:x", "OP:=", "OP:(",     "NUMBER:1", "OP:,",     "NUMBER:2", "OP:)",     "NEWLINE",
      "NAME:y", "OP:=", "NUMBER:1", "OP:+",     "NUMBER:2", "NEWLINE",  "ENDMARKER"};
  CHECK(k == want);
}

TEST_CASE("lexer: literals", "[lexer]") {
  auto toks = tokenize("a = 0x1F + 1_000 + 1.5e-3 + 'q' + \"\"\"t\nq\"\"\" + f'{a:>4}' + r'\\n'\n");
  std::vector<std::string> texts;
  for (auto& t : toks)
    if (t.kind == TokenKind::Number || t.kind == TokenKind::String) texts.push_back(t.text);
  std::vector<std::string> want = {"0x1F", "1_000", "1.5e-3", "'q'", "\"\"\"t\nq\"\"\"", "f'{a:>4}'", "r'\\n'"};
  CHECK(texts == want);
  CHECK(decode_string_body("a\\tb\\x41\\u00e9\\\\", false) == "a\tbA\xc3\xa9\\");
  CHECK(decode_string_body("a\\tb", true) == "a\\tb");
}

TEST_CASE("lexer: positions", "[lexer]") {
  auto toks = tokenize("x  = foo\n");
  CHECK(toks[2].line == 1);
  CHECK(toks[2].col == 5);
  CHECK(toks[2].end_col == 8);
}

TEST_CASE("lexer: errors as CPython words them", "[lexer]") {
  CHECK(error_of("x = 'abc\n") == "unterminated string literal (detected at line 1)");
  CHECK(error_of("x = )\n") == "unmatched ')'");
  CHECK(error_of("x = (1]\n") == "closing parenthesis ']' does not match opening parenthesis '('");
  CHECK(error_of("if 1:\n    x\n  y\n") == "unindent does not match any outer indentation level");
  CHECK(error_of("x = 0777\n").rfind("leading zeros", 0) == 0);
  CHECK(error_of("x = [1\n") == "'[' was never closed");
}
