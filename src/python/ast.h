// The abstract syntax tree: CPython's ast node kinds for the subset of docs/language.md, each with
// its line, column, end line and end column (end columns drive the `~~~^~~~` traceback markers).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "python/syntax_error.h"

namespace stridelab::python {

class Object;  // object.h; constants cache their value object in the node

enum class ExprKind {
  Name,
  Constant,
  JoinedStr,
  FormattedValue,
  List,
  Tuple,
  Dict,
  Set,
  ListComp,
  DictComp,
  SetComp,
  GeneratorExp,
  Attribute,
  Subscript,
  Slice,
  Call,
  UnaryOp,
  BinOp,
  BoolOp,
  Compare,
  IfExp,
  Lambda,
  Starred,
  Yield
};
enum class StmtKind {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  If,
  While,
  For,
  Break,
  Continue,
  Pass,
  FunctionDef,
  ClassDef,
  Return,
  With,
  Try,
  Raise,
  Assert,
  Delete,
  Import,
  ImportFrom,
  Global,
  Nonlocal
};
enum class Ctx { Load, Store, Del };
enum class BinOpKind { Add, Sub, Mult, MatMult, Div, FloorDiv, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd };
enum class UnaryOpKind { UAdd, USub, Invert, Not };
enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
enum class ConstKind { None, True, False, Ellipsis, Int, Float, Str, Imag, Bytes };

const char* binop_symbol(BinOpKind op);  // "+", "@", ...
const char* binop_name(BinOpKind op);    // "Add", "MatMult", ...
const char* cmpop_symbol(CmpOpKind op);  // "<", "is not", ...

struct Node {
  Pos pos;
};

struct Expr : Node {
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
  ExprKind kind;
};
// Deletes an expression without recursing into its operands: a deletion that happens while
// another runs waits on a list that the outermost one empties, so the 100,000-deep tree of a long
// `1 + 1 + ...` chain (refused after parsing, NOTE [Native recursion]) is freed in a loop.
struct ExprDelete {
  ExprDelete() = default;
  template <class T>
  ExprDelete(std::default_delete<T>) {}  // NOLINT: from std::make_unique's pointers
  void operator()(Expr* e) const;
};
using ExprPtr = std::unique_ptr<Expr, ExprDelete>;
using ExprList = std::vector<ExprPtr>;

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

// Where a name was last found in a Namespace (NOTE [Name caches] in object.h): the layout of the
// namespace it was found in, or of the globals and the builtins for a builtin, and the index.
struct NameCache {
  uint64_t layout = 0;
  uint64_t builtins_layout = 0;  // non-zero: found in the builtins, absent from the globals
  uint32_t index = 0;
};

struct NameExpr : Expr {
  NameExpr() : Expr(ExprKind::Name) {}
  std::string id;
  Ctx ctx = Ctx::Load;
  // Filled by the evaluator on first use inside a function: where the name lives.
  mutable signed char resolved = -1;  // -1 unknown, 0 global, 1 local slot, 2 enclosing slot
  mutable int env_depth = 0, slot = -1;
  mutable NameCache cache;  // for a global or builtin name
};

struct ConstantExpr : Expr {
  ConstantExpr() : Expr(ExprKind::Constant) {}
  ~ConstantExpr() override;
  ConstKind value_kind = ConstKind::None;
  int64_t int_value = 0;
  std::string big_digits;  // decimal digits of an int literal beyond 64 bits
  double float_value = 0;
  std::string str_value;
  mutable Object* cached = nullptr;  // owned reference to the value object, made on first use
};

struct FormattedValueExpr : Expr {
  FormattedValueExpr() : Expr(ExprKind::FormattedValue) {}
  ExprPtr value;
  char conversion = 0;  // 0, 's', 'r' or 'a'
  ExprPtr format_spec;  // a JoinedStr or null
};

// f"..." : parts are Constant strings and FormattedValues.
struct JoinedStrExpr : Expr {
  JoinedStrExpr() : Expr(ExprKind::JoinedStr) {}
  ExprList values;
};

struct SequenceExpr : Expr {  // List, Tuple, Set
  explicit SequenceExpr(ExprKind k) : Expr(k) {}
  ExprList elts;
  Ctx ctx = Ctx::Load;
};

struct DictExpr : Expr {
  DictExpr() : Expr(ExprKind::Dict) {}
  ExprList keys;  // a null key means `**value`
  ExprList values;
};

struct Comprehension {
  ExprPtr target, iter;
  ExprList ifs;
};

struct CompExpr : Expr {  // ListComp, SetComp, GeneratorExp, DictComp (key + value)
  explicit CompExpr(ExprKind k) : Expr(k) {}
  ExprPtr elt, value;
  std::vector<Comprehension> generators;
};

struct AttributeExpr : Expr {
  AttributeExpr() : Expr(ExprKind::Attribute) {}
  ExprPtr value;
  std::string attr;
  Ctx ctx = Ctx::Load;
};

struct SubscriptExpr : Expr {
  SubscriptExpr() : Expr(ExprKind::Subscript) {}
  ExprPtr value, slice;
  Ctx ctx = Ctx::Load;
};

struct SliceExpr : Expr {
  SliceExpr() : Expr(ExprKind::Slice) {}
  ExprPtr lower, upper, step;  // each may be null
};

struct Keyword {
  std::string arg;  // empty for `**value`
  ExprPtr value;
  Pos pos;
};

struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::Call) {}
  ExprPtr func;
  ExprList args;  // may contain Starred
  std::vector<Keyword> keywords;
};

struct UnaryOpExpr : Expr {
  UnaryOpExpr() : Expr(ExprKind::UnaryOp) {}
  UnaryOpKind op;
  ExprPtr operand;
};

struct BinOpExpr : Expr {
  BinOpExpr() : Expr(ExprKind::BinOp) {}
  BinOpKind op;
  ExprPtr left, right;
};

struct BoolOpExpr : Expr {
  BoolOpExpr() : Expr(ExprKind::BoolOp) {}
  bool is_and = true;
  ExprList values;
};

struct CompareExpr : Expr {
  CompareExpr() : Expr(ExprKind::Compare) {}
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  ExprList comparators;
};

struct IfExpExpr : Expr {
  IfExpExpr() : Expr(ExprKind::IfExp) {}
  ExprPtr test, body, orelse;
};

struct Arg {
  std::string name;
  Pos pos;
};

struct Arguments {
  std::vector<Arg> args;  // positional (the first `posonly` of them positional-only) or keyword
  size_t posonly = 0;
  ExprList defaults;            // for the last len(defaults) of args
  std::unique_ptr<Arg> vararg;  // *args
  std::vector<Arg> kwonly;      // after * or *args
  ExprList kw_defaults;         // one per kwonly, null when required
  std::unique_ptr<Arg> kwarg;   // **kwargs
  // A def's parameter annotations, in the order CPython evaluates them (the parameters in order,
  // then the return annotation as "return"); a lambda has none.
  std::vector<std::pair<std::string, ExprPtr>> annotations;
};

// Names a function body binds (its locals) and the ones it declares global or nonlocal,
// filled by the parser's scope pass: the evaluator resolves names with it as CPython does.
struct ScopeInfo {
  std::vector<std::string> locals;
  std::vector<std::string> globals;
  std::vector<std::string> nonlocals;
  // For dir() and vars() in a function, as CPython orders a frame's variables: how many of the
  // locals are parameters; the names this scope reads or writes (`uses`, repeats included while
  // parsing) and those its nested functions take from outside themselves (`nested_free`); then,
  // once the scope is parsed, its free variables (names it or a nested function takes from an
  // enclosing scope, sorted) and its cells (locals that a nested function takes, sorted).
  size_t params = 0;
  std::vector<std::string> uses, nested_free, free, cells;
  bool is_local(const std::string& name) const;
  bool is_global(const std::string& name) const;
};

struct LambdaExpr : Expr {
  LambdaExpr() : Expr(ExprKind::Lambda) {}
  Arguments args;
  ExprPtr body;
  ScopeInfo scope;
};

struct StarredExpr : Expr {
  StarredExpr() : Expr(ExprKind::Starred) {}
  ExprPtr value;
  Ctx ctx = Ctx::Load;
};

struct YieldExpr : Expr {
  YieldExpr() : Expr(ExprKind::Yield) {}
  ExprPtr value;
  bool is_from = false;  // `yield from value`
};

struct Stmt : Node {
  explicit Stmt(StmtKind k) : kind(k) {}
  virtual ~Stmt() = default;
  StmtKind kind;
  // a simple statement with a `yield` among its expressions, or a `def` or `class` with one in a
  // decorator, a default, a base or a keyword (run as a simple statement)
  bool has_yield = false;
  // an `if`, `elif` or `while` test, a `for` iterable or a `with` item with a `yield` inside
  // (`if (yield x):`, `with (yield) as f:`)
  bool header_yield = false;
};

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::Expr) {}
  ExprPtr value;
};

struct AssignStmt : Stmt {
  AssignStmt() : Stmt(StmtKind::Assign) {}
  ExprList targets;
  ExprPtr value;
};

struct AugAssignStmt : Stmt {
  AugAssignStmt() : Stmt(StmtKind::AugAssign) {}
  ExprPtr target;
  BinOpKind op;
  ExprPtr value;
};

struct AnnAssignStmt : Stmt {
  AnnAssignStmt() : Stmt(StmtKind::AnnAssign) {}
  ExprPtr target, annotation, value;
};

struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::If) {}
  ExprPtr test;
  StmtList body, orelse;
};

struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::While) {}
  ExprPtr test;
  StmtList body, orelse;
};

struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::For) {}
  ExprPtr target, iter;
  StmtList body, orelse;
};

struct SimpleStmt : Stmt {  // Break, Continue, Pass
  explicit SimpleStmt(StmtKind k) : Stmt(k) {}
};

struct FunctionDefStmt : Stmt {
  FunctionDefStmt() : Stmt(StmtKind::FunctionDef) {}
  std::string name;
  Arguments args;
  StmtList body;
  ExprList decorators;
  ScopeInfo scope;
  bool is_generator = false;
};

struct ClassDefStmt : Stmt {
  ClassDefStmt() : Stmt(StmtKind::ClassDef) {}
  std::string name;
  ExprList bases;
  std::vector<Keyword> keywords;
  StmtList body;
  ExprList decorators;
  bool has_annotations = false;  // an annotated assignment in the body: __annotations__ is made
};

struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::Return) {}
  ExprPtr value;
};

struct WithItem {
  ExprPtr context_expr, optional_vars;
  bool target_yield = false;  // a yield in the `as` target (`with m as (yield).attr:`)
};

struct WithStmt : Stmt {
  WithStmt() : Stmt(StmtKind::With) {}
  std::vector<WithItem> items;
  StmtList body;
};

struct ExceptHandler {
  ExprPtr type;  // null for a bare except
  std::string name;
  StmtList body;
  Pos pos;
};

struct TryStmt : Stmt {
  TryStmt() : Stmt(StmtKind::Try) {}
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse, finalbody;
};

struct RaiseStmt : Stmt {
  RaiseStmt() : Stmt(StmtKind::Raise) {}
  ExprPtr exc, cause;
};

struct AssertStmt : Stmt {
  AssertStmt() : Stmt(StmtKind::Assert) {}
  ExprPtr test, msg;
};

struct DeleteStmt : Stmt {
  DeleteStmt() : Stmt(StmtKind::Delete) {}
  ExprList targets;
};

struct Alias {
  std::string name;    // dotted for `import a.b`
  std::string asname;  // empty when absent
  Pos pos;
};

struct ImportStmt : Stmt {
  ImportStmt() : Stmt(StmtKind::Import) {}
  std::vector<Alias> names;
};

struct ImportFromStmt : Stmt {
  ImportFromStmt() : Stmt(StmtKind::ImportFrom) {}
  std::string module;
  std::vector<Alias> names;  // a single "*" for `from m import *`
};

struct NamesStmt : Stmt {  // Global, Nonlocal
  explicit NamesStmt(StmtKind k) : Stmt(k) {}
  std::vector<std::string> names;
};

struct Module {
  StmtList body;
  bool has_annotations = false;  // an annotated assignment outside defs and classes: __annotations__ is made
  std::string source;            // kept for tracebacks
  std::vector<CompileWarning> warnings;
};

// An indented tree, one node per line with its position: `stridelab ast FILE`.
std::string dump_ast(const Module& module);

}  // namespace stridelab::python
