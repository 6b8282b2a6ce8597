// Runtime operations on objects, shared by the evaluator, the builtins and native bindings:
// the Python data model (repr, str, truth, equality, hashing, arithmetic with __radd__-style
// fallbacks, attributes, items, calls, iteration) with CPython's error messages.
#pragma once
#include <string>
#include <string_view>

#include "python/object.h"

namespace stridelab::python {

[[noreturn]] void raise(TypeObject* type, std::string message);
[[noreturn]] void raise_object(Interp& in, ObjRef exc);  // `raise X` for a class or instance
Ref<ExceptionObject> new_exception(TypeObject* type, std::vector<ObjRef> args);

std::string type_name(const Object* o);  // "int", "Tensor", the class name
std::string repr(Interp& in, Object* o);
std::string str(Interp& in, Object* o);
std::string format_value(Interp& in, Object* o, const std::string& spec);  // format(o, spec)
bool truthy(Interp& in, Object* o);
bool equals(Interp& in, Object* a, Object* b);
int64_t hash_of(Interp& in, Object* o);

ObjRef binary_op(Interp& in, BinOpKind op, Object* a, Object* b);
ObjRef inplace_op(Interp& in, BinOpKind op, Object* a, Object* b);  // `a op= b`
ObjRef unary_op(Interp& in, UnaryOpKind op, Object* a);
ObjRef compare(Interp& in, CmpOpKind op, Object* a, Object* b);
// The built-in part of `a op b` and of a comparison alone (int, float, str, list, tuple, dict, ...),
// no dunder method consulted: null when it does not apply (NOTE [Slots of the built-in types]).
ObjRef builtin_binary_op(Interp& in, BinOpKind op, Object* a, Object* b);
ObjRef builtin_compare(Interp& in, CmpOpKind op, Object* a, Object* b);
bool contains(Interp& in, Object* container, Object* item);

ObjRef get_attr(Interp& in, Object* o, std::string_view name);
ObjRef docstring(const StmtList& body);                                 // the body's docstring, or None
ObjRef get_attr_or_null(Interp& in, Object* o, std::string_view name);  // null on AttributeError
void set_attr(Interp& in, Object* o, std::string_view name, ObjRef value);
void del_attr(Interp& in, Object* o, std::string_view name);
// Looks `name` up on the type of `self` and calls it with self first; null if absent.
ObjRef call_special(Interp& in, Object* self, const char* name, CallArgs& args, bool* found = nullptr);
ObjRef call_method(Interp& in, Object* self, std::string_view name, CallArgs& args);

ObjRef get_item(Interp& in, Object* o, Object* key);
void set_item(Interp& in, Object* o, Object* key, ObjRef value);
void del_item(Interp& in, Object* o, Object* key);

ObjRef call(Interp& in, Object* callable, CallArgs& args);
ObjRef call0(Interp& in, Object* callable);
ObjRef call1(Interp& in, Object* callable, ObjRef arg);

Ref<IteratorObject> get_iter(Interp& in, Object* o);
std::vector<ObjRef> to_vector(Interp& in, Object* iterable);
int64_t length(Interp& in, Object* o);

// Numeric conversions with CPython's TypeErrors.
int64_t to_index(Interp& in, Object* o);  // __index__
double to_double(Interp& in, Object* o);  // float(o) for int/float/bool and __float__
bool is_number(const Object* o);          // int, bool or float

// Normalizes a Python index into [0, size) or raises IndexError(message).
int64_t normalize_index(int64_t i, int64_t size, const char* message);
// The (start, stop, step, count) a slice selects from a sequence of `size` items.
struct SliceBounds {
  int64_t start, stop, step, count;
};
SliceBounds slice_bounds(Interp& in, const SliceObject& s, int64_t size);

// Arithmetic helpers that raise OverflowError beyond 64 bits.
int64_t checked_add(int64_t a, int64_t b);
int64_t checked_mul(int64_t a, int64_t b);
ObjRef int_pow(Interp& in, int64_t base, int64_t exp);

}  // namespace stridelab::python
