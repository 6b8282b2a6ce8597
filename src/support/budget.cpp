#include "support/budget.h"

#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <limits>
#include <mutex>
#include <thread>

#include "support/heap.h"

namespace stridelab::support {

namespace {
uint64_t g_allocation_limit = uint64_t{256} << 20;  // the storage limit's default
// The run's heap budget (NOTE [Heap budget] in heap.h): what the heap held when the run was armed,
// plus what the recorder kept since, and whether a run is armed.
uint64_t g_heap_base = 0;
bool g_heap_armed = false;
// Pauses nest; the outermost one measures what the recorder kept.
int g_pause_depth = 0;
uint64_t g_heap_before_pause = 0;
// Set while operator new asks for a check (heap_over_budget): check() then only brings the next
// poll's check forward, since operator new must not throw anything but std::bad_alloc.
bool g_check_requested = false;

void set_ceiling() { heap::g_ceiling = g_heap_armed ? g_heap_base + g_allocation_limit : UINT64_MAX; }
}  // namespace

namespace heap {
void heap_over_budget() {
  g_check_requested = true;
  deadline().check();
  g_check_requested = false;
}
}  // namespace heap

uint64_t heap_bytes_of_run() {
  if (!g_heap_armed) return 0;
  const uint64_t now = heap_bytes_in_use();
  return now > g_heap_base ? now - g_heap_base : 0;
}

#if STRIDELAB_DEADLINE_WATCHER
namespace {
// The thread that raises the deadline's flag when the armed time comes (NOTE [Deadline polling]).
// Made on the first arm and never destroyed: it sleeps on its condition variable between runs,
// and the process ends it at exit.
class Watcher {
 public:
  explicit Watcher(std::atomic<bool>& due) : due_(due) {
    std::thread([this] { loop(); }).detach();
  }
  void set(Deadline::Clock::time_point at) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      at_ = at;
    }
    wake_.notify_one();
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (at_ == Deadline::Clock::time_point::max()) {
        wake_.wait(lock);
      } else if (Deadline::Clock::now() >= at_) {
        due_.store(true);
        at_ = Deadline::Clock::time_point::max();
      } else {
        wake_.wait_until(lock, at_);
      }
    }
  }
  std::atomic<bool>& due_;
  std::mutex mutex_;
  std::condition_variable wake_;
  Deadline::Clock::time_point at_ = Deadline::Clock::time_point::max();
};

Watcher& watcher(std::atomic<bool>& due) {
  static Watcher* w = new Watcher(due);  // never freed: the thread holds it until the process ends
  return *w;
}
}  // namespace
#endif

void Deadline::arm(double seconds) {
#if STRIDELAB_DEADLINE_WATCHER
  Watcher& w = watcher(due_);  // made before the heap's base is read: the thread is not the program's
#endif
  g_heap_base = heap_bytes_in_use();
  g_heap_armed = true;
  set_ceiling();
  // Unlimited time still polls for the heap budget: a deadline that never comes.
  const bool unlimited = std::isnan(seconds) || std::isinf(seconds);
  armed_ = true;
  seconds_ = unlimited ? std::numeric_limits<double>::infinity() : seconds;
  const Clock::time_point now = Clock::now();
  deadline_ = unlimited ? Clock::time_point::max()
                        : now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
#if STRIDELAB_DEADLINE_WATCHER
  // A limit of zero (or less) is due at once: the first poll must not wait for the watcher thread
  // to be scheduled (on a loaded machine a program ran 100,000 line events before it was).
  due_.store(!unlimited && seconds <= 0);
  w.set(deadline_);
#else
  last_check_ = now;
  work_ = 0;
  interval_ = 1;
  next_check_ = interval_;
#endif
}

void Deadline::disarm() {
  armed_ = false;
  g_heap_armed = false;
  set_ceiling();
#if STRIDELAB_DEADLINE_WATCHER
  watcher(due_).set(Clock::time_point::max());
  due_.store(false);
#endif
}

void Deadline::request_check() {
#if STRIDELAB_DEADLINE_WATCHER
  due_.store(true);
#else
  next_check_ = work_;
#endif
}

void Deadline::check() {
  if (g_check_requested) {
    // The heap passed the budget (the memory grows fast: `s = s + s` doubles it at each line): the
    // next poll checks, since operator new may throw nothing but std::bad_alloc.
    request_check();
    return;
  }
  if (!armed_) return;  // paused (DeadlinePause) or disarmed; a raised flag waits for the next poll
#if STRIDELAB_DEADLINE_WATCHER
  // Lowered before the clock is read: a flag the watcher raises after this is seen by the next poll.
  due_.store(false);
#endif
  if (g_heap_armed && heap_bytes_of_run() > g_allocation_limit) {
    g_heap_armed = false;  // raised once, as the time limit is
    set_ceiling();
    char buf[48];
    if (g_allocation_limit % (uint64_t{1} << 20) == 0)
      std::snprintf(buf, sizeof buf, "%llu MiB", static_cast<unsigned long long>(g_allocation_limit >> 20));
    else std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(g_allocation_limit));
    throw LimitExceeded(std::string("memory limit exceeded: the program's objects took more than ") + buf +
                        " (raise it with --max-memory)");
  }
  const Clock::time_point now = Clock::now();
  if (now >= deadline_) {
    armed_ = false;  // the error is raised once; what runs while the run unwinds is not stopped again
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", seconds_);
    throw LimitExceeded(std::string("time limit exceeded: the program ran longer than ") + buf +
                        " s (raise it with --max-seconds N)");
  }
#if !STRIDELAB_DEADLINE_WATCHER
  const auto took = now - last_check_;
  if (took < std::chrono::milliseconds(1) && interval_ < kMaxInterval) interval_ *= 2;
  else if (took > std::chrono::milliseconds(10)) interval_ = 1;
  last_check_ = now;
  next_check_ = work_ + interval_;
#endif
}

double Deadline::seconds_left() const {
  if (!armed_ || deadline_ == Clock::time_point::max()) return std::numeric_limits<double>::max();
  return std::chrono::duration<double>(deadline_ - Clock::now()).count();
}

Deadline& deadline() {
  static Deadline d;
  return d;
}

DeadlinePause::DeadlinePause() : was_armed_(deadline().armed_) {
  deadline().armed_ = false;
  if (g_pause_depth++ == 0) g_heap_before_pause = heap_bytes_in_use();
}

DeadlinePause::~DeadlinePause() {
  deadline().armed_ = was_armed_;
  // What the recorder kept is its own, not the program's: the budget's base moves up by it.
  const uint64_t now = heap_bytes_in_use();
  if (--g_pause_depth == 0 && now > g_heap_before_pause) {
    g_heap_base += now - g_heap_before_pause;
    set_ceiling();
  }
}

void set_allocation_limit(uint64_t bytes) {
  g_allocation_limit = bytes;
  set_ceiling();
}
uint64_t allocation_limit() { return g_allocation_limit; }

}  // namespace stridelab::support
