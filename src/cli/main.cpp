// The native runner:
//   stridelab run FILE.py [--max-steps N] [--max-depth N] [--max-seconds S]   (FILE may be "-")
//   stridelab tokens FILE.py      one token per line
//   stridelab ast FILE.py         the indented AST with positions
//   stridelab trace FILE.py [-o FILE.json]    the step-by-step trace (docs/trace-format.md)
//   stridelab state FILE.py --step N          the full state at step N, as JSON
//   stridelab check FILE.py --check LINE ...  an exercise's checks on the run (trace/exercise.h)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/trace_commands.h"
#include "core/storage.h"
#include "python/interp.h"
#include "python/lexer.h"
#include "python/parser.h"
#include "torch/torch.h"
#include "support/free_list.h"
#include "support/budget.h"

STRIDELAB_LEAK_SANITIZER_OPTIONS

using namespace stridelab::python;

namespace {

int usage() {
  std::cerr << "usage: stridelab run FILE.py|- [--max-steps N] [--max-depth N] [--max-seconds S] [--max-memory BYTES]\n"
               "       stridelab tokens FILE.py|-\n"
               "       stridelab ast FILE.py|-\n"
               "       stridelab trace FILE.py|- [-o FILE.json] [limits]\n"
               "       stridelab state FILE.py|- --step N [limits]\n"
               "       stridelab check FILE.py|- --check LINE [--check LINE ...] [--checks FILE] [limits]\n";
  return 2;
}

bool read_source(const std::string& path, std::string& out) {
  std::stringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
  } else {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
      std::cerr << "stridelab: can't open file '" << path << "'\n";
      return false;
    }
    ss << f.rdbuf();
  }
  out = ss.str();
  return true;
}

bool parse_limit(int argc, char** argv, int& i, Limits& limits) {
  std::string flag = argv[i];
  if (i + 1 >= argc) return false;
  const char* value = argv[++i];
  if (flag == "--max-steps") limits.max_steps = std::atoll(value);
  else if (flag == "--max-depth") limits.max_depth = std::atoi(value);
  else if (flag == "--max-seconds") limits.max_seconds = std::atof(value);
  else if (flag == "--max-memory") stridelab::core::set_storage_limit(static_cast<size_t>(std::atoll(value)));
  else return false;
  return true;
}

int run(const std::string& source, const Limits& limits) {
  Interp interp;
  stridelab::torch::register_torch(interp);
  interp.limits() = limits;
  std::string buffer;
  interp.set_stdout([&](std::string_view s) {
    buffer += s;
    if (buffer.size() > 1 << 16) {
      std::fwrite(buffer.data(), 1, buffer.size(), stdout);
      buffer.clear();
    }
  });
  // Warnings go out as they happen, after the output printed before them.
  interp.set_stderr([&](std::string_view s) {
    std::fwrite(buffer.data(), 1, buffer.size(), stdout);
    buffer.clear();
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
  });
  // One memory limit for tensor storage and, apart, for the heap the program's objects hold.
  stridelab::support::set_allocation_limit(stridelab::core::storage_limit());
  RunResult r = interp.run(source);
  std::fwrite(buffer.data(), 1, buffer.size(), stdout);
  std::fflush(stdout);
  std::fwrite(r.error_text.data(), 1, r.error_text.size(), stderr);  // a traceback may show NUL bytes
  return r.exit_code;
}

int dump(const std::string& command, const std::string& source) {
  try {
    if (command == "tokens") std::cout << dump_tokens(tokenize(drop_after_nul(source)));
    else std::cout << dump_ast(*parse_module(source));
  } catch (const SyntaxErrorException& e) {
    std::cerr << format_syntax_error(e.info(), drop_after_nul(source), "<main>", source);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  std::string command = argv[1];
  if (command == "trace" || command == "state" || command == "check") {
    std::string source;
    if (!read_source(argv[2], source)) return 2;
    return stridelab::cli::trace_command(command, source, std::vector<std::string>(argv + 3, argv + argc));
  }
  std::string path;
  Limits limits;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) == 0) {
      if (!parse_limit(argc, argv, i, limits)) return usage();
    } else if (path.empty()) {
      path = arg;
    } else {
      return usage();
    }
  }
  if (path.empty()) return usage();
  std::string source;
  if (!read_source(path, source)) return 2;
  if (command == "run") return run(source, limits);
  if (command == "tokens" || command == "ast") return dump(command, source);
  return usage();
}
