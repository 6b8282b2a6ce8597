// type(name, bases, dict) (type_call.cpp).
#pragma once
#include "python/object.h"

namespace stridelab::python {

// A new class's attributes that have __set_name__ (property, descriptors): __set_name__(cls, name).
void call_set_name(Interp& in, TypeObject* cls, const Namespace& ns);
// What CPython does to a class body's namespace before the class is made: `__hash__` is None
// beside an `__eq__` of its own, and a `__new__` function becomes a staticmethod.
void prepare_class_namespace(Namespace& ns);
// The class that `type(name, bases, dict)` makes, with CPython's TypeErrors for bad arguments.
ObjRef make_class_from_dict(Interp& in, CallArgs& a);

}  // namespace stridelab::python
