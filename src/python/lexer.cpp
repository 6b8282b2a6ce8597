#include "python/lexer.h"

#include "python/unicode.h"

#include <cstdio>

namespace stridelab::python {

const char* token_kind_name(TokenKind kind) {
  switch (kind) {
    case TokenKind::Name: return "NAME";
    case TokenKind::Number: return "NUMBER";
    case TokenKind::String: return "STRING";
    case TokenKind::Newline: return "NEWLINE";
    case TokenKind::Indent: return "INDENT";
    case TokenKind::Dedent: return "DEDENT";
    case TokenKind::Op: return "OP";
    case TokenKind::EndMarker: return "ENDMARKER";
    case TokenKind::Error: return "ERRORTOKEN";
  }
  return "?";
}

bool is_keyword(const std::string& name) {
  static const char* const kKeywords[] = {"False",  "None",   "True",    "and",      "as",       "assert", "async",
                                          "await",  "break",  "class",   "continue", "def",      "del",    "elif",
                                          "else",   "except", "finally", "for",      "from",     "global", "if",
                                          "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
                                          "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  for (const char* kw : kKeywords)
    if (name == kw) return true;
  return false;
}

namespace {

bool is_ident_start(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool is_ident_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

const char* const kOps3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
const char* const kOps2[] = {"**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", "+=",
                             "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":=", nullptr};
const char kOps1[] = "+-*/%@&|^~<>()[]{},:;.=";

struct Bracket {
  char ch;
  int line, col;
};

class Lexer {
 public:
  Lexer(std::string_view src, size_t begin, size_t end, bool expression_only, UnclosedBracket* unclosed = nullptr,
        std::vector<CompileWarning>* warnings = nullptr)
      : src_(src), pos_(begin), end_(end), expr_only_(expression_only), unclosed_(unclosed), warnings_(warnings) {
    compute_line(begin);
  }

  std::vector<Token> run() {
    if (expr_only_) {
      bracket_depth_base_ = 1;  // an f-string field behaves as if inside brackets
    }
    while (true) {
      if (at_line_start_ && brackets_.empty() && !expr_only_) {
        if (!handle_indentation()) break;
      }
      if (!next_token()) break;
    }
    finish();
    return std::move(tokens_);
  }

 private:
  std::string_view src_;
  size_t pos_, end_;
  bool expr_only_;
  UnclosedBracket* unclosed_;
  std::vector<CompileWarning>* warnings_;
  int bracket_depth_base_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  std::vector<int> indents_{0};
  std::vector<Bracket> brackets_;
  std::vector<Token> tokens_;

  void compute_line(size_t upto) {
    line_ = 1;
    line_start_ = 0;
    for (size_t i = 0; i < upto && i < src_.size(); ++i)
      if (src_[i] == '\n') ++line_, line_start_ = i + 1;
  }
  char peek(size_t ahead = 0) const { return pos_ + ahead < end_ ? src_[pos_ + ahead] : '\0'; }
  int col() const { return static_cast<int>(pos_ - line_start_); }
  void newline_at(size_t nl_pos) {
    ++line_;
    line_start_ = nl_pos + 1;
  }

  void emit(TokenKind kind, size_t start, int start_line, int start_col) {
    Token t;
    t.kind = kind;
    t.text = std::string(src_.substr(start, pos_ - start));
    t.line = start_line;
    t.col = start_col;
    t.end_line = line_;
    t.end_col = col();
    t.offset = start;
    t.end_offset = pos_;
    tokens_.push_back(std::move(t));
  }

  void emit_empty(TokenKind kind) {
    Token t;
    t.kind = kind;
    t.line = t.end_line = line_;
    t.col = t.end_col = col();
    t.offset = t.end_offset = pos_;
    tokens_.push_back(std::move(t));
  }

  // Measures the indentation of a new logical line; skips blank and comment-only lines.
  // Returns false at the end of input.
  bool handle_indentation() {
    while (true) {
      int width = 0;
      while (peek() == ' ' || peek() == '\t' || peek() == '\f') {
        width = peek() == '\t' ? (width / 8 + 1) * 8 : peek() == '\f' ? 0 : width + 1;
        ++pos_;
      }
      char c = peek();
      if (c == '#') {
        while (pos_ < end_ && peek() != '\n') ++pos_;
        c = peek();
      }
      if (c == '\r') {
        ++pos_;
        c = peek();
      }
      if (c == '\n') {
        newline_at(pos_);
        ++pos_;
        continue;
      }
      if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
        pos_ += peek(1) == '\n' ? 1 : 2;
        newline_at(pos_);
        ++pos_;
        continue;
      }
      if (pos_ >= end_) return false;
      at_line_start_ = false;
      apply_indent(width);
      return true;
    }
  }

  void apply_indent(int width) {
    if (width > indents_.back()) {
      indents_.push_back(width);
      emit_empty(TokenKind::Indent);
      tokens_.back().col = 0;
      return;
    }
    while (width < indents_.back()) {
      indents_.pop_back();
      emit_empty(TokenKind::Dedent);
    }
    if (width != indents_.back()) {
      size_t eol = src_.find('\n', pos_);
      if (eol == std::string_view::npos) eol = src_.size();
      throw_tokenizer_error("unindent does not match any outer indentation level", line_,
                            static_cast<int>(eol - line_start_), -1, "IndentationError");
    }
  }

  void finish() {
    if (!brackets_.empty() && unclosed_) {
      const Bracket& b = brackets_.back();
      *unclosed_ = {b.ch, b.line, b.col, tokens_.size()};
      brackets_.clear();
    }
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      throw_syntax_error(std::string("'") + b.ch + "' was never closed", b.line, b.col);
    }
    if (expr_only_) {
      emit_empty(TokenKind::EndMarker);
      return;
    }
    if (!tokens_.empty() && tokens_.back().kind != TokenKind::Newline && tokens_.back().kind != TokenKind::Dedent) {
      emit_empty(TokenKind::Newline);
      tokens_.back().text = "";
    }
    while (indents_.size() > 1) {
      indents_.pop_back();
      emit_empty(TokenKind::Dedent);
    }
    emit_empty(TokenKind::EndMarker);
  }

  // Lexes one token (or a newline); returns false at the end of input.
  bool next_token() {
    while (peek() == ' ' || peek() == '\t' || peek() == '\f' || peek() == '\r') ++pos_;
    if (peek() == '#') {
      while (pos_ < end_ && peek() != '\n') ++pos_;
    }
    if (pos_ >= end_) return false;
    char c = peek();
    if (c == '\\') return backslash();
    if (c == '\n') return newline();
    size_t start = pos_;
    int line = line_, column = col();
    if (is_ident_start(static_cast<unsigned char>(c))) {
      if (string_prefix()) return string(start, line, column);
      return name(start, line, column);
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))))
      return number(start, line, column);
    if (c == '"' || c == '\'') return string(start, line, column);
    return op(start, line, column);
  }

  bool backslash() {
    size_t nl = pos_ + 1;
    if (nl < end_ && src_[nl] == '\r') ++nl;
    if (nl < end_ && src_[nl] == '\n') {
      pos_ = nl + 1;
      newline_at(nl);
      return true;
    }
    if (nl >= end_) { throw_tokenizer_error("unexpected EOF while parsing", line_, col()); }
    throw_tokenizer_error("unexpected character after line continuation character", line_, col() + 1);
  }

  bool newline() {
    size_t start = pos_;
    int line = line_, column = col();
    ++pos_;
    if (brackets_.empty() && !expr_only_) {
      Token t;
      t.kind = TokenKind::Newline;
      t.text = "\n";
      t.line = t.end_line = line;
      t.col = column;
      t.end_col = column + 1;
      t.offset = start;
      t.end_offset = pos_;
      tokens_.push_back(std::move(t));
      at_line_start_ = true;
    }
    newline_at(start);
    return true;
  }

  bool name(size_t start, int line, int column) {
    while (pos_ < end_ && is_ident_char(static_cast<unsigned char>(peek()))) {
      unsigned char u = static_cast<unsigned char>(peek());
      if (u >= 0x80 && !is_valid_identifier_char()) break;
      ++pos_;
    }
    emit(TokenKind::Name, start, line, column);
    return true;
  }

  // Non-ASCII letters are allowed in identifiers; symbols like '€' are "invalid character".
  bool is_valid_identifier_char() {
    unsigned char u = static_cast<unsigned char>(peek());
    int len = u >= 0xF0 ? 4 : u >= 0xE0 ? 3 : 2;
    unsigned cp = u & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (int i = 1; i < len; ++i) cp = (cp << 6) | (static_cast<unsigned char>(peek(i)) & 0x3F);
    bool letter = (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x370 && cp <= 0x3FF) ||
                  (cp >= 0x400 && cp <= 0x4FF) || (cp >= 0x4E00 && cp <= 0x9FFF);
    if (letter) return true;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04X", cp);
    throw_tokenizer_error("invalid character '" + std::string(src_.substr(pos_, len)) + "' (U+" + buf + ")", line_,
                          col());
  }

  bool string_prefix() {
    size_t i = 0;
    while (i < 3 && std::isalpha(static_cast<unsigned char>(peek(i)))) {
      char l = static_cast<char>(std::tolower(peek(i)));
      if (l != 'r' && l != 'f' && l != 'b' && l != 'u') return false;
      ++i;
    }
    return i > 0 && (peek(i) == '"' || peek(i) == '\'');
  }

  // A number as CPython 3.11's tokenizer reads it (tok_get): the same errors, at the same columns
  // (a failure at pos_ puts the caret on the character before it), and the SyntaxWarning for a
  // literal run into a keyword (`1if x else 2`).
  bool number(size_t start, int line, int column) {
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    auto fail = [&](const std::string& message) { throw_tokenizer_error(message, line_, col() - 1); };
    // Digits with single underscores between them (tok_decimal_tail).
    auto decimal_tail = [&] {
      while (true) {
        while (digit(peek())) ++pos_;
        if (peek() != '_') return;
        ++pos_;
        if (!digit(peek())) fail("invalid decimal literal");
      }
    };
    // What may follow a literal (verify_end_of_number).
    auto verify_end = [&](const std::string& kind) {
      auto ahead = [&](std::string_view rest) {
        for (size_t i = 0; i < rest.size(); ++i)
          if (peek(1 + i) != rest[i]) return false;
        return true;
      };
      const char c = peek();
      const bool keyword = (c == 'a' && ahead("nd")) || (c == 'e' && ahead("lse")) || (c == 'f' && ahead("or")) ||
                           (c == 'i' && (peek(1) == 'f' || peek(1) == 'n' || peek(1) == 's')) ||
                           (c == 'o' && ahead("r")) || (c == 'n' && ahead("ot"));
      if (keyword) {
        if (warnings_) warnings_->push_back({line_, "invalid " + kind + " literal"});
      } else if (pos_ < end_ && is_ident_char(static_cast<unsigned char>(c))) {
        fail("invalid " + kind + " literal");
      }
    };
    // Hexadecimal, octal and binary digits with single underscores between them.
    auto radix_digits = [&](auto ok, const char* kind) {
      do {
        if (peek() == '_') ++pos_;
        if (!ok(peek())) {
          if (std::string_view(kind) != "hexadecimal" && digit(peek())) {
            ++pos_;
            fail(std::string("invalid digit '") + src_[pos_ - 1] + "' in " + kind + " literal");
          }
          fail(std::string("invalid ") + kind + " literal");
        }
        while (ok(peek())) ++pos_;
      } while (peek() == '_');
      if (std::string_view(kind) != "hexadecimal" && digit(peek())) {
        ++pos_;
        fail(std::string("invalid digit '") + src_[pos_ - 1] + "' in " + kind + " literal");
      }
      verify_end(kind);
    };
    // After the integer part: fraction, exponent, imaginary unit.
    auto rest = [&] {
      if (peek() == '.') {
        ++pos_;
        if (digit(peek())) decimal_tail();
      }
      if (peek() == 'e' || peek() == 'E') {
        const size_t e = pos_++;
        if (peek() == '+' || peek() == '-') {
          ++pos_;
          if (!digit(peek())) fail("invalid decimal literal");
        } else if (!digit(peek())) {  // `1else`, `1e`: the number ends before the e
          pos_ = e;
          verify_end("decimal");
          return;
        }
        decimal_tail();
      }
      if (peek() == 'j' || peek() == 'J') {
        ++pos_;
        verify_end("imaginary");
      } else {
        verify_end("decimal");
      }
    };
    const char c1 = peek(1);
    if (peek() == '0' && (c1 == 'x' || c1 == 'X')) {
      pos_ += 2;
      radix_digits([](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }, "hexadecimal");
    } else if (peek() == '0' && (c1 == 'o' || c1 == 'O')) {
      pos_ += 2;
      radix_digits([](char c) { return c >= '0' && c <= '7'; }, "octal");
    } else if (peek() == '0' && (c1 == 'b' || c1 == 'B')) {
      pos_ += 2;
      radix_digits([](char c) { return c == '0' || c == '1'; }, "binary");
    } else if (peek() == '0') {
      ++pos_;
      while (true) {
        if (peek() == '_') {
          ++pos_;
          if (!digit(peek())) fail("invalid decimal literal");
        }
        if (peek() != '0') break;
        ++pos_;
      }
      const size_t zeros_end = pos_;
      const bool nonzero = digit(peek());
      if (nonzero) decimal_tail();
      const char c = peek();
      if (c == '.' || c == 'e' || c == 'E' || c == 'j' || c == 'J') {
        rest();
      } else {
        if (nonzero)  // the caret under the zeros (syntaxerror_known_range)
          throw_tokenizer_error(
              "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", line_,
              column, static_cast<int>(zeros_end - line_start_));
        verify_end("decimal");
      }
    } else {
      if (peek() != '.') decimal_tail();
      rest();
    }
    emit(TokenKind::Number, start, line, column);
    return true;
  }

  bool string(size_t start, int line, int column) {
    while (peek() != '"' && peek() != '\'') ++pos_;
    char quote = peek();
    bool triple = peek(1) == quote && peek(2) == quote;
    size_t qlen = triple ? 3 : 1;
    size_t quote_pos = pos_;
    int quote_col = col();
    pos_ += qlen;
    while (true) {
      if (pos_ >= end_) unterminated(triple, line, quote_col, quote_pos);
      char c = peek();
      if (c == '\\') {
        if (peek(1) == '\n') newline_at(pos_ + 1);
        pos_ += 2;
        continue;
      }
      if (c == '\n') {
        if (!triple) unterminated(false, line, quote_col, quote_pos);
        newline_at(pos_);
      }
      if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
        pos_ += qlen;
        break;
      }
      ++pos_;
    }
    emit(TokenKind::String, start, line, column);
    return true;
  }

  [[noreturn]] void unterminated(bool triple, int line, int quote_col, size_t) {
    int last_line = line_;
    if (pos_ > 0 && pos_ >= end_ && src_[end_ - 1] == '\n') --last_line;
    if (triple)
      throw_tokenizer_error(
          "unterminated triple-quoted string literal (detected at line " + std::to_string(last_line) + ")", line,
          quote_col);
    throw_tokenizer_error("unterminated string literal (detected at line " + std::to_string(line) + ")", line,
                          quote_col);
  }

  bool op(size_t start, int line, int column) {
    for (const char* const* table : {kOps3, kOps2}) {
      for (const char* const* o = table; *o; ++o) {
        std::string_view s(*o);
        if (src_.substr(pos_, s.size()) == s && pos_ + s.size() <= end_) {
          pos_ += s.size();
          emit(TokenKind::Op, start, line, column);
          return true;
        }
      }
    }
    char c = peek();
    if (c != '\0' && std::string_view(kOps1).find(c) != std::string_view::npos) {
      track_bracket(c, line, column);
      ++pos_;
      emit(TokenKind::Op, start, line, column);
      return true;
    }
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x80) is_valid_identifier_char();
    ++pos_;
    emit(TokenKind::Error, start, line, column);
    return true;
  }

  void track_bracket(char c, int line, int column) {
    if (c == '(' || c == '[' || c == '{') {
      if (brackets_.size() >= 200) throw_tokenizer_error("too many nested parentheses", line, column);
      brackets_.push_back({c, line, column});
      return;
    }
    if (c != ')' && c != ']' && c != '}') return;
    if (brackets_.empty()) throw_tokenizer_error(std::string("unmatched '") + c + "'", line, column);
    char open = brackets_.back().ch;
    char want = open == '(' ? ')' : open == '[' ? ']' : '}';
    if (c != want) {
      std::string msg =
          std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open + "'";
      if (brackets_.back().line != line) msg += " on line " + std::to_string(brackets_.back().line);
      throw_tokenizer_error(msg, line, column);
    }
    brackets_.pop_back();
  }
};

std::string escape_for_dump(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '\'') out += "\\'";
    else if (c == '\\') out += "\\\\";
    else out += c;
  }
  return out + "'";
}

}  // namespace

std::vector<Token> tokenize(std::string_view source, UnclosedBracket* unclosed, std::vector<CompileWarning>* warnings) {
  return Lexer(source, 0, source.size(), false, unclosed, warnings).run();
}

std::vector<Token> tokenize_expression(std::string_view source, size_t begin, size_t end) {
  return Lexer(source, begin, end, true).run();
}

std::string dump_tokens(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& t : tokens) {
    std::string where = std::to_string(t.line) + "," + std::to_string(t.col) + "-" + std::to_string(t.end_line) + "," +
                        std::to_string(t.end_col) + ":";
    where.resize(std::max<size_t>(where.size(), 20), ' ');
    std::string kind = token_kind_name(t.kind);
    kind.resize(std::max<size_t>(kind.size(), 15), ' ');
    out += where + kind + escape_for_dump(t.text) + "\n";
  }
  return out;
}

static size_t decode_escape(std::string_view body, size_t i, std::string& out) {
  char c = i + 1 < body.size() ? body[i + 1] : '\\';
  // \xXX, \uXXXX, \UXXXXXXXX: exactly n hex digits, else CPython's codec error (positions are
  // the escape's first and last bytes within the literal's body).
  auto hex = [&](size_t start, size_t n) {
    unsigned v = 0;
    size_t k = 0;
    for (; k < n && start + k < body.size() && std::isxdigit(static_cast<unsigned char>(body[start + k])); ++k) {
      char h = body[start + k];
      v = v * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : std::tolower(h) - 'a' + 10);
    }
    if (k < n) {
      const char* what = n == 2   ? "truncated \\xXX escape"
                         : n == 4 ? "truncated \\uXXXX escape"
                                  : "truncated \\UXXXXXXXX escape";
      throw EscapeError("position " + std::to_string(i) + "-" + std::to_string(i + 1 + k) + ": " + what);
    }
    if (v > 0x10FFFF)
      throw EscapeError("position " + std::to_string(i) + "-" + std::to_string(i + 1 + n) +
                        ": illegal Unicode character");
    return v;
  };
  switch (c) {
    case '\n': return i + 2;
    case '\\': out += '\\'; return i + 2;
    case '\'': out += '\''; return i + 2;
    case '"': out += '"'; return i + 2;
    case 'n': out += '\n'; return i + 2;
    case 't': out += '\t'; return i + 2;
    case 'r': out += '\r'; return i + 2;
    case 'a': out += '\a'; return i + 2;
    case 'b': out += '\b'; return i + 2;
    case 'f': out += '\f'; return i + 2;
    case 'v': out += '\v'; return i + 2;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      unsigned v = 0;
      size_t k = i + 1;
      for (; k < body.size() && k < i + 4 && body[k] >= '0' && body[k] <= '7'; ++k) v = v * 8 + (body[k] - '0');
      utf8_append(out, v);
      return k;
    }
    case 'x': utf8_append(out, hex(i + 2, 2)); return i + 4;
    case 'u': utf8_append(out, hex(i + 2, 4)); return i + 6;
    case 'U': utf8_append(out, hex(i + 2, 8)); return i + 10;
    default: out += '\\'; return i + 1;
  }
}

std::string decode_string_body(std::string_view body, bool raw) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size();) {
    if (body[i] == '\\' && !raw) {
      i = decode_escape(body, i, out);
    } else if (body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n') {
      ++i;
    } else {
      out += body[i++];
    }
  }
  return out;
}

std::string decode_bytes_body(std::string_view body, bool raw) {
  std::string out;
  out.reserve(body.size());
  auto hexval = [](char h) {
    return std::isdigit(static_cast<unsigned char>(h)) ? h - '0'
                                                       : std::tolower(static_cast<unsigned char>(h)) - 'a' + 10;
  };
  for (size_t i = 0; i < body.size();) {
    if (body[i] == '\\' && !raw && i + 1 < body.size()) {
      char c = body[i + 1];
      if (c == 'x') {
        if (i + 3 >= body.size() || !std::isxdigit(static_cast<unsigned char>(body[i + 2])) ||
            !std::isxdigit(static_cast<unsigned char>(body[i + 3])))
          throw EscapeError("invalid \\x escape at position " + std::to_string(i));
        out += static_cast<char>(hexval(body[i + 2]) * 16 + hexval(body[i + 3]));
        i += 4;
        continue;
      }
      if (c >= '0' && c <= '7') {
        unsigned v = 0;
        size_t k = i + 1;
        for (; k < body.size() && k < i + 4 && body[k] >= '0' && body[k] <= '7'; ++k) v = v * 8 + (body[k] - '0');
        out += static_cast<char>(v & 0xFF);
        i = k;
        continue;
      }
      if (c == 'u' || c == 'U' || c == 'N') {
        out += '\\';
        ++i;
        continue;
      }
      i = decode_escape(body, i, out);
    } else if (body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n') {
      ++i;
    } else {
      out += body[i++];
    }
  }
  return out;
}

}  // namespace stridelab::python
