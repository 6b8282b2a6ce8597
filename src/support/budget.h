// The run's budget: a wall-clock deadline that long native loops poll cheaply, and the most bytes
// one allocation the program asks for may take. The interpreter's front end (trace::Session, the
// CLI) arms both for a run; every layer may poll them, so a single kernel, a long builtin or a
// long stretch of line events stops at the time limit like the program around it.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace stridelab::support {

// A playground limit was passed. The interpreter stops the run with its message (Python code
// cannot catch it); python::LimitExceeded is this class.
class LimitExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// NOTE [Deadline polling]
// Reading the clock costs tens of nanoseconds (more in the browser), too much for every element of
// a kernel or every line event, and a fixed cadence (one read every N line events) fails both ways:
// N cheap lines between two reads are nothing, N lines that each sort a million numbers are
// minutes. So callers report work in rough units (an element, an iteration, a line event) and the
// clock is read once `interval` units have been reported since the last read; the interval then
// adapts to what the units cost: doubled when the last stretch took under a millisecond, halved
// when it took over ten. The limit then holds to a few milliseconds whatever the work, and the
// clock is read at most about a thousand times a second.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  // Arms the deadline `seconds` from now (a limit of `seconds` named in the error); disarms it when
  // seconds is infinite or NaN.
  void arm(double seconds);
  void disarm();
  bool armed() const { return armed_; }
  double limit_seconds() const { return seconds_; }
  // Reports `units` of work; past the deadline, throws LimitExceeded.
  void poll(uint64_t units = 1) {
    if (!armed_) return;
    work_ += units;
    if (work_ >= next_check_) check();
  }
  // Reads the clock now (e.g. before sleeping).
  void check();
  // Seconds left before the deadline (may be negative); a large number when disarmed.
  double seconds_left() const;

 private:
  bool armed_ = false;
  double seconds_ = 0;
  Clock::time_point deadline_{};
  Clock::time_point last_check_{};
  uint64_t work_ = 0, next_check_ = 0, interval_ = 1;
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
