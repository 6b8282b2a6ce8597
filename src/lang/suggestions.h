// "Did you mean" for an uncaught NameError or AttributeError, as CPython 3.11's traceback adds
// it: the closest name by CPython's weighted Levenshtein distance, among the frame's variables,
// the globals and the builtins (NameError), or dir(obj) (AttributeError).
#pragma once
#include <string>
#include <vector>

#include "lang/object.h"

namespace stridelab::lang {

struct Frame;

// The closest candidate to `name`, or "" when none is close enough (or there are 750 or more).
std::string closest_name(const std::vector<std::string>& candidates, const std::string& name);
// dir(o): its attribute names, sorted, as CPython and PyTorch list them.
std::vector<std::string> dir_names(Object* o);

// A NameError for `name` raised in `frame`, carrying its name and suggestion.
[[noreturn]] void raise_name_error(const Frame& frame, Namespace& builtins, const std::string& name);
// Records name and obj on an AttributeError that lacks them (CPython does this for every failed
// attribute lookup), so the traceback can suggest.
void note_attribute_error(ExceptionObject* exc, Object* obj, std::string_view name);
// ". Did you mean: 'x'?" for the exception's last line, or "".
std::string suggestion_suffix(ExceptionObject* exc);

}  // namespace stridelab::lang
