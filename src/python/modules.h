// The standard modules beyond math and time, one file each (module_*.cpp); modules.cpp
// registers them all.
#pragma once
#include "python/interp.h"

namespace stridelab::python {

void register_random_module(Interp& in);
void register_itertools_module(Interp& in);
void register_functools_module(Interp& in);
void register_misc_modules(Interp& in);  // string, os and os.path
void register_contextlib_module(Interp& in);
void register_dataclasses_module(Interp& in);
ObjRef collections_deque();  // the collections.deque class (deque.cpp)

}  // namespace stridelab::python
