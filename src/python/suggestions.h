// "Did you mean" for an uncaught NameError or AttributeError, as CPython 3.11's traceback adds
// it: the closest name by CPython's weighted Levenshtein distance, among the frame's variables,
// the globals and the builtins (NameError), or dir(obj) (AttributeError).
#pragma once
#include <string>
#include <vector>

#include "python/object.h"

namespace stridelab::python {

struct Frame;

// The closest candidate to `name`, or "" when none is close enough (or there are 750 or more).
std::string closest_name(const std::vector<std::string>& candidates, const std::string& name);
// dir(o): its attribute names, sorted, as CPython and PyTorch list them.
std::vector<std::string> dir_names(Object* o);

// Adds a reference dir() list for a library bound into the interpreter (the torch surface adds
// PyTorch's). `key` is "module_<dotted name>" for a module, "<module>.<Type>" for a native type
// (its subclasses that have no list of their own use it too) and "<module>.<Type>.instance" for
// the names an instance of it adds; `names` is space-separated. Null `names` marks a module whose
// dir() is too long to search (dir(torch)): no suggestion is made for it.
void add_reference_names(const std::string& key, const char* names);

// A NameError for `name` raised in `frame`, carrying its name and suggestion.
[[noreturn]] void raise_name_error(const Frame& frame, Namespace& builtins, const std::string& name);
// Records name and obj on an AttributeError that lacks them (CPython does this for every failed
// attribute lookup), so the traceback can suggest.
void note_attribute_error(ExceptionObject* exc, Object* obj, std::string_view name);
// ". Did you mean: 'x'?" for the exception's last line, or "".
std::string suggestion_suffix(ExceptionObject* exc);

}  // namespace stridelab::python
