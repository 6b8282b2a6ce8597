// `stridelab trace FILE.py [-o FILE.json]` and `stridelab state FILE.py --step N`.
#pragma once

#include <string>
#include <vector>

namespace stridelab::cli {

// command is "trace" or "state"; args are the words after the file name. Returns the exit code.
int trace_command(const std::string& command, const std::string& source, const std::vector<std::string>& args);

}  // namespace stridelab::cli
