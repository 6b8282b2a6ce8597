// The bases of a class statement (NOTE [Method resolution order] in class_mro.cpp).
#pragma once
#include <vector>

#include "python/object.h"

namespace stridelab::python {

// __base__ of a class with these bases; raises CPython's "multiple bases have instance lay-out
// conflict" when two of them have unrelated native layouts.
TypeObject* best_base(const std::vector<TypeObject*>& bases);
// The C3 linearization of the bases (the class's __mro__ without the class itself), or CPython's
// TypeError for a duplicate base or an order that does not exist.
std::vector<TypeObject*> linearize(const std::vector<TypeObject*>& bases);
// Gives a class made with `new TypeObject(name, base)` its full bases and MRO.
void set_bases(TypeObject* cls, const std::vector<TypeObject*>& bases, const std::vector<TypeObject*>& mro);

}  // namespace stridelab::python
