#include "cli/trace_commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <random>

#include "trace/exercise.h"
#include "trace/session.h"

namespace stridelab::cli {
namespace {

int usage() {
  std::cerr << "usage: stridelab trace FILE.py|- [-o FILE.json] [--max-steps N] [--max-depth N] [--max-seconds S] "
               "[--max-memory BYTES]\n"
               "       stridelab state FILE.py|- --step N [--jumps K]   (N from 0; negative counts from the end;\n"
               "              --jumps K also times K state() calls over the trace, in random order)\n"
               "       stridelab check FILE.py|- --check 'y is a view of x' [--check ...] [--checks FILE]\n"
               "              (an exercise's checks on the run: one line each, exit code 1 unless all pass)\n";
  return 2;
}

// `stridelab check`: each check on a line, "✓ CHECK — WHY" or "✗ CHECK — WHY".
int check_command(trace::Session& session, const std::vector<std::string>& checks) {
  bool all = !checks.empty();
  for (const trace::CheckResult& r : trace::check_run(session, checks)) {
    std::cout << (r.ok ? "\u2713 " : "\u2717 ") << r.text << " \u2014 " << r.why << "\n";
    all = all && r.ok;
  }
  return all ? 0 : 1;
}

}  // namespace

int trace_command(const std::string& command, const std::string& source, const std::vector<std::string>& args) {
  trace::RunOptions options;
  std::string out_path;
  long long step = 0;
  bool have_step = false;
  long long jumps = 0;
  std::vector<std::string> checks;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usage();
    const std::string& v = args[++i];
    if (a == "-o" && command == "trace") out_path = v;
    else if (a == "--step" && command == "state") step = std::atoll(v.c_str()), have_step = true;
    else if (a == "--jumps" && command == "state") jumps = std::atoll(v.c_str());
    else if (a == "--check" && command == "check") checks.push_back(v);
    else if (a == "--checks" && command == "check") {
      std::ifstream f(v);
      if (!f) {
        std::cerr << "stridelab: can't open file '" << v << "'\n";
        return 2;
      }
      for (std::string line; std::getline(f, line);)
        if (line.find_first_not_of(" \t\r") != std::string::npos) checks.push_back(line);
    } else if (a == "--max-steps") options.max_steps = std::atoll(v.c_str());
    else if (a == "--max-depth") options.max_depth = std::atoi(v.c_str());
    else if (a == "--max-seconds") options.max_seconds = std::atof(v.c_str());
    else if (a == "--max-memory") options.max_memory = static_cast<size_t>(std::atoll(v.c_str()));
    else return usage();
  }
  if (command == "state" && !have_step) return usage();

  trace::Session session;
  trace::Summary summary = session.run(source, options);
  if (command == "check") return check_command(session, checks);
  if (command == "trace") {
    std::FILE* f = out_path.empty() ? stdout : std::fopen(out_path.c_str(), "wb");
    if (!f) {
      std::cerr << "stridelab: can't write '" << out_path << "'\n";
      return 2;
    }
    // Written piece by piece from the recorder's chunks: no copy of the whole trace.
    session.write_trace([&](std::string_view text) { std::fwrite(text.data(), 1, text.size(), f); });
    std::fputc('\n', f);
    if (f != stdout) std::fclose(f);
    return 0;
  }
  if (jumps > 0 && session.step_count() > 0) {
    // For bench/recorder_budget.py: K steps spread evenly over the trace, visited in a fixed
    // random order, each materialised and written as the page gets it.
    std::vector<int64_t> steps;
    for (long long k = 0; k < jumps; ++k) steps.push_back(session.step_count() * k / jumps);
    std::shuffle(steps.begin(), steps.end(), std::mt19937(13));
    // Wall time, and the CPU time of this thread (what the machine's other work does not change).
    auto cpu_now = [] {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    };
    std::vector<double> ms, cpu_ms;
    size_t chars = 0;
    for (int64_t n : steps) {
      auto start = std::chrono::steady_clock::now();
      double cpu_start = cpu_now();
      chars += session.state(n).dump().size();
      cpu_ms.push_back(cpu_now() - cpu_start);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu_ms.begin(), cpu_ms.end());
    std::fprintf(stderr,
                 "jumps: count=%lld steps=%lld max_ms=%.3f median_ms=%.3f max_cpu_ms=%.3f median_cpu_ms=%.3f "
                 "chars=%zu\n",
                 jumps, static_cast<long long>(session.step_count()), ms.back(), ms[ms.size() / 2], cpu_ms.back(),
                 cpu_ms[cpu_ms.size() / 2], chars);
  }
  try {
    std::cout << session.state(step).dump() << "\n";
  } catch (const std::out_of_range& e) {
    std::cerr << "stridelab: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace stridelab::cli
