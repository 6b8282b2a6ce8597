// The tree-walking evaluator: one Evaluator per running frame, executing statements and
// evaluating expressions of the AST with CPython's semantics and error positions.
#pragma once
#include "python/interp.h"
#include "python/protocol.h"

namespace stridelab::python {

// Yield: a generator's body is suspending at a `yield` (NOTE [Generators] in generator.h).
enum class Flow { Normal, Break, Continue, Return, Yield };

struct GenState;
struct GenCursor;
struct ExprLog;
class GeneratorObject;

class Evaluator {
 public:
  friend class Interp;
  Evaluator(Interp& in, Frame& frame) : in_(in), frame_(frame) {}

  Flow exec_block(const StmtList& body);
  ObjRef eval(const Expr& e);
  ObjRef return_value() { return std::move(retval_); }

  // Binds `args` to the parameters of `fn` into `env` (CPython's TypeErrors on mismatch).
  static void bind_arguments(Interp& in, FunctionObject* fn, Env& env, CallArgs& args);
  // Runs a generator until its next yield (the value) or its end (null), generator.cpp.
  static ObjRef resume(Interp& in, GeneratorObject* g, ObjRef sent, Ref<ExceptionObject> thrown);

 private:
  Interp& in_;
  Frame& frame_;
  ObjRef retval_;
  int last_line_ = -1;
  bool comp_store_ = false;
  GenState* gen_ = nullptr;  // the suspended position of the generator this frame runs, or null
  ExprLog* log_ = nullptr;   // the values of a statement with a yield inside (NOTE [Generators])
  // The variables of the comprehensions this frame is in, shared with the functions made here
  // (NOTE [Comprehension closures] in eval.cpp).
  std::vector<std::shared_ptr<Namespace>> comp_owned_;
  // comp_owned_ inherited from the running function's comp_scopes_: its comp_depth_ + 1, else 0.
  int comp_depth_ = 0;

  bool resuming() const;
  GenCursor pop_cursor();
  void push_cursor(GenCursor c);
  Flow exec_yield(const YieldExpr& y, const AssignStmt* assign_to);
  Flow exec_logged(const Stmt& s);
  ObjRef eval_logged(const Expr& e);
  bool eval_header(const Stmt& s, const Expr& e, ObjRef& out, GenCursor* resumed);
  bool assign_with_target(const WithItem& item, ObjRef entered, const ObjRef& mgr, GenCursor* resumed);
  ObjRef eval_yield(const YieldExpr& y);
  ObjRef eval_plain(const Expr& e);
  bool delegate(const YieldExpr& y, ObjRef& result);
  ObjRef genexpr_next(GeneratorObject* g);

  void line_event(int line, bool force = false);
  [[noreturn]] void rethrow_with(const PyError& e, const Pos& pos, int kind = 0, int left = 0, int right = 0);
  void add_traceback(ExceptionObject* exc, const Pos& pos, int kind, int left, int right);

  Flow exec(const Stmt& s);
  Flow exec_stmt(const Stmt& s);
  Flow exec_if(const IfStmt& s);
  Flow exec_while(const WhileStmt& s);
  Flow exec_for(const ForStmt& s);
  Flow exec_try(const TryStmt& s);
  Flow exec_try_except(const TryStmt& s);
  Flow exec_with(const WithStmt& s, size_t item);
  void exec_assign(const AssignStmt& s);
  void store_annotation(const AnnAssignStmt& a);
  void exec_augassign(const AugAssignStmt& s);
  void exec_funcdef(const FunctionDefStmt& s);
  void exec_classdef(const ClassDefStmt& s);
  void exec_raise(const RaiseStmt& s);
  void exec_assert(const AssertStmt& s);
  void exec_delete(const Expr& target);
  void exec_import(const ImportStmt& s);
  void exec_import_from(const ImportFromStmt& s);

  void assign(const Expr& target, ObjRef value);
  void unpack(const SequenceExpr& target, ObjRef value);

  ObjRef eval_inner(const Expr& e);
  ObjRef load_name(const NameExpr& n);
  void store_name(const std::string& name, const NameExpr* node, ObjRef value);
  bool delete_name(const NameExpr& n);
  void unbind_name(const std::string& name);  // after `except E as name`
  void resolve(const NameExpr& n);
  ObjRef eval_constant(const ConstantExpr& c);
  ObjRef eval_joined_str(const JoinedStrExpr& j);
  ObjRef eval_formatted(const FormattedValueExpr& f);
  std::vector<ObjRef> eval_elements(const ExprList& elts, Object* callee = nullptr);
  ObjRef eval_dict(const DictExpr& d);
  ObjRef eval_comprehension(const CompExpr& c);
  void run_generators(const CompExpr& c, size_t level, const std::function<void()>& emit);
  ObjRef eval_slice(const SliceExpr& s);
  ObjRef eval_call(const CallExpr& c);
  ObjRef eval_compare(const CompareExpr& c);
  ObjRef eval_boolop(const BoolOpExpr& b);
  ObjRef make_function(const std::string& name, const FunctionDefStmt* def, const LambdaExpr* lambda,
                       const Arguments& args);
  [[gnu::noinline]] ObjRef make_super(const CallExpr& c, CallArgs& args);
};

}  // namespace stridelab::python
