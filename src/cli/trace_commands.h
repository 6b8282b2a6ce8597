// `stridelab trace FILE.py [-o FILE.json]`, `stridelab state FILE.py --step N` and
// `stridelab check FILE.py --check LINE ...` (an exercise's checks, trace/exercise.h).
#pragma once

#include <string>
#include <vector>

namespace stridelab::cli {

// command is "trace", "state" or "check"; args are the words after the file name. Returns the exit code.
int trace_command(const std::string& command, const std::string& source, const std::vector<std::string>& args);

}  // namespace stridelab::cli
