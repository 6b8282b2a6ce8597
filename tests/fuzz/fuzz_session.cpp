// libFuzzer target: any bytes, run as a program through a traced session with small limits, then
// a few of its steps read back. Nothing may crash, abort, hang past the limits or trip a
// sanitizer; a Python error or a named limit is a normal end. Built by the sanitize preset (clang,
// NOTE [One sanitizer build] in CMakeLists.txt); `./dev fuzz [SECONDS]` runs it on the seed corpus
// made from the golden programs, with the token dictionary tests/fuzz/python_torch.dict.
#include <cstddef>
#include <cstdint>
#include <string>

#include "support/free_list.h"
#include "trace/session.h"

// Freed objects wait on the free lists in poisoned memory; LeakSanitizer must follow them there.
STRIDELAB_LEAK_SANITIZER_OPTIONS

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return 0;  // long inputs only slow the campaign down
  std::string source(reinterpret_cast<const char*>(data), size);
  stridelab::trace::RunOptions options;
  options.max_steps = 2000;
  options.max_depth = 200;
  options.max_seconds = 1.0;
  options.max_memory = size_t{16} << 20;
  stridelab::trace::Session session;
  stridelab::trace::Summary summary = session.run(source, options);
  int64_t steps = session.step_count();
  if (steps > 0) {
    session.state(0);
    session.state(steps / 2);
    session.state(steps - 1);
  }
  (void)summary;
  return 0;
}
