#include <cstdio>

#include "python/ast.h"

namespace stridelab::python {

void ExprDelete::operator()(Expr* e) const {
  static thread_local bool deleting = false;
  static thread_local std::vector<Expr*> pending;
  if (deleting) {
    pending.push_back(e);
    return;
  }
  deleting = true;
  delete e;
  while (!pending.empty()) {
    Expr* next = pending.back();
    pending.pop_back();
    delete next;
  }
  deleting = false;
}

const char* binop_symbol(BinOpKind op) {
  static const char* const kSymbols[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
  return kSymbols[static_cast<int>(op)];
}

const char* binop_name(BinOpKind op) {
  static const char* const kNames[] = {"Add", "Sub",    "Mult",   "MatMult", "Div",    "FloorDiv", "Mod",
                                       "Pow", "LShift", "RShift", "BitOr",   "BitXor", "BitAnd"};
  return kNames[static_cast<int>(op)];
}

const char* cmpop_symbol(CmpOpKind op) {
  static const char* const kSymbols[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  return kSymbols[static_cast<int>(op)];
}

namespace {

class Dumper {
 public:
  std::string out;

  void stmts(const StmtList& list, int depth) {
    for (auto& s : list) stmt(*s, depth);
  }

 private:
  void line(int depth, const std::string& text, const Pos& p) {
    out += std::string(depth * 2, ' ') + text + "  @" + std::to_string(p.line) + ":" + std::to_string(p.col) + "-" +
           std::to_string(p.end_line) + ":" + std::to_string(p.end_col) + "\n";
  }
  void label(int depth, const std::string& text) { out += std::string(depth * 2, ' ') + text + "\n"; }

  static std::string quote(const std::string& s) {
    std::string r = "'";
    for (char c : s) {
      if (c == '\n') r += "\\n";
      else if (c == '\'') r += "\\'";
      else if (c == '\\') r += "\\\\";
      else r += c;
    }
    return r + "'";
  }

  static const char* ctx_name(Ctx c) { return c == Ctx::Load ? "" : c == Ctx::Store ? " (store)" : " (del)"; }

  void exprs(const char* name, const ExprList& list, int depth) {
    if (list.empty()) return;
    label(depth, name);
    for (auto& e : list)
      if (e) expr(*e, depth + 1);
      else label(depth + 1, "(none)");
  }

  void child(const char* name, const ExprPtr& e, int depth) {
    if (!e) return;
    label(depth, name);
    expr(*e, depth + 1);
  }

  void arguments(const Arguments& a, int depth) {
    std::string text = "args:";
    for (auto& arg : a.args) text += " " + arg.name;
    if (a.vararg) text += " *" + a.vararg->name;
    for (auto& arg : a.kwonly) text += " " + arg.name + "(kwonly)";
    if (a.kwarg) text += " **" + a.kwarg->name;
    label(depth, text);
    exprs("defaults:", a.defaults, depth);
  }

  void constant(const ConstantExpr& c, int depth) {
    std::string v;
    switch (c.value_kind) {
      case ConstKind::None: v = "None"; break;
      case ConstKind::True: v = "True"; break;
      case ConstKind::False: v = "False"; break;
      case ConstKind::Ellipsis: v = "Ellipsis"; break;
      case ConstKind::Int: v = c.big_digits.empty() ? std::to_string(c.int_value) : c.big_digits; break;
      case ConstKind::Float:
      case ConstKind::Imag: {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g%s", c.float_value, c.value_kind == ConstKind::Imag ? "j" : "");
        v = buf;
        break;
      }
      case ConstKind::Str: v = quote(c.str_value); break;
      case ConstKind::Bytes: v = "b" + quote(c.str_value); break;
    }
    line(depth, "Constant " + v, c.pos);
  }

  void expr(const Expr& e, int d) {
    switch (e.kind) {
      case ExprKind::Name: {
        auto& n = static_cast<const NameExpr&>(e);
        return line(d, "Name " + n.id + ctx_name(n.ctx), e.pos);
      }
      case ExprKind::Constant: return constant(static_cast<const ConstantExpr&>(e), d);
      case ExprKind::JoinedStr:
        line(d, "JoinedStr", e.pos);
        for (auto& v : static_cast<const JoinedStrExpr&>(e).values) expr(*v, d + 1);
        return;
      case ExprKind::FormattedValue: {
        auto& f = static_cast<const FormattedValueExpr&>(e);
        line(d, std::string("FormattedValue") + (f.conversion ? std::string(" !") + f.conversion : ""), e.pos);
        expr(*f.value, d + 1);
        child("format_spec:", f.format_spec, d + 1);
        return;
      }
      case ExprKind::List:
      case ExprKind::Tuple:
      case ExprKind::Set: {
        auto& s = static_cast<const SequenceExpr&>(e);
        const char* name = e.kind == ExprKind::List ? "List" : e.kind == ExprKind::Tuple ? "Tuple" : "Set";
        line(d, std::string(name) + ctx_name(s.ctx), e.pos);
        for (auto& x : s.elts) expr(*x, d + 1);
        return;
      }
      case ExprKind::Dict: {
        auto& m = static_cast<const DictExpr&>(e);
        line(d, "Dict", e.pos);
        exprs("keys:", m.keys, d + 1);
        exprs("values:", m.values, d + 1);
        return;
      }
      case ExprKind::ListComp:
      case ExprKind::DictComp:
      case ExprKind::SetComp:
      case ExprKind::GeneratorExp: {
        auto& c = static_cast<const CompExpr&>(e);
        line(d,
             e.kind == ExprKind::ListComp   ? "ListComp"
             : e.kind == ExprKind::DictComp ? "DictComp"
             : e.kind == ExprKind::SetComp  ? "SetComp"
                                            : "GeneratorExp",
             e.pos);
        expr(*c.elt, d + 1);
        if (c.value) expr(*c.value, d + 1);
        for (auto& g : c.generators) {
          label(d + 1, "comprehension");
          child("target:", g.target, d + 2);
          child("iter:", g.iter, d + 2);
          exprs("ifs:", g.ifs, d + 2);
        }
        return;
      }
      case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(e);
        line(d, "Attribute ." + a.attr + ctx_name(a.ctx), e.pos);
        return expr(*a.value, d + 1);
      }
      case ExprKind::Subscript: {
        auto& s = static_cast<const SubscriptExpr&>(e);
        line(d, std::string("Subscript") + ctx_name(s.ctx), e.pos);
        expr(*s.value, d + 1);
        return expr(*s.slice, d + 1);
      }
      case ExprKind::Slice: {
        auto& s = static_cast<const SliceExpr&>(e);
        line(d, "Slice", e.pos);
        child("lower:", s.lower, d + 1);
        child("upper:", s.upper, d + 1);
        child("step:", s.step, d + 1);
        return;
      }
      case ExprKind::Call: {
        auto& c = static_cast<const CallExpr&>(e);
        line(d, "Call", e.pos);
        expr(*c.func, d + 1);
        exprs("args:", c.args, d + 1);
        for (auto& k : c.keywords) {
          line(d + 1, k.arg.empty() ? "keyword **" : "keyword " + k.arg + "=", k.pos);
          expr(*k.value, d + 2);
        }
        return;
      }
      case ExprKind::UnaryOp: {
        auto& u = static_cast<const UnaryOpExpr&>(e);
        static const char* const kNames[] = {"UAdd", "USub", "Invert", "Not"};
        line(d, std::string("UnaryOp ") + kNames[static_cast<int>(u.op)], e.pos);
        return expr(*u.operand, d + 1);
      }
      case ExprKind::BinOp: {
        auto& b = static_cast<const BinOpExpr&>(e);
        line(d, std::string("BinOp ") + binop_name(b.op), e.pos);
        expr(*b.left, d + 1);
        return expr(*b.right, d + 1);
      }
      case ExprKind::BoolOp: {
        auto& b = static_cast<const BoolOpExpr&>(e);
        line(d, b.is_and ? "BoolOp And" : "BoolOp Or", e.pos);
        for (auto& v : b.values) expr(*v, d + 1);
        return;
      }
      case ExprKind::Compare: {
        auto& c = static_cast<const CompareExpr&>(e);
        std::string ops = "Compare";
        for (auto op : c.ops) ops += std::string(" '") + cmpop_symbol(op) + "'";
        line(d, ops, e.pos);
        expr(*c.left, d + 1);
        for (auto& x : c.comparators) expr(*x, d + 1);
        return;
      }
      case ExprKind::IfExp: {
        auto& i = static_cast<const IfExpExpr&>(e);
        line(d, "IfExp", e.pos);
        expr(*i.test, d + 1);
        expr(*i.body, d + 1);
        return expr(*i.orelse, d + 1);
      }
      case ExprKind::Lambda: {
        auto& l = static_cast<const LambdaExpr&>(e);
        line(d, "Lambda", e.pos);
        arguments(l.args, d + 1);
        return expr(*l.body, d + 1);
      }
      case ExprKind::Starred: {
        auto& s = static_cast<const StarredExpr&>(e);
        line(d, std::string("Starred") + ctx_name(s.ctx), e.pos);
        return expr(*s.value, d + 1);
      }
      case ExprKind::Yield:
        line(d, static_cast<const YieldExpr&>(e).is_from ? "YieldFrom" : "Yield", e.pos);
        return child("value:", static_cast<const YieldExpr&>(e).value, d + 1);
    }
  }

  void stmt(const Stmt& s, int d) {
    switch (s.kind) {
      case StmtKind::Expr: line(d, "Expr", s.pos); return expr(*static_cast<const ExprStmt&>(s).value, d + 1);
      case StmtKind::Assign: {
        auto& a = static_cast<const AssignStmt&>(s);
        line(d, "Assign", s.pos);
        exprs("targets:", a.targets, d + 1);
        return child("value:", a.value, d + 1);
      }
      case StmtKind::AugAssign: {
        auto& a = static_cast<const AugAssignStmt&>(s);
        line(d, std::string("AugAssign ") + binop_name(a.op), s.pos);
        expr(*a.target, d + 1);
        return expr(*a.value, d + 1);
      }
      case StmtKind::AnnAssign: {
        auto& a = static_cast<const AnnAssignStmt&>(s);
        line(d, "AnnAssign", s.pos);
        expr(*a.target, d + 1);
        child("annotation:", a.annotation, d + 1);
        return child("value:", a.value, d + 1);
      }
      case StmtKind::If:
      case StmtKind::While: {
        bool is_if = s.kind == StmtKind::If;
        const ExprPtr& test = is_if ? static_cast<const IfStmt&>(s).test : static_cast<const WhileStmt&>(s).test;
        const StmtList& body = is_if ? static_cast<const IfStmt&>(s).body : static_cast<const WhileStmt&>(s).body;
        const StmtList& orelse = is_if ? static_cast<const IfStmt&>(s).orelse : static_cast<const WhileStmt&>(s).orelse;
        line(d, is_if ? "If" : "While", s.pos);
        expr(*test, d + 1);
        label(d + 1, "body:");
        stmts(body, d + 2);
        if (!orelse.empty()) label(d + 1, "orelse:"), stmts(orelse, d + 2);
        return;
      }
      case StmtKind::For: {
        auto& f = static_cast<const ForStmt&>(s);
        line(d, "For", s.pos);
        child("target:", f.target, d + 1);
        child("iter:", f.iter, d + 1);
        label(d + 1, "body:");
        stmts(f.body, d + 2);
        if (!f.orelse.empty()) label(d + 1, "orelse:"), stmts(f.orelse, d + 2);
        return;
      }
      case StmtKind::Break: return line(d, "Break", s.pos);
      case StmtKind::Continue: return line(d, "Continue", s.pos);
      case StmtKind::Pass: return line(d, "Pass", s.pos);
      case StmtKind::FunctionDef: {
        auto& f = static_cast<const FunctionDefStmt&>(s);
        line(d, "FunctionDef " + f.name, s.pos);
        exprs("decorators:", f.decorators, d + 1);
        arguments(f.args, d + 1);
        std::string locals = "locals:";
        for (auto& l : f.scope.locals) locals += " " + l;
        label(d + 1, locals);
        label(d + 1, "body:");
        return stmts(f.body, d + 2);
      }
      case StmtKind::ClassDef: {
        auto& c = static_cast<const ClassDefStmt&>(s);
        line(d, "ClassDef " + c.name, s.pos);
        exprs("decorators:", c.decorators, d + 1);
        exprs("bases:", c.bases, d + 1);
        label(d + 1, "body:");
        return stmts(c.body, d + 2);
      }
      case StmtKind::Return:
        line(d, "Return", s.pos);
        return child("value:", static_cast<const ReturnStmt&>(s).value, d + 1);
      case StmtKind::With: {
        auto& w = static_cast<const WithStmt&>(s);
        line(d, "With", s.pos);
        for (auto& item : w.items) {
          label(d + 1, "withitem");
          expr(*item.context_expr, d + 2);
          child("as:", item.optional_vars, d + 2);
        }
        label(d + 1, "body:");
        return stmts(w.body, d + 2);
      }
      case StmtKind::Try: {
        auto& t = static_cast<const TryStmt&>(s);
        line(d, "Try", s.pos);
        label(d + 1, "body:");
        stmts(t.body, d + 2);
        for (auto& h : t.handlers) {
          line(d + 1, "ExceptHandler" + (h.name.empty() ? "" : " as " + h.name), h.pos);
          child("type:", h.type, d + 2);
          stmts(h.body, d + 2);
        }
        if (!t.orelse.empty()) label(d + 1, "orelse:"), stmts(t.orelse, d + 2);
        if (!t.finalbody.empty()) label(d + 1, "finalbody:"), stmts(t.finalbody, d + 2);
        return;
      }
      case StmtKind::Raise: {
        auto& r = static_cast<const RaiseStmt&>(s);
        line(d, "Raise", s.pos);
        child("exc:", r.exc, d + 1);
        return child("cause:", r.cause, d + 1);
      }
      case StmtKind::Assert: {
        auto& a = static_cast<const AssertStmt&>(s);
        line(d, "Assert", s.pos);
        expr(*a.test, d + 1);
        return child("msg:", a.msg, d + 1);
      }
      case StmtKind::Delete:
        line(d, "Delete", s.pos);
        for (auto& t : static_cast<const DeleteStmt&>(s).targets) expr(*t, d + 1);
        return;
      case StmtKind::Import:
      case StmtKind::ImportFrom: {
        bool from = s.kind == StmtKind::ImportFrom;
        auto& names = from ? static_cast<const ImportFromStmt&>(s).names : static_cast<const ImportStmt&>(s).names;
        std::string text = from ? "ImportFrom " + static_cast<const ImportFromStmt&>(s).module : "Import";
        line(d, text, s.pos);
        for (auto& a : names) label(d + 1, "alias " + a.name + (a.asname.empty() ? "" : " as " + a.asname));
        return;
      }
      case StmtKind::Global:
      case StmtKind::Nonlocal: {
        std::string text = s.kind == StmtKind::Global ? "Global" : "Nonlocal";
        for (auto& n : static_cast<const NamesStmt&>(s).names) text += " " + n;
        return line(d, text, s.pos);
      }
    }
  }
};

}  // namespace

std::string dump_ast(const Module& module) {
  Dumper d;
  d.out = "Module\n";
  d.stmts(module.body, 1);
  return d.out;
}

}  // namespace stridelab::python
