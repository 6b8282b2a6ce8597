#include "python/generator.h"

#include <deque>
#include <functional>
#include <unordered_set>

#include "python/native.h"
#include "python/protocol.h"
#include "python/recursion.h"
#include "python/set.h"
#include "support/budget.h"

namespace stridelab::python {

GeneratorObject::GeneratorObject() : IteratorObject(builtin_types().generator) { track(); }

GeneratorObject::~GeneratorObject() = default;

void GeneratorObject::clear_refs() {
  Ref<Env> env = std::move(frame_.env);
  Ref<FunctionObject> fn = std::move(function_);
  GenState state = std::move(state_);
  std::vector<Ref<IteratorObject>> its = std::move(iterators_);
  ObjRef ret = std::move(return_value_);
  vars_->clear();
  for (auto& ns : outer_vars_) ns->clear();
  finished_ = true;
}

bool GeneratorObject::needs_finalize() const {
  return started_ && !finished_ && !running_ && !comp_ && Interp::running();
}

void GeneratorObject::finalize() {
  Interp& in = *Interp::running();
  const bool stopping = support::stop_in_flight();
  try {
    try {
      close_generator(in, this);
    } catch (const PyError& e) {
      // CPython's default unraisable hook prints the exception's own traceback, not its chain.
      e.exc->context_.reset();
      e.exc->cause_.reset();
      in.write_stderr("Exception ignored in: " + repr(in, this) + "\n" + in.format_exception(e.exc.get()));
    }
  } catch (...) {  // nothing leaves a release; a limit passed here is met again at the next line
    if (!stopping) support::clear_stop_in_flight();
  }
}

// NOTE [Generators at exit]
// CPython 3.11 closes the generators still suspended at exit in its collector: once the module is
// gone, all that it held is garbage, and the collector calls their finalizers in the order of
// its list. That order is the one its previous pass left, which walked the objects breadth first
// from the module's dict, each object handing on what it refers to in its tp_traverse order: a
// dict its values in order, a list or a tuple its items last first, an instance its attributes in
// order, a class its __dict__ (so its attributes come a step later), a function its defaults
// tuple, keyword defaults, __dict__ and closure (their contents a step later), a generator its
// function and then its locals, a bound method its function and then its self. So the generators
// the module's names hold come first, in the order of the names, then those one container away,
// and so on (a generator in a list in a list after one in a class attribute's list). The walk is
// made here over stridelab's objects, with CPython's intermediate objects (a class's dict, a
// function's defaults tuple, a closure's cells) counted as steps; the names keep their values,
// which the trace reads after the run. It is CPython's order for programs whose objects the
// collector has not moved before: it runs every 700 new containers (`import torch` makes many),
// a run moves its survivors to an older generation, and the exit collection walks the younger
// objects before the older ones, so objects made before the last run can keep their places
// instead. Generators that the module's objects do not reach are left to the teardown.
void close_at_exit(Namespace& globals) {
  // A step of the walk: an object, or one of CPython's intermediate objects (values to hand on;
  // `cells`: each value sits in a cell of its own, a step further).
  struct Step {
    Object* obj = nullptr;
    std::vector<Object*> values;
    bool cells = false;
  };
  std::deque<Step> queue;
  std::unordered_set<Object*> seen;
  std::vector<Ref<GeneratorObject>> order;
  auto reach = [&](Object* o) {
    if (!o || is_number(o) || is_instance(o, builtin_types().str)) return;  // they hold nothing
    if (o->type() == builtin_types().module || !seen.insert(o).second) return;
    if (auto* g = dynamic_cast<GeneratorObject*>(o); g && g->needs_finalize()) order.emplace_back(g);
    queue.push_back(Step{o, {}});
  };
  auto later = [&](std::vector<Object*> values, bool cells = false) {
    if (!values.empty()) queue.push_back(Step{nullptr, std::move(values), cells});
  };
  auto namespace_values = [](const Namespace& ns) {
    std::vector<Object*> out;
    for (auto& [k, v] : ns.entries()) out.push_back(v.get());
    return out;
  };
  // The values of the free variables a function's closure holds, in the cells' order reversed.
  auto closure_values = [](FunctionObject* f) {
    std::vector<Object*> out;
    const std::vector<std::string>& free = f->scope().free;
    for (auto n = free.rbegin(); n != free.rend(); ++n)
      for (const Env* e = f->closure_.get(); e; e = e->parent_.get())
        if (int i = e->slot_of(*n); i >= 0) {
          out.push_back(e->slots_[static_cast<size_t>(i)].get());
          break;
        }
    return out;
  };
  for (auto& [name, value] : globals.entries()) reach(value.get());
  for (size_t steps = 0; !queue.empty(); ++steps) {
    if (steps % 4096 == 0) support::poll_deadline();
    Step step = std::move(queue.front());
    queue.pop_front();
    Object* o = step.obj;
    if (!o) {
      for (Object* v : step.values)
        if (step.cells) later({v});
        else reach(v);
      continue;
    }
    if (auto* f = dynamic_cast<FunctionObject*>(o)) {
      std::vector<Object*> defaults, kw_defaults;
      for (auto it = f->defaults_.rbegin(); it != f->defaults_.rend(); ++it) defaults.push_back(it->get());
      for (auto& d : f->kw_defaults_) kw_defaults.push_back(d.get());
      later(std::move(defaults));
      later(std::move(kw_defaults));
      later(namespace_values(f->dict_));
      if (f->closure_) later(closure_values(f), true);
      continue;
    }
    if (auto* g = dynamic_cast<GeneratorObject*>(o)) {
      reach(g->function_.get());
      if (g->frame_.env)
        for (auto& slot : g->frame_.env->slots_) reach(slot.get());
      continue;
    }
    if (auto* m = dynamic_cast<BoundMethodObject*>(o)) {
      reach(m->func_.get());
      reach(m->self_.get());
      continue;
    }
    if (auto* t = dynamic_cast<TypeObject*>(o)) {
      if (t->is_user_) later(namespace_values(t->dict_));
      continue;
    }
    if (Namespace* ns = o->instance_dict())  // an instance's attributes, then what its base type holds
      for (auto& [k, v] : ns->entries()) reach(v.get());
    if (auto* l = dynamic_cast<ListObject*>(o)) {
      for (auto it = l->items_.rbegin(); it != l->items_.rend(); ++it) reach(it->get());
    } else if (auto* t = dynamic_cast<TupleObject*>(o)) {
      for (auto it = t->items_.rbegin(); it != t->items_.rend(); ++it) reach(it->get());
    } else if (auto* d = dynamic_cast<DictObject*>(o)) {
      for (auto& [k, v] : d->items()) {
        reach(v.get());
        if (!is_instance(k.get(), builtin_types().str)) reach(k.get());
      }
    } else if (auto* s = dynamic_cast<SetObject*>(o)) {
      for (auto& item : s->items()) reach(item.get());
    }
  }
  // Closing a generator clears its frame, as CPython's does: a generator only its locals held is
  // freed then, and closed on the spot.
  std::function<void(size_t)> close = [&](size_t i) {
    GeneratorObject* g = order[i].get();
    if (!g->needs_finalize()) return;
    g->finalize();
    if (!g->finished_) return;
    Ref<Env> frame_env = std::move(g->frame_.env);
    frame_env.reset();
    for (size_t j = i + 1; j < order.size(); ++j)
      if (order[j]->refcount() == 1) close(j);
  };
  for (size_t i = 0; i < order.size(); ++i) close(i);
}

ObjRef GeneratorObject::next(Interp& in) { return Evaluator::resume(in, this, nullptr, nullptr); }

TypeObject* generator_exit_type() {
  static TypeObject* t = [] {
    auto* type = new TypeObject("GeneratorExit", builtin_types().base_exception);
    type->incref();
    type->set_type(builtin_types().type);
    return type;
  }();
  return t;
}

void raise_stop_iteration(ObjRef value) {
  std::vector<ObjRef> args;
  if (value && value.get() != none()) args.push_back(std::move(value));
  throw PyError{new_exception(builtin_types().stop_iteration, std::move(args))};
}

// ---- running a generator ----

ObjRef Evaluator::resume(Interp& in, GeneratorObject* g, ObjRef sent, Ref<ExceptionObject> thrown) {
  if (g->running_) raise(builtin_types().value_error, "generator already executing");
  if (g->finished_) {
    g->return_value_.reset();
    if (thrown) throw PyError{thrown};
    return nullptr;
  }
  if (!g->started_ && !g->comp_ && sent && sent.get() != none())
    raise(builtin_types().type_error, "can't send non-None value to a just-started generator");
  if (!g->started_ && thrown) {
    g->finished_ = true;
    throw PyError{thrown};
  }
  Ref<GeneratorObject> keep(g);
  Frame& frame = g->frame_;
  int depth = in.frame_ ? in.frame_->depth + 1 : 1;
  // CPython's recursion limit, a RecursionError the program may catch: max_depth frames
  // (1,000, --max-depth N), the module's own included (NOTE [Native recursion] guards the stack).
  if (depth + in.c_levels_ >= in.limits_.max_depth) recursion::fail("");
  frame.parent = in.frame_;
  frame.depth = depth;
  struct Restore {
    Interp& in;
    GeneratorObject* g;
    Frame* saved;
    bool ok = false;
    ~Restore() {
      g->running_ = false;
      if (!ok) {
        g->finished_ = true;
        g->state_ = GenState();
        g->iterators_.clear();
        if (in.observer_ && !support::stop_in_flight()) in.observer_->on_return(g->frame_, nullptr);
      }
      g->frame_.parent = nullptr;
      in.frame_ = saved;
    }
  } restore{in, g, in.frame_};
  in.frame_ = &frame;
  g->running_ = true;
  if (in.observer_) in.observer_->on_call(frame);
  Evaluator ev(in, frame);
  ev.gen_ = &g->state_;
  if (g->comp_) {  // the functions its elements make see its variables (NOTE [Comprehension closures])
    ev.comp_owned_ = g->outer_vars_;
    ev.comp_owned_.push_back(g->vars_);
  }
  ObjRef result;
  try {
    if (g->comp_) {
      result = ev.genexpr_next(g);
    } else {
      g->state_.resuming = g->started_;
      g->state_.sent = std::move(sent);
      g->state_.thrown = std::move(thrown);
      g->started_ = true;
      Flow f = ev.exec_block(g->function_->def_->body);
      if (f == Flow::Yield) {
        result = std::move(g->state_.yielded);
      } else {
        g->finished_ = true;
        g->state_ = GenState();
        g->return_value_ = f == Flow::Return ? ev.return_value() : ObjRef(none());
      }
    }
  } catch (const PyError& e) {
    if (!is_instance(e.exc.get(), builtin_types().stop_iteration)) throw;
    // PEP 479: a StopIteration escaping the body would end the caller's loop silently.
    Ref<ExceptionObject> err =
        new_exception(builtin_types().runtime_error, {make_str("generator raised StopIteration")});
    err->cause_ = e.exc;
    err->context_ = e.exc;
    err->suppress_context_ = true;
    throw PyError{err};
  }
  restore.ok = true;
  if (in.observer_) in.observer_->on_return(frame, result ? result.get() : none());
  return result;
}

ObjRef Evaluator::genexpr_next(GeneratorObject* g) {
  const CompExpr& c = *g->comp_;
  try {
    while (!g->iterators_.empty()) {
      size_t level = g->iterators_.size() - 1;
      support::poll_deadline();  // `(x for x in r if x < 0)` may skip items for long
      ObjRef item = g->iterators_.back()->next(in_);
      if (!item) {
        g->iterators_.pop_back();
        continue;
      }
      const Comprehension& clause = c.generators[level];
      comp_store_ = true;
      assign(*clause.target, std::move(item));
      comp_store_ = false;
      bool ok = true;
      for (auto& cond : clause.ifs) {
        ObjRef t = eval(*cond);
        if (!truthy(in_, t.get())) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (level + 1 < c.generators.size()) {
        ObjRef iterable = eval(*c.generators[level + 1].iter);
        g->iterators_.push_back(get_iter(in_, iterable.get()));
        continue;
      }
      return eval(*c.elt);
    }
  } catch (const PyError& e) {
    add_traceback(e.exc.get(), c.elt->pos, 0, 0, 0);
    throw;
  }
  g->finished_ = true;
  return nullptr;
}

// `yield v`, `yield from it`, or `x = ` either: suspends the body, or, when resuming, goes on
// with the value sent in (NOTE [Generators]).
Flow Evaluator::exec_yield(const YieldExpr& y, const AssignStmt* assign_to) {
  if (!gen_) raise(builtin_types().not_implemented_error, "stridelab does not support yield here yet");
  ObjRef result;
  if (!y.is_from) {
    if (!gen_->resuming) {
      gen_->yielded = y.value ? eval(*y.value) : ObjRef(none());
      return Flow::Yield;
    }
    gen_->resuming = false;
    if (gen_->thrown) throw PyError{std::move(gen_->thrown)};
    result = std::move(gen_->sent);
    if (!result) result = none();
  } else if (delegate(y, result)) {
    return Flow::Yield;
  }
  if (assign_to) {
    const ExprList& targets = assign_to->targets;
    for (size_t i = 0; i < targets.size(); ++i) {
      if (i + 1 == targets.size()) assign(*targets[i], std::move(result));
      else assign(*targets[i], result);
    }
  }
  return Flow::Normal;
}

namespace {

// Makes `log` the evaluator's ExprLog until the end of the scope.
struct LogInUse {
  LogInUse(ExprLog*& slot, ExprLog* log) : slot(slot), saved(slot) { slot = log; }
  ~LogInUse() { slot = saved; }
  ExprLog*& slot;
  ExprLog* saved;
};

}  // namespace

// A simple statement with a yield among its expressions (NOTE [Generators]).
Flow Evaluator::exec_logged(const Stmt& s) {
  ExprLog log;
  if (resuming()) log.entries = std::move(pop_cursor().log);
  LogInUse in_use(log_, &log);
  Flow f;
  try {
    f = exec_stmt(s);
  } catch (const YieldSignal&) { f = Flow::Yield; }
  if (f == Flow::Yield) {
    GenCursor c;
    c.log = std::move(log.entries);
    push_cursor(std::move(c));
  }
  return f;
}

// The test of an `if`, `elif` or `while`, or the iterable of a `for`, with a yield inside: evaluated
// with an ExprLog as exec_logged evaluates a simple statement. At a suspension the statement's
// cursor (phase -2, "at the header") keeps the log, and false is returned for the statement to
// return Flow::Yield; resumed, the evaluation runs again from `resumed`'s log.
bool Evaluator::eval_header(const Stmt& s, const Expr& e, ObjRef& out, GenCursor* resumed) {
  if (!s.header_yield || !gen_) {
    out = eval(e);
    return true;
  }
  ExprLog log;
  if (resumed) log.entries = std::move(resumed->log);
  LogInUse in_use(log_, &log);
  try {
    out = eval(e);
  } catch (const YieldSignal&) {
    GenCursor c;
    c.phase = -2;
    c.log = std::move(log.entries);
    push_cursor(std::move(c));
    return false;
  }
  return true;
}

// A `with` item's `as` target with a yield inside (`with m as (yield).attr:`), assigned after
// __enter__ with a log of its own, as eval_header evaluates a header. At a suspension the with's
// cursor (phase kInTarget) keeps the manager, the value to assign and the log, and false is
// returned; resumed from `resumed`, the assignment runs again from its log.
bool Evaluator::assign_with_target(const WithItem& item, ObjRef entered, const ObjRef& mgr, GenCursor* resumed) {
  if (!item.target_yield || !gen_) {
    assign(*item.optional_vars, std::move(entered));
    return true;
  }
  ExprLog log;
  if (resumed) log.entries = std::move(resumed->log);
  LogInUse in_use(log_, &log);
  try {
    assign(*item.optional_vars, entered);
  } catch (const YieldSignal&) {
    GenCursor c;
    c.phase = kWithTarget;
    c.obj = mgr;
    c.value = std::move(entered);
    c.log = std::move(log.entries);
    push_cursor(std::move(c));
    return false;
  }
  return true;
}

ObjRef Evaluator::eval_logged(const Expr& e) {
  ExprLog& log = *log_;
  if (log.pos < log.entries.size() && log.entries[log.pos].first == &e) return log.entries[log.pos++].second;
  size_t start = log.pos;
  ObjRef v = eval_plain(e);
  log.entries.resize(start);
  log.entries.emplace_back(&e, v);
  log.pos = start + 1;
  return v;
}

// A yield inside an expression: suspends (YieldSignal), or, when resuming, is the value sent in.
ObjRef Evaluator::eval_yield(const YieldExpr& y) {
  if (!gen_ || !log_)
    raise(builtin_types().not_implemented_error,
          "stridelab does not support yield in the header of a compound statement yet: give it a statement of its "
          "own (`x = yield v`)");
  if (y.is_from) {
    ObjRef result;
    if (delegate(y, result)) throw YieldSignal{};
    return result;
  }
  // The operand first, even when resuming: given back by the log when this is the yield that
  // suspended, evaluated (down to the yield inside it that suspended) when it is not.
  ObjRef value = y.value ? eval(*y.value) : ObjRef(none());
  if (!gen_->resuming) {
    gen_->yielded = std::move(value);
    throw YieldSignal{};
  }
  gen_->resuming = false;
  if (gen_->thrown) throw PyError{std::move(gen_->thrown)};
  ObjRef result = std::move(gen_->sent);
  return result ? result : ObjRef(none());
}

// One step of `yield from`: true when the sub-iterator gave a value to yield, false when it is
// exhausted (its return value in `result`).
bool Evaluator::delegate(const YieldExpr& y, ObjRef& result) {
  Ref<IteratorObject> sub;
  ObjRef sent;
  Ref<ExceptionObject> thrown;
  if (gen_->resuming) {
    GenCursor c = pop_cursor();
    sub = Ref<IteratorObject>(static_cast<IteratorObject*>(c.obj.get()));
    gen_->resuming = false;
    sent = std::move(gen_->sent);
    thrown = std::move(gen_->thrown);
  } else {
    ObjRef iterable = eval(*y.value);
    sub = get_iter(in_, iterable.get());
  }
  auto* subgen = dynamic_cast<GeneratorObject*>(sub.get());
  ObjRef item;
  if (thrown) {
    if (!subgen) throw PyError{thrown};
    if (is_instance(thrown.get(), generator_exit_type())) {
      close_generator(in_, subgen);
      throw PyError{thrown};
    }
    item = resume(in_, subgen, nullptr, thrown);
  } else if (subgen && sent && sent.get() != none()) {
    item = resume(in_, subgen, sent, nullptr);
  } else {
    item = sub->next(in_);
  }
  if (item) {
    gen_->yielded = std::move(item);
    GenCursor c;
    c.obj = std::move(sub);
    push_cursor(std::move(c));
    return true;
  }
  if (subgen) result = subgen->take_return_value();
  if (!result) result = none();
  return false;
}

void close_generator(Interp& in, GeneratorObject* g) {
  if (g->finished_) return;
  if (!g->started_ || g->comp_) {
    g->finished_ = true;
    g->state_ = GenState();
    g->iterators_.clear();
    return;
  }
  try {
    ObjRef v = Evaluator::resume(in, g, nullptr, new_exception(generator_exit_type(), {}));
    if (v) raise(builtin_types().runtime_error, "generator ignored GeneratorExit");
  } catch (const PyError& e) {
    if (!is_instance(e.exc.get(), generator_exit_type())) throw;
  }
}

// ---- the generator type's methods ----

namespace {

GeneratorObject* self_generator(CallArgs& a, const char* method) {
  auto* g = a.pos.empty() ? nullptr : dynamic_cast<GeneratorObject*>(a.pos[0].get());
  if (!g)
    raise(builtin_types().type_error,
          std::string("descriptor '") + method + "' for 'generator' objects doesn't apply to this object");
  return g;
}

void expect_count(CallArgs& a, const char* name, size_t lo, size_t hi) {
  size_t n = a.pos.size() - 1;
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
  if (n < lo || n > hi) {
    if (hi == 0)
      raise(builtin_types().type_error,
            std::string("generator.") + name + "() takes no arguments (" + std::to_string(n) + " given)");
    if (lo == hi)
      raise(builtin_types().type_error,
            std::string("generator.") + name + "() takes exactly one argument (" + std::to_string(n) + " given)");
    raise(builtin_types().type_error,
          std::string(name) + " expected at most " + std::to_string(hi) + " arguments, got " + std::to_string(n));
  }
}

ObjRef stop_or(Interp&, GeneratorObject* g, ObjRef v) {
  if (v) return v;
  raise_stop_iteration(g->take_return_value());
}

}  // namespace

void install_generators(Namespace& ns) {
  static bool done = false;
  if (!done) {
    done = true;
    TypeObject* t = builtin_types().generator;
    t->dict_.set("send", make_function("send", [](Interp& in, CallArgs& a) -> ObjRef {
                   GeneratorObject* g = self_generator(a, "send");
                   expect_count(a, "send", 1, 1);
                   return stop_or(in, g, Evaluator::resume(in, g, a.pos[1], nullptr));
                 }));
    t->dict_.set(
        "throw", make_function("throw", [](Interp& in, CallArgs& a) -> ObjRef {
          GeneratorObject* g = self_generator(a, "throw");
          expect_count(a, "throw", 1, 3);
          ObjRef exc = a.pos[1];
          if (exc->type() == builtin_types().type &&
              as<TypeObject>(exc.get())->is_subtype_of(builtin_types().base_exception))
            exc = a.pos.size() > 2 ? call1(in, exc.get(), a.pos[2]) : call0(in, exc.get());
          if (!is_instance(exc.get(), builtin_types().base_exception))
            raise(builtin_types().type_error,
                  "exceptions must be classes or instances deriving from BaseException, not " + type_name(exc.get()));
          Ref<ExceptionObject> e(as<ExceptionObject>(exc.get()));
          return stop_or(in, g, Evaluator::resume(in, g, nullptr, e));
        }));
    t->dict_.set("close", make_function("close", [](Interp& in, CallArgs& a) -> ObjRef {
                   GeneratorObject* g = self_generator(a, "close");
                   expect_count(a, "close", 0, 0);
                   close_generator(in, g);
                   return ObjRef(none());
                 }));
    builtin_types().stop_iteration->dict_.set("value", ObjRef(new PropertyObject(
                                                           [](Interp&, Object* self) -> ObjRef {
                                                             auto* e = as<ExceptionObject>(self);
                                                             return e->args_->items_.empty() ? ObjRef(none())
                                                                                             : e->args_->items_[0];
                                                           },
                                                           nullptr)));
  }
  ns.set("GeneratorExit", ObjRef(generator_exit_type()));
}

}  // namespace stridelab::python
