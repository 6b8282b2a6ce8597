#include <catch2/catch.hpp>

#include "python/parser.h"

using namespace stridelab::python;

namespace {
std::string syntax_error(const std::string& src) {
  try {
    parse_module(src);
  } catch (const SyntaxErrorException& e) { return format_syntax_error(e.info(), src); }
  return "";
}
}  // namespace

TEST_CASE("parser: AST with positions", "[parser]") {
  auto m = parse_module("y = a + b * 2\n");
  REQUIRE(m->body.size() == 1);
  auto& assign = static_cast<AssignStmt&>(*m->body[0]);
  auto& add = static_cast<BinOpExpr&>(*assign.value);
  CHECK(add.op == BinOpKind::Add);
  CHECK(add.pos.col == 4);
  CHECK(add.pos.end_col == 13);
  CHECK(static_cast<BinOpExpr&>(*add.right).op == BinOpKind::Mult);
}

TEST_CASE("parser: parenthesised operands widen the enclosing node", "[parser]") {
  auto m = parse_module("z = (a) // (b)\n");
  auto& div = static_cast<BinOpExpr&>(*static_cast<AssignStmt&>(*m->body[0]).value);
  CHECK(div.pos.col == 4);
  CHECK(div.pos.end_col == 14);
  CHECK(div.left->pos.col == 5);
}

TEST_CASE("parser: dump covers statements and expressions", "[parser]") {
  std::string d = dump_ast(*parse_module("def f(a, b=1, *c, **d):\n    return [x for x in a if x]\n"));
  CHECK(d.find("FunctionDef f") != std::string::npos);
  CHECK(d.find("args: a b *c **d") != std::string::npos);
  CHECK(d.find("ListComp") != std::string::npos);
  CHECK(d.find("locals: a b c d") != std::string::npos);
}

TEST_CASE("parser: function scopes know their locals", "[parser]") {
  auto m = parse_module("def f(a):\n    global g\n    b = 1\n    g = 2\n    for i in a: pass\n");
  auto& fn = static_cast<FunctionDefStmt&>(*m->body[0]);
  CHECK(fn.scope.locals == std::vector<std::string>{"a", "b", "i"});
}

TEST_CASE("parser: SyntaxError text as CPython prints it", "[parser]") {
  CHECK(syntax_error("if x\n    pass\n") ==
        "  File \"<main>\", line 1\n    if x\n        ^\nSyntaxError: expected ':'\n");
  CHECK(syntax_error("x = (1,\n2\n") ==
        "  File \"<main>\", line 1\n    x = (1,\n        ^\nSyntaxError: '(' was never closed\n");
  CHECK(syntax_error("if x:\npass\n") ==
        "  File \"<main>\", line 2\n    pass\n    ^\nIndentationError: expected an indented block after 'if' statement "
        "on line 1\n");
  CHECK(syntax_error("x = 1\n  y = 2\n") ==
        "  File \"<main>\", line 2\n    y = 2\nIndentationError: unexpected indent\n");
  CHECK(syntax_error("x = = 1\n") ==
        "  File \"<main>\", line 1\n    x = = 1\n        ^\nSyntaxError: invalid syntax\n");
  CHECK(syntax_error("f(a b)\n").find("Perhaps you forgot a comma?") != std::string::npos);
  CHECK(syntax_error("return 1\n").find("'return' outside function") != std::string::npos);
}

TEST_CASE("parser: never crashes on hostile input", "[parser]") {
  const char* inputs[] = {"",        "(",      ")",           "((((((((((", "def",      "class :",  "lambda", "f'{",
                          "f'{}'",   "x[",     "'''",         "\\",         "if:",      "@",        "a.",     "1 +",
                          "for in:", "try:\n", "x = [i for]", "\t\tx",      "\xff\xfe", "a ** ** b"};
  for (const char* src : inputs) {
    try {
      parse_module(src);
    } catch (const SyntaxErrorException&) {}
  }
  std::string deep(1000, '(');
  CHECK_THROWS_AS(parse_module(deep), SyntaxErrorException);
  std::string deep_expr;
  for (int i = 0; i < 500; ++i) deep_expr += "-";
  deep_expr += "1\n";
  CHECK_THROWS_AS(parse_module(deep_expr), SyntaxErrorException);
}
