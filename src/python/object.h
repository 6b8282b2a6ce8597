// The object model: every Python value is an Object with an intrusive reference count and a
// type. Ref<T> owns one reference; an object is deleted the moment its count reaches zero, as in
// CPython, so id() (the object's address) can be handed to the next object of the same size.
//
// NOTE [ When temporaries die ]
// The evaluator holds each intermediate value in a Ref that lives exactly as long as CPython's
// value stack keeps it: call arguments die when the call returns, an expression statement's value
// dies at the end of the statement, the old value of a rebound name dies after the new one is
// stored. `id(a.data) == id(b.data)` is True for that reason: the first temporary is freed
// before the second is allocated, and malloc hands its block back.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "python/ast.h"
#include "support/callback.h"
#include "support/free_list.h"

namespace stridelab::python {

class Interp;
class TypeObject;

// NOTE [Cycles at teardown]
// Reference counting frees an object the moment its last reference goes, as CPython does, but
// never frees objects that refer to each other in a cycle (`a.me = a`, a recursive closure, a
// class attribute holding an instance of the class); CPython's cycle collector frees those at a
// moment of its own choosing. The playground keeps every free it can show at CPython's moment and
// frees cycles when the interpreter is destroyed: each mutable container made while an interpreter
// runs (list, dict, instance, function, closure cell, module, exception, class, and the binding's
// tensors, nn.Modules and optimizers, which have a __dict__) is tracked on that interpreter's list,
// and ~Interp clears them all (clear_refs, CPython's tp_clear). That breaks every cycle, since a
// cycle of immutable objects alone cannot be built, and the objects then go as reference counting
// frees them. Nothing made outside a run is tracked: native types, cached constants and the other
// process-lifetime objects serve every interpreter and are never cleared.
struct TrackLink {
  TrackLink* track_prev_ = nullptr;
  TrackLink* track_next_ = nullptr;
};
// The running interpreter's list (a circular list through its head), or null outside a run.
inline TrackLink* g_tracking = nullptr;

class Object : public TrackLink {
 public:
  explicit Object(TypeObject* type);
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object();

  // Puts a mutable container on the running interpreter's list (NOTE [Cycles at teardown]); called
  // by the constructors of the types that can close a cycle. Nothing happens outside a run.
  void track() {
    TrackLink* head = g_tracking;
    if (!head || track_next_) return;
    track_prev_ = head;
    track_next_ = head->track_next_;
    head->track_next_->track_prev_ = this;
    head->track_next_ = this;
  }
  void untrack() {
    if (!track_next_) return;
    track_prev_->track_next_ = track_next_;
    track_next_->track_prev_ = track_prev_;
    track_prev_ = track_next_ = nullptr;
  }
  // Drops every reference this object holds to other objects (at teardown only): by default the
  // instance dict; containers with more clear that too.
  virtual void clear_refs();
  // A finalizer (PEP 442's tp_finalize): when the last reference goes and needs_finalize() says
  // so, finalize() runs once with the object alive again (its count at 1) before it is freed; if
  // the finalizer stored a new reference somewhere, the object lives on. A generator suspended in
  // a `try` runs its `finally` this way (NOTE [Generators]).
  virtual bool needs_finalize() const { return false; }
  virtual void finalize() {}

  // Objects come from the free lists (NOTE [Free lists] in support/free_list.h): an object's
  // address, its id(), is the next one of its size after it is freed, as with malloc.
  static void* operator new(size_t bytes) { return support::free_list::g_objects.allocate(bytes); }
  static void operator delete(void* p, size_t bytes) { support::free_list::g_objects.deallocate(p, bytes); }

  TypeObject* type() const { return type_; }
  // Replaces the type (a user subclass of a native type gets the native object first).
  void set_type(TypeObject* type);
  void incref() { ++refcount_; }
  void decref() {
    if (--refcount_ == 0) destroy();
  }
  int64_t refcount() const { return refcount_; }
  // Attribute storage of the instance (`obj.__dict__`), or null when it has none.
  virtual class Namespace* instance_dict() { return nullptr; }

 private:
  int64_t refcount_ = 0;
  TypeObject* type_;
  // Deletes the object; past a depth of nested deletions (a million-deep list freeing its item,
  // which frees its item, ...) the deletion waits in a trashcan that the outermost one empties, as
  // CPython's trashcan does, so freeing never recurses deeper than that.
  void destroy();
};

// An owning pointer: one reference to an Object (or subclass).
template <class T>
class Ref {
 public:
  Ref() = default;
  Ref(std::nullptr_t) {}
  Ref(T* p) : p_(p) {  // NOLINT: implicit, like CPython's Py_NewRef
    if (p_) p_->incref();
  }
  Ref(const Ref& o) : Ref(o.p_) {}
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  Ref(const Ref<U>& o) : Ref(o.get()) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  Ref(Ref<U>&& o) noexcept : p_(o.release()) {}
  ~Ref() {
    if (p_) p_->decref();
  }
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  T* release() {
    T* p = p_;
    p_ = nullptr;
    return p;
  }
  void reset() { *this = Ref(); }

 private:
  T* p_ = nullptr;
};

using ObjRef = Ref<Object>;

// Positional and keyword arguments of a call. For a method, pos[0] is self.
struct CallArgs {
  std::vector<ObjRef> pos;
  std::vector<std::pair<std::string, ObjRef>> kw;
};

// The C++ side of built-ins, kept as support::Callback (NOTE [Callbacks without a vtable per lambda]).
using NativeFn = support::Callback<ObjRef(Interp&, CallArgs&)>;
using NativeGetter = support::Callback<ObjRef(Interp&, Object* self)>;
using NativeSetter = support::Callback<void(Interp&, Object* self, ObjRef value)>;
// Makes an instance for `cls` (the native type itself or a user subclass) before __init__ runs.
using NativeNew = support::Callback<ObjRef(Interp&, TypeObject* cls, CallArgs&)>;

// Names to values in insertion order: module globals, class bodies, instance attributes.
//
// NOTE [Name caches]
// A name's node remembers where it was last found (NameCache, in ast.h): the namespace's layout
// and the entry's index. The layout is a stamp, a number taken from one counter that only goes up,
// so no other namespace ever has it; it is replaced whenever an entry is added or removed, so
// while it is unchanged the index still holds the name (a rebinding only replaces the value). A
// loop body then reads and rebinds its globals without hashing. The version is a stamp replaced
// on every change, values too: type lookups are cached by it (TypeObject::lookup).
class Namespace {
 public:
  Namespace() : layout_(next_stamp()), version_(layout_) {}
  Namespace(const Namespace& o) : entries_(o.entries_), index_(o.index_), layout_(next_stamp()), version_(layout_) {}
  Namespace& operator=(const Namespace& o) {
    entries_ = o.entries_;
    index_ = o.index_;
    layout_ = version_ = next_stamp();
    return *this;
  }

  Object* get(std::string_view name) const;
  void set(std::string_view name, ObjRef value);
  bool erase(std::string_view name);
  size_t size() const { return entries_.size(); }
  const std::vector<std::pair<std::string, ObjRef>>& entries() const { return entries_; }
  void clear();

  // get/set through a cache kept by the caller for this name (NOTE [Name caches]).
  Object* get(std::string_view name, NameCache& cache) const;
  void set(std::string_view name, ObjRef value, NameCache& cache);
  uint64_t layout() const { return layout_; }
  uint64_t version() const { return version_; }
  // The index of `name`, or -1.
  long index_of(std::string_view name) const;
  Object* value_at(size_t index) const { return entries_[index].second.get(); }

 private:
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  static uint64_t next_stamp() {
    static uint64_t last = 0;
    return ++last;
  }
  std::vector<std::pair<std::string, ObjRef>> entries_;
  std::unordered_map<std::string, size_t, NameHash, std::equal_to<>> index_;
  uint64_t layout_, version_;
};

class TypeObject : public Object {
 public:
  TypeObject(std::string name, TypeObject* base, std::string module = "builtins");
  ~TypeObject() override;
  void clear_refs() override { dict_.clear(); }  // a class statement's class (tracked by exec_classdef)
  std::string name_;
  std::string module_;
  // __qualname__ when it differs from name_ ("f.<locals>.D", "C.N"); empty for the others.
  std::string qualname_;
  // The name CPython's own messages use ("'torch.Size' object is not callable"): for a type
  // written in C, its dotted tp_name; empty for the others, whose messages use name_.
  std::string c_name_;
  TypeObject* base_;  // __base__: null only for `object`
  // __bases__ (each holds a reference; empty only for `object`) and __mro__ (this type first, then
  // the C3 linearization of the bases; NOTE [Method resolution order] in class_mro.cpp).
  std::vector<TypeObject*> bases_, mro_;
  Namespace dict_;
  NativeNew new_;  // set on native types whose instances are not plain InstanceObjects
  bool is_user_ = false;

  // Finds `name` on this type or along its MRO.
  Object* lookup(std::string_view name) const;
  bool is_subtype_of(const TypeObject* other) const;
  // The nearest type (self or a base) that has a native `new_`.
  const TypeObject* native_base() const;
  // "int", or "__main__.A" style names where CPython shows the module ("<class '__main__.A'>",
  // "<class '__main__.f.<locals>.D'>"), from __module__ and __qualname__.
  std::string qualified_name() const;
  const std::string& qualname() const { return qualname_.empty() ? name_ : qualname_; }
};

// ---- built-in value types ----

class NoneObject : public Object {
 public:
  NoneObject();
};

class IntObject : public Object {
 public:
  IntObject(int64_t v, TypeObject* type = nullptr);
  int64_t value_;
};

class FloatObject : public Object {
 public:
  explicit FloatObject(double v);
  double value_;
};

class StrObject : public Object {
 public:
  explicit StrObject(std::string v);
  std::string value_;
};

class ListObject : public Object {
 public:
  ListObject();
  explicit ListObject(std::vector<ObjRef> items);
  void clear_refs() override;
  std::vector<ObjRef> items_;
};

class TupleObject : public Object {
 public:
  explicit TupleObject(std::vector<ObjRef> items, TypeObject* type = nullptr);
  std::vector<ObjRef> items_;
};

// A dict: insertion-ordered, any hashable key.
class DictObject : public Object {
 public:
  DictObject();
  Object* get(Interp& in, Object* key) const;
  void set(Interp& in, ObjRef key, ObjRef value);
  bool erase(Interp& in, Object* key);
  size_t size() const { return count_; }
  // Live entries in insertion order (erased ones are skipped).
  std::vector<std::pair<ObjRef, ObjRef>> items() const;
  void clear();
  void clear_refs() override { clear(); }
  // For iterators: the position of the first live entry at or after `pos`, or -1 (positions of
  // live entries stay put until clear()), and that entry's key and value.
  long next_live(size_t pos) const;
  const ObjRef& key_at(size_t pos) const { return entries_[pos].key; }
  const ObjRef& value_at(size_t pos) const { return entries_[pos].value; }

 private:
  struct Entry {
    ObjRef key, value;
    int64_t hash;
  };
  std::vector<Entry> entries_;  // erased entries have a null key
  std::unordered_multimap<int64_t, size_t> index_;
  size_t count_ = 0;
  long find(Interp& in, Object* key, int64_t hash) const;
};

class RangeObject : public Object {
 public:
  RangeObject(int64_t start, int64_t stop, int64_t step);
  int64_t start_, stop_, step_;
  int64_t length() const;
};

class SliceObject : public Object {
 public:
  SliceObject(ObjRef start, ObjRef stop, ObjRef step);
  ObjRef start_, stop_, step_;
};

class EllipsisObject : public Object {
 public:
  EllipsisObject();
};

class NotImplementedObject : public Object {
 public:
  NotImplementedObject();
};

// An iterator: next() gives the following item, or null when exhausted.
class IteratorObject : public Object {
 public:
  explicit IteratorObject(TypeObject* type = nullptr);
  virtual ObjRef next(Interp& in) = 0;
};

// Iterates over a snapshot-free sequence by index (list, tuple, str) or a vector of items.
class SeqIterator : public IteratorObject {
 public:
  SeqIterator(ObjRef seq, TypeObject* type);
  ObjRef next(Interp& in) override;
  ObjRef seq_;
  size_t index_ = 0;
};

class RangeIterator : public IteratorObject {
 public:
  explicit RangeIterator(const RangeObject& r);
  ObjRef next(Interp& in) override;
  int64_t cur_, step_, remaining_;
};

// Wraps a Python-level iterator object (one with __next__).
class CallIterator : public IteratorObject {
 public:
  explicit CallIterator(ObjRef target);
  ObjRef next(Interp& in) override;
  ObjRef target_;
};

// A plain vector of items handed out in order (reversed(), a native generator such as parameters()).
class VectorIterator : public IteratorObject {
 public:
  VectorIterator(std::vector<ObjRef> items, TypeObject* type);
  ObjRef next(Interp& in) override;
  std::vector<ObjRef> items_;
  size_t index_ = 0;
  std::string qualname_ = "<genexpr>";  // a generator's name in its repr ("Module.parameters")
};

// A function's local variables, one slot per name of its ScopeInfo, and the enclosing function's
// environment for closures. Shared by the frame and by the closures it creates.
class Env : public Object {
 public:
  Env(const ScopeInfo* scope, Ref<Env> parent);
  void clear_refs() override;
  const ScopeInfo* scope_;
  Ref<Env> parent_;
  std::vector<ObjRef> slots_;
  int slot_of(const std::string& name) const;
};

class FunctionObject : public Object {
 public:
  FunctionObject();
  void clear_refs() override;
  // The code's name and qualified name: what tracebacks and argument errors show.
  std::string name_, qualname_;
  // __name__ and __qualname__ once the program assigned them (functools.wraps does); null until then.
  ObjRef name_attr_, qualname_attr_;
  // __qualname__ as a str, for reprs.
  std::string shown_qualname() const;
  ObjRef annotations_;                    // __annotations__: a dict, made when first read if the def has none
  const FunctionDefStmt* def_ = nullptr;  // one of def_ / lambda_
  const LambdaExpr* lambda_ = nullptr;
  Ref<Env> closure_;  // the defining function's env (null at module level)
  // The variables of the comprehensions it was made in, innermost last (NOTE [Comprehension
  // closures] in eval.cpp).
  std::vector<std::shared_ptr<Namespace>> comp_scopes_;
  // How many enclosing functions lie between it and those comprehensions: 0 for a function made in
  // one, 1 for a function made inside that function, ... (their names are read after as many
  // enclosing scopes).
  int comp_depth_ = 0;
  Namespace* globals_ = nullptr;
  std::vector<ObjRef> defaults_, kw_defaults_;
  TypeObject* defining_class_ = nullptr;  // for zero-argument super()
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
  const Arguments& args() const { return def_ ? def_->args : lambda_->args; }
  const ScopeInfo& scope() const { return def_ ? def_->scope : lambda_->scope; }
};

class BuiltinFunctionObject : public Object {
 public:
  BuiltinFunctionObject(std::string name, NativeFn fn, ObjRef self = nullptr);
  std::string name_;
  NativeFn fn_;
  ObjRef self_;  // bound receiver for builtin methods (`[].append`)
};

class BoundMethodObject : public Object {
 public:
  BoundMethodObject(ObjRef self, ObjRef func);
  ObjRef self_, func_;
};

class PropertyObject : public Object {
 public:
  PropertyObject(NativeGetter getter, NativeSetter setter);
  NativeGetter getter_;
  NativeSetter setter_;  // null for read-only
};

// An instance of a user class with no native base.
class InstanceObject : public Object {
 public:
  explicit InstanceObject(TypeObject* type);
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
};

class ModuleObject : public Object {
 public:
  explicit ModuleObject(std::string name);
  std::string name_;
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
};

// super() bound to a class and an instance.
class SuperObject : public Object {
 public:
  SuperObject(TypeObject* cls, ObjRef self);
  TypeObject* cls_;
  ObjRef self_;
};

// One line of a traceback: the function and the part of the line that was executing.
struct TracebackEntry {
  std::string func;
  Pos pos;
  int marker_kind = 0;                    // 0: plain span, 1: BinOp anchors, 2: Subscript anchors
  int anchor_left = 0, anchor_right = 0;  // columns of the `^` part when marker_kind != 0
  // A frame of a library's own Python code that a native function stands for (PyTorch's
  // torch/autograd/__init__.py, nn/modules/module.py, ...): printed as `File "<file>", line
  // <pos.line>, in <func>` followed by `text` (its source line and markers, as CPython prints
  // them, each line ending in "\n"). Empty for the program's own frames.
  std::string file;
  std::string text;
};

class ExceptionObject : public Object {
 public:
  explicit ExceptionObject(TypeObject* type);
  void clear_refs() override;
  Ref<TupleObject> args_;
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
  std::vector<TracebackEntry> traceback_;  // innermost first
  const void* traceback_frame_ = nullptr;  // the frame that added the last entry
  Ref<ExceptionObject> context_, cause_;
  bool suppress_context_ = false;
};

// A Python exception in flight through C++ code.
struct PyError {
  Ref<ExceptionObject> exc;
};

// ---- the built-in types, created once ----
struct BuiltinTypes {
  TypeObject *object, *type, *none, *bool_, *int_, *float_, *str, *list, *tuple, *dict, *range, *slice, *ellipsis,
      *not_implemented, *function, *builtin_function, *method, *property, *module, *super, *list_iterator,
      *tuple_iterator, *str_iterator, *range_iterator, *iterator, *zip, *enumerate, *env, *generator,
      *list_reverseiterator, *reversed, *dict_reversekeyiterator;
  TypeObject *base_exception, *exception, *runtime_error, *not_implemented_error, *recursion_error, *lookup_error,
      *index_error, *key_error, *type_error, *value_error, *arithmetic_error, *zero_division_error, *overflow_error,
      *name_error, *unbound_local_error, *attribute_error, *assertion_error, *stop_iteration, *import_error,
      *module_not_found_error, *syntax_error, *memory_error;
};
BuiltinTypes make_builtin_types();
inline const BuiltinTypes& builtin_types() {
  static const BuiltinTypes types = make_builtin_types();
  return types;
}

// Shared immortal values.
Object* none();
Object* true_obj();
Object* false_obj();
Object* ellipsis();
Object* not_implemented();
inline Object* bool_obj(bool b) { return b ? true_obj() : false_obj(); }

ObjRef make_int(int64_t v);  // -5..256 are cached, as in CPython
ObjRef make_float(double v);
ObjRef make_str(std::string v);
Ref<TupleObject> make_tuple(std::vector<ObjRef> items);
Ref<ListObject> make_list(std::vector<ObjRef> items);

template <class T>
T* as(Object* o) {
  return static_cast<T*>(o);
}
inline bool is_type(const Object* o, const TypeObject* t) { return o->type() == t; }
bool is_instance(const Object* o, const TypeObject* t);
inline bool is_int(const Object* o) { return o->type() == builtin_types().int_ || o->type() == builtin_types().bool_; }
inline bool is_str(const Object* o) { return o->type() == builtin_types().str; }

}  // namespace stridelab::python
