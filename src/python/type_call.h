// type(name, bases, dict) (type_call.cpp).
#pragma once
#include "python/object.h"

namespace stridelab::python {

// A new class's attributes that have __set_name__ (property, descriptors): __set_name__(cls, name).
void call_set_name(Interp& in, TypeObject* cls, const Namespace& ns);
// The class that `type(name, bases, dict)` makes, with CPython's TypeErrors for bad arguments.
ObjRef make_class_from_dict(Interp& in, CallArgs& a);

}  // namespace stridelab::python
