#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "support/free_list.h"

#ifdef STRIDELAB_ASAN
#include <sys/resource.h>

#include <algorithm>

// Under AddressSanitizer a Python call takes about 8 KB of stack, five times what the optimised
// build takes, so the golden programs' 900-deep recursions need more than the 8 MiB a shell gives
// and the interpreter's stack guard (python/recursion.h) would stop them first. The main thread's
// stack grows up to the limit in force when it grows: raise it before any test runs.
namespace {
const bool g_raised_stack = [] {
  rlimit r;
  if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur < (rlim_t{64} << 20)) {
    r.rlim_cur = r.rlim_max == RLIM_INFINITY ? rlim_t{64} << 20 : std::min(rlim_t{64} << 20, r.rlim_max);
    setrlimit(RLIMIT_STACK, &r);
  }
  return true;
}();
}  // namespace
#endif

STRIDELAB_LEAK_SANITIZER_OPTIONS
