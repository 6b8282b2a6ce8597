// CPython 3.11's text for an uncaught exception: the chained tracebacks, each frame's line with
// its `~~~^^^` markers (printed only where CPython prints them), and "Type: message".
#pragma once
#include <string>
#include <string_view>

#include "python/object.h"

namespace stridelab::python {

// `file_text` is the program's file when it differs from `source`, the text that ran (NOTE [NUL
// bytes in the source] in syntax_error.h); the lines printed are the file's.
std::string format_traceback(Interp& in, ExceptionObject* exc, std::string_view source, std::string_view filename,
                             std::string_view file_text = {});

// "ValueError: bad", "KeyError: 'k'", or just "StopIteration" when the message is empty.
std::string format_exception_only(Interp& in, ExceptionObject* exc);

}  // namespace stridelab::python
