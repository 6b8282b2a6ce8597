#include "python/eval.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "python/bigint.h"
#include "python/bytes.h"
#include "python/class_mro.h"
#include "python/format.h"
#include "python/generator.h"
#include "python/recursion.h"
#include "python/set.h"
#include "python/suggestions.h"
#include "python/type_call.h"

namespace stridelab::python {

// ---- events and limits ----

void Evaluator::line_event(int line, bool force) {
  frame_.line = line;
  // Polled before a repeated line returns: `while True: pass` repeats one line (NOTE [Deadline
  // polling] in support/budget.h; armed by Interp::run with the time limit).
  support::poll_deadline();
  if (line == last_line_ && !force) return;
  last_line_ = line;
  long long steps = ++in_.steps_;
  const Limits& lim = in_.limits_;
  if (steps > lim.max_steps)
    throw LimitExceeded("step limit exceeded: the program ran more than " + std::to_string(lim.max_steps) +
                        " line events (raise it with --max-steps N)");
  if (in_.observer_) in_.observer_->on_line(frame_);
}

void Evaluator::add_traceback(ExceptionObject* exc, const Pos& pos, int kind, int left, int right) {
  if (exc->traceback_frame_ == &frame_) return;
  exc->traceback_frame_ = &frame_;
  TracebackEntry entry;
  entry.func = frame_.name;
  entry.pos = pos;
  entry.marker_kind = pos.line == pos.end_line ? kind : 0;
  entry.anchor_left = left;
  entry.anchor_right = right;
  exc->traceback_.push_back(std::move(entry));
  if (in_.observer_) in_.observer_->on_exception(frame_, exc);
}

void Evaluator::rethrow_with(const PyError& e, const Pos& pos, int kind, int left, int right) {
  add_traceback(e.exc.get(), pos, kind, left, right);
  throw;
}

// ---- statements ----

bool Evaluator::resuming() const { return gen_ && gen_->resuming; }

GenCursor Evaluator::pop_cursor() {
  GenCursor c = std::move(gen_->cursors.back());
  gen_->cursors.pop_back();
  return c;
}

void Evaluator::push_cursor(GenCursor c) { gen_->cursors.push_back(std::move(c)); }

Flow Evaluator::exec_block(const StmtList& body) {
  size_t i = resuming() ? pop_cursor().index : 0;
  for (; i < body.size(); ++i) {
    Flow f = exec(*body[i]);
    if (f == Flow::Normal) continue;
    if (f == Flow::Yield) {
      GenCursor c;
      c.index = i;
      push_cursor(std::move(c));
    }
    return f;
  }
  return Flow::Normal;
}

// The phase of a compound statement suspended in its header (`if (yield x):`): see eval_header.
constexpr int kAtHeader = -2;

static GenCursor phase_cursor(int phase) {
  GenCursor c;
  c.phase = phase;
  return c;
}

// `yield v`, `yield from it` or `x = yield v` as a statement of its own (exec_yield), its value
// not a yield itself (`x = yield (yield)` goes through exec_logged).
static bool plain_yield(const Stmt& s) {
  const Expr* v = s.kind == StmtKind::Expr     ? static_cast<const ExprStmt&>(s).value.get()
                  : s.kind == StmtKind::Assign ? static_cast<const AssignStmt&>(s).value.get()
                                               : nullptr;
  if (!v || v->kind != ExprKind::Yield) return false;
  const Expr* operand = static_cast<const YieldExpr*>(v)->value.get();
  return !operand || operand->kind != ExprKind::Yield;
}

Flow Evaluator::exec(const Stmt& s) {
  if (!resuming()) line_event(s.pos.line);
  try {
    if (s.has_yield && gen_ && !plain_yield(s)) return exec_logged(s);
    return exec_stmt(s);
  } catch (const PyError& e) { rethrow_with(e, s.pos); }
}

Flow Evaluator::exec_stmt(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr: {
      const Expr& v = *static_cast<const ExprStmt&>(s).value;
      if (v.kind == ExprKind::Yield && !log_) return exec_yield(static_cast<const YieldExpr&>(v), nullptr);
      eval(v);
      return Flow::Normal;
    }
    case StmtKind::Assign: {
      auto& a = static_cast<const AssignStmt&>(s);
      if (a.value->kind == ExprKind::Yield && !log_) return exec_yield(static_cast<const YieldExpr&>(*a.value), &a);
      exec_assign(a);
      return Flow::Normal;
    }
    case StmtKind::AugAssign: exec_augassign(static_cast<const AugAssignStmt&>(s)); return Flow::Normal;
    case StmtKind::AnnAssign: {
      auto& a = static_cast<const AnnAssignStmt&>(s);
      if (a.value) assign(*a.target, eval(*a.value));
      if (!frame_.scope) store_annotation(a);  // a module's or class's; a function's are not evaluated
      return Flow::Normal;
    }
    case StmtKind::If: return exec_if(static_cast<const IfStmt&>(s));
    case StmtKind::While: return exec_while(static_cast<const WhileStmt&>(s));
    case StmtKind::For: return exec_for(static_cast<const ForStmt&>(s));
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::FunctionDef: exec_funcdef(static_cast<const FunctionDefStmt&>(s)); return Flow::Normal;
    case StmtKind::ClassDef: exec_classdef(static_cast<const ClassDefStmt&>(s)); return Flow::Normal;
    case StmtKind::Return: {
      auto& r = static_cast<const ReturnStmt&>(s);
      retval_ = r.value ? eval(*r.value) : ObjRef(none());
      return Flow::Return;
    }
    case StmtKind::With: return exec_with(static_cast<const WithStmt&>(s), 0);
    case StmtKind::Try: return exec_try(static_cast<const TryStmt&>(s));
    case StmtKind::Raise: exec_raise(static_cast<const RaiseStmt&>(s)); return Flow::Normal;
    case StmtKind::Assert: exec_assert(static_cast<const AssertStmt&>(s)); return Flow::Normal;
    case StmtKind::Delete:
      for (auto& t : static_cast<const DeleteStmt&>(s).targets) exec_delete(*t);
      return Flow::Normal;
    case StmtKind::Import: exec_import(static_cast<const ImportStmt&>(s)); return Flow::Normal;
    case StmtKind::ImportFrom: exec_import_from(static_cast<const ImportFromStmt&>(s)); return Flow::Normal;
    case StmtKind::Global:
    case StmtKind::Nonlocal: return Flow::Normal;
  }
  return Flow::Normal;
}

Flow Evaluator::exec_if(const IfStmt& s) {
  int phase = kAtHeader;  // the branch taken: 0 body, 1 else, 2 elif
  GenCursor at_header;
  if (resuming()) {
    at_header = pop_cursor();
    phase = at_header.phase;
  }
  if (phase == kAtHeader) {
    bool cond;
    {
      ObjRef test;
      if (!eval_header(s, *s.test, test, resuming() ? &at_header : nullptr)) return Flow::Yield;
      cond = truthy(in_, test.get());
    }
    if (!cond && s.orelse.empty()) return Flow::Normal;
    phase = cond ? 0 : s.orelse.size() == 1 && s.orelse[0]->kind == StmtKind::If ? 2 : 1;
  }
  Flow f;
  if (phase == 2) {
    const Stmt& elif = *s.orelse[0];
    if (!resuming()) line_event(elif.pos.line);
    try {
      f = exec_if(static_cast<const IfStmt&>(elif));
    } catch (const PyError& e) { rethrow_with(e, elif.pos); }
  } else {
    f = exec_block(phase == 0 ? s.body : s.orelse);
  }
  if (f == Flow::Yield) push_cursor(phase_cursor(phase));
  return f;
}

Flow Evaluator::exec_while(const WhileStmt& s) {
  GenCursor at_header;
  int phase = -1;  // -1 or kAtHeader: at the test; 0 in the body; 1 in else
  if (resuming()) {
    at_header = pop_cursor();
    phase = at_header.phase;
  }
  while (true) {
    if (phase < 0) {
      bool cond;
      {
        ObjRef test;
        if (!eval_header(s, *s.test, test, phase == kAtHeader ? &at_header : nullptr)) return Flow::Yield;
        cond = truthy(in_, test.get());
      }
      phase = cond ? 0 : 1;
    }
    if (phase == 1) {
      Flow f = exec_block(s.orelse);
      if (f == Flow::Yield) push_cursor(phase_cursor(1));
      return f;
    }
    Flow f = exec_block(s.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Yield) push_cursor(phase_cursor(0));
    if (f == Flow::Return || f == Flow::Yield) return f;
    line_event(s.pos.line, true);
    phase = -1;
  }
}

Flow Evaluator::exec_for(const ForStmt& s) {
  Ref<IteratorObject> it;
  int phase = -1;  // -1: at the next item; 0 in the body; 1 in else
  GenCursor c;
  if (resuming()) {
    c = pop_cursor();
    phase = c.phase;
    it = Ref<IteratorObject>(static_cast<IteratorObject*>(c.obj.get()));
  }
  if (!it) {
    ObjRef iterable;
    if (!eval_header(s, *s.iter, iterable, phase == kAtHeader ? &c : nullptr)) return Flow::Yield;
    it = get_iter(in_, iterable.get());
    phase = -1;
  }
  while (phase != 1) {
    if (phase < 0) {
      ObjRef item = it->next(in_);
      if (!item) break;
      assign(*s.target, std::move(item));
    }
    phase = -1;
    Flow f = exec_block(s.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Yield) {
      GenCursor c = phase_cursor(0);
      c.obj = std::move(it);
      push_cursor(std::move(c));
    }
    if (f == Flow::Return || f == Flow::Yield) return f;
    line_event(s.pos.line, true);
  }
  Flow f = exec_block(s.orelse);
  if (f == Flow::Yield) push_cursor(phase_cursor(1));
  return f;
}

static bool exception_matches(Interp& in, ExceptionObject* exc, Object* type) {
  if (type->type() == builtin_types().tuple) {
    for (auto& t : as<TupleObject>(type)->items_)
      if (exception_matches(in, exc, t.get())) return true;
    return false;
  }
  if (type->type() != builtin_types().type || !as<TypeObject>(type)->is_subtype_of(builtin_types().base_exception))
    raise(builtin_types().type_error, "catching classes that do not inherit from BaseException is not allowed");
  return is_instance(exc, as<TypeObject>(type));
}

// Phases of a try statement suspended in a generator: 0 the body, 1 + k handler k, -1 else,
// kInExceptType - k the type of handler k (`except (yield):`), its log in the cursor.
constexpr int kInExceptType = -3;

Flow Evaluator::exec_try_except(const TryStmt& s) {
  Ref<ExceptionObject> caught;
  int phase = 0;
  size_t from = 0;    // the first handler to try
  GenCursor at_type;  // resumed in handler `from`'s type
  bool in_type = false;
  if (resuming()) {
    GenCursor c = pop_cursor();
    phase = c.phase;
    caught = std::move(c.exc);
    if (phase <= kInExceptType) {
      from = static_cast<size_t>(kInExceptType - phase);
      phase = 0;
      in_type = true;
      at_type = std::move(c);
    }
  }
  if (phase == 0 && !in_type) {
    try {
      Flow f = exec_block(s.body);
      if (f == Flow::Yield) push_cursor(phase_cursor(0));
      if (f != Flow::Normal) return f;
    } catch (const PyError& e) { caught = e.exc; }
    if (!caught) phase = -1;
  }
  if (phase < 0) {
    Flow f = exec_block(s.orelse);
    if (f == Flow::Yield) push_cursor(phase_cursor(-1));
    return f;
  }
  for (size_t k = from; k < s.handlers.size(); ++k) {
    const ExceptHandler& h = s.handlers[k];
    if (phase == 0) {
      const bool resumed_here = in_type && k == from;
      if (!resumed_here) line_event(h.pos.line);
      if (h.type) {
        ObjRef type;
        bool matches = false;
        try {
          if (!eval_header(s, *h.type, type, resumed_here ? &at_type : nullptr)) {
            GenCursor& c = gen_->cursors.back();  // the one eval_header pushed: keep the exception too
            c.phase = kInExceptType - static_cast<int>(k);
            c.exc = caught;
            return Flow::Yield;
          }
          matches = exception_matches(in_, caught.get(), type.get());
        } catch (const PyError& e) {  // raised while handling `caught`, at the except clause
          if (e.exc.get() != caught.get() && !e.exc->context_) e.exc->context_ = caught;
          rethrow_with(e, h.pos);
        }
        if (!matches) continue;
      }
      if (!h.name.empty()) store_name(h.name, nullptr, ObjRef(caught.get()));
    } else if (phase != static_cast<int>(k) + 1) {
      continue;
    }
    in_.handling_.push_back(caught);
    Flow f;
    try {
      f = exec_block(h.body);
    } catch (const PyError& e) {
      in_.handling_.pop_back();
      if (!h.name.empty()) unbind_name(h.name);
      if (e.exc.get() != caught.get() && !e.exc->context_) e.exc->context_ = caught;
      throw;
    }
    in_.handling_.pop_back();
    if (f == Flow::Yield) {  // suspended while handling: the generator keeps the exception
      GenCursor c = phase_cursor(static_cast<int>(k) + 1);
      c.exc = caught;
      push_cursor(std::move(c));
      return f;
    }
    if (!h.name.empty()) unbind_name(h.name);  // `except E as e` deletes e at the end, as CPython does
    return f;
  }
  throw PyError{caught};
}

Flow Evaluator::exec_try(const TryStmt& s) {
  if (s.finalbody.empty()) return exec_try_except(s);
  Flow flow = Flow::Normal;
  ObjRef saved;
  Ref<ExceptionObject> pending;
  int phase = 0;  // 0: the try part; 1: the finally block (in a suspended generator)
  if (resuming()) {
    GenCursor c = pop_cursor();
    phase = c.phase;
    pending = std::move(c.exc);
    flow = c.flow;
    saved = std::move(c.obj);
  }
  if (phase == 0) {
    try {
      flow = exec_try_except(s);
      if (flow == Flow::Yield) {
        push_cursor(phase_cursor(0));
        return flow;
      }
      saved = std::move(retval_);
    } catch (const PyError& e) {
      pending = e.exc;
      retval_.reset();
    }
  }
  Flow f;
  try {
    f = exec_block(s.finalbody);
  } catch (const PyError& inner) {
    if (pending && inner.exc.get() != pending.get() && !inner.exc->context_) inner.exc->context_ = pending;
    throw;
  }
  if (f == Flow::Yield) {
    GenCursor c = phase_cursor(1);
    c.exc = std::move(pending);
    c.flow = flow;
    c.obj = std::move(saved);
    push_cursor(std::move(c));
    return f;
  }
  if (f != Flow::Normal) return f;  // return/break in finally swallows the exception
  if (pending) throw PyError{pending};
  retval_ = std::move(saved);
  return flow;
}

Flow Evaluator::exec_with(const WithStmt& s, size_t index) {
  if (index == s.items.size()) return exec_block(s.body);
  const WithItem& item = s.items[index];
  ObjRef mgr, entered;
  Object* exit = nullptr;
  GenCursor at_header;  // suspended in this item's expression (`with (yield) as f:`) or its target
  bool in_header = false, in_target = false;
  if (resuming()) {
    at_header = pop_cursor();
    in_header = at_header.phase == kAtHeader;
    in_target = at_header.phase == kWithTarget;
    if (!in_header) {
      mgr = std::move(at_header.obj);
      exit = mgr->type()->lookup("__exit__");
      entered = std::move(at_header.value);
    }
  }
  if (!mgr) {
    if (!eval_header(s, *item.context_expr, mgr, in_header ? &at_header : nullptr)) return Flow::Yield;
    Object* enter = mgr->type()->lookup("__enter__");
    exit = mgr->type()->lookup("__exit__");
    if (!enter || !exit) {
      const Pos& p = s.pos;  // CPython points at the whole statement, so no carets are shown
      try {
        raise(builtin_types().type_error,
              "'" + type_name(mgr.get()) + "' object does not support the context manager protocol");
      } catch (const PyError& e) { rethrow_with(e, p); }
    }
    entered = call1(in_, enter, mgr);
    if (!item.optional_vars) entered.reset();
    in_target = item.optional_vars != nullptr;
  }
  Flow f;
  try {
    // The target is assigned inside the with: an exception there goes to __exit__, as in CPython.
    if (in_target && !assign_with_target(item, std::move(entered), mgr, resuming() ? &at_header : nullptr))
      return Flow::Yield;
    f = exec_with(s, index + 1);
  } catch (const PyError& e) {
    Ref<ExceptionObject> exc = e.exc;
    CallArgs args;
    args.pos = {mgr, ObjRef(exc->type()), ObjRef(exc.get()), ObjRef(none())};
    ObjRef suppress = call(in_, exit, args);
    if (truthy(in_, suppress.get())) return Flow::Normal;
    throw PyError{exc};
  }
  if (f == Flow::Yield) {
    GenCursor c;
    c.obj = std::move(mgr);
    push_cursor(std::move(c));
    return f;
  }
  CallArgs args;
  args.pos = {mgr, ObjRef(none()), ObjRef(none()), ObjRef(none())};
  call(in_, exit, args);
  return f;
}

// `x: T = v` in a module or a class body: T is evaluated, and stored in __annotations__ for a plain
// name (CPython's SETUP_ANNOTATIONS made the dict when the body started).
void Evaluator::store_annotation(const AnnAssignStmt& a) {
  ObjRef annotation = eval(*a.annotation);
  if (a.target->kind != ExprKind::Name) return;
  Namespace* ns = frame_.class_ns ? frame_.class_ns : frame_.globals;
  Object* dict = ns->get("__annotations__");
  if (!dict) raise(builtin_types().name_error, "__annotations__ not found");
  set_item(in_, dict, make_str(static_cast<const NameExpr&>(*a.target).id).get(), std::move(annotation));
}

void Evaluator::exec_assign(const AssignStmt& s) {
  ObjRef value = eval(*s.value);
  for (size_t i = 0; i < s.targets.size(); ++i) {
    if (i + 1 == s.targets.size()) assign(*s.targets[i], std::move(value));
    else assign(*s.targets[i], value);
  }
}

void Evaluator::exec_augassign(const AugAssignStmt& s) {
  const Expr& t = *s.target;
  if (t.kind == ExprKind::Name) {
    auto& n = static_cast<const NameExpr&>(t);
    ObjRef cur;
    try {
      cur = load_name(n);
    } catch (const PyError& e) { rethrow_with(e, n.pos); }
    ObjRef rhs = eval(*s.value);
    ObjRef result = inplace_op(in_, s.op, cur.get(), rhs.get());
    cur.reset();
    store_name(n.id, &n, std::move(result));
  } else if (t.kind == ExprKind::Attribute) {
    auto& a = static_cast<const AttributeExpr&>(t);
    // Loading and storing the target mark it (`^^^`); the operator itself marks the statement.
    ObjRef obj = eval(*a.value);
    ObjRef cur;
    try {
      cur = get_attr(in_, obj.get(), a.attr);
    } catch (const PyError& e) { rethrow_with(e, t.pos); }
    ObjRef rhs = eval(*s.value);
    ObjRef result = inplace_op(in_, s.op, cur.get(), rhs.get());
    cur.reset();
    try {
      set_attr(in_, obj.get(), a.attr, std::move(result));
    } catch (const PyError& e) { rethrow_with(e, t.pos); }
  } else {
    auto& sub = static_cast<const SubscriptExpr&>(t);
    ObjRef obj = eval(*sub.value);
    ObjRef key =
        sub.slice->kind == ExprKind::Slice ? eval_slice(static_cast<const SliceExpr&>(*sub.slice)) : eval(*sub.slice);
    int left = sub.value->pos.end_col, right = sub.slice->pos.end_col + 1;
    ObjRef cur;
    try {
      cur = get_item(in_, obj.get(), key.get());
    } catch (const PyError& e) { rethrow_with(e, t.pos, 2, left, right); }
    ObjRef rhs = eval(*s.value);
    ObjRef result = inplace_op(in_, s.op, cur.get(), rhs.get());
    cur.reset();
    try {
      set_item(in_, obj.get(), key.get(), std::move(result));
    } catch (const PyError& e) { rethrow_with(e, t.pos, 2, left, right); }
  }
}

// The functions the class body being run makes (methods, and those wrapped by property,
// staticmethod, classmethod), which get the class for zero-argument super() once it exists. A
// global rather than an Evaluator member: an Evaluator lives on the C++ stack for every Python
// call, and deep recursion must not pay for it.
static std::vector<Ref<FunctionObject>>* g_class_functions = nullptr;

ObjRef Evaluator::make_function(const std::string& name, const FunctionDefStmt* def, const LambdaExpr* lambda,
                                const Arguments& args) {
  Ref<FunctionObject> fn(new FunctionObject());
  fn->name_ = name;
  fn->qualname_ = frame_.qualname.empty() ? name : frame_.qualname + "." + name;
  fn->def_ = def;
  fn->lambda_ = lambda;
  fn->globals_ = frame_.globals;
  fn->closure_ = frame_.env;
  fn->comp_scopes_ = comp_owned_;
  fn->comp_depth_ = comp_depth_;
  for (auto& d : args.defaults) fn->defaults_.push_back(eval(*d));
  for (auto& d : args.kw_defaults) fn->kw_defaults_.push_back(d ? eval(*d) : nullptr);
  if (!args.annotations.empty()) {  // evaluated after the defaults, as CPython does
    Ref<DictObject> ann(new DictObject());
    for (auto& [param, e] : args.annotations) ann->set(in_, make_str(param), eval(*e));
    fn->annotations_ = std::move(ann);
  }
  if (frame_.class_ns && g_class_functions) g_class_functions->push_back(fn);
  return fn;
}

void Evaluator::exec_funcdef(const FunctionDefStmt& s) {
  std::vector<ObjRef> decorators;
  for (auto& d : s.decorators) decorators.push_back(eval(*d));
  ObjRef fn = make_function(s.name, &s, nullptr, s.args);
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) fn = call1(in_, it->get(), std::move(fn));
  store_name(s.name, nullptr, std::move(fn));
}

void Evaluator::exec_classdef(const ClassDefStmt& s) {
  std::vector<ObjRef> decorators;
  for (auto& d : s.decorators) decorators.push_back(eval(*d));
  std::vector<ObjRef> base_refs;
  std::vector<TypeObject*> bases;
  for (auto& e : s.bases) base_refs.push_back(eval(*e));
  // Evaluated after the bases, as CPython does: `metaclass=` (only `type` itself), the others for
  // the parent's __init_subclass__.
  std::vector<std::pair<std::string, ObjRef>> keywords;
  for (auto& k : s.keywords) {
    ObjRef v = eval(*k.value);
    if (k.arg == "metaclass") {
      if (v.get() != builtin_types().type)
        raise(builtin_types().not_implemented_error,
              "stridelab does not support metaclasses (metaclass=" +
                  (v->type() == builtin_types().type ? as<TypeObject>(v.get())->name_ : type_name(v.get())) + ") yet");
      continue;
    }
    if (!k.arg.empty()) {
      keywords.emplace_back(k.arg, std::move(v));
      continue;
    }
    if (!is_instance(v.get(), builtin_types().dict))  // `class C(Base, **options)`
      raise(builtin_types().type_error, "argument after ** must be a mapping, not " + type_name(v.get()));
    for (auto& [key, value] : as<DictObject>(v.get())->items()) {
      if (!is_str(key.get())) raise(builtin_types().type_error, "keywords must be strings");
      keywords.emplace_back(as<StrObject>(key.get())->value_, value);
    }
  }
  for (auto& b : base_refs) {
    if (b->type() != builtin_types().type) raise(builtin_types().type_error, "bases must be types");
    bases.push_back(as<TypeObject>(b.get()));
  }
  if (bases.empty()) bases.push_back(builtin_types().object);
  TypeObject* base = best_base(bases);
  std::vector<TypeObject*> mro = linearize(bases);
  Namespace ns;
  std::vector<Ref<FunctionObject>> class_functions;
  Frame body;
  body.name = s.name;
  body.globals = frame_.globals;
  body.class_ns = &ns;
  body.env = frame_.env;
  body.scope = nullptr;
  body.parent = &frame_;
  body.depth = frame_.depth;
  body.line = s.pos.line;
  body.qualname = frame_.qualname.empty() ? s.name : frame_.qualname + "." + s.name;
  Frame* saved = in_.frame_;
  in_.frame_ = &body;
  {
    Evaluator ev(in_, body);
    ev.last_line_ = s.pos.line;
    std::vector<Ref<FunctionObject>>* outer_functions = g_class_functions;
    g_class_functions = &class_functions;
    try {
      if (s.has_annotations) ns.set("__annotations__", ObjRef(new DictObject()));
      ev.exec_block(s.body);
    } catch (...) {
      g_class_functions = outer_functions;
      in_.frame_ = saved;
      throw;
    }
    g_class_functions = outer_functions;
  }
  in_.frame_ = saved;
  if (!ns.get("__doc__")) ns.set("__doc__", docstring(s.body));
  prepare_class_namespace(ns);
  auto* cls = new TypeObject(s.name, base, "__main__");
  if (body.qualname != s.name) cls->qualname_ = body.qualname;
  set_bases(cls, bases, mro);
  cls->incref();  // classes live until the end of the run (functions point back to them)
  cls->set_type(builtin_types().type);
  cls->is_user_ = true;
  cls->track();
  for (auto& fn : class_functions)
    if (!fn->defining_class_) fn->defining_class_ = cls;
  for (auto& [k, v] : ns.entries()) cls->dict_.set(k, v);
  ObjRef result(cls);
  cls->decref();
  call_set_name(in_, cls, ns);  // property, descriptors: __set_name__(owner, name)
  call_init_subclass(in_, cls, std::move(keywords));
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) result = call1(in_, it->get(), std::move(result));
  store_name(s.name, nullptr, std::move(result));
}

void Evaluator::exec_raise(const RaiseStmt& s) {
  if (!s.exc) {
    if (in_.handling_.empty()) raise(builtin_types().runtime_error, "No active exception to reraise");
    // A bare `raise` adds no line of its own: the traceback already passes through this frame.
    throw PyError{in_.handling_.back()};
  }
  ObjRef exc = eval(*s.exc);
  ObjRef cause;
  if (s.cause) cause = eval(*s.cause);
  try {
    raise_object(in_, exc);
  } catch (PyError& e) {
    if (e.exc->traceback_frame_ == &frame_) {  // re-raised instance: start the traceback afresh here
      e.exc->traceback_frame_ = nullptr;
    }
    if (s.cause) {
      if (cause.get() == none()) {
        e.exc->cause_.reset();
      } else {
        if (cause->type() == builtin_types().type) cause = call0(in_, cause.get());
        if (!is_instance(cause.get(), builtin_types().base_exception))
          raise(builtin_types().type_error, "exception causes must derive from BaseException");
        e.exc->cause_ = Ref<ExceptionObject>(as<ExceptionObject>(cause.get()));
      }
      e.exc->suppress_context_ = true;
    }
    throw;
  }
}

// Where CPython 3.11 points when an assert fails: at the last comparison its test jumps on
// (through `and`, `or`, `not`), or at the whole statement when there is none.
static const Expr* assert_anchor(const Expr& e) {
  if (e.kind == ExprKind::Compare) return &e;
  if (e.kind == ExprKind::UnaryOp && static_cast<const UnaryOpExpr&>(e).op == UnaryOpKind::Not)
    return assert_anchor(*static_cast<const UnaryOpExpr&>(e).operand);
  if (e.kind == ExprKind::BoolOp) {
    const auto& values = static_cast<const BoolOpExpr&>(e).values;
    for (auto it = values.rbegin(); it != values.rend(); ++it)
      if (const Expr* c = assert_anchor(**it)) return c;
  }
  return nullptr;
}

void Evaluator::exec_assert(const AssertStmt& s) {
  try {
    ObjRef test = eval(*s.test);
    if (truthy(in_, test.get())) return;
    std::vector<ObjRef> args;
    if (s.msg) args.push_back(eval(*s.msg));
    throw PyError{new_exception(builtin_types().assertion_error, std::move(args))};
  } catch (const PyError& e) {
    const Expr* anchor = assert_anchor(*s.test);
    rethrow_with(e, anchor ? anchor->pos : s.pos);
  }
}

void Evaluator::exec_delete(const Expr& t) {
  try {
    switch (t.kind) {
      case ExprKind::Name: {
        auto& n = static_cast<const NameExpr&>(t);
        if (!delete_name(n)) raise(builtin_types().name_error, "name '" + n.id + "' is not defined");
        return;
      }
      case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(t);
        ObjRef obj = eval(*a.value);
        del_attr(in_, obj.get(), a.attr);
        return;
      }
      case ExprKind::Subscript: {
        auto& s = static_cast<const SubscriptExpr&>(t);
        ObjRef obj = eval(*s.value);
        ObjRef key =
            s.slice->kind == ExprKind::Slice ? eval_slice(static_cast<const SliceExpr&>(*s.slice)) : eval(*s.slice);
        try {
          del_item(in_, obj.get(), key.get());
        } catch (const PyError& e) { rethrow_with(e, t.pos, 2, s.value->pos.end_col, s.slice->pos.end_col + 1); }
        return;
      }
      case ExprKind::Tuple:
      case ExprKind::List:
        for (auto& elt : static_cast<const SequenceExpr&>(t).elts) exec_delete(*elt);
        return;
      default: return;
    }
  } catch (const PyError& e) { rethrow_with(e, t.pos); }
}

void Evaluator::exec_import(const ImportStmt& s) {
  for (const Alias& a : s.names) {
    Ref<ModuleObject> mod = in_.import_module(a.name);
    if (!a.asname.empty()) {
      store_name(a.asname, nullptr, ObjRef(mod.get()));
    } else {
      std::string top = a.name.substr(0, a.name.find('.'));
      store_name(top, nullptr, ObjRef(in_.import_module(top).get()));
    }
  }
}

void Evaluator::exec_import_from(const ImportFromStmt& s) {
  Ref<ModuleObject> mod = in_.import_module(s.module);
  for (const Alias& a : s.names) {
    if (a.name == "*") {
      for (auto& [k, v] : mod->dict_.entries())
        if (k.empty() || k[0] != '_') store_name(k, nullptr, v);
      continue;
    }
    ObjRef v(mod->dict_.get(a.name));
    if (!v) {
      try {
        v = ObjRef(in_.import_module(s.module + "." + a.name).get());
      } catch (const PyError& e) {
        if (is_instance(e.exc.get(), builtin_types().not_implemented_error)) throw;
        raise_if_not_yet(mod.get(), a.name);        // NOTE [Names not supported yet] in suggestions.h
        Object* file = mod->dict_.get("__file__");  // a module CPython loads from a .py file
        raise(builtin_types().import_error,
              "cannot import name '" + a.name + "' from '" + s.module + "' (" +
                  (file && is_str(file) ? as<StrObject>(file)->value_ : std::string("unknown location")) + ")");
      }
    }
    store_name(a.asname.empty() ? a.name : a.asname, nullptr, std::move(v));
  }
}

// ---- assignment ----

void Evaluator::assign(const Expr& target, ObjRef value) {
  switch (target.kind) {
    case ExprKind::Name: {
      auto& n = static_cast<const NameExpr&>(target);
      store_name(n.id, &n, std::move(value));
      return;
    }
    case ExprKind::Attribute: {
      auto& a = static_cast<const AttributeExpr&>(target);
      ObjRef obj = eval(*a.value);
      try {
        set_attr(in_, obj.get(), a.attr, std::move(value));
      } catch (const PyError& e) { rethrow_with(e, target.pos); }
      return;
    }
    case ExprKind::Subscript: {
      auto& s = static_cast<const SubscriptExpr&>(target);
      ObjRef obj = eval(*s.value);
      ObjRef key =
          s.slice->kind == ExprKind::Slice ? eval_slice(static_cast<const SliceExpr&>(*s.slice)) : eval(*s.slice);
      try {
        set_item(in_, obj.get(), key.get(), std::move(value));
      } catch (const PyError& e) { rethrow_with(e, target.pos, 2, s.value->pos.end_col, s.slice->pos.end_col + 1); }
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: try { unpack(static_cast<const SequenceExpr&>(target), std::move(value));
      } catch (const PyError& e) { rethrow_with(e, target.pos); }
      return;
    case ExprKind::Starred: return assign(*static_cast<const StarredExpr&>(target).value, std::move(value));
    default: raise(builtin_types().type_error, "cannot assign to expression");
  }
}

void Evaluator::unpack(const SequenceExpr& target, ObjRef value) {
  const TypeObject* t = value->type();
  if (t != builtin_types().list && t != builtin_types().tuple && !t->lookup("__iter__") && t != builtin_types().str &&
      t != builtin_types().dict && t != builtin_types().range && !dynamic_cast<IteratorObject*>(value.get()))
    raise(builtin_types().type_error, "cannot unpack non-iterable " + type_name(value.get()) + " object");
  std::vector<ObjRef> items = to_vector(in_, value.get());
  value.reset();
  size_t n = target.elts.size();
  size_t star = n;
  for (size_t i = 0; i < n; ++i)
    if (target.elts[i]->kind == ExprKind::Starred) star = i;
  if (star == n) {
    if (items.size() > n)
      raise(builtin_types().value_error, "too many values to unpack (expected " + std::to_string(n) + ")");
    if (items.size() < n)
      raise(builtin_types().value_error, "not enough values to unpack (expected " + std::to_string(n) + ", got " +
                                             std::to_string(items.size()) + ")");
    for (size_t i = 0; i < n; ++i) assign(*target.elts[i], std::move(items[i]));
    return;
  }
  if (items.size() < n - 1)
    raise(builtin_types().value_error, "not enough values to unpack (expected at least " + std::to_string(n - 1) +
                                           ", got " + std::to_string(items.size()) + ")");
  size_t after = n - 1 - star;
  for (size_t i = 0; i < star; ++i) assign(*target.elts[i], items[i]);
  std::vector<ObjRef> middle(items.begin() + star, items.end() - after);
  assign(*target.elts[star], make_list(std::move(middle)));
  for (size_t i = 0; i < after; ++i) assign(*target.elts[star + 1 + i], items[items.size() - after + i]);
}

// ---- names ----

void Evaluator::resolve(const NameExpr& n) {
  const ScopeInfo* scope = frame_.scope;
  if (!scope) {
    n.resolved = 0;
    return;
  }
  if (scope->is_global(n.id)) {
    n.resolved = 0;
    return;
  }
  int slot = frame_.env->slot_of(n.id);
  if (slot >= 0) {
    n.resolved = 1;
    n.slot = slot;
    return;
  }
  int depth = 1;
  for (Env* e = frame_.env->parent_.get(); e; e = e->parent_.get(), ++depth) {
    if (e->scope_->is_global(n.id)) break;
    int s = e->slot_of(n.id);
    if (s >= 0) {
      n.resolved = 2;
      n.env_depth = depth;
      n.slot = s;
      return;
    }
  }
  n.resolved = 0;
}

// A global or builtin, through the name's cache (NOTE [Name caches] in object.h).
static Object* lookup_global(Interp& in, Namespace* globals, const NameExpr& n) {
  NameCache& c = n.cache;
  Namespace& builtins = in.builtins();
  if (c.layout == globals->layout()) {
    if (c.builtins_layout == 0) return globals->value_at(c.index);
    if (c.builtins_layout == builtins.layout()) return builtins.value_at(c.index);
  }
  if (long at = globals->index_of(n.id); at >= 0) {
    c = NameCache{globals->layout(), 0, static_cast<uint32_t>(at)};
    return globals->value_at(at);
  }
  long at = builtins.index_of(n.id);
  if (at < 0) return nullptr;
  c = NameCache{globals->layout(), builtins.layout(), static_cast<uint32_t>(at)};
  return builtins.value_at(at);
}

ObjRef Evaluator::load_name(const NameExpr& n) {
  for (auto it = frame_.comprehension_scopes.rbegin(); it != frame_.comprehension_scopes.rend(); ++it)
    if (Object* v = (*it)->get(n.id)) return ObjRef(v);
  if (frame_.class_ns) {
    if (Object* v = frame_.class_ns->get(n.id)) return ObjRef(v);
    for (Env* e = frame_.env.get(); e; e = e->parent_.get()) {
      int s = e->slot_of(n.id);
      if (s >= 0 && e->slots_[s]) return e->slots_[s];
    }
  } else if (frame_.scope) {
    if (n.resolved < 0) resolve(n);
    if (n.resolved == 1) {
      if (Object* v = frame_.env->slots_[n.slot].get()) return ObjRef(v);
      raise(builtin_types().unbound_local_error,
            "cannot access local variable '" + n.id + "' where it is not associated with a value");
    }
    // A free variable of a function nearer than the comprehensions comes first.
    const bool nearer = n.resolved == 2 && frame_.function && n.env_depth <= frame_.function->comp_depth_;
    if (frame_.function && !nearer)
      for (auto it = frame_.function->comp_scopes_.rbegin(); it != frame_.function->comp_scopes_.rend(); ++it)
        if (Object* v = (*it)->get(n.id)) return ObjRef(v);
    if (n.resolved == 2) {
      Env* e = frame_.env.get();
      for (int d = 0; d < n.env_depth; ++d) e = e->parent_.get();
      if (Object* v = e->slots_[n.slot].get()) return ObjRef(v);
      raise(builtin_types().name_error,
            "cannot access free variable '" + n.id + "' where it is not associated with a value in enclosing scope");
    }
  }
  if (Object* v = lookup_global(in_, frame_.globals, n)) return ObjRef(v);
  raise_name_error(frame_, in_.builtins(), n.id);
}

void Evaluator::store_name(const std::string& name, const NameExpr* node, ObjRef value) {
  if (comp_store_ && !frame_.comprehension_scopes.empty()) {
    frame_.comprehension_scopes.back()->set(name, std::move(value));
    return;
  }
  if (frame_.class_ns) {
    frame_.class_ns->set(name, std::move(value));
    return;
  }
  if (frame_.scope) {
    int slot = -1;
    Env* env = frame_.env.get();
    if (node) {
      if (node->resolved < 0) resolve(*node);
      if (node->resolved == 1) slot = node->slot;
      if (node->resolved == 2) {
        for (int d = 0; d < node->env_depth; ++d) env = env->parent_.get();
        slot = node->slot;
      }
    } else if (!frame_.scope->is_global(name)) {
      slot = env->slot_of(name);
      if (slot < 0 && std::find(frame_.scope->nonlocals.begin(), frame_.scope->nonlocals.end(), name) !=
                          frame_.scope->nonlocals.end()) {
        for (env = env->parent_.get(); env && (slot = env->slot_of(name)) < 0; env = env->parent_.get()) {}
      }
    }
    if (slot >= 0 && env) {
      ObjRef old = std::move(env->slots_[slot]);
      env->slots_[slot] = std::move(value);
      return;
    }
  }
  if (node) frame_.globals->set(name, std::move(value), node->cache);
  else frame_.globals->set(name, std::move(value));
}

void Evaluator::unbind_name(const std::string& name) {
  if (frame_.class_ns) {
    frame_.class_ns->erase(name);
    return;
  }
  if (frame_.scope && !frame_.scope->is_global(name)) {
    int slot = frame_.env->slot_of(name);
    if (slot >= 0) {
      ObjRef old = std::move(frame_.env->slots_[slot]);
      return;
    }
  }
  frame_.globals->erase(name);
}

bool Evaluator::delete_name(const NameExpr& n) {
  if (frame_.class_ns) return frame_.class_ns->erase(n.id);
  if (frame_.scope) {
    if (n.resolved < 0) resolve(n);
    if (n.resolved == 1) {
      if (!frame_.env->slots_[n.slot]) {
        raise(builtin_types().unbound_local_error,
              "cannot access local variable '" + n.id + "' where it is not associated with a value");
      }
      ObjRef old = std::move(frame_.env->slots_[n.slot]);
      return true;
    }
  }
  return frame_.globals->erase(n.id);
}

// ---- expressions ----

ObjRef Evaluator::eval(const Expr& e) { return log_ ? eval_logged(e) : eval_plain(e); }

ObjRef Evaluator::eval_plain(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Constant: return eval_constant(static_cast<const ConstantExpr&>(e));
    case ExprKind::Name: try { return load_name(static_cast<const NameExpr&>(e));
      } catch (const PyError& err) { rethrow_with(err, e.pos); }
    default: break;
  }
  // Past kSegmentSwitch levels on this stack, go on on a fresh one (NOTE [Fresh stacks]).
  if (recursion::wants_fresh_stack()) return on_fresh_stack([&] { return eval_plain(e); });
  NativeDepth depth;  // a level of nested expressions, calls included (NOTE [Native recursion])
  return eval_inner(e);
}

ObjRef Evaluator::eval_constant(const ConstantExpr& c) {
  if (c.cached) return ObjRef(c.cached);
  ObjRef v;
  switch (c.value_kind) {
    case ConstKind::None: v = none(); break;
    case ConstKind::True: v = true_obj(); break;
    case ConstKind::False: v = false_obj(); break;
    case ConstKind::Ellipsis: v = ellipsis(); break;
    case ConstKind::Int:
      v = c.big_digits.empty() ? make_int(c.int_value) : parse_int_text(c.big_digits, 0, c.big_digits, false);
      break;
    case ConstKind::Float: v = make_float(c.float_value); break;
    case ConstKind::Str: v = make_str(c.str_value); break;
    case ConstKind::Bytes: v = make_bytes(c.str_value); break;
    case ConstKind::Imag: try { raise(builtin_types().value_error, "complex numbers are not supported by stridelab");
      } catch (const PyError& e) { rethrow_with(e, c.pos); }
  }
  v->incref();
  c.cached = v.get();
  return v;
}

ObjRef Evaluator::eval_formatted(const FormattedValueExpr& f) {
  ObjRef v = eval(*f.value);
  if (f.conversion == 'r' || f.conversion == 'a') v = make_str(repr(in_, v.get()));
  else if (f.conversion == 's') v = make_str(str(in_, v.get()));
  std::string spec;
  if (f.format_spec) {
    ObjRef s = eval_joined_str(static_cast<const JoinedStrExpr&>(*f.format_spec));
    spec = as<StrObject>(s.get())->value_;
  }
  return make_str(format_value(in_, v.get(), spec));
}

ObjRef Evaluator::eval_joined_str(const JoinedStrExpr& j) {
  std::string out;
  for (auto& part : j.values) {
    if (part->kind == ExprKind::Constant) {
      out += static_cast<const ConstantExpr&>(*part).str_value;
    } else {
      ObjRef s = eval_formatted(static_cast<const FormattedValueExpr&>(*part));
      out += as<StrObject>(s.get())->value_;
    }
  }
  return make_str(std::move(out));
}

static bool is_iterable(Object* o) {
  TypeObject* t = o->type();
  return t == builtin_types().list || t == builtin_types().tuple || t == builtin_types().str ||
         t == builtin_types().dict || t == builtin_types().range || dynamic_cast<IteratorObject*>(o) ||
         t->lookup("__iter__") || t->lookup("__getitem__");
}

// How CPython names a callable in argument errors: "__main__.f()", "__main__.A.m()", "print()".
static std::string function_str(Interp& in, Object* f) {
  TypeObject* t = f->type();
  if (t == builtin_types().function) return "__main__." + as<FunctionObject>(f)->qualname_ + "()";
  if (t == builtin_types().method) return function_str(in, as<BoundMethodObject>(f)->func_.get());
  if (t == builtin_types().builtin_function) return as<BuiltinFunctionObject>(f)->name_ + "()";
  if (t == builtin_types().type) return as<TypeObject>(f)->qualified_name() + "()";
  return str(in, f);
}

// The items of a list or tuple display, or of a call's positional arguments (`callee` set),
// with `*xs` spread in.
std::vector<ObjRef> Evaluator::eval_elements(const ExprList& elts, Object* callee) {
  std::vector<ObjRef> items;
  items.reserve(elts.size());
  for (auto& e : elts) {
    if (e->kind == ExprKind::Starred) {
      ObjRef v = eval(*static_cast<const StarredExpr&>(*e).value);
      if (!is_iterable(v.get()))
        raise(builtin_types().type_error,
              (callee ? function_str(in_, callee) + " argument after" : std::string("Value after")) +
                  " * must be an iterable, not " + type_name(v.get()));
      std::vector<ObjRef> more = to_vector(in_, v.get());
      items.insert(items.end(), more.begin(), more.end());
    } else {
      items.push_back(eval(*e));
    }
  }
  return items;
}

ObjRef Evaluator::eval_dict(const DictExpr& d) {
  Ref<DictObject> out(new DictObject());
  for (size_t i = 0; i < d.keys.size(); ++i) {
    if (!d.keys[i]) {
      ObjRef m = eval(*d.values[i]);
      if (!is_instance(m.get(), builtin_types().dict))  // a dict or a subclass (Counter, a user's)
        raise(builtin_types().type_error, "'" + type_name(m.get()) + "' object is not a mapping");
      for (auto& [k, v] : as<DictObject>(m.get())->items()) out->set(in_, k, v);
      continue;
    }
    ObjRef k = eval(*d.keys[i]);
    ObjRef v = eval(*d.values[i]);
    out->set(in_, std::move(k), std::move(v));
  }
  return out;
}

void Evaluator::run_generators(const CompExpr& c, size_t level, const std::function<void()>& emit) {
  if (level == c.generators.size()) return emit();
  const Comprehension& g = c.generators[level];
  Ref<IteratorObject> it;
  {
    ObjRef iterable = eval(*g.iter);
    it = get_iter(in_, iterable.get());
  }
  while (ObjRef item = it->next(in_)) {
    support::poll_deadline();  // a comprehension's items are no line events
    comp_store_ = true;
    assign(*g.target, std::move(item));
    comp_store_ = false;
    bool ok = true;
    for (auto& cond : g.ifs) {
      ObjRef t = eval(*cond);
      if (!truthy(in_, t.get())) {
        ok = false;
        break;
      }
    }
    if (ok) run_generators(c, level + 1, emit);
  }
}

// NOTE [Comprehension closures]
// A comprehension's variables live in a Namespace of its own (Frame::comprehension_scopes), held
// by a shared_ptr (Evaluator::comp_owned_) so that a function made inside it, a lambda in
// `[lambda: i for i in xs]`, keeps them (FunctionObject::comp_scopes_) and reads them after its
// own locals and before the enclosing function's, as CPython's closure cell would give them:
// late binding included, every lambda of that list sees the last `i`. A generator expression
// shares the namespaces of the comprehensions around it. A function made inside such a function
// sees them too, after the scopes of the functions between (FunctionObject::comp_depth_):
// `[lambda: (lambda: i) for i in xs]`.
ObjRef Evaluator::eval_comprehension(const CompExpr& c) {
  // The first iterable is evaluated in the enclosing scope, the rest in the comprehension's own.
  ObjRef first_iterable = eval(*c.generators[0].iter);
  if (c.kind == ExprKind::GeneratorExp) {  // lazy: each element is made by next() (NOTE [Generators])
    Ref<GeneratorObject> g(new GeneratorObject());
    g->iterators_.push_back(get_iter(in_, first_iterable.get()));
    g->comp_ = &c;
    g->function_ = Ref<FunctionObject>(frame_.function);
    g->qualname_ = frame_.qualname.empty() ? "<genexpr>" : frame_.qualname + ".<genexpr>";
    g->started_ = true;
    Frame& comp = g->frame_;
    comp.name = "<genexpr>";
    comp.scope = frame_.scope;
    comp.env = frame_.env;
    comp.globals = frame_.globals;
    comp.line = c.pos.line;
    comp.qualname = frame_.qualname;
    comp.function = frame_.function;
    for (size_t i = 0; i < frame_.comprehension_scopes.size(); ++i) {
      // Shared with the comprehension when this frame owns it, else as it is now (it may not
      // outlive this).
      std::shared_ptr<Namespace> outer =
          i < comp_owned_.size() && comp_owned_[i].get() == frame_.comprehension_scopes[i]
              ? comp_owned_[i]
              : std::make_shared<Namespace>(*frame_.comprehension_scopes[i]);
      g->outer_vars_.push_back(outer);
      comp.comprehension_scopes.push_back(outer.get());
    }
    comp.comprehension_scopes.push_back(g->vars_.get());
    return g;
  }
  Frame comp;
  comp.name = c.kind == ExprKind::ListComp   ? "<listcomp>"
              : c.kind == ExprKind::DictComp ? "<dictcomp>"
              : c.kind == ExprKind::SetComp  ? "<setcomp>"
                                             : "<genexpr>";
  comp.scope = frame_.scope;
  comp.env = frame_.env;
  comp.globals = frame_.globals;
  comp.class_ns = nullptr;
  comp.parent = &frame_;
  comp.depth = frame_.depth + 1;
  comp.line = c.pos.line;
  comp.qualname = frame_.qualname;
  comp.function = frame_.function;
  comp.comprehension_scopes = frame_.comprehension_scopes;
  auto vars = std::make_shared<Namespace>();
  comp.comprehension_scopes.push_back(vars.get());
  Evaluator ev(in_, comp);
  ev.comp_owned_ = comp_owned_;
  ev.comp_owned_.push_back(vars);
  ev.last_line_ = c.pos.line;
  std::vector<ObjRef> items;
  Ref<DictObject> dict;
  if (c.kind == ExprKind::DictComp) dict = Ref<DictObject>(new DictObject());
  Frame* saved = in_.frame_;
  in_.frame_ = &comp;
  try {
    const Comprehension& g0 = c.generators[0];
    Ref<IteratorObject> it = get_iter(in_, first_iterable.get());
    first_iterable.reset();
    auto emit = [&]() {
      if (dict) {
        ObjRef k = ev.eval(*c.elt);
        ObjRef v = ev.eval(*c.value);
        dict->set(in_, std::move(k), std::move(v));
      } else {
        items.push_back(ev.eval(*c.elt));
      }
    };
    while (ObjRef item = it->next(in_)) {
      support::poll_deadline();  // a comprehension's items are no line events
      ev.comp_store_ = true;
      ev.assign(*g0.target, std::move(item));
      ev.comp_store_ = false;
      bool ok = true;
      for (auto& cond : g0.ifs) {
        ObjRef t = ev.eval(*cond);
        if (!truthy(in_, t.get())) {
          ok = false;
          break;
        }
      }
      if (ok) ev.run_generators(c, 1, emit);
    }
  } catch (const PyError& e) {
    in_.frame_ = saved;
    ev.add_traceback(e.exc.get(), c.elt->pos, 0, 0, 0);
    throw;
  } catch (...) {
    in_.frame_ = saved;
    throw;
  }
  in_.frame_ = saved;
  if (dict) return dict;
  if (c.kind == ExprKind::SetComp) return make_set(in_, std::move(items));
  return make_list(std::move(items));
}

ObjRef Evaluator::eval_slice(const SliceExpr& s) {
  ObjRef lo = s.lower ? eval(*s.lower) : ObjRef(none());
  ObjRef hi = s.upper ? eval(*s.upper) : ObjRef(none());
  ObjRef st = s.step ? eval(*s.step) : ObjRef(none());
  return ObjRef(new SliceObject(std::move(lo), std::move(hi), std::move(st)));
}

ObjRef Evaluator::eval_boolop(const BoolOpExpr& b) {
  ObjRef v;
  for (size_t i = 0; i < b.values.size(); ++i) {
    v = eval(*b.values[i]);
    if (i + 1 == b.values.size()) break;
    bool t = truthy(in_, v.get());
    if (b.is_and != t) break;
  }
  return v;
}

ObjRef Evaluator::eval_compare(const CompareExpr& c) {
  ObjRef left = eval(*c.left);
  ObjRef result;
  for (size_t i = 0; i < c.ops.size(); ++i) {
    ObjRef right = eval(*c.comparators[i]);
    result = compare(in_, c.ops[i], left.get(), right.get());
    if (i + 1 == c.ops.size()) break;
    if (!truthy(in_, result.get())) break;
    left = std::move(right);
  }
  return result;
}

static void check_keyword_names(Object* mapping) {
  for (auto& [k, v] : as<DictObject>(mapping)->items())
    if (!is_str(k.get())) raise(builtin_types().type_error, "keywords must be strings");
}

[[gnu::noinline]] static ObjRef checked_super(TypeObject* cls, ObjRef self) {
  bool ok = self->type()->is_subtype_of(cls) ||
            (self->type() == builtin_types().type && as<TypeObject>(self.get())->is_subtype_of(cls));
  if (!ok) raise(builtin_types().type_error, "super(type, obj): obj must be an instance or subtype of type");
  return ObjRef(new SuperObject(cls, std::move(self)));
}

ObjRef Evaluator::make_super(const CallExpr& c, CallArgs& args) {
  if (args.pos.size() == 2) {
    if (args.pos[0]->type() != builtin_types().type)
      raise(builtin_types().type_error, "super() argument 1 must be a type, not " + type_name(args.pos[0].get()));
    return checked_super(as<TypeObject>(args.pos[0].get()), args.pos[1]);
  }
  FunctionObject* fn = frame_.function;
  if (!fn || !fn->defining_class_) raise(builtin_types().runtime_error, "super(): no arguments");
  if (fn->args().args.empty() || !frame_.env->slots_[0]) raise(builtin_types().runtime_error, "super(): no arguments");
  return checked_super(fn->defining_class_, frame_.env->slots_[0]);
}

// A keyword given twice through ** is a TypeError (linear: a set of the names seen).
[[gnu::noinline]] static void check_keywords_once(Interp& in, Object* func, const CallArgs& args) {
  std::unordered_set<std::string_view> seen;
  for (auto& kv : args.kw)
    if (!seen.insert(kv.first).second)
      raise(builtin_types().type_error,
            function_str(in, func) + " got multiple values for keyword argument '" + kv.first + "'");
}

ObjRef Evaluator::eval_call(const CallExpr& c) {
  ObjRef func = eval(*c.func);
  CallArgs args;
  args.pos = eval_elements(c.args, func.get());
  bool spread = false;
  for (const Keyword& k : c.keywords) {
    ObjRef v = eval(*k.value);
    if (!k.arg.empty()) {
      args.kw.emplace_back(k.arg, std::move(v));
      continue;
    }
    if (!is_instance(v.get(), builtin_types().dict))
      raise(builtin_types().type_error,
            function_str(in_, func.get()) + " argument after ** must be a mapping, not " + type_name(v.get()));
    check_keyword_names(v.get());
    for (auto& [key, val] : as<DictObject>(v.get())->items())
      args.kw.emplace_back(as<StrObject>(key.get())->value_, val);
    spread = true;
  }
  if (spread) check_keywords_once(in_, func.get(), args);
  if (func.get() == in_.builtins().get("super") && c.func->kind == ExprKind::Name) return make_super(c, args);
  // Python functions and their bound methods skip call()'s frame (NOTE [Evaluator frames]).
  Object* f = func.get();
  if (f->type() == builtin_types().method) {
    auto* m = as<BoundMethodObject>(f);
    if (m->func_->type() != builtin_types().function) return call(in_, f, args);
    args.pos.insert(args.pos.begin(), m->self_);
    f = m->func_.get();
  }
  if (f->type() == builtin_types().function) return in_.call_function(as<FunctionObject>(f), args);
  return call(in_, f, args);
}

static int binop_anchor_kind(const BinOpExpr& b) { return b.left->pos.end_line == b.right->pos.line ? 1 : 0; }

// NOTE [Evaluator frames]
// In the page, the evaluator's frames live on the Web Worker's JavaScript stack, which is small
// (NOTE [Native recursion]), so a Python call passes through as few C++ frames as it can: the
// branch an `x if c else y` takes is evaluated in the same frame (a loop, not a call), and a call
// of a Python function or of a method of one goes straight to Interp::call_function.
ObjRef Evaluator::eval_inner(const Expr& first) {
  const Expr* ep = &first;
  try {
  next:
    const Expr& e = *ep;
    switch (e.kind) {
      case ExprKind::JoinedStr: return eval_joined_str(static_cast<const JoinedStrExpr&>(e));
      case ExprKind::FormattedValue: return eval_formatted(static_cast<const FormattedValueExpr&>(e));
      case ExprKind::List: return make_list(eval_elements(static_cast<const SequenceExpr&>(e).elts));
      case ExprKind::Tuple: return make_tuple(eval_elements(static_cast<const SequenceExpr&>(e).elts));
      case ExprKind::Set: {
        auto& elts = static_cast<const SequenceExpr&>(e).elts;
        bool constant = elts.size() > 2;
        for (size_t i = 0; constant && i < elts.size(); ++i) {
          const Expr* x = elts[i].get();
          if (x->kind == ExprKind::UnaryOp && static_cast<const UnaryOpExpr*>(x)->op != UnaryOpKind::Not)
            x = static_cast<const UnaryOpExpr*>(x)->operand.get();
          constant = x->kind == ExprKind::Constant;
        }
        if (constant) return make_constant_set(in_, eval_elements(elts));
        return make_set(in_, eval_elements(elts));
      }
      case ExprKind::Dict: return eval_dict(static_cast<const DictExpr&>(e));
      case ExprKind::ListComp:
      case ExprKind::DictComp:
      case ExprKind::SetComp:
      case ExprKind::GeneratorExp: return eval_comprehension(static_cast<const CompExpr&>(e));
      case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(e);
        ObjRef obj = eval(*a.value);
        return get_attr(in_, obj.get(), a.attr);
      }
      case ExprKind::Subscript: {
        auto& s = static_cast<const SubscriptExpr&>(e);
        ObjRef obj = eval(*s.value);
        ObjRef key =
            s.slice->kind == ExprKind::Slice ? eval_slice(static_cast<const SliceExpr&>(*s.slice)) : eval(*s.slice);
        try {
          return get_item(in_, obj.get(), key.get());
        } catch (const PyError& err) { rethrow_with(err, e.pos, 2, s.value->pos.end_col, s.slice->pos.end_col + 1); }
      }
      case ExprKind::Slice: return eval_slice(static_cast<const SliceExpr&>(e));
      case ExprKind::Call: return eval_call(static_cast<const CallExpr&>(e));
      case ExprKind::UnaryOp: {
        auto& u = static_cast<const UnaryOpExpr&>(e);
        ObjRef v = eval(*u.operand);
        return unary_op(in_, u.op, v.get());
      }
      case ExprKind::BinOp: {
        auto& b = static_cast<const BinOpExpr&>(e);
        ObjRef l = eval(*b.left);
        ObjRef r = eval(*b.right);
        try {
          return binary_op(in_, b.op, l.get(), r.get());
        } catch (const PyError& err) {
          rethrow_with(err, e.pos, binop_anchor_kind(b), b.left->pos.end_col, b.right->pos.col);
        }
      }
      case ExprKind::BoolOp: return eval_boolop(static_cast<const BoolOpExpr&>(e));
      case ExprKind::Compare: return eval_compare(static_cast<const CompareExpr&>(e));
      case ExprKind::IfExp: {
        auto& i = static_cast<const IfExpExpr&>(e);
        bool cond;
        {
          ObjRef t = eval(*i.test);
          cond = truthy(in_, t.get());
        }
        ep = cond ? i.body.get() : i.orelse.get();
        goto next;
      }
      case ExprKind::Lambda: {
        auto& l = static_cast<const LambdaExpr&>(e);
        return make_function("<lambda>", nullptr, &l, l.args);
      }
      case ExprKind::Starred: raise(builtin_types().runtime_error, "can't use starred expression here");
      case ExprKind::Yield: return eval_yield(static_cast<const YieldExpr&>(e));
      default: return eval(e);
    }
  } catch (const PyError& err) { rethrow_with(err, ep->pos); }
}

// ---- calls ----

static std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[i] + "'";
  }
  return out;
}

// Out of line, like make_super: the frames on the path of every Python call stay small, so deep
// recursion fits the WebAssembly stack.
[[gnu::noinline]] static void check_positional_only(const Arguments& a, const CallArgs& args,
                                                    const std::string& fname) {
  std::string named;
  for (size_t i = 0; i < a.posonly; ++i)
    for (auto& [k, v] : args.kw)
      if (k == a.args[i].name) named += (named.empty() ? "" : ", ") + k;
  if (!named.empty())
    raise(builtin_types().type_error,
          fname + "() got some positional-only arguments passed as keyword arguments: '" + named + "'");
}

void Evaluator::bind_arguments(Interp& in, FunctionObject* fn, Env& env, CallArgs& args) {
  const Arguments& a = fn->args();
  const std::string& fname = fn->qualname_;
  size_t npos = a.args.size();
  // The parser declares the parameters first, in order (args, *args, kwonly, **kwargs), so a
  // parameter's slot is its place in that order: checked, and searched for only if it differs.
  const std::vector<std::string>& locals = env.scope_->locals;
  auto slot_at = [&](size_t hint, const std::string& name) {
    return hint < locals.size() && locals[hint] == name ? static_cast<int>(hint) : env.slot_of(name);
  };
  size_t after_vararg = npos + (a.vararg ? 1 : 0);
  size_t given = args.pos.size();
  if (given > npos && !a.vararg) {
    size_t required = npos - fn->defaults_.size();
    std::string takes =
        required == npos ? std::to_string(npos) : "from " + std::to_string(required) + " to " + std::to_string(npos);
    std::string kwpart;
    size_t kwgiven = 0;
    for (auto& [k, v] : args.kw)
      for (auto& ko : a.kwonly)
        if (ko.name == k) ++kwgiven;
    if (kwgiven)
      kwpart = " positional argument" + std::string(given == 1 ? "" : "s") + " (and " + std::to_string(kwgiven) +
               " keyword-only argument" + (kwgiven == 1 ? "" : "s") + ")";
    raise(builtin_types().type_error,
          fname + "() takes " + takes + " positional argument" + (npos == 1 && required == npos ? "" : "s") + " but " +
              std::to_string(given) +
              (kwpart.empty() ? (given == 1 ? " was" : " were") : kwpart + (given + kwgiven == 1 ? " was" : " were")) +
              " given");
  }
  for (size_t i = 0; i < std::min(given, npos); ++i) env.slots_[slot_at(i, a.args[i].name)] = std::move(args.pos[i]);
  if (a.vararg) {
    std::vector<ObjRef> rest;
    for (size_t i = npos; i < given; ++i) rest.push_back(std::move(args.pos[i]));
    env.slots_[slot_at(npos, a.vararg->name)] = make_tuple(std::move(rest));
  }
  Ref<DictObject> extra;
  if (a.kwarg) extra = Ref<DictObject>(new DictObject());
  if (a.posonly && !a.kwarg) check_positional_only(a, args, fname);
  // The slot of the parameter a keyword names (-1 for none; positional-only parameters cannot be
  // named). A few keywords are looked for along the parameters, many through a table, so that
  // binding stays linear in the number of arguments.
  std::unordered_map<std::string_view, int> table;
  if (args.kw.size() > 8) {
    for (size_t i = a.posonly; i < npos; ++i) table.emplace(a.args[i].name, slot_at(i, a.args[i].name));
    for (size_t i = 0; i < a.kwonly.size(); ++i)
      table.emplace(a.kwonly[i].name, slot_at(after_vararg + i, a.kwonly[i].name));
  }
  auto keyword_slot = [&](const std::string& k) -> int {
    if (args.kw.size() > 8) {
      auto it = table.find(k);
      return it == table.end() ? -1 : it->second;
    }
    for (size_t i = a.posonly; i < npos; ++i)
      if (a.args[i].name == k) return slot_at(i, k);
    for (size_t i = 0; i < a.kwonly.size(); ++i)
      if (a.kwonly[i].name == k) return slot_at(after_vararg + i, k);
    return -1;
  };
  for (auto& [k, v] : args.kw) {
    int s = keyword_slot(k);
    if (s < 0) {
      if (!extra) raise(builtin_types().type_error, fname + "() got an unexpected keyword argument '" + k + "'");
      extra->set(in, make_str(k), std::move(v));
      continue;
    }
    if (env.slots_[s]) raise(builtin_types().type_error, fname + "() got multiple values for argument '" + k + "'");
    env.slots_[s] = std::move(v);
  }
  if (extra) env.slots_[slot_at(after_vararg + a.kwonly.size(), a.kwarg->name)] = extra;
  std::vector<std::string> missing;
  size_t first_default = npos - fn->defaults_.size();
  for (size_t i = 0; i < npos; ++i) {
    ObjRef& v = env.slots_[slot_at(i, a.args[i].name)];
    if (v) continue;
    if (i >= first_default) v = fn->defaults_[i - first_default];
    else missing.push_back(a.args[i].name);
  }
  if (!missing.empty())
    raise(builtin_types().type_error, fname + "() missing " + std::to_string(missing.size()) +
                                          " required positional argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                          quoted_list(missing));
  for (size_t i = 0; i < a.kwonly.size(); ++i) {
    ObjRef& v = env.slots_[slot_at(after_vararg + i, a.kwonly[i].name)];
    if (v) continue;
    if (fn->kw_defaults_[i]) v = fn->kw_defaults_[i];
    else missing.push_back(a.kwonly[i].name);
  }
  if (!missing.empty())
    raise(builtin_types().type_error, fname + "() missing " + std::to_string(missing.size()) +
                                          " required keyword-only argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                          quoted_list(missing));
}

void Interp::enter_c_level(const char* where) {
  if ((frame_ ? frame_->depth + 1 : 1) + c_levels_ >= limits_.max_depth) recursion::fail(where);
  ++c_levels_;
}

ObjRef Interp::call_function(FunctionObject* fn, CallArgs& args) {
  int depth = frame_ ? frame_->depth + 1 : 1;
  // CPython's recursion limit, a RecursionError the program may catch: max_depth frames
  // (1,000, --max-depth N), the module's own included (NOTE [Native recursion] guards the stack).
  if (depth + c_levels_ >= limits_.max_depth) recursion::fail("");
  if (fn->def_ && fn->def_->is_generator) {  // the call makes the generator; its body runs on next()
    Ref<GeneratorObject> g(new GeneratorObject());
    Frame& frame = g->frame_;
    frame.name = fn->name_;
    frame.scope = &fn->scope();
    frame.env = Ref<Env>(new Env(frame.scope, fn->closure_));
    frame.globals = fn->globals_;
    frame.function = fn;
    frame.qualname = fn->qualname_ + ".<locals>";
    frame.line = fn->def_->pos.line;
    g->function_ = Ref<FunctionObject>(fn);
    g->qualname_ = fn->shown_qualname();
    Evaluator::bind_arguments(*this, fn, *frame.env, args);
    args.pos.clear();
    args.kw.clear();
    return g;
  }
  Ref<FunctionObject> keep(fn);
  Frame frame;
  frame.name = fn->name_;
  frame.scope = &fn->scope();
  frame.env = Ref<Env>(new Env(frame.scope, fn->closure_));
  frame.globals = fn->globals_;
  frame.parent = frame_;
  frame.depth = depth;
  frame.function = fn;
  frame.qualname = fn->qualname_ + ".<locals>";
  Evaluator::bind_arguments(*this, fn, *frame.env, args);
  args.pos.clear();
  args.kw.clear();
  frame.line = fn->def_ ? fn->def_->pos.line : fn->lambda_->pos.line;
  Frame* saved = frame_;
  frame_ = &frame;
  struct Restore {
    Interp& in;
    Frame* saved;
    Frame& frame;
    bool ok = false;
    ~Restore() {
      // A limit's unwinding is no return of the program's (NOTE [A stop in flight]).
      if (!ok && in.observer_ && !support::stop_in_flight()) in.observer_->on_return(frame, nullptr);
      in.frame_ = saved;
    }
  } restore{*this, saved, frame};
  if (observer_) observer_->on_call(frame);
  Evaluator ev(*this, frame);
  if (!fn->comp_scopes_.empty()) {  // what it makes sees them too (NOTE [Comprehension closures])
    ev.comp_owned_ = fn->comp_scopes_;
    ev.comp_depth_ = fn->comp_depth_ + 1;
  }
  ObjRef result;
  if (fn->lambda_) {
    ev.line_event(fn->lambda_->pos.line);
    result = ev.eval(*fn->lambda_->body);
  } else {
    Flow f = ev.exec_block(fn->def_->body);
    result = f == Flow::Return ? ev.return_value() : ObjRef(none());
  }
  restore.ok = true;
  if (observer_) observer_->on_return(frame, result.get());
  return result;
}

}  // namespace stridelab::python
