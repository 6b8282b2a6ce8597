// The run's budget: a wall-clock deadline that long native loops poll cheaply, and the most bytes
// one allocation the program asks for may take. The interpreter's front end (trace::Session, the
// CLI) arms both for a run; every layer may poll them, so a single kernel, a long builtin or a
// long stretch of line events stops at the time limit like the program around it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace stridelab::support {

// NOTE [A stop in flight]
// A playground limit was passed. The interpreter stops the run with its message (Python code
// cannot catch it; only Interp::run does); python::LimitExceeded is this class. While it unwinds
// the stack, the frames it leaves are not steps of the program: an observer told of each return
// would record one step per frame, each as dear as a step at that depth, and a recursion 20,000
// deep stopped at the time limit took as long again to unwind. Making one says that a stop is in
// flight (stop_in_flight()) until the run that met it ends (clear_stop_in_flight()).
inline thread_local bool g_stop_in_flight = false;
inline bool stop_in_flight() { return g_stop_in_flight; }
inline void clear_stop_in_flight() { g_stop_in_flight = false; }

class LimitExceeded : public std::runtime_error {
 public:
  explicit LimitExceeded(const std::string& what) : std::runtime_error(what) { g_stop_in_flight = true; }
};

// NOTE [Deadline polling]
// A poll must cost next to nothing, since it sits at every line event, every item of a long
// native loop and every chunk of a kernel, and it must notice the deadline whatever the work
// between two polls costs: a line that sorts a million numbers or multiplies two large matrices
// follows millions of cheap ones. Natively, a watcher thread sleeps until the armed deadline and
// then raises a flag (`due`); a poll reads that flag (one relaxed atomic load) and only when it is
// set does check() read the clock and throw. The limit then holds to the time between two polls,
// microseconds in the polled loops, with no clock read in the program's path at all. The heap
// budget raises the same flag (heap_over_budget in heap.h) for the next poll to check.
// The WebAssembly build has no threads: there callers report work in rough units (an element, an
// iteration, a line event) and the clock is read once `interval` units have been reported since
// the last read; the interval adapts to what the units cost (doubled when the last stretch took
// under a millisecond, reset to one when it took over ten), and is never more than
// kMaxInterval, so a sudden change in what a unit costs is noticed after that many units.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define STRIDELAB_DEADLINE_WATCHER 0
#else
#define STRIDELAB_DEADLINE_WATCHER 1
#endif

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  // Arms the deadline `seconds` from now (a limit of `seconds` named in the error); an infinite
  // or NaN limit never comes (the heap budget is still checked).
  void arm(double seconds);
  void disarm();
  bool armed() const { return armed_; }
  double limit_seconds() const { return seconds_; }
  // Reports `units` of work; past the deadline, throws LimitExceeded.
  void poll(uint64_t units = 1) {
#if STRIDELAB_DEADLINE_WATCHER
    (void)units;
    if (due_.load(std::memory_order_relaxed)) check();
#else
    if (!armed_) return;
    work_ += units;
    if (work_ >= next_check_) check();
#endif
  }
  // Reads the clock now (e.g. before sleeping).
  void check();
  // Seconds left before the deadline (may be negative); a large number when disarmed.
  double seconds_left() const;
  // Asks the next poll to check (the heap budget's request, from operator new).
  void request_check();

 private:
  bool armed_ = false;
  double seconds_ = 0;
  Clock::time_point deadline_{};
#if STRIDELAB_DEADLINE_WATCHER
  std::atomic<bool> due_{false};
#else
  static constexpr uint64_t kMaxInterval = uint64_t{1} << 16;
  Clock::time_point last_check_{};
  uint64_t work_ = 0, next_check_ = 0, interval_ = 1;
#endif
  friend class DeadlinePause;
};

// While one lives, the deadline is not polled: the trace recorder's own work between two steps
// runs whole, so a step is never left half recorded (the limit fires at the program's next poll).
class DeadlinePause {
 public:
  DeadlinePause();
  ~DeadlinePause();
  DeadlinePause(const DeadlinePause&) = delete;
  DeadlinePause& operator=(const DeadlinePause&) = delete;

 private:
  bool was_armed_;
};

// The process's deadline (one run at a time, like the storage limit).
Deadline& deadline();
inline void poll_deadline(uint64_t units = 1) { deadline().poll(units); }

// The run's memory limit for all but tensor storage: no request of a size known beforehand may pass
// it (allocation_fits; refused as MemoryError in Python), nor may all the heap the program's objects
// hold (NOTE [Heap budget] in support/heap.h). 256 MiB unless set, as the storage limit.
void set_allocation_limit(uint64_t bytes);
uint64_t allocation_limit();
inline bool allocation_fits(uint64_t bytes) { return bytes <= allocation_limit(); }

}  // namespace stridelab::support
