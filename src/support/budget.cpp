#include "support/budget.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace stridelab::support {

namespace {
uint64_t g_allocation_limit = uint64_t{256} << 20;  // the storage limit's default
}

void Deadline::arm(double seconds) {
  if (std::isnan(seconds) || std::isinf(seconds)) return disarm();
  armed_ = true;
  seconds_ = seconds;
  last_check_ = Clock::now();
  deadline_ = last_check_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  work_ = 0;
  interval_ = 1;
  next_check_ = interval_;
}

void Deadline::disarm() { armed_ = false; }

void Deadline::check() {
  if (!armed_) return;
  const Clock::time_point now = Clock::now();
  if (now >= deadline_) {
    armed_ = false;  // the error is raised once; what runs while the run unwinds is not stopped again
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", seconds_);
    throw LimitExceeded(std::string("time limit exceeded: the program ran longer than ") + buf +
                        " s (raise it with --max-seconds N)");
  }
  const auto took = now - last_check_;
  if (took < std::chrono::milliseconds(1) && interval_ < (uint64_t{1} << 40)) interval_ *= 2;
  else if (took > std::chrono::milliseconds(10) && interval_ > 1) interval_ /= 2;
  last_check_ = now;
  next_check_ = work_ + interval_;
}

double Deadline::seconds_left() const {
  if (!armed_) return std::numeric_limits<double>::max();
  return std::chrono::duration<double>(deadline_ - Clock::now()).count();
}

Deadline& deadline() {
  static Deadline d;
  return d;
}

DeadlinePause::DeadlinePause() : was_armed_(deadline().armed_) { deadline().armed_ = false; }
DeadlinePause::~DeadlinePause() { deadline().armed_ = was_armed_; }

void set_allocation_limit(uint64_t bytes) { g_allocation_limit = bytes; }
uint64_t allocation_limit() { return g_allocation_limit; }

}  // namespace stridelab::support
