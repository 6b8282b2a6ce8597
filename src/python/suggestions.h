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

// NOTE [Names not supported yet]
// A name that the bound library's reference implementation has (it is in the reference dir() list
// of `key`) but the interpreter does not provide raises NotImplementedError("stridelab does not
// support <shown>.<name> yet") instead of an AttributeError that would read as the learner's
// mistake. `shown` is the module's dotted name for a module key and the class's qualified name
// ("Tensor", "Module") for a type key (whose ".instance" list counts too). Dunder names keep their
// AttributeError: the interpreter probes them itself.
void add_not_yet_names(const std::string& key, const std::string& shown);
// Raises that NotImplementedError when `name` is such a name of `o` (a module, a type or an
// instance); returns otherwise.
void raise_if_not_yet(Object* o, std::string_view name);

// A NameError for `name` raised in `frame`, carrying its name and suggestion.
[[noreturn]] void raise_name_error(const Frame& frame, Namespace& builtins, const std::string& name);
// Records name and obj on an AttributeError that lacks them (CPython does this for every failed
// attribute lookup), so the traceback can suggest.
void note_attribute_error(ExceptionObject* exc, Object* obj, std::string_view name);
// ". Did you mean: 'x'?" for the exception's last line, or "".
std::string suggestion_suffix(ExceptionObject* exc);

}  // namespace stridelab::python
