// The dunder methods of the built-in types (`list.__len__`, `int.__add__`, `dict.__getitem__`):
// what a subclass of list, dict, tuple, str, int or float inherits (NOTE [Slots of the built-in
// types] in builtin_slots.cpp).
#pragma once
#include <string>

#include "python/object.h"

namespace stridelab::python {

// Puts the dunder methods into the built-in types and makes their constructors give a user
// subclass an object of its own, with an instance dict (once, after the builtins' constructors).
void install_builtin_slots();
// The type of `o` as the program sees it: its own, also while one of those methods runs with it
// given its base type (for the trace, which must not see that; NOTE [Slots of the built-in types]).
TypeObject* shown_type(const Object* o);
// Whether any object is given its base type now (when none is, shown_type(o) is o->type()).
bool any_shown_as_base();
// Whether `fn` is one of those methods.
bool is_builtin_slot(const Object* fn);
// CPython's repr of such a method: `<slot wrapper '__add__' of 'int' objects>`, bound to `self`
// `<method-wrapper '__len__' of list object at 0x...>`; empty when `fn` is not one.
std::string slot_repr(const Object* fn, const Object* self);

}  // namespace stridelab::python
