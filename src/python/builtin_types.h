// Built-in types beyond the core values of object.h (builtin_types.cpp).
#pragma once
#include "python/object.h"

namespace stridelab::python {

enum class DictView { Keys, Values, Items };
// d.keys(), d.values(), d.items(): live views printed as dict_keys([...]).
ObjRef make_dict_view(Ref<DictObject> dict, DictView kind);
// iter(d), iter(d.keys()), ...: walks the dict itself, and raises CPython's RuntimeError when the
// dict changed size (or its keys changed) between two steps.
Ref<IteratorObject> make_dict_iterator(Ref<DictObject> dict, DictView kind);
// staticmethod(fn), or classmethod(fn) when bind_class: how a built-in type's dict holds a
// function called through the class (str.maketrans, dict.fromkeys).
ObjRef make_method_wrapper(ObjRef fn, bool bind_class);
// Adds map, filter, property, staticmethod, classmethod, set and frozenset (set.h) to the
// builtins namespace.
void install_builtin_types(Namespace& ns);

}  // namespace stridelab::python
