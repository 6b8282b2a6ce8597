#include "python/object.h"

#include <algorithm>
#include <cstring>

#include "python/free_notice.h"
#include "python/protocol.h"
#include "support/budget.h"

namespace stridelab::python {

Object::Object(TypeObject* type) : type_(type) {
  if (type_) type_->incref();
}

Object::~Object() {
  untrack();
  if (type_) type_->decref();
}

namespace {
constexpr int kTrashcanDepth = 50;  // CPython's _PyTrash_UNWIND_LEVEL
thread_local int g_deleting = 0;
thread_local std::vector<Object*> g_trashcan;
}  // namespace

void Object::destroy() {
  if (needs_finalize()) {
    refcount_ = 1;
    finalize();
    if (--refcount_ > 0) return;  // the finalizer kept it
  }
  if (g_deleting >= kTrashcanDepth) {
    g_trashcan.push_back(this);
    return;
  }
  ++g_deleting;
  if (g_free_observer) g_free_observer->on_free(this);
  delete this;
  --g_deleting;
  if (g_deleting == 0 && !g_trashcan.empty()) {
    ++g_deleting;  // the deletions below defer their own deep ones to this same loop
    while (!g_trashcan.empty()) {
      Object* o = g_trashcan.back();
      g_trashcan.pop_back();
      g_deleting = 1;
      if (g_free_observer) g_free_observer->on_free(o);
      delete o;
    }
    g_deleting = 0;
  }
}

void Object::clear_refs() {
  if (Namespace* ns = instance_dict()) ns->clear();
}

void Object::set_type(TypeObject* type) {
  if (type) type->incref();
  if (type_) type_->decref();
  type_ = type;
}

// ---- Namespace ----

Object* Namespace::get(std::string_view name) const {
  if (entries_.empty()) return nullptr;
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : entries_[it->second].second.get();
}

long Namespace::index_of(std::string_view name) const {
  if (entries_.empty()) return -1;
  auto it = index_.find(name);
  return it == index_.end() ? -1 : static_cast<long>(it->second);
}

void Namespace::set(std::string_view name, ObjRef value) {
  auto it = index_.find(name);
  if (it != index_.end()) {
    ObjRef old = std::move(entries_[it->second].second);
    entries_[it->second].second = std::move(value);
    version_ = next_stamp();
    return;  // `old` dies here, after the new value is stored
  }
  index_.emplace(std::string(name), entries_.size());
  entries_.emplace_back(std::string(name), std::move(value));
  layout_ = version_ = next_stamp();
}

Object* Namespace::get(std::string_view name, NameCache& cache) const {
  if (cache.layout == layout_ && cache.builtins_layout == 0) return entries_[cache.index].second.get();
  long at = index_of(name);
  if (at < 0) return nullptr;
  cache = NameCache{layout_, 0, static_cast<uint32_t>(at)};
  return entries_[at].second.get();
}

void Namespace::set(std::string_view name, ObjRef value, NameCache& cache) {
  if (cache.layout != layout_ || cache.builtins_layout != 0) {
    long at = index_of(name);
    if (at < 0) {
      set(name, std::move(value));
      cache = NameCache{layout_, 0, static_cast<uint32_t>(entries_.size() - 1)};
      return;
    }
    cache = NameCache{layout_, 0, static_cast<uint32_t>(at)};
  }
  ObjRef old = std::move(entries_[cache.index].second);
  entries_[cache.index].second = std::move(value);
  version_ = next_stamp();
  // `old` dies here, after the new value is stored
}

bool Namespace::erase(std::string_view name) {
  auto it = index_.find(name);
  if (it == index_.end()) return false;
  size_t at = it->second;
  auto removed = std::move(entries_[at]);
  entries_.erase(entries_.begin() + static_cast<long>(at));
  index_.erase(it);
  for (auto& [k, i] : index_)
    if (i > at) --i;
  layout_ = version_ = next_stamp();
  return true;
}

void Namespace::clear() {
  auto old = std::move(entries_);
  entries_.clear();
  index_.clear();
  layout_ = version_ = next_stamp();
  // Release in reverse insertion order, as CPython clears a module dict at exit.
  while (!old.empty()) old.pop_back();
}

// ---- TypeObject ----

TypeObject::TypeObject(std::string name, TypeObject* base, std::string module)
    : Object(nullptr), name_(std::move(name)), module_(std::move(module)), base_(base) {
  mro_.push_back(this);
  if (!base_) return;
  base_->incref();
  bases_.push_back(base_);
  mro_.insert(mro_.end(), base_->mro_.begin(), base_->mro_.end());
}

TypeObject::~TypeObject() {
  for (TypeObject* b : bases_) b->decref();
}

// NOTE [Type lookup cache]
// Every operator, method call and attribute read looks a name up along a type's bases (`__add__`,
// `__getattr__`, `t`), most of them a name the type does not have. Results, found or not, are kept
// in a small direct-mapped cache keyed by the type and the name, and stamped with the newest
// version among the dicts along the bases (NOTE [Name caches]): a change to any of those dicts,
// or a new type at a freed one's address, gives a newer stamp, so a stale entry never matches.
namespace {
struct TypeLookupEntry {
  const TypeObject* type = nullptr;
  uint64_t stamp = 0;
  Object* value = nullptr;  // borrowed from the dict, which has not changed since
  uint8_t length = 0;
  char name[39] = {};
};
constexpr size_t kTypeLookupEntries = 512;
TypeLookupEntry g_type_lookups[kTypeLookupEntries];
}  // namespace

Object* TypeObject::lookup(std::string_view name) const {
  uint64_t stamp = 0;
  for (const TypeObject* t : mro_) stamp = std::max(stamp, t->dict_.version());
  const size_t slot =
      ((reinterpret_cast<uintptr_t>(this) >> 4) ^ (reinterpret_cast<uintptr_t>(name.data()) >> 3) ^ name.size()) %
      kTypeLookupEntries;
  TypeLookupEntry& e = g_type_lookups[slot];
  if (e.type == this && e.stamp == stamp && e.length == name.size() &&
      std::memcmp(e.name, name.data(), name.size()) == 0)
    return e.value;
  Object* found = nullptr;
  for (size_t i = 0; i < mro_.size() && !found; ++i) found = mro_[i]->dict_.get(name);
  if (name.size() <= sizeof e.name) {
    e.type = this;
    e.stamp = stamp;
    e.value = found;
    e.length = static_cast<uint8_t>(name.size());
    std::memcpy(e.name, name.data(), name.size());
  }
  return found;
}

bool TypeObject::is_subtype_of(const TypeObject* other) const {
  if (this == other || base_ == other) return true;
  for (const TypeObject* t : mro_)
    if (t == other) return true;
  return false;
}

const TypeObject* TypeObject::native_base() const {
  for (const TypeObject* t : mro_)
    if (t->new_) return t;
  return nullptr;
}

std::string TypeObject::qualified_name() const {
  if (module_ == "builtins") return qualname();
  return module_ + "." + qualname();
}

bool is_instance(const Object* o, const TypeObject* t) { return o->type()->is_subtype_of(t); }

// ---- value types ----

NoneObject::NoneObject() : Object(builtin_types().none) {}
IntObject::IntObject(int64_t v, TypeObject* type) : Object(type ? type : builtin_types().int_), value_(v) {}
FloatObject::FloatObject(double v) : Object(builtin_types().float_), value_(v) {}
StrObject::StrObject(std::string v) : Object(builtin_types().str), value_(std::move(v)) {}
ListObject::ListObject() : Object(builtin_types().list) { track(); }
ListObject::ListObject(std::vector<ObjRef> items) : Object(builtin_types().list), items_(std::move(items)) { track(); }
TupleObject::TupleObject(std::vector<ObjRef> items, TypeObject* type)
    : Object(type ? type : builtin_types().tuple), items_(std::move(items)) {}
DictObject::DictObject() : Object(builtin_types().dict) { track(); }
RangeObject::RangeObject(int64_t start, int64_t stop, int64_t step)
    : Object(builtin_types().range), start_(start), stop_(stop), step_(step) {}
SliceObject::SliceObject(ObjRef start, ObjRef stop, ObjRef step)
    : Object(builtin_types().slice), start_(std::move(start)), stop_(std::move(stop)), step_(std::move(step)) {}
EllipsisObject::EllipsisObject() : Object(builtin_types().ellipsis) {}
NotImplementedObject::NotImplementedObject() : Object(builtin_types().not_implemented) {}
IteratorObject::IteratorObject(TypeObject* type) : Object(type ? type : builtin_types().iterator) {}
SeqIterator::SeqIterator(ObjRef seq, TypeObject* type) : IteratorObject(type), seq_(std::move(seq)) {}
RangeIterator::RangeIterator(const RangeObject& r)
    : IteratorObject(builtin_types().range_iterator), cur_(r.start_), step_(r.step_), remaining_(r.length()) {}
CallIterator::CallIterator(ObjRef target) : IteratorObject(builtin_types().iterator), target_(std::move(target)) {}
VectorIterator::VectorIterator(std::vector<ObjRef> items, TypeObject* type)
    : IteratorObject(type), items_(std::move(items)) {}
Env::Env(const ScopeInfo* scope, Ref<Env> parent)
    : Object(builtin_types().env), scope_(scope), parent_(std::move(parent)), slots_(scope->locals.size()) {
  track();
}
FunctionObject::FunctionObject() : Object(builtin_types().function) { track(); }
BuiltinFunctionObject::BuiltinFunctionObject(std::string name, NativeFn fn, ObjRef self)
    : Object(builtin_types().builtin_function), name_(std::move(name)), fn_(std::move(fn)), self_(std::move(self)) {}
BoundMethodObject::BoundMethodObject(ObjRef self, ObjRef func)
    : Object(builtin_types().method), self_(std::move(self)), func_(std::move(func)) {}
PropertyObject::PropertyObject(NativeGetter getter, NativeSetter setter)
    : Object(builtin_types().property), getter_(std::move(getter)), setter_(std::move(setter)) {}
InstanceObject::InstanceObject(TypeObject* type) : Object(type) { track(); }
ModuleObject::ModuleObject(std::string name) : Object(builtin_types().module), name_(std::move(name)) { track(); }
SuperObject::SuperObject(TypeObject* cls, ObjRef self)
    : Object(builtin_types().super), cls_(cls), self_(std::move(self)) {}
ExceptionObject::ExceptionObject(TypeObject* type) : Object(type), args_(make_tuple({})) { track(); }

// ---- clearing at teardown (NOTE [Cycles at teardown]) ----
// Each takes the references out first and drops them after, so that an object freed on the way
// never sees a half-cleared container.

void ListObject::clear_refs() {
  auto items = std::move(items_);
  items_.clear();
}

void Env::clear_refs() {
  auto slots = std::move(slots_);
  slots_.assign(slots.size(), nullptr);
  Ref<Env> parent = std::move(parent_);
}

std::string FunctionObject::shown_qualname() const {
  return qualname_attr_ ? static_cast<const StrObject*>(qualname_attr_.get())->value_ : qualname_;
}

void FunctionObject::clear_refs() {
  auto defaults = std::move(defaults_), kw_defaults = std::move(kw_defaults_);
  defaults_.clear();
  kw_defaults_.clear();
  Ref<Env> closure = std::move(closure_);
  ObjRef annotations = std::move(annotations_);
  for (auto& ns : comp_scopes_) ns->clear();
  comp_scopes_.clear();
  dict_.clear();
}

void ExceptionObject::clear_refs() {
  Ref<TupleObject> args = std::move(args_);
  args_ = make_tuple({});
  Ref<ExceptionObject> context = std::move(context_), cause = std::move(cause_);
  dict_.clear();
}

int64_t RangeObject::length() const {
  if (step_ > 0 && start_ < stop_) return (stop_ - start_ + step_ - 1) / step_;
  if (step_ < 0 && start_ > stop_) return (start_ - stop_ - step_ - 1) / (-step_);
  return 0;
}

int Env::slot_of(const std::string& name) const {
  const auto& names = scope_->locals;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

ObjRef SeqIterator::next(Interp& in) {
  Object* s = seq_.get();
  if (!s) return nullptr;
  if (s->type()->is_subtype_of(builtin_types().list)) {
    auto& items = as<ListObject>(s)->items_;
    if (index_ < items.size()) return items[index_++];
  } else if (s->type()->is_subtype_of(builtin_types().tuple)) {
    auto& items = as<TupleObject>(s)->items_;
    if (index_ < items.size()) return items[index_++];
  } else if (s->type()->is_subtype_of(builtin_types().str)) {
    const std::string& v = as<StrObject>(s)->value_;
    if (index_ < v.size()) {
      size_t len = 1;
      unsigned char c = static_cast<unsigned char>(v[index_]);
      if (c >= 0xF0) len = 4;
      else if (c >= 0xE0) len = 3;
      else if (c >= 0xC0) len = 2;
      ObjRef r = make_str(v.substr(index_, len));
      index_ += len;
      return r;
    }
  }
  seq_.reset();
  return nullptr;
}

ObjRef RangeIterator::next(Interp&) {
  if (remaining_ <= 0) return nullptr;
  // `sum(range(10**12))` and `max(...)` are one native loop each (NOTE [Deadline polling]).
  support::poll_deadline();
  --remaining_;
  int64_t v = cur_;
  cur_ += step_;
  return make_int(v);
}

ObjRef VectorIterator::next(Interp&) {
  if (index_ >= items_.size()) return nullptr;
  ObjRef r = std::move(items_[index_]);
  ++index_;
  return r;
}

ObjRef CallIterator::next(Interp& in) {
  try {
    CallArgs args;
    return call_method(in, target_.get(), "__next__", args);
  } catch (const PyError& e) {
    if (is_instance(e.exc.get(), builtin_types().stop_iteration)) return nullptr;
    throw;
  }
}

// ---- DictObject ----

// An __eq__ may change the dict while it runs (add, remove, clear): as CPython's lookdict, the key
// compared is held meanwhile, and when its entry no longer holds it the search starts again.
long DictObject::find(Interp& in, Object* key, int64_t hash) const {
  for (;;) {
    std::vector<size_t> candidates;
    auto range = index_.equal_range(hash);
    for (auto it = range.first; it != range.second; ++it) candidates.push_back(it->second);
    bool changed = false;
    for (size_t at : candidates) {
      support::poll_deadline();  // many keys of one hash (NOTE [Deadline polling])
      ObjRef k = entries_[at].key;
      if (k.get() == key) return static_cast<long>(at);
      bool eq = equals(in, k.get(), key);
      if (at >= entries_.size() || entries_[at].key.get() != k.get()) {
        changed = true;
        break;
      }
      if (eq) return static_cast<long>(at);
    }
    if (!changed) return -1;
  }
}

long DictObject::next_live(size_t pos) const {
  for (; pos < entries_.size(); ++pos)
    if (entries_[pos].key) return static_cast<long>(pos);
  return -1;
}

Object* DictObject::get(Interp& in, Object* key) const {
  long at = find(in, key, hash_of(in, key));
  return at < 0 ? nullptr : entries_[at].value.get();
}

void DictObject::set(Interp& in, ObjRef key, ObjRef value) {
  int64_t h = hash_of(in, key.get());
  long at = find(in, key.get(), h);
  if (at >= 0) {
    ObjRef old = std::move(entries_[at].value);
    entries_[at].value = std::move(value);
    return;
  }
  index_.emplace(h, entries_.size());
  entries_.push_back({std::move(key), std::move(value), h});
  ++count_;
}

bool DictObject::erase(Interp& in, Object* key) {
  int64_t h = hash_of(in, key);
  long at = find(in, key, h);
  if (at < 0) return false;
  auto range = index_.equal_range(h);
  for (auto it = range.first; it != range.second; ++it)
    if (static_cast<long>(it->second) == at) {
      index_.erase(it);
      break;
    }
  Entry removed = std::move(entries_[at]);
  entries_[at].key.reset();
  --count_;
  return true;
}

std::vector<std::pair<ObjRef, ObjRef>> DictObject::items() const {
  std::vector<std::pair<ObjRef, ObjRef>> out;
  out.reserve(count_);
  for (const Entry& e : entries_)
    if (e.key) out.emplace_back(e.key, e.value);
  return out;
}

void DictObject::clear() {
  auto old = std::move(entries_);
  entries_.clear();
  index_.clear();
  count_ = 0;
}

// ---- built-in types and immortal values ----

namespace {

TypeObject* immortal_type(const char* name, TypeObject* base) {
  auto* t = new TypeObject(name, base);
  t->incref();  // never freed
  return t;
}

}  // namespace

BuiltinTypes make_builtin_types() {
  BuiltinTypes b{};
  b.object = immortal_type("object", nullptr);
  b.type = immortal_type("type", b.object);
  auto T = [&](const char* name, TypeObject* base = nullptr) { return immortal_type(name, base ? base : b.object); };
  b.none = T("NoneType");
  b.int_ = T("int");
  b.bool_ = T("bool", b.int_);
  b.float_ = T("float");
  b.str = T("str");
  b.list = T("list");
  b.tuple = T("tuple");
  b.dict = T("dict");
  b.range = T("range");
  b.slice = T("slice");
  b.ellipsis = T("ellipsis");
  b.not_implemented = T("NotImplementedType");
  b.function = T("function");
  b.builtin_function = T("builtin_function_or_method");
  b.method = T("method");
  b.property = T("property");
  b.module = T("module");
  b.super = T("super");
  b.list_iterator = T("list_iterator");
  b.tuple_iterator = T("tuple_iterator");
  b.str_iterator = T("str_ascii_iterator");
  b.range_iterator = T("range_iterator");
  b.iterator = T("iterator");
  b.list_reverseiterator = T("list_reverseiterator");
  b.reversed = T("reversed");
  b.dict_reversekeyiterator = T("dict_reversekeyiterator");
  b.zip = T("zip");
  b.enumerate = T("enumerate");
  b.env = T("cell");
  b.generator = T("generator");
  b.base_exception = T("BaseException");
  b.exception = T("Exception", b.base_exception);
  b.runtime_error = T("RuntimeError", b.exception);
  b.not_implemented_error = T("NotImplementedError", b.runtime_error);
  b.recursion_error = T("RecursionError", b.runtime_error);
  b.lookup_error = T("LookupError", b.exception);
  b.index_error = T("IndexError", b.lookup_error);
  b.key_error = T("KeyError", b.lookup_error);
  b.type_error = T("TypeError", b.exception);
  b.value_error = T("ValueError", b.exception);
  b.arithmetic_error = T("ArithmeticError", b.exception);
  b.zero_division_error = T("ZeroDivisionError", b.arithmetic_error);
  b.overflow_error = T("OverflowError", b.arithmetic_error);
  b.name_error = T("NameError", b.exception);
  b.unbound_local_error = T("UnboundLocalError", b.name_error);
  b.attribute_error = T("AttributeError", b.exception);
  b.assertion_error = T("AssertionError", b.exception);
  b.stop_iteration = T("StopIteration", b.exception);
  b.import_error = T("ImportError", b.exception);
  b.module_not_found_error = T("ModuleNotFoundError", b.import_error);
  b.syntax_error = T("SyntaxError", b.exception);
  b.memory_error = T("MemoryError", b.exception);
  for (TypeObject* t : {b.object,
                        b.type,
                        b.none,
                        b.int_,
                        b.bool_,
                        b.float_,
                        b.str,
                        b.list,
                        b.tuple,
                        b.dict,
                        b.range,
                        b.slice,
                        b.ellipsis,
                        b.not_implemented,
                        b.function,
                        b.builtin_function,
                        b.method,
                        b.property,
                        b.module,
                        b.super,
                        b.list_iterator,
                        b.tuple_iterator,
                        b.str_iterator,
                        b.range_iterator,
                        b.iterator,
                        b.list_reverseiterator,
                        b.reversed,
                        b.dict_reversekeyiterator,
                        b.zip,
                        b.enumerate,
                        b.env,
                        b.generator,
                        b.base_exception,
                        b.exception,
                        b.runtime_error,
                        b.not_implemented_error,
                        b.recursion_error,
                        b.lookup_error,
                        b.index_error,
                        b.key_error,
                        b.type_error,
                        b.value_error,
                        b.arithmetic_error,
                        b.zero_division_error,
                        b.overflow_error,
                        b.name_error,
                        b.unbound_local_error,
                        b.attribute_error,
                        b.assertion_error,
                        b.stop_iteration,
                        b.import_error,
                        b.module_not_found_error,
                        b.syntax_error,
                        b.memory_error})
    t->set_type(b.type);
  return b;
}

namespace {

template <class T>
T* immortal(T* o) {
  o->incref();
  return o;
}

}  // namespace

Object* none() {
  static Object* o = immortal(new NoneObject());
  return o;
}
Object* true_obj() {
  static Object* o = immortal(new IntObject(1, builtin_types().bool_));
  return o;
}
Object* false_obj() {
  static Object* o = immortal(new IntObject(0, builtin_types().bool_));
  return o;
}
Object* ellipsis() {
  static Object* o = immortal(new EllipsisObject());
  return o;
}
Object* not_implemented() {
  static Object* o = immortal(new NotImplementedObject());
  return o;
}

ObjRef make_int(int64_t v) {
  // A plain array, never destroyed: the immortal ints stay reachable to the end of the process
  // (LeakSanitizer checks after static destructors have run).
  static Object* small[262];
  static const bool made = [] {
    for (int64_t i = -5; i <= 256; ++i) small[i + 5] = immortal(new IntObject(i));
    return true;
  }();
  (void)made;
  if (v >= -5 && v <= 256) return ObjRef(small[static_cast<size_t>(v + 5)]);
  return ObjRef(new IntObject(v));
}

ObjRef make_float(double v) { return ObjRef(new FloatObject(v)); }
ObjRef make_str(std::string v) { return ObjRef(new StrObject(std::move(v))); }
Ref<TupleObject> make_tuple(std::vector<ObjRef> items) { return Ref<TupleObject>(new TupleObject(std::move(items))); }
Ref<ListObject> make_list(std::vector<ObjRef> items) { return Ref<ListObject>(new ListObject(std::move(items))); }

ConstantExpr::~ConstantExpr() {
  if (cached) cached->decref();
}

}  // namespace stridelab::python
