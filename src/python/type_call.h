// type(name, bases, dict) (type_call.cpp).
#pragma once
#include "python/object.h"

namespace stridelab::python {

// A new class's attributes that have __set_name__ (property, descriptors): __set_name__(cls, name).
void call_set_name(Interp& in, TypeObject* cls, const Namespace& ns);
// What CPython does to a class body's namespace before the class is made: `__hash__` is None
// beside an `__eq__` of its own, a `__new__` function becomes a staticmethod and
// `__init_subclass__` and `__class_getitem__` classmethods.
void prepare_class_namespace(Namespace& ns);
// A new class's parent's __init_subclass__, with the class statement's keywords (object's takes
// none: CPython's "C.__init_subclass__() takes no keyword arguments").
void call_init_subclass(Interp& in, TypeObject* cls, std::vector<std::pair<std::string, ObjRef>> keywords);
// The class that `type(name, bases, dict)` makes, with CPython's TypeErrors for bad arguments.
ObjRef make_class_from_dict(Interp& in, CallArgs& a);

}  // namespace stridelab::python
