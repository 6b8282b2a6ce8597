// The parser: tokens to an AST, by recursive descent over CPython's grammar (each parse
// function opens with the rule it implements). Errors are CPython 3.11's SyntaxError and
// IndentationError texts and positions for the common mistakes.
#pragma once
#include <memory>
#include <string_view>

#include "python/ast.h"

namespace stridelab::python {

// Parses a whole program; throws SyntaxErrorException.
std::unique_ptr<Module> parse_module(std::string_view source);

// Whether CPython's AST optimiser folds `e` into one constant: literals, and unary and binary
// operations and tuples made of them (an operation that would fail, as `1 / 0`, is left).
bool folds_to_constant(const Expr& e);

}  // namespace stridelab::python
