#include "python/parser.h"

#include <map>
#include <unordered_set>
#include <unordered_map>
#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <functional>

#include "python/lexer.h"

namespace stridelab::python {
namespace {

template <class T>
std::unique_ptr<T> make_node(const Pos& pos) {
  auto node = std::make_unique<T>();
  node->pos = pos;
  return node;
}

const char* expr_name(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Constant: {
      auto k = static_cast<const ConstantExpr&>(e).value_kind;
      if (k == ConstKind::True) return "True";
      if (k == ConstKind::False) return "False";
      if (k == ConstKind::None) return "None";
      if (k == ConstKind::Ellipsis) return "ellipsis";
      return "literal";
    }
    case ExprKind::Call: return "function call";
    case ExprKind::BinOp:
    case ExprKind::UnaryOp:
    case ExprKind::BoolOp: return "expression";
    case ExprKind::Compare: return "comparison";
    case ExprKind::IfExp: return "conditional expression";
    case ExprKind::Lambda: return "lambda";
    case ExprKind::ListComp: return "list comprehension";
    case ExprKind::DictComp: return "dict comprehension";
    case ExprKind::SetComp: return "set comprehension";
    case ExprKind::GeneratorExp: return "generator expression";
    case ExprKind::Dict: return "dict literal";
    case ExprKind::Set: return "set display";
    case ExprKind::JoinedStr:
    case ExprKind::FormattedValue: return "f-string expression";
    case ExprKind::Yield: return "yield expression";
    default: return "expression";
  }
}

class Parser {
 public:
  Parser(std::string_view source, std::vector<Token> tokens) : src_(source), toks_(std::move(tokens)) {}

  // file: [statements] ENDMARKER
  std::unique_ptr<Module> parse_file() {
    auto module = std::make_unique<Module>();
    module->source = std::string(src_);
    annotations_flag_ = &module->has_annotations;
    while (!at(TokenKind::EndMarker)) parse_statement(module->body);
    return module;
  }

  // expression-only input (f-string fields): star_expressions ENDMARKER
  int furthest_line() const { return toks_[furthest_].line; }
  size_t furthest_token() const { return furthest_; }
  // The compiler's warnings, after the tokenizer's (CPython compiles once the parse is done).
  void add_compiler_warnings(std::vector<CompileWarning>& out) const {
    for (const auto& [at, message] : identity_warnings_) out.push_back({at.first, message});
  }

  ExprPtr parse_field_expression() {
    ExprPtr e = parse_star_expressions();
    if (!at(TokenKind::EndMarker)) fail_invalid();
    return e;
  }

 private:
  std::string_view src_;
  std::vector<Token> toks_;
  size_t i_ = 0;
  int depth_ = 0;
  int loop_depth_ = 0;
  size_t furthest_ = 0;                                           // the furthest token the parser has looked at
  std::map<std::pair<int, int>, std::string> identity_warnings_;  // check_identity's, by position
  std::vector<ScopeInfo*> scopes_;
  std::unordered_map<const ScopeInfo*, std::unordered_set<std::string>> declared_;  // each scope's locals
  std::vector<bool*> generator_flags_;
  bool* annotations_flag_ = nullptr;  // the module's or class's has_annotations; null in a def
  bool future_annotations_ = false;   // `from __future__ import annotations`: annotations stay text
  int yields_ = 0;                    // the yields parsed so far
  std::vector<Pos> yield_pos_;        // where each of them is
  // Where a comprehension's element starts: the scope's names and the yields parsed before it.
  struct Mark {
    size_t uses;
    int yields;
  };
  Mark mark() const { return {scopes_.empty() ? 0 : scopes_.back()->uses.size(), yields_}; }

  // A left-nested chain (`1 + 1 + ...`, `x[0][0]...`, `x.a.a...`, `f()()...`) is built by a loop,
  // not by recursion, but every later walk of the tree recurses once per link: as CPython's
  // compiler, refuse one longer than its limit (NOTE [Native recursion]).
  void check_chain(int links) {
    if (links >= 2999) {
      SyntaxErrorInfo info;
      info.type = "RecursionError";
      info.message = "maximum recursion depth exceeded during compilation";
      throw SyntaxErrorException(std::move(info));
    }
  }

  // ---- token helpers ----
  const Token& cur() const { return toks_[i_]; }
  const Token& peek_tok(size_t k = 1) {
    size_t at = std::min(i_ + k, toks_.size() - 1);
    furthest_ = std::max(furthest_, at);
    return toks_[at];
  }
  const Token& prev() const { return toks_[i_ > 0 ? i_ - 1 : 0]; }
  bool at(TokenKind k) const { return cur().kind == k; }
  bool at_op(const char* op) const { return cur().is_op(op); }
  bool at_kw(const char* kw) const { return cur().is_keyword(kw); }
  const Token& advance() {
    const Token& t = toks_[i_];
    if (i_ + 1 < toks_.size()) ++i_;
    furthest_ = std::max(furthest_, i_);
    return t;
  }
  bool accept_op(const char* op) {
    if (!at_op(op)) return false;
    advance();
    return true;
  }
  bool accept_kw(const char* kw) {
    if (!at_kw(kw)) return false;
    advance();
    return true;
  }
  void expect_op(const char* op) {
    if (!accept_op(op)) fail_invalid();
  }
  // A ':' that CPython reports as "expected ':'" when missing.
  void expect_colon() {
    if (accept_op(":")) return;
    if (at(TokenKind::Newline) || at(TokenKind::EndMarker)) throw_syntax_error("expected ':'", cur().line, cur().col);
    fail_invalid();
  }
  Pos start_pos() const { return {cur().line, cur().col, cur().line, cur().col}; }
  Pos finish(Pos p) const {
    p.end_line = prev().end_line;
    p.end_col = prev().end_col;
    return p;
  }
  static Pos span(const Pos& a, const Pos& b) { return {a.line, a.col, b.end_line, b.end_col}; }

  [[noreturn]] void fail_invalid() { fail_invalid_at(cur()); }
  [[noreturn]] void fail_invalid_at(const Token& t) {
    if (t.kind == TokenKind::Indent) throw_syntax_error("unexpected indent", t.line, -1, -1, "IndentationError");
    if (t.kind == TokenKind::Dedent) throw_syntax_error("unexpected unindent", t.line, -1, -1, "IndentationError");
    int end = t.end_line == t.line && t.end_col > t.col ? t.end_col : -1;
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::EndMarker) end = -1;
    throw_syntax_error("invalid syntax", t.line, t.col, end);
  }
  [[noreturn]] void fail_range(const std::string& msg, const Pos& p) {
    int end = p.end_line == p.line ? p.end_col : -1;
    throw_syntax_error(msg, p.line, p.col, end);
  }

  bool starts_expression() const {
    const Token& t = cur();
    switch (t.kind) {
      case TokenKind::Number:
      case TokenKind::String: return true;
      case TokenKind::Name:
        if (!is_keyword(t.text)) return true;
        return t.text == "None" || t.text == "True" || t.text == "False" || t.text == "not" || t.text == "lambda";
      case TokenKind::Op:
        return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" || t.text == "~" ||
               t.text == "...";
      default: return false;
    }
  }

  // ---- statements ----

  // statement: compound_stmt | simple_stmts
  void parse_statement(StmtList& out) {
    if (at(TokenKind::Indent)) fail_invalid();
    const Token& t = cur();
    if (t.kind == TokenKind::Name) {
      const std::string& k = t.text;
      if (k == "if") return out.push_back(parse_if());
      if (k == "while") return out.push_back(parse_while());
      if (k == "for") return out.push_back(parse_for());
      if (k == "def") return out.push_back(parse_funcdef({}, yields_));
      if (k == "class") return out.push_back(parse_classdef({}, yields_));
      if (k == "with") return out.push_back(parse_with());
      if (k == "try") return out.push_back(parse_try());
    }
    if (t.is_op("@")) return out.push_back(parse_decorated());
    parse_simple_stmts(out);
  }

  // simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE
  void parse_simple_stmts(StmtList& out) {
    while (true) {
      int yields = yields_;
      out.push_back(parse_simple_stmt());
      out.back()->has_yield = yields_ != yields;
      if (!accept_op(";")) break;
      if (at(TokenKind::Newline)) break;
    }
    if (!at(TokenKind::Newline)) fail_invalid();
    advance();
  }

  // Only DEDENTs and the ENDMARKER are left.
  bool at_end_of_input() const {
    for (size_t i = i_; i < toks_.size(); ++i)
      if (toks_[i].kind != TokenKind::Dedent && toks_[i].kind != TokenKind::EndMarker) return false;
    return true;
  }

  // block: NEWLINE INDENT statements DEDENT | simple_stmts
  StmtList parse_block(const std::string& after, int header_line) {
    StmtList body;
    if (!at(TokenKind::Newline)) {
      parse_simple_stmts(body);
      return body;
    }
    advance();
    if (!at(TokenKind::Indent)) {
      int line = cur().line, col = cur().col;
      if (at_end_of_input() && !src_.empty() && src_.back() == '\n') {
        // At the end of the file CPython points after the file's last line.
        size_t last_start = src_.rfind('\n', src_.size() - 2);
        last_start = last_start == std::string_view::npos ? 0 : last_start + 1;
        line = std::max(1, cur().line - 1);
        col = static_cast<int>(src_.size() - 1 - last_start);
      }
      throw_syntax_error("expected an indented block after " + after + " on line " + std::to_string(header_line), line,
                         col, -1, "IndentationError");
    }
    advance();
    while (!at(TokenKind::Dedent) && !at(TokenKind::EndMarker)) parse_statement(body);
    if (at(TokenKind::Dedent)) advance();
    return body;
  }

  // simple_stmt: assignment | star_expressions | return_stmt | import_stmt | raise_stmt
  //            | 'pass' | del_stmt | assert_stmt | 'break' | 'continue' | global_stmt | nonlocal_stmt
  StmtPtr parse_simple_stmt() {
    Pos p = start_pos();
    const Token& t = cur();
    if (t.kind == TokenKind::Name) {
      const std::string k = t.text;
      if (k == "pass" || k == "break" || k == "continue") {
        advance();
        if (k == "break" && loop_depth_ == 0) fail_range("'break' outside loop", finish(p));
        if (k == "continue" && loop_depth_ == 0) fail_range("'continue' not properly in loop", finish(p));
        auto kind = k == "pass" ? StmtKind::Pass : k == "break" ? StmtKind::Break : StmtKind::Continue;
        auto s = std::make_unique<SimpleStmt>(kind);
        s->pos = finish(p);
        return s;
      }
      if (k == "return") return parse_return();
      if (k == "raise") return parse_raise();
      if (k == "assert") return parse_assert();
      if (k == "del") return parse_del();
      if (k == "import") return parse_import();
      if (k == "from") return parse_from_import();
      if (k == "global" || k == "nonlocal") return parse_names_stmt();
      if (is_keyword(k) && k != "None" && k != "True" && k != "False" && k != "not" && k != "lambda" && k != "yield" &&
          k != "await")
        fail_invalid();
    }
    return parse_expr_or_assign();
  }

  // assignment: (star_targets '=')+ (star_expressions) | single_target augassign star_expressions
  //           | single_target ':' expression ['=' star_expressions]
  StmtPtr parse_expr_or_assign() {
    Pos p = start_pos();
    ExprPtr first = at_kw("yield") ? parse_yield() : parse_star_expressions();
    if (first->kind == ExprKind::Name && static_cast<NameExpr&>(*first).id == "print" && starts_expression() &&
        cur().kind != TokenKind::Op) {
      Pos arg = start_pos();
      ExprPtr e = parse_expression();
      fail_range("Missing parentheses in call to 'print'. Did you mean print(...)?", span(first->pos, e->pos));
      (void)arg;
    }
    if (at_op("=")) return parse_assign(p, std::move(first));
    if (cur().kind == TokenKind::Op && cur().text.size() >= 2 && cur().text.back() == '=' && cur().text != "==" &&
        cur().text != "<=" && cur().text != ">=" && cur().text != "!=")
      return parse_augassign(p, std::move(first));
    if (at_op(":")) return parse_annassign(p, std::move(first));
    auto s = make_node<ExprStmt>(first->pos);
    s->value = std::move(first);
    return s;
  }

  StmtPtr parse_assign(Pos p, ExprPtr first) {
    auto s = std::make_unique<AssignStmt>();
    ExprList chain;
    chain.push_back(std::move(first));
    while (accept_op("=")) { chain.push_back(at_kw("yield") ? parse_yield() : parse_star_expressions()); }
    s->value = std::move(chain.back());
    chain.pop_back();
    for (auto& target : chain) {
      if (!valid_target(*target)) {
        const Expr& bad = *first_invalid_target(*target);
        bool at_equals = bad.pos.end_line == target->pos.end_line && bad.pos.end_col == target->pos.end_col;
        bool bare = target.get() == &bad || (target->kind == ExprKind::Tuple &&
                                             target->pos.col == static_cast<SequenceExpr&>(*target).elts[0]->pos.col);
        bool simple = chain.size() == 1 && at_equals && bare;
        if (simple)
          fail_range(std::string("cannot assign to ") + expr_name(bad) + " here. Maybe you meant '==' instead of '='?",
                     bad.pos);
        fail_range(std::string("cannot assign to ") + expr_name(bad), bad.pos);
      }
      set_store(*target, Ctx::Store);
      s->targets.push_back(std::move(target));
    }
    s->pos = finish(p);
    return s;
  }

  StmtPtr parse_augassign(Pos p, ExprPtr target) {
    static const std::pair<const char*, BinOpKind> kOps[] = {
        {"+=", BinOpKind::Add},     {"-=", BinOpKind::Sub},       {"*=", BinOpKind::Mult},  {"@=", BinOpKind::MatMult},
        {"/=", BinOpKind::Div},     {"//=", BinOpKind::FloorDiv}, {"%=", BinOpKind::Mod},   {"**=", BinOpKind::Pow},
        {"<<=", BinOpKind::LShift}, {">>=", BinOpKind::RShift},   {"|=", BinOpKind::BitOr}, {"^=", BinOpKind::BitXor},
        {"&=", BinOpKind::BitAnd}};
    const Token& optok = cur();
    auto s = std::make_unique<AugAssignStmt>();
    bool found = false;
    for (auto& [text, op] : kOps)
      if (optok.text == text) s->op = op, found = true;
    if (!found) fail_invalid();
    if (target->kind != ExprKind::Name && target->kind != ExprKind::Attribute && target->kind != ExprKind::Subscript)
      fail_range(std::string("'") + expr_name(*target) + "' is an illegal expression for augmented assignment",
                 target->pos);
    advance();
    set_store(*target, Ctx::Store);
    s->target = std::move(target);
    s->value = at_kw("yield") ? parse_yield() : parse_star_expressions();
    s->pos = finish(p);
    return s;
  }

  StmtPtr parse_annassign(Pos p, ExprPtr target) {
    advance();
    auto s = std::make_unique<AnnAssignStmt>();
    if (!valid_target(*target) || target->kind == ExprKind::Tuple)
      fail_range("only single target (not tuple) can be annotated", target->pos);
    set_store(*target, Ctx::Store);
    s->target = std::move(target);
    s->annotation = parse_annotation();
    if (annotations_flag_) *annotations_flag_ = true;
    if (accept_op("=")) s->value = parse_star_expressions();
    s->pos = finish(p);
    return s;
  }

  bool valid_target(const Expr& e) const { return first_invalid_target(e) == nullptr; }
  // The first part of a target that cannot be assigned to, or null when all of it can.
  const Expr* first_invalid_target(const Expr& e) const {
    switch (e.kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript: return nullptr;
      case ExprKind::Starred: return first_invalid_target(*static_cast<const StarredExpr&>(e).value);
      case ExprKind::Tuple:
      case ExprKind::List:
        for (auto& elt : static_cast<const SequenceExpr&>(e).elts)
          if (const Expr* bad = first_invalid_target(*elt)) return bad;
        return nullptr;
      default: return &e;
    }
  }

  void set_store(Expr& e, Ctx ctx) {
    switch (e.kind) {
      case ExprKind::Name: {
        auto& n = static_cast<NameExpr&>(e);
        n.ctx = ctx;
        declare_local(n.id);
        break;
      }
      case ExprKind::Attribute: static_cast<AttributeExpr&>(e).ctx = ctx; break;
      case ExprKind::Subscript: static_cast<SubscriptExpr&>(e).ctx = ctx; break;
      case ExprKind::Starred: {
        auto& s = static_cast<StarredExpr&>(e);
        s.ctx = ctx;
        set_store(*s.value, ctx);
        break;
      }
      case ExprKind::Tuple:
      case ExprKind::List: {
        auto& s = static_cast<SequenceExpr&>(e);
        s.ctx = ctx;
        for (auto& elt : s.elts) set_store(*elt, ctx);
        break;
      }
      default: break;
    }
  }

  void declare_local(const std::string& name) {
    if (scopes_.empty()) return;
    // A set per scope beside the ordered list: a def with 100,000 parameters stays linear.
    // The set is rebuilt when it does not match the list (a scope pushed again, or a new scope at a
    // freed one's address).
    auto& seen = declared_[scopes_.back()];
    if (seen.size() != scopes_.back()->locals.size())
      seen = std::unordered_set<std::string>(scopes_.back()->locals.begin(), scopes_.back()->locals.end());
    if (!seen.insert(name).second) return;
    scopes_.back()->locals.push_back(name);
  }

  // return_stmt: 'return' [star_expressions]
  StmtPtr parse_return() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<ReturnStmt>();
    if (!at(TokenKind::Newline) && !at_op(";")) s->value = parse_star_expressions();
    s->pos = finish(p);
    if (generator_flags_.empty()) fail_range("'return' outside function", s->pos);
    return s;
  }

  // raise_stmt: 'raise' expression ['from' expression] | 'raise'
  StmtPtr parse_raise() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<RaiseStmt>();
    if (!at(TokenKind::Newline) && !at_op(";")) {
      s->exc = parse_expression();
      if (accept_kw("from")) s->cause = parse_expression();
    }
    s->pos = finish(p);
    return s;
  }

  // assert_stmt: 'assert' expression [',' expression]
  StmtPtr parse_assert() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<AssertStmt>();
    s->test = parse_expression();
    if (accept_op(",")) s->msg = parse_expression();
    s->pos = finish(p);
    return s;
  }

  // del_stmt: 'del' del_targets
  StmtPtr parse_del() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<DeleteStmt>();
    do {
      if (at(TokenKind::Newline)) break;
      ExprPtr t = parse_bitor();
      if (!valid_target(*t)) fail_range(std::string("cannot delete ") + expr_name(*t), t->pos);
      set_store(*t, Ctx::Del);
      s->targets.push_back(std::move(t));
    } while (accept_op(","));
    if (s->targets.empty()) fail_invalid();
    s->pos = finish(p);
    return s;
  }

  // dotted_name: NAME ('.' NAME)*
  std::string parse_dotted_name() {
    if (!at(TokenKind::Name) || is_keyword(cur().text)) fail_invalid();
    std::string name = advance().text;
    while (accept_op(".")) {
      if (!at(TokenKind::Name)) fail_invalid();
      name += "." + advance().text;
    }
    return name;
  }

  // import_name: 'import' dotted_as_names
  StmtPtr parse_import() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<ImportStmt>();
    do {
      Alias a;
      a.pos = start_pos();
      a.name = parse_dotted_name();
      if (accept_kw("as")) a.asname = parse_plain_name();
      a.pos = finish(a.pos);
      declare_local(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
      s->names.push_back(std::move(a));
    } while (accept_op(","));
    s->pos = finish(p);
    return s;
  }

  std::string parse_plain_name() {
    if (!at(TokenKind::Name) || is_keyword(cur().text)) fail_invalid();
    return advance().text;
  }

  // import_from: 'from' dotted_name 'import' ('*' | '(' import_from_as_names ')' | import_from_as_names)
  StmtPtr parse_from_import() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<ImportFromStmt>();
    s->module = parse_dotted_name();
    if (!accept_kw("import")) fail_invalid();
    const bool future = s->module == "__future__";
    if (at_op("*")) {
      Alias a;
      a.pos = start_pos();
      a.name = advance().text;
      s->names.push_back(std::move(a));
    } else {
      bool paren = accept_op("(");
      do {
        if (paren && at_op(")")) break;
        Alias a;
        a.pos = start_pos();
        a.name = parse_plain_name();
        if (accept_kw("as")) a.asname = parse_plain_name();
        a.pos = finish(a.pos);
        if (future && a.name == "annotations") future_annotations_ = true;
        declare_local(a.asname.empty() ? a.name : a.asname);
        s->names.push_back(std::move(a));
      } while (accept_op(","));
      if (paren) expect_op(")");
    }
    s->pos = finish(p);
    return s;
  }

  // global_stmt: 'global' NAME (',' NAME)* ; nonlocal_stmt likewise
  StmtPtr parse_names_stmt() {
    Pos p = start_pos();
    bool global = advance().text == "global";
    auto s = std::make_unique<NamesStmt>(global ? StmtKind::Global : StmtKind::Nonlocal);
    do { s->names.push_back(parse_plain_name()); } while (accept_op(","));
    if (!scopes_.empty()) {
      auto& list = global ? scopes_.back()->globals : scopes_.back()->nonlocals;
      for (auto& n : s->names) list.push_back(n);
    } else if (!global) {
      throw_syntax_error("nonlocal declaration not allowed at module level", p.line, p.col);
    }
    s->pos = finish(p);
    return s;
  }

  // if_stmt: 'if' named_expression ':' block elif_stmt | 'if' named_expression ':' block [else_block]
  StmtPtr parse_if() {
    Pos p = start_pos();
    std::string keyword = advance().text;
    auto s = std::make_unique<IfStmt>();
    int yields = yields_;
    s->test = parse_condition();
    s->header_yield = yields_ != yields;
    expect_colon();
    s->body = parse_block("'" + keyword + "' statement", p.line);
    if (at_kw("elif")) {
      s->orelse.push_back(parse_if());
    } else if (at_kw("else")) {
      s->orelse = parse_else_block();
    }
    s->pos = finish(p);
    return s;
  }

  // A test followed by ':'; `if x = 1:` gets CPython's "Maybe you meant '=='" message.
  ExprPtr parse_condition() {
    ExprPtr test = parse_named_expression();
    if (at_op("=")) {
      advance();
      ExprPtr rhs = parse_expression();
      fail_range("invalid syntax. Maybe you meant '==' or ':=' instead of '='?", span(test->pos, rhs->pos));
    }
    return test;
  }

  // named_expression: NAME ':=' expression | expression
  ExprPtr parse_named_expression() { return parse_expression(); }

  // else_block: 'else' ':' block
  StmtList parse_else_block() {
    int line = cur().line;
    advance();
    expect_colon();
    return parse_block("'else' statement", line);
  }

  // while_stmt: 'while' named_expression ':' block [else_block]
  StmtPtr parse_while() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<WhileStmt>();
    int yields = yields_;
    s->test = parse_condition();
    s->header_yield = yields_ != yields;
    expect_colon();
    ++loop_depth_;
    s->body = parse_block("'while' statement", p.line);
    --loop_depth_;
    if (at_kw("else")) s->orelse = parse_else_block();
    s->pos = finish(p);
    return s;
  }

  // for_stmt: 'for' star_targets 'in' star_expressions ':' block [else_block]
  StmtPtr parse_for() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<ForStmt>();
    s->target = parse_target_list();
    if (!accept_kw("in")) fail_invalid();
    int yields = yields_;
    s->iter = parse_star_expressions();
    s->header_yield = yields_ != yields;
    expect_colon();
    ++loop_depth_;
    s->body = parse_block("'for' statement", p.line);
    --loop_depth_;
    if (at_kw("else")) s->orelse = parse_else_block();
    s->pos = finish(p);
    return s;
  }

  // star_targets: star_target (',' star_target)* [',']   (parsed as bitwise_or, then checked)
  ExprPtr parse_target_list() {
    Pos p = start_pos();
    ExprList elts;
    bool trailing = false;
    do {
      if (at_kw("in") || at_op("=")) {
        trailing = true;
        break;
      }
      elts.push_back(at_op("*") ? parse_starred(false) : parse_bitor());
    } while (accept_op(","));
    ExprPtr t;
    if (elts.size() == 1 && !trailing && !prev().is_op(",")) {
      t = std::move(elts[0]);
    } else {
      auto tup = std::make_unique<SequenceExpr>(ExprKind::Tuple);
      tup->elts = std::move(elts);
      tup->pos = finish(p);
      t = std::move(tup);
    }
    if (const Expr* bad = first_invalid_target(*t))
      fail_range(std::string("cannot assign to ") + expr_name(*bad), bad->pos);
    set_store(*t, Ctx::Store);
    return t;
  }

  // with_stmt: 'with' ','.with_item+ ':' block ; with_item: expression ['as' star_target]
  StmtPtr parse_with() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<WithStmt>();
    int yields = yields_;
    do {
      WithItem item;
      item.context_expr = parse_expression();
      if (accept_kw("as")) {
        int before = yields_;
        item.optional_vars = parse_bitor();
        item.target_yield = yields_ != before;
        if (!valid_target(*item.optional_vars))
          fail_range("cannot assign to " + std::string(expr_name(*item.optional_vars)), item.optional_vars->pos);
        set_store(*item.optional_vars, Ctx::Store);
      }
      s->items.push_back(std::move(item));
    } while (accept_op(","));
    s->header_yield = yields_ != yields;
    expect_colon();
    s->body = parse_block("'with' statement", p.line);
    s->pos = finish(p);
    return s;
  }

  // try_stmt: 'try' ':' block finally_block | 'try' ':' block except_block+ [else_block] [finally_block]
  StmtPtr parse_try() {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<TryStmt>();
    expect_colon();
    s->body = parse_block("'try' statement", p.line);
    bool type_yield = false;
    while (at_kw("except")) s->handlers.push_back(parse_except(type_yield));
    s->header_yield = type_yield;  // a yield in an except clause's type
    if (at_kw("else")) {
      if (s->handlers.empty()) fail_invalid();
      s->orelse = parse_else_block();
    }
    if (at_kw("finally")) {
      int line = cur().line;
      advance();
      expect_colon();
      s->finalbody = parse_block("'finally' statement", line);
    }
    if (s->handlers.empty() && s->finalbody.empty())
      throw_syntax_error("expected 'except' or 'finally' block", cur().line, cur().col);
    s->pos = finish(p);
    return s;
  }

  // except_block: 'except' expression ['as' NAME] ':' block | 'except' ':' block
  ExceptHandler parse_except(bool& type_yield) {
    ExceptHandler h;
    h.pos = start_pos();
    advance();
    if (!at_op(":")) {
      int yields = yields_;
      h.type = parse_expression();
      type_yield = type_yield || yields_ != yields;
      if (at_op(",")) {
        Pos tp = h.type->pos;
        advance();
        ExprPtr more = parse_expression();
        fail_range("multiple exception types must be parenthesized", span(tp, more->pos));
      }
      if (accept_kw("as")) {
        h.name = parse_plain_name();
        declare_local(h.name);
      }
    }
    expect_colon();
    h.body = parse_block("'except' statement", h.pos.line);
    h.pos = finish(h.pos);
    return h;
  }

  // decorators: ('@' named_expression NEWLINE)+ (function_def | class_def)
  StmtPtr parse_decorated() {
    int yields = yields_;
    ExprList decorators;
    while (accept_op("@")) {
      decorators.push_back(parse_named_expression());
      if (!at(TokenKind::Newline)) fail_invalid();
      advance();
    }
    if (at_kw("def")) return parse_funcdef(std::move(decorators), yields);
    if (at_kw("class")) return parse_classdef(std::move(decorators), yields);
    fail_invalid();
  }

  // function_def: 'def' NAME '(' [params] ')' ['->' expression] ':' block
  // `yields` is the count of yields before the decorators: a yield in a decorator, a default or an
  // annotation belongs to the enclosing generator, and the statement runs as a simple statement
  // with a yield (Stmt::has_yield).
  StmtPtr parse_funcdef(ExprList decorators, int yields) {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<FunctionDefStmt>();
    s->decorators = std::move(decorators);
    s->name = parse_plain_name();
    declare_local(s->name);
    expect_op("(");
    s->args = parse_parameters(")");
    expect_op(")");
    if (accept_op("->")) s->args.annotations.emplace_back("return", parse_annotation());
    expect_colon();
    s->has_yield = yields_ != yields;
    bool* saved_flag = annotations_flag_;
    annotations_flag_ = nullptr;
    scopes_.push_back(&s->scope);
    generator_flags_.push_back(&s->is_generator);
    declare_params(s->args);
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    s->body = parse_block("function definition", p.line);
    loop_depth_ = saved_loops;
    annotations_flag_ = saved_flag;
    generator_flags_.pop_back();
    declared_.erase(scopes_.back());
    scopes_.pop_back();
    finalize_scope(s->scope);
    close_function_scope(s->scope);
    s->pos = finish(p);
    return s;
  }

  void declare_params(const Arguments& a) {
    for (auto& arg : a.args) declare_local(arg.name);
    if (a.vararg) declare_local(a.vararg->name);
    for (auto& arg : a.kwonly) declare_local(arg.name);
    if (a.kwarg) declare_local(a.kwarg->name);
    if (!scopes_.empty()) scopes_.back()->params = scopes_.back()->locals.size();
  }

  // A function's (or lambda's) scope, parsed: its free variables and cells (ScopeInfo), and its
  // free variables handed to the enclosing scope, which takes them from further out in its turn.
  void close_function_scope(ScopeInfo& scope) {
    auto sorted_unique = [](std::vector<std::string>& v) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    std::unordered_set<std::string> locals(scope.locals.begin(), scope.locals.end());
    sorted_unique(scope.nested_free);
    for (auto& n : scope.nested_free)
      if (locals.count(n)) scope.cells.push_back(n);
    std::vector<std::string> all = std::move(scope.uses);
    all.insert(all.end(), scope.nested_free.begin(), scope.nested_free.end());
    sorted_unique(all);
    for (auto& n : all)
      if (!locals.count(n) && !scope.is_global(n)) scope.free.push_back(n);
    scope.uses.clear();
    scope.uses.shrink_to_fit();
    scope.nested_free.clear();
    scope.nested_free.shrink_to_fit();
    if (!scopes_.empty())
      scopes_.back()->nested_free.insert(scopes_.back()->nested_free.end(), scope.free.begin(), scope.free.end());
  }

  static void finalize_scope(ScopeInfo& scope) {
    std::vector<std::string> locals;
    for (auto& l : scope.locals)
      if (!scope.is_global(l) && std::find(scope.nonlocals.begin(), scope.nonlocals.end(), l) == scope.nonlocals.end())
        locals.push_back(l);
    scope.locals = std::move(locals);
  }

  // params: param (',' param)* with defaults, '*' [NAME], '**' NAME ; also lambda_params
  Arguments parse_parameters(const char* closer) {
    Arguments a;
    bool seen_star = false, seen_default = false;
    while (!at_op(closer)) {
      if (accept_op("**")) {
        a.kwarg = std::make_unique<Arg>(parse_arg(closer, a));
        accept_op(",");
        break;
      }
      if (accept_op("*")) {
        if (!at_op(",") && !at_op(closer)) a.vararg = std::make_unique<Arg>(parse_arg(closer, a));
        seen_star = true;
      } else if (accept_op("/")) {
        a.posonly = a.args.size();  // the parameters before it are positional-only
      } else {
        Arg arg = parse_arg(closer, a);
        ExprPtr def;
        if (accept_op("=")) def = parse_expression();
        if (seen_star) {
          a.kwonly.push_back(std::move(arg));
          a.kw_defaults.push_back(std::move(def));
        } else {
          if (!def && seen_default) fail_range("non-default argument follows default argument", arg.pos);
          if (def) seen_default = true, a.defaults.push_back(std::move(def));
          a.args.push_back(std::move(arg));
        }
      }
      if (!accept_op(",")) break;
    }
    return a;
  }

  Arg parse_arg(const char* closer, Arguments& a) {
    Arg arg;
    arg.pos = start_pos();
    arg.name = parse_plain_name();
    arg.pos = finish(arg.pos);
    if (std::string(closer) == ")" && accept_op(":")) a.annotations.emplace_back(arg.name, parse_annotation());
    return arg;
  }

  // An annotation: its expression, or under `from __future__ import annotations` (PEP 563) a str
  // constant with its source text, which is not evaluated.
  ExprPtr parse_annotation() {
    ExprPtr e = parse_expression();
    if (!future_annotations_) return e;
    auto text = std::make_unique<ConstantExpr>();
    text->value_kind = ConstKind::Str;
    text->str_value = source_text(e->pos);
    text->pos = e->pos;
    return text;
  }

  // The source between two positions (lines 1-based, columns 0-based bytes), lines joined by a space.
  std::string source_text(const Pos& p) const {
    std::string out;
    size_t line_start = 0;
    for (int line = 1; line <= p.end_line && line_start <= src_.size(); ++line) {
      size_t line_end = src_.find('\n', line_start);
      if (line_end == std::string_view::npos) line_end = src_.size();
      if (line >= p.line) {
        size_t from = line == p.line ? line_start + static_cast<size_t>(p.col) : line_start;
        size_t to = line == p.end_line ? line_start + static_cast<size_t>(p.end_col) : line_end;
        if (!out.empty()) out += ' ';
        out.append(src_.substr(from, to - from));
      }
      line_start = line_end + 1;
    }
    return out;
  }

  // class_def: 'class' NAME ['(' [arguments] ')'] ':' block
  StmtPtr parse_classdef(ExprList decorators, int yields) {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<ClassDefStmt>();
    s->decorators = std::move(decorators);
    s->name = parse_plain_name();
    declare_local(s->name);
    if (accept_op("(")) {
      ++depth_;
      parse_call_args(s->bases, s->keywords);
      --depth_;
      expect_op(")");
    }
    expect_colon();
    s->has_yield = yields_ != yields;  // in a decorator, a base or a keyword, as for a def
    // A class body is not a function scope: its names do not become locals of the enclosing def.
    ScopeInfo class_scope;
    scopes_.push_back(&class_scope);
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    bool* saved_flag = annotations_flag_;
    annotations_flag_ = &s->has_annotations;
    s->body = parse_block("class definition", p.line);
    annotations_flag_ = saved_flag;
    loop_depth_ = saved_loops;
    declared_.erase(scopes_.back());
    scopes_.pop_back();
    // What the class body reads from outside, and what its methods take, is taken from the
    // enclosing function too.
    if (!scopes_.empty()) {
      std::vector<std::string>& up = scopes_.back()->nested_free;
      for (auto& n : class_scope.uses)
        if (!class_scope.is_local(n)) up.push_back(n);
      up.insert(up.end(), class_scope.nested_free.begin(), class_scope.nested_free.end());
    }
    s->pos = finish(p);
    return s;
  }

  // ---- expressions ----

  // star_expressions: star_expression (',' star_expression)* [',']
  ExprPtr parse_star_expressions() {
    Pos p = start_pos();
    ExprPtr first = parse_star_expression();
    if (!at_op(",")) return first;
    auto tup = std::make_unique<SequenceExpr>(ExprKind::Tuple);
    tup->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (!starts_expression() && !at_op("*")) break;
      tup->elts.push_back(parse_star_expression());
    }
    tup->pos = finish(p);
    return tup;
  }

  // star_expression: '*' bitwise_or | expression
  ExprPtr parse_star_expression() {
    if (at_op("*")) return parse_starred(false);
    return parse_expression();
  }

  ExprPtr parse_starred(bool) {
    Pos p = start_pos();
    advance();
    auto s = std::make_unique<StarredExpr>();
    s->value = parse_bitor();
    s->pos = finish(p);
    return s;
  }

  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > 180) { throw_syntax_error("too many nested parentheses", p.cur().line, p.cur().col); }
    }
    ~DepthGuard() { --p.depth_; }
  };

  // expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef
  ExprPtr parse_expression() {
    DepthGuard guard(*this);
    if (at_kw("lambda")) return parse_lambda();
    Pos start = start_pos();
    ExprPtr body = parse_disjunction();
    if (!at_kw("if")) return body;
    advance();
    auto e = std::make_unique<IfExpExpr>();
    e->test = parse_disjunction();
    if (!accept_kw("else")) {
      throw_syntax_error("expected 'else' after 'if' expression", body->pos.line, body->pos.col,
                         prev().end_line == body->pos.line ? prev().end_col : -1);
    }
    e->orelse = parse_expression();
    e->pos = finish(start);
    e->body = std::move(body);
    return e;
  }

  // yield_expr: 'yield' 'from' expression | 'yield' [star_expressions]
  ExprPtr parse_yield() {
    Pos p = start_pos();
    advance();
    auto e = std::make_unique<YieldExpr>();
    if (at_kw("from")) {
      advance();
      e->is_from = true;
      e->value = parse_expression();
    } else if (starts_expression()) {
      e->value = parse_star_expressions();
    }
    e->pos = finish(p);
    if (generator_flags_.empty())
      throw_syntax_error("'yield' outside function", p.line, p.col, e->pos.end_line == p.line ? e->pos.end_col : -1);
    *generator_flags_.back() = true;
    ++yields_;
    yield_pos_.push_back(e->pos);
    return e;
  }

  // lambdef: 'lambda' [lambda_params] ':' expression
  ExprPtr parse_lambda() {
    Pos p = start_pos();
    advance();
    auto e = std::make_unique<LambdaExpr>();
    e->args = parse_parameters(":");
    expect_op(":");
    scopes_.push_back(&e->scope);
    declare_params(e->args);
    e->body = parse_expression();
    declared_.erase(scopes_.back());
    scopes_.pop_back();
    finalize_scope(e->scope);
    close_function_scope(e->scope);
    e->pos = finish(p);
    return e;
  }

  // disjunction: conjunction ('or' conjunction)+ | conjunction
  ExprPtr parse_disjunction() { return parse_boolop("or", &Parser::parse_conjunction); }
  // conjunction: inversion ('and' inversion)+ | inversion
  ExprPtr parse_conjunction() { return parse_boolop("and", &Parser::parse_inversion); }

  ExprPtr parse_boolop(const char* kw, ExprPtr (Parser::*next)()) {
    Pos start = start_pos();
    ExprPtr first = (this->*next)();
    if (!at_kw(kw)) return first;
    auto e = std::make_unique<BoolOpExpr>();
    e->is_and = std::string(kw) == "and";
    Pos p = first->pos;
    e->values.push_back(std::move(first));
    while (accept_kw(kw)) e->values.push_back((this->*next)());
    (void)p;
    e->pos = finish(start);
    return e;
  }

  // inversion: 'not' inversion | comparison
  ExprPtr parse_inversion() {
    if (!at_kw("not")) return parse_comparison();
    DepthGuard guard(*this);
    Pos p = start_pos();
    advance();
    auto e = std::make_unique<UnaryOpExpr>();
    e->op = UnaryOpKind::Not;
    e->operand = parse_inversion();
    e->pos = finish(p);
    return e;
  }

  bool parse_cmp_op(CmpOpKind& op) {
    static const std::pair<const char*, CmpOpKind> kOps[] = {{"==", CmpOpKind::Eq}, {"!=", CmpOpKind::NotEq},
                                                             {"<", CmpOpKind::Lt},  {"<=", CmpOpKind::LtE},
                                                             {">", CmpOpKind::Gt},  {">=", CmpOpKind::GtE}};
    if (cur().kind == TokenKind::Op) {
      for (auto& [text, kind] : kOps)
        if (cur().text == text) {
          advance();
          op = kind;
          return true;
        }
      return false;
    }
    if (at_kw("in")) {
      advance();
      op = CmpOpKind::In;
      return true;
    }
    if (at_kw("not") && peek_tok().is_keyword("in")) {
      advance(), advance();
      op = CmpOpKind::NotIn;
      return true;
    }
    if (at_kw("is")) {
      advance();
      op = accept_kw("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
      return true;
    }
    return false;
  }

  // The compiler's SyntaxWarning for `x is 1` (check_compare): an identity test with a constant
  // other than None, True, False and `...`. Kept by position: a comparison parsed again after
  // backtracking warns once, and the warnings come out in the order of the source.
  void check_identity(const CompareExpr& e) {
    auto literal = [](const Expr& x) {
      if (!folds_to_constant(x)) return false;
      if (x.kind != ExprKind::Constant) return true;
      ConstKind k = static_cast<const ConstantExpr&>(x).value_kind;
      return k != ConstKind::None && k != ConstKind::True && k != ConstKind::False && k != ConstKind::Ellipsis;
    };
    bool left = literal(*e.left);
    for (size_t i = 0; i < e.ops.size(); ++i) {
      const bool right = literal(*e.comparators[i]);
      if ((e.ops[i] == CmpOpKind::Is || e.ops[i] == CmpOpKind::IsNot) && (left || right)) {
        identity_warnings_.emplace(std::make_pair(e.pos.line, e.pos.col),
                                   e.ops[i] == CmpOpKind::Is ? "\"is\" with a literal. Did you mean \"==\"?"
                                                             : "\"is not\" with a literal. Did you mean \"!=\"?");
        return;
      }
      left = right;
    }
  }

  // comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or
  ExprPtr parse_comparison() {
    Pos start = start_pos();
    ExprPtr left = parse_bitor();
    CmpOpKind op;
    if (!parse_cmp_op(op)) return left;
    auto e = std::make_unique<CompareExpr>();
    Pos p = left->pos;
    e->left = std::move(left);
    do {
      e->ops.push_back(op);
      e->comparators.push_back(parse_bitor());
    } while (parse_cmp_op(op));
    (void)p;
    e->pos = finish(start);
    check_identity(*e);
    return e;
  }

  struct BinLevel {
    const char* ops[4];
    BinOpKind kinds[4];
  };

  ExprPtr parse_binary(int level) {
    static const BinLevel kLevels[] = {
        {{"|"}, {BinOpKind::BitOr}},
        {{"^"}, {BinOpKind::BitXor}},
        {{"&"}, {BinOpKind::BitAnd}},
        {{"<<", ">>"}, {BinOpKind::LShift, BinOpKind::RShift}},
        {{"+", "-"}, {BinOpKind::Add, BinOpKind::Sub}},
        {{"*", "/", "//", "%"}, {BinOpKind::Mult, BinOpKind::Div, BinOpKind::FloorDiv, BinOpKind::Mod}},
    };
    if (level == 6) return parse_factor();
    Pos start = start_pos();
    ExprPtr left = parse_binary(level + 1);
    for (int links = 0;; ++links) {
      check_chain(links);
      const BinLevel& L = kLevels[level];
      int found = -1;
      for (int k = 0; k < 4 && L.ops[k]; ++k)
        if (at_op(L.ops[k])) found = k;
      if (level == 5 && at_op("@")) found = 4;
      if (found < 0) return left;
      advance();
      auto e = std::make_unique<BinOpExpr>();
      e->op = found == 4 ? BinOpKind::MatMult : L.kinds[found];
      e->right = parse_binary(level + 1);
      e->pos = finish(start);
      e->left = std::move(left);
      left = std::move(e);
    }
  }

  // bitwise_or: bitwise_or '|' bitwise_xor | bitwise_xor   (and so on down to term)
  ExprPtr parse_bitor() { return parse_binary(0); }

  // factor: '+' factor | '-' factor | '~' factor | power
  ExprPtr parse_factor() {
    UnaryOpKind op;
    if (at_op("+")) op = UnaryOpKind::UAdd;
    else if (at_op("-")) op = UnaryOpKind::USub;
    else if (at_op("~")) op = UnaryOpKind::Invert;
    else return parse_power();
    DepthGuard guard(*this);
    Pos p = start_pos();
    advance();
    auto e = std::make_unique<UnaryOpExpr>();
    e->op = op;
    e->operand = parse_factor();
    e->pos = finish(p);
    return e;
  }

  // power: primary '**' factor | primary
  ExprPtr parse_power() {
    Pos start = start_pos();
    ExprPtr base = parse_primary();
    if (!at_op("**")) return base;
    DepthGuard guard(*this);  // `2 ** 2 ** ...` nests to the right
    advance();
    auto e = std::make_unique<BinOpExpr>();
    e->op = BinOpKind::Pow;
    e->right = parse_factor();
    e->pos = finish(start);
    e->left = std::move(base);
    return e;
  }

  // primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' | primary '[' slices ']' | atom
  ExprPtr parse_primary() {
    Pos start = start_pos();
    ExprPtr e = parse_atom();
    for (int links = 0;; ++links) {
      check_chain(links);
      if (at_op(".")) {
        advance();
        if (!at(TokenKind::Name)) fail_invalid();
        auto a = std::make_unique<AttributeExpr>();
        a->attr = advance().text;
        a->pos = finish(start);
        a->value = std::move(e);
        e = std::move(a);
      } else if (at_op("(")) {
        DepthGuard guard(*this);
        advance();
        auto c = std::make_unique<CallExpr>();
        parse_call_args(c->args, c->keywords);
        expect_op(")");
        c->pos = finish(start);
        c->func = std::move(e);
        e = std::move(c);
      } else if (at_op("[")) {
        DepthGuard guard(*this);
        advance();
        auto s = std::make_unique<SubscriptExpr>();
        s->slice = parse_slices();
        expect_op("]");
        s->pos = finish(start);
        s->value = std::move(e);
        e = std::move(s);
      } else {
        return e;
      }
    }
  }

  static int token_end_col(const Token& t) {
    return t.end_line == t.line && t.end_col > t.col && t.kind != TokenKind::Newline ? t.end_col : -1;
  }

  Pos prev_pos() const { return {prev().line, prev().col, prev().end_line, prev().end_col}; }

  // Juxtaposed expressions inside brackets: "invalid syntax. Perhaps you forgot a comma?"
  void check_missing_comma(const Expr& before) {
    if (!starts_expression()) return;
    if (at(TokenKind::Name) && (cur().text == "not")) return;
    ExprPtr next = parse_expression_quiet();
    if (next) fail_range("invalid syntax. Perhaps you forgot a comma?", span(before.pos, next->pos));
    fail_invalid();
  }

  ExprPtr parse_expression_quiet() {
    size_t save = i_;
    try {
      return parse_expression();
    } catch (const SyntaxErrorException&) {
      i_ = save;
      return nullptr;
    }
  }

  // arguments: (starred_expression | expression | NAME '=' expression | '**' expression) (',' ...)* [',']
  void parse_call_args(ExprList& args, std::vector<Keyword>& keywords) {
    bool saw_keyword = false;
    while (!at_op(")")) {
      Pos p = start_pos();
      if (accept_op("**")) {
        Keyword k;
        k.value = parse_expression();
        k.pos = finish(p);
        keywords.push_back(std::move(k));
        saw_keyword = true;
      } else if (at_op("*")) {
        args.push_back(parse_starred(false));
      } else if (at(TokenKind::Name) && peek_tok().is_op("=") && !is_keyword(cur().text)) {
        Keyword k;
        k.arg = advance().text;
        advance();
        k.value = parse_expression();
        k.pos = finish(p);
        keywords.push_back(std::move(k));
        saw_keyword = true;
      } else {
        Mark m = mark();
        ExprPtr e = parse_expression();
        if (at_kw("for")) {
          Pos start = e->pos;  // read before the move: argument evaluation order is unspecified
          e = parse_comprehension(ExprKind::GeneratorExp, std::move(e), nullptr, start, m);
          bool more = at_op(",") && !peek_tok().is_op(")");
          if (!args.empty() || !keywords.empty() || more)
            fail_range("Generator expression must be parenthesized", e->pos);
        } else if (at_op("=")) {
          fail_range("expression cannot contain assignment, perhaps you meant \"==\"?", span(e->pos, e->pos));
        }
        if (saw_keyword && e->kind != ExprKind::Starred)
          throw_syntax_error("positional argument follows keyword argument", e->pos.end_line, e->pos.end_col);
        check_missing_comma(*e);
        args.push_back(std::move(e));
      }
      if (!accept_op(",")) break;
    }
  }

  // slices: slice | ','.(slice | starred_expression)+ [',']
  ExprPtr parse_slices() {
    Pos p = start_pos();
    ExprPtr first = parse_slice();
    if (!at_op(",")) return first;
    auto tup = std::make_unique<SequenceExpr>(ExprKind::Tuple);
    tup->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (at_op("]")) break;
      tup->elts.push_back(parse_slice());
    }
    tup->pos = finish(p);
    return tup;
  }

  // slice: [expression] ':' [expression] [':' [expression]] | named_expression
  ExprPtr parse_slice() {
    Pos p = start_pos();
    ExprPtr lower;
    if (!at_op(":")) {
      lower = at_op("*") ? parse_starred(false) : parse_expression();
      if (!at_op(":")) {
        check_missing_comma(*lower);
        return lower;
      }
    }
    auto s = std::make_unique<SliceExpr>();
    s->lower = std::move(lower);
    advance();
    if (!at_op(":") && !at_op("]") && !at_op(",")) s->upper = parse_expression();
    if (accept_op(":")) {
      if (!at_op("]") && !at_op(",")) s->step = parse_expression();
    }
    s->pos = finish(p);
    return s;
  }

  // atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER | tuple | group | genexp | list
  //     | listcomp | dict | set | dictcomp | '...'
  ExprPtr parse_atom() {
    const Token& t = cur();
    Pos p = start_pos();
    switch (t.kind) {
      case TokenKind::Name: return parse_name_atom(p);
      case TokenKind::Number: return parse_number();
      case TokenKind::String: return parse_strings();
      case TokenKind::Op:
        if (t.text == "(") return parse_paren();
        if (t.text == "[") return parse_list();
        if (t.text == "{") return parse_dict_or_set();
        if (t.text == "...") {
          advance();
          auto c = std::make_unique<ConstantExpr>();
          c->value_kind = ConstKind::Ellipsis;
          c->pos = finish(p);
          return c;
        }
        break;
      default: break;
    }
    fail_invalid();
  }

  ExprPtr parse_name_atom(Pos p) {
    const Token& t = cur();
    if (t.text == "None" || t.text == "True" || t.text == "False") {
      advance();
      auto c = std::make_unique<ConstantExpr>();
      c->value_kind = t.text == "None" ? ConstKind::None : t.text == "True" ? ConstKind::True : ConstKind::False;
      c->pos = finish(p);
      return c;
    }
    if (is_keyword(t.text)) fail_invalid();
    advance();
    auto n = std::make_unique<NameExpr>();
    n->id = t.text;
    n->pos = finish(p);
    if (!scopes_.empty()) scopes_.back()->uses.push_back(n->id);
    return n;
  }

  // The line as CPython 3.11 shows it for an error its parser raises with no column (a literal past
  // the digit limit): read again from the program's file through a buffer of 1,000 bytes, so that a
  // line of more than 998 bytes shows only its last piece (err_programtext in pythonrun.c).
  std::string reread_line(int line) const {
    std::string_view text = source_line(src_, line);
    size_t end = text.size();
    if (text.data() + end < src_.data() + src_.size()) ++end;  // the newline is read with the line
    constexpr size_t kPiece = 999;
    const size_t last = end % kPiece == 0 ? std::min(end, kPiece) : end % kPiece;
    std::string piece(text.substr(end - last, std::min(last, text.size() - (end - last))));
    return piece.empty() ? " " : piece;  // the newline alone: a blank line (an empty text means the source's)
  }

  ExprPtr parse_number() {
    Pos p = start_pos();
    std::string text;
    for (char c : advance().text)
      if (c != '_') text += c;
    auto c = std::make_unique<ConstantExpr>();
    c->pos = finish(p);
    char last = static_cast<char>(std::tolower(text.back()));
    bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
    if (last == 'j') {
      c->value_kind = ConstKind::Imag;
      c->float_value = std::strtod(text.c_str(), nullptr);
      return c;
    }
    if (!hex && text.find_first_of(".eE") != std::string::npos) {
      c->value_kind = ConstKind::Float;
      c->float_value = std::strtod(text.c_str(), nullptr);
      return c;
    }
    c->value_kind = ConstKind::Int;
    int base = 10;
    const char* digits = text.c_str();
    if (text.size() > 1 && text[0] == '0' && std::isalpha(static_cast<unsigned char>(text[1]))) {
      char b = static_cast<char>(std::tolower(text[1]));
      base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
      digits += 2;
    }
    // CPython 3.11 converts a decimal literal through int(str), which refuses more than 4300
    // digits (sys.set_int_max_str_digits); a literal of zeros alone is 0 and never refused.
    if (base == 10 && text.size() > 4300 && text.find_first_not_of('0') != std::string::npos) {
      SyntaxErrorInfo info;
      info.message = "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                     std::to_string(text.size()) +
                     " digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for "
                     "huge integer literals to avoid decimal conversion limits.";
      info.line = p.line;
      info.text = reread_line(p.line);
      throw SyntaxErrorException(std::move(info));
    }
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(digits, &end, base);
    if (*digits == '\0' || *end != '\0') {
      std::string kind = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
      throw_syntax_error("invalid " + kind + " literal", p.line, p.col);
    }
    if (errno == ERANGE || v > 0x7fffffffffffffffULL) {
      c->big_digits = text;
    } else {
      c->int_value = static_cast<int64_t>(v);
    }
    return c;
  }

  // strings: STRING+   (adjacent literals concatenate; any f-string makes a JoinedStr)
  ExprPtr parse_strings() {
    Pos p = start_pos();
    std::vector<ExprPtr> parts;
    bool any_f = false;
    std::string escape_error;  // the first bad escape, reported after the last string (as CPython)
    int bytes_parts = 0, text_parts = 0;
    std::string bytes_value;
    while (at(TokenKind::String)) {
      const Token& t = advance();
      if (!escape_error.empty()) continue;
      size_t q = t.text.find_first_of("'\"");
      std::string prefix = t.text.substr(0, q);
      for (char& ch : prefix) ch = static_cast<char>(std::tolower(ch));
      bool raw = prefix.find('r') != std::string::npos;
      bool fstr = prefix.find('f') != std::string::npos;
      bool is_bytes = prefix.find('b') != std::string::npos;
      ++(is_bytes ? bytes_parts : text_parts);
      size_t qlen = t.text.compare(q, 3, std::string(3, t.text[q])) == 0 && t.text.size() - q >= 6 ? 3 : 1;
      size_t body_begin = t.offset + q + qlen;
      size_t body_end = t.end_offset - qlen;
      try {
        if (is_bytes) {
          std::string_view body = std::string_view(src_).substr(body_begin, body_end - body_begin);
          if (std::any_of(body.begin(), body.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; })) {
            escape_error = "bytes can only contain ASCII literal characters";  // reported as a bad escape
            continue;
          }
          try {
            bytes_value += decode_bytes_body(body, raw);
          } catch (const EscapeError& e) { escape_error = std::string("(value error) ") + e.what(); }
        } else if (fstr) {
          any_f = true;
          parse_fstring_body(body_begin, body_end, raw, parts, t);
        } else {
          append_literal(parts, decode_string_body(src_.substr(body_begin, body_end - body_begin), raw));
        }
      } catch (const EscapeError& e) {
        escape_error = "(unicode error) 'unicodeescape' codec can't decode bytes in " + std::string(e.what());
      }
    }
    if (!escape_error.empty()) throw_syntax_error(escape_error, cur().line, cur().col);
    if (bytes_parts && text_parts) throw_syntax_error("cannot mix bytes and nonbytes literals", cur().line, cur().col);
    Pos whole = finish(p);
    if (bytes_parts) {
      auto c = std::make_unique<ConstantExpr>();
      c->value_kind = ConstKind::Bytes;
      c->str_value = std::move(bytes_value);
      c->pos = whole;
      return c;
    }
    if (!any_f) {
      auto c = std::make_unique<ConstantExpr>();
      c->value_kind = ConstKind::Str;
      for (auto& part : parts) c->str_value += static_cast<ConstantExpr&>(*part).str_value;
      c->pos = whole;
      return c;
    }
    auto j = std::make_unique<JoinedStrExpr>();
    j->values = std::move(parts);
    for (auto& v : j->values)
      if (v->kind == ExprKind::Constant) v->pos = whole;
    j->pos = whole;
    return j;
  }

  static void append_literal(std::vector<ExprPtr>& parts, const std::string& text) {
    if (!parts.empty() && parts.back()->kind == ExprKind::Constant) {
      static_cast<ConstantExpr&>(*parts.back()).str_value += text;
      return;
    }
    if (text.empty() && !parts.empty()) return;
    auto c = std::make_unique<ConstantExpr>();
    c->value_kind = ConstKind::Str;
    c->str_value = text;
    parts.push_back(std::move(c));
  }

  // fstring: (literal | '{' expression ['!' conversion] [':' format_spec] '}')*
  void parse_fstring_body(size_t begin, size_t end, bool raw, std::vector<ExprPtr>& parts, const Token& tok) {
    std::string literal;
    size_t i = begin;
    auto flush = [&]() {
      if (!literal.empty()) append_literal(parts, decode_string_body(literal, raw));
      literal.clear();
    };
    while (i < end) {
      char c = src_[i];
      if (c == '{' && i + 1 < end && src_[i + 1] == '{') {
        literal += '{';
        i += 2;
        continue;
      }
      if (c == '}' && i + 1 < end && src_[i + 1] == '}') {
        literal += '}';
        i += 2;
        continue;
      }
      if (c == '}') fstring_error("f-string: single '}' is not allowed", tok);
      if (c != '{') {
        literal += c;
        ++i;
        continue;
      }
      flush();
      i = parse_fstring_field(i + 1, end, raw, parts, tok);
    }
    flush();
  }

  // An error in the f-string itself: CPython 3.11 points just after the string token.
  [[noreturn]] void fstring_error(const std::string& msg, const Token& tok) {
    throw_syntax_error(msg, tok.end_line, tok.end_col);
  }

  // Finds the end of a replacement field's expression: a '!', ':' or '}' outside brackets.
  size_t scan_field_expression(size_t i, size_t end, const Token& tok) {
    int nest = 0;
    char quote = 0;
    for (; i < end; ++i) {
      char c = src_[i];
      if (quote) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == '\'' || c == '"') quote = c;
      else if (c == '(' || c == '[' || c == '{') ++nest;
      else if (c == ')' || c == ']' || (c == '}' && nest > 0)) --nest;
      else if (nest == 0 && (c == '}' || c == ':' || (c == '!' && i + 1 < end && src_[i + 1] != '='))) return i;
      else if (c == '\\') fstring_error("f-string expression part cannot include a backslash", tok);
    }
    fstring_error("f-string: expecting '}'", tok);
  }

  size_t parse_fstring_field(size_t i, size_t end, bool raw, std::vector<ExprPtr>& parts, const Token& tok) {
    size_t expr_end = scan_field_expression(i, end, tok);
    std::string_view text = src_.substr(i, expr_end - i);
    if (text.find_first_not_of(" \t\n") == std::string_view::npos)
      fstring_error("f-string: empty expression not allowed", tok);
    // f"{x=}": the expression's text, then its repr (or its format with a spec).
    size_t text_end = expr_end;
    while (text_end > i && (src_[text_end - 1] == ' ')) --text_end;
    bool self_doc = text_end > i + 1 && src_[text_end - 1] == '=' &&
                    std::string_view("=!<>").find(src_[text_end - 2]) == std::string_view::npos;
    auto fv = std::make_unique<FormattedValueExpr>();
    if (self_doc) {
      append_literal(parts, std::string(src_.substr(i, expr_end - i)));
      fv->value = parse_sub_expression(i, text_end - 1);
    } else {
      fv->value = parse_sub_expression(i, expr_end);
    }
    fv->pos = fv->value->pos;
    i = expr_end;
    if (src_[i] == '!') {
      if (i + 1 >= end || (src_[i + 1] != 'r' && src_[i + 1] != 's' && src_[i + 1] != 'a'))
        fstring_error("f-string: invalid conversion character: expected 's', 'r', or 'a'", tok);
      fv->conversion = src_[i + 1];
      i += 2;
    }
    if (i < end && src_[i] == ':') {
      auto spec = std::make_unique<JoinedStrExpr>();
      ++i;
      std::string literal;
      while (i < end && src_[i] != '}') {
        if (src_[i] == '{') {
          if (!literal.empty()) append_literal(spec->values, decode_string_body(literal, raw));
          literal.clear();
          i = parse_fstring_field(i + 1, end, raw, spec->values, tok);
        } else {
          literal += src_[i++];
        }
      }
      if (!literal.empty()) append_literal(spec->values, decode_string_body(literal, raw));
      fv->format_spec = std::move(spec);
    }
    if (i >= end || src_[i] != '}') fstring_error("f-string: expecting '}'", tok);
    if (self_doc && !fv->conversion && !fv->format_spec) fv->conversion = 'r';
    parts.push_back(std::move(fv));
    return i + 1;
  }

  ExprPtr parse_sub_expression(size_t begin, size_t end) {
    std::vector<Token> toks;
    try {
      toks = tokenize_expression(src_, begin, end);
    } catch (const SyntaxErrorException& e) {
      SyntaxErrorInfo info = e.info();
      info.message = "f-string: " + info.message;
      throw SyntaxErrorException(info);
    }
    Parser sub(src_, std::move(toks));
    sub.scopes_ = scopes_;
    sub.generator_flags_ = generator_flags_;
    sub.depth_ = depth_ + 1;
    try {
      return sub.parse_field_expression();
    } catch (const SyntaxErrorException& e) {
      throw SyntaxErrorException(fstring_expression_error(e.info(), begin, end));
    }
  }

  // CPython 3.11 compiles an f-string's expression on its own, as "(expr)", and reports a syntax
  // error in it against that text: the line shown is "(x +)", its columns are the caret's.
  SyntaxErrorInfo fstring_expression_error(SyntaxErrorInfo info, size_t begin, size_t end) {
    std::string wrapped = "(" + std::string(src_.substr(begin, end - begin)) + ")";
    int line = 1;
    for (size_t k = 0; k < begin; ++k) line += src_[k] == '\n';
    try {
      Parser alone(wrapped, tokenize_expression(wrapped, 0, wrapped.size()));
      alone.parse_field_expression();
    } catch (const SyntaxErrorException& e) {
      if (e.info().line == 1 && wrapped.find('\n') == std::string::npos) {
        info = e.info();
        info.line = line;
        info.text = wrapped;
      }
    } catch (...) {}
    if (info.message.rfind("f-string", 0) != 0) info.message = "f-string: " + info.message;
    return info;
  }

  // group: '(' (yield_expr | named_expression) ')' ; tuple: '(' [star_expression ',' [star_expressions]] ')'
  // genexp: '(' named_expression for_if_clauses ')'
  ExprPtr parse_paren() {
    DepthGuard guard(*this);
    Pos p = start_pos();
    advance();
    if (accept_op(")")) {
      auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple);
      t->pos = finish(p);
      return t;
    }
    if (at_kw("yield")) {
      ExprPtr y = parse_yield();
      expect_op(")");
      return y;
    }
    Mark m = mark();
    ExprPtr first = parse_star_expression();
    if (at_kw("for")) {
      ExprPtr g = parse_comprehension(ExprKind::GeneratorExp, std::move(first), nullptr, p, m);
      expect_op(")");
      g->pos = finish(p);
      return g;
    }
    if (accept_op(")")) {
      if (first->kind == ExprKind::Starred) fail_range("cannot use starred expression here", first->pos);
      return first;
    }
    check_missing_comma(*first);
    auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple);
    t->elts.push_back(std::move(first));
    parse_sequence_rest(t->elts, ")");
    t->pos = finish(p);
    return t;
  }

  // The rest of a bracketed sequence after its first element: (',' element)* [','] closer
  void parse_sequence_rest(ExprList& elts, const char* closer) {
    while (accept_op(",")) {
      if (at_op(closer)) break;
      elts.push_back(parse_star_expression());
      check_missing_comma(*elts.back());
    }
    expect_op(closer);
  }

  // list: '[' [star_named_expressions] ']' ; listcomp: '[' named_expression for_if_clauses ']'
  ExprPtr parse_list() {
    DepthGuard guard(*this);
    Pos p = start_pos();
    advance();
    auto l = std::make_unique<SequenceExpr>(ExprKind::List);
    if (accept_op("]")) {
      l->pos = finish(p);
      return l;
    }
    Mark m = mark();
    ExprPtr first = parse_star_expression();
    if (at_kw("for")) {
      ExprPtr c = parse_comprehension(ExprKind::ListComp, std::move(first), nullptr, p, m);
      expect_op("]");
      c->pos = finish(p);
      return c;
    }
    check_missing_comma(*first);
    l->elts.push_back(std::move(first));
    parse_sequence_rest(l->elts, "]");
    l->pos = finish(p);
    return l;
  }

  // dict: '{' [double_starred_kvpairs] '}' ; set: '{' star_named_expressions '}' ; dictcomp
  ExprPtr parse_dict_or_set() {
    DepthGuard guard(*this);
    Pos p = start_pos();
    advance();
    auto d = std::make_unique<DictExpr>();
    if (accept_op("}")) {
      d->pos = finish(p);
      return d;
    }
    if (!at_op("**")) {
      Mark m = mark();
      ExprPtr key = parse_star_expression();
      if (!at_op(":")) return parse_set_rest(p, std::move(key), m);
      advance();
      ExprPtr value = parse_expression();
      check_missing_comma(*value);
      if (at_kw("for")) {
        ExprPtr c = parse_comprehension(ExprKind::DictComp, std::move(key), std::move(value), p, m);
        expect_op("}");
        c->pos = finish(p);
        return c;
      }
      d->keys.push_back(std::move(key));
      d->values.push_back(std::move(value));
      if (!accept_op(",")) {
        expect_op("}");
        d->pos = finish(p);
        return d;
      }
    }
    while (!at_op("}")) {
      if (accept_op("**")) {
        d->keys.push_back(nullptr);
        d->values.push_back(parse_bitor());
      } else {
        d->keys.push_back(parse_expression());
        if (!at_op(":") && (at_op(",") || at_op("}")))
          throw_syntax_error("':' expected after dictionary key", d->keys.back()->pos.end_line,
                             d->keys.back()->pos.end_col - 1);
        if (!at_op(":")) fail_invalid();
        advance();
        d->values.push_back(parse_expression());
        check_missing_comma(*d->values.back());
      }
      if (!accept_op(",")) break;
    }
    expect_op("}");
    d->pos = finish(p);
    return d;
  }

  ExprPtr parse_set_rest(Pos p, ExprPtr first, Mark m) {
    if (at_kw("for")) {
      ExprPtr c = parse_comprehension(ExprKind::SetComp, std::move(first), nullptr, p, m);
      expect_op("}");
      c->pos = finish(p);
      return c;
    }
    auto s = std::make_unique<SequenceExpr>(ExprKind::Set);
    s->elts.push_back(std::move(first));
    parse_sequence_rest(s->elts, "}");
    s->pos = finish(p);
    return s;
  }

  // for_if_clauses: ('for' star_targets 'in' disjunction ('if' disjunction)*)+
  // `m` marks where the element began: the names it uses are the comprehension's, and a yield in
  // it (as in a condition or a later iterable, all but the first iterable) is CPython's
  // SyntaxError.
  ExprPtr parse_comprehension(ExprKind kind, ExprPtr elt, ExprPtr value, Pos p, Mark m) {
    auto c = std::make_unique<CompExpr>(kind);
    c->elt = std::move(elt);
    c->value = std::move(value);
    auto no_yield_since = [&](int since) {
      if (yields_ == since) return;
      const char* what = kind == ExprKind::ListComp   ? "list comprehension"
                         : kind == ExprKind::SetComp  ? "set comprehension"
                         : kind == ExprKind::DictComp ? "dict comprehension"
                                                      : "generator expression";
      fail_range(std::string("'yield' inside ") + what, yield_pos_[static_cast<size_t>(since)]);
    };
    no_yield_since(m.yields);
    // Comprehension variables live in their own scope, not in the enclosing function's.
    ScopeInfo comp_scope;
    if (!scopes_.empty() && scopes_.back()->uses.size() >= m.uses) {
      auto& up = scopes_.back()->uses;
      comp_scope.uses.assign(up.begin() + static_cast<long>(m.uses), up.end());
      up.resize(m.uses);
    }
    scopes_.push_back(&comp_scope);
    while (accept_kw("for")) {
      Comprehension gen;
      gen.target = parse_target_list();
      if (!accept_kw("in")) fail_invalid();
      declared_.erase(scopes_.back());
      scopes_.pop_back();
      int before_iter = yields_;
      Mark at_iter = mark();
      gen.iter = parse_disjunction();
      if (!c->generators.empty()) {  // a later iterable is the comprehension's, as its names are
        no_yield_since(before_iter);
        if (!scopes_.empty() && scopes_.back()->uses.size() >= at_iter.uses) {
          auto& up = scopes_.back()->uses;
          comp_scope.uses.insert(comp_scope.uses.end(), up.begin() + static_cast<long>(at_iter.uses), up.end());
          up.resize(at_iter.uses);
        }
      }
      scopes_.push_back(&comp_scope);
      int before_ifs = yields_;
      while (accept_kw("if")) gen.ifs.push_back(parse_disjunction());
      no_yield_since(before_ifs);
      c->generators.push_back(std::move(gen));
    }
    declared_.erase(scopes_.back());
    scopes_.pop_back();
    // The names its conditions read, and those its lambdas take, are the enclosing scope's to
    // take from further out (ScopeInfo::free).
    if (!scopes_.empty()) {
      ScopeInfo& up = *scopes_.back();
      for (auto& n : comp_scope.uses)
        if (!comp_scope.is_local(n)) up.uses.push_back(n);
      up.nested_free.insert(up.nested_free.end(), comp_scope.nested_free.begin(), comp_scope.nested_free.end());
    }
    c->pos = finish(p);
    return c;
  }
};

}  // namespace

bool ScopeInfo::is_local(const std::string& name) const {
  for (auto& l : locals)
    if (l == name) return true;
  return false;
}

bool ScopeInfo::is_global(const std::string& name) const {
  for (auto& g : globals)
    if (g == name) return true;
  return false;
}

bool folds_to_constant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Constant: return true;
    case ExprKind::UnaryOp: return folds_to_constant(*static_cast<const UnaryOpExpr&>(e).operand);
    case ExprKind::Tuple:
      for (const ExprPtr& item : static_cast<const SequenceExpr&>(e).elts)
        if (!folds_to_constant(*item)) return false;
      return true;
    case ExprKind::BinOp: {
      const auto& b = static_cast<const BinOpExpr&>(e);
      if (!folds_to_constant(*b.left) || !folds_to_constant(*b.right)) return false;
      const bool divides = b.op == BinOpKind::Div || b.op == BinOpKind::FloorDiv || b.op == BinOpKind::Mod;
      if (!divides || b.right->kind != ExprKind::Constant) return !divides;
      const auto& c = static_cast<const ConstantExpr&>(*b.right);
      return c.value_kind == ConstKind::Int && c.int_value != 0 && c.big_digits.empty();
    }
    default: return false;
  }
}

// CPython reports an unclosed bracket instead of a parse error only when the parse error lies
// on a later line than the bracket (see _PyPegen_tokenize_full_source_to_check_for_errors).
std::unique_ptr<Module> parse_module(std::string_view source) {
  // As CPython 3.11.2 reads a file (NOTE [NUL bytes in the source]); callers that show lines give
  // the dropped text themselves.
  if (source.find('\0') != std::string_view::npos) return parse_module(drop_after_nul(source));
  UnclosedBracket unclosed;
  std::vector<CompileWarning> warnings;
  // The SyntaxWarnings found before an error are printed before it.
  auto with_warnings = [&](const SyntaxErrorException& e) {
    SyntaxErrorInfo info = e.info();
    info.warnings = warnings;
    return SyntaxErrorException(std::move(info));
  };
  std::vector<Token> tokens;
  try {
    tokens = tokenize(source, &unclosed, &warnings);
  } catch (const SyntaxErrorException& e) { throw with_warnings(e); }
  Parser parser(source, std::move(tokens));
  auto report_unclosed = [&]() {
    try {
      throw_syntax_error(std::string("'") + unclosed.ch + "' was never closed", unclosed.line, unclosed.col);
    } catch (const SyntaxErrorException& e) { throw with_warnings(e); }
  };
  try {
    auto module = parser.parse_file();
    if (unclosed.ch) report_unclosed();
    parser.add_compiler_warnings(warnings);
    module->warnings = std::move(warnings);
    return module;
  } catch (const SyntaxErrorException& e) {
    // Reading past the last token inside brackets is itself the error in CPython: its tokenizer
    // fails there.
    if (unclosed.ch && (parser.furthest_line() > unclosed.line || parser.furthest_token() >= unclosed.eof_token))
      report_unclosed();
    if (!e.info().warnings.empty() || warnings.empty()) throw;
    throw with_warnings(e);
  }
}

}  // namespace stridelab::python
