#include "python/interp.h"

#include <algorithm>

#include "python/eval.h"
#include "python/generator.h"
#include "python/parser.h"
#include "python/suggestions.h"
#include "python/traceback.h"

#include "python/reference_modules.inc"

namespace stridelab::python {

Interp::Interp() {
  tracked_.track_prev_ = tracked_.track_next_ = &tracked_;
  install_builtins(*this, builtins_);
  register_standard_modules(*this);
}

Interp::~Interp() {
  if (main_) main_->dict_.clear();
  modules_.clear();
  main_.reset();
  clear_tracked();
  for (InterpHooks& h : hooks_)
    if (h.teardown) h.teardown(*this);
}

// Frees what reference counting alone cannot: the objects of the run's reference cycles (NOTE
// [Cycles at teardown]). Every tracked object is held while all of them are cleared, so none is
// freed half-way; letting go then frees each one whose references all came from the others.
// Those still alive after that are held from outside the interpreter: they leave its list.
void Interp::clear_tracked() {
  std::vector<ObjRef> held;
  for (TrackLink* l = tracked_.track_next_; l != &tracked_; l = l->track_next_)
    held.emplace_back(static_cast<Object*>(l));
  for (ObjRef& o : held) o->clear_refs();
  held.clear();
  while (tracked_.track_next_ != &tracked_) static_cast<Object*>(tracked_.track_next_)->untrack();
}

void Interp::register_module(const std::string& name, ModuleLoader loader) { loaders_[name] = std::move(loader); }

Ref<ModuleObject> Interp::import_module(const std::string& name) {
  auto found = modules_.find(name);
  if (found != modules_.end()) return found->second;
  size_t dot = name.rfind('.');
  Ref<ModuleObject> parent;
  if (dot != std::string::npos) parent = import_module(name.substr(0, dot));
  auto loader = loaders_.find(name);
  if (loader == loaders_.end()) {
    if (parent)
      if (Object* sub = parent->dict_.get(name.substr(dot + 1)); sub && sub->type() == builtin_types().module) {
        Ref<ModuleObject> m(as<ModuleObject>(sub));
        modules_[name] = m;
        return m;
      }
    if (parent) raise_if_not_yet(parent.get(), name.substr(dot + 1));
    // A module the reference has (its standard library, numpy...) is one stridelab lacks, not one
    // that exists nowhere: the error says so, and stays an ImportError the program may catch.
    const std::string top = name.substr(0, name.find('.'));
    const bool known = (" " + std::string(kReferenceModules)).find(" " + top + " ") != std::string::npos;
    Ref<ExceptionObject> e = new_exception(builtin_types().module_not_found_error,
                                           {make_str(known ? "stridelab does not support the module '" + name + "' yet"
                                                           : "No module named '" + name + "'")});
    e->dict_.set("name", make_str(name));
    throw PyError{e};
  }
  Ref<ModuleObject> m = loader->second(*this);
  modules_[name] = m;
  if (parent) parent->dict_.set(name.substr(dot + 1), ObjRef(m.get()));
  return m;
}

std::vector<std::pair<std::string, Object*>> Frame::locals() const {
  std::vector<std::pair<std::string, Object*>> out;
  if (scope && env) {
    for (size_t i = 0; i < scope->locals.size(); ++i)
      if (env->slots_[i]) out.emplace_back(scope->locals[i], env->slots_[i].get());
  } else {
    const Namespace* ns = class_ns ? class_ns : globals;
    for (auto& [k, v] : ns->entries()) out.emplace_back(k, v.get());
  }
  for (const Namespace* comp : comprehension_scopes)
    for (auto& [k, v] : comp->entries()) out.emplace_back(k, v.get());
  return out;
}

std::vector<std::pair<std::string, Object*>> Frame::python_locals() const {
  if (!scope || !env || (scope->cells.empty() && scope->free.empty())) return locals();
  std::vector<std::pair<std::string, Object*>> out;
  auto is_cell = [&](const std::string& n) { return std::binary_search(scope->cells.begin(), scope->cells.end(), n); };
  for (size_t i = 0; i < scope->locals.size(); ++i)
    if (env->slots_[i] && (i < scope->params || !is_cell(scope->locals[i])))
      out.emplace_back(scope->locals[i], env->slots_[i].get());
  for (const std::string& n : scope->cells) {
    int i = env->slot_of(n);
    if (i >= static_cast<int>(scope->params) && env->slots_[static_cast<size_t>(i)])
      out.emplace_back(n, env->slots_[static_cast<size_t>(i)].get());
  }
  for (const std::string& n : scope->free)
    for (const Env* e = env->parent_.get(); e; e = e->parent_.get()) {
      int i = e->slot_of(n);
      if (i < 0) continue;
      if (e->slots_[static_cast<size_t>(i)]) out.emplace_back(n, e->slots_[static_cast<size_t>(i)].get());
      break;
    }
  for (const Namespace* comp : comprehension_scopes)
    for (auto& [k, v] : comp->entries()) out.emplace_back(k, v.get());
  return out;
}

std::string Interp::format_exception(ExceptionObject* exc) {
  return format_traceback(*this, exc, source_, filename_, file_text_);
}

namespace {
Interp* g_running = nullptr;
unsigned long long g_run_serial = 0;

// Sets Interp::running() and the list that new containers join (NOTE [Cycles at teardown]) for
// the extent of run(), and runs the hooks' enter and leave (InterpHooks), restoring the previous
// ones (nested runs).
struct RunningScope {
  Interp* saved;
  TrackLink* saved_tracking;
  const std::vector<InterpHooks>& hooks;
  std::vector<const void*> saved_by_hooks;
  RunningScope(Interp* in, TrackLink* tracked, const std::vector<InterpHooks>& hooks)
      : saved(g_running), saved_tracking(g_tracking), hooks(hooks) {
    g_running = in;
    g_tracking = tracked;
    for (const InterpHooks& h : hooks) saved_by_hooks.push_back(h.enter ? h.enter(*in) : nullptr);
  }
  ~RunningScope() {
    for (size_t i = saved_by_hooks.size(); i-- > 0;)
      if (hooks[i].leave) hooks[i].leave(saved_by_hooks[i]);
    g_running = saved;
    g_tracking = saved_tracking;
  }
};

std::string source_line(const std::string& source, int line) {
  size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = source.find('\n', pos);
    if (pos == std::string::npos) return "";
    ++pos;
  }
  size_t end = source.find('\n', pos);
  std::string s = source.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  size_t b = s.find_first_not_of(" \t\r\f\v");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\f\v");
  return s.substr(b, e - b + 1);
}
}  // namespace

Interp* Interp::running() { return g_running; }

void Interp::warn(const std::string& category, const std::string& message, const WarningSite* site) {
  std::string file = site ? site->filename : filename_;
  int line = site ? site->line : (frame_ ? frame_->line : 0);
  if (!warned_.emplace(file, line, category, message).second) return;
  std::string text = file + ":" + std::to_string(line) + ": " + category + ": " + message + "\n";
  std::string src = site ? site->source_line : source_line(file_text_.empty() ? source_ : file_text_, line);
  if (!src.empty()) text += "  " + src + "\n";
  write_stderr(text);
}

RunResult Interp::run(std::string_view source, std::string_view filename) {
  RunResult result;
  RunningScope running(this, &tracked_, hooks_);
  run_serial_ = ++g_run_serial;
  warned_.clear();
  file_text_ = std::string(source);
  if (file_text_.compare(0, 3, "\xEF\xBB\xBF") == 0) file_text_.erase(0, 3);  // a UTF-8 byte-order mark, as CPython
  source_ = drop_after_nul(file_text_);                                       // NOTE [NUL bytes in the source]
  if (source_.size() == file_text_.size()) file_text_.clear();
  filename_ = std::string(filename);
  // Compile-time SyntaxWarnings, as the warnings module shows them (the file's line), each one:
  // the compiler warns with no registry to remember them by.
  auto syntax_warnings = [&](const std::vector<CompileWarning>& warnings) {
    for (const CompileWarning& w : warnings) {
      std::string line = source_line(file_text_.empty() ? source_ : file_text_, w.line);
      write_stderr(filename_ + ":" + std::to_string(w.line) + ": SyntaxWarning: " + w.message + "\n" +
                   (line.empty() ? "" : "  " + line + "\n"));
    }
  };
  try {
    module_ = parse_module(source_);
    syntax_warnings(module_->warnings);
  } catch (const SyntaxErrorException& e) {
    syntax_warnings(e.info().warnings);
    result.exit_code = 1;
    result.error_text = format_syntax_error(e.info(), source_, filename_, file_text_);
    return result;
  }
  main_ = Ref<ModuleObject>(new ModuleObject("__main__"));
  main_->dict_.set("__name__", make_str("__main__"));
  modules_["__main__"] = main_;
  Frame frame;
  frame.name = "<module>";
  frame.globals = &main_->dict_;
  frame_ = &frame;
  start_time_ = std::chrono::steady_clock::now();
  steps_ = 0;
  c_levels_ = 0;
  support::deadline().arm(limits_.max_seconds);
  support::clear_stop_in_flight();
  // Nothing but this result leaves run(): formatting the traceback runs the program's own code too
  // (an exception's __str__), which may pass a limit in its turn.
  auto stop = [&](int code, std::string text) {
    result.exit_code = code;
    result.error_text = std::move(text);
  };
  try {
    try {
      Evaluator ev(*this, frame);
      if (module_->has_annotations) main_->dict_.set("__annotations__", ObjRef(new DictObject()));
      ev.exec_block(module_->body);
    } catch (const PyError& e) { stop(1, format_exception(e.exc.get())); }
    close_at_exit(main_->dict_);
  } catch (const LimitExceeded& e) {
    stop(2, std::string("stridelab: ") + e.what() + "\n");
  } catch (const std::bad_alloc&) { stop(2, "stridelab: out of memory\n"); } catch (const std::length_error&) {
    stop(2, "stridelab: out of memory\n");
  } catch (const PyError&) {  // not raised outside the evaluator; kept as a safety net
    stop(1, "stridelab: an exception was raised while its traceback was being formatted\n");
  } catch (const std::exception& e) { stop(2, std::string("stridelab: internal error: ") + e.what() + "\n"); }
  support::deadline().disarm();
  support::clear_stop_in_flight();
  handling_.clear();
  frame_ = nullptr;
  return result;
}

}  // namespace stridelab::python
