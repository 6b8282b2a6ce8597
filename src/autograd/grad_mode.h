// Grad mode: whether ops record history (torch.is_grad_enabled).
//
// One global flag, not thread-local: the playground runs one interpreter on one thread (the
// WebAssembly module has no threads). The guards restore the previous mode when they go out of
// scope, as `with torch.no_grad():` does on leaving the block, even when an exception leaves it.
#pragma once

namespace stridelab::autograd {

class GradMode {
 public:
  static bool is_enabled() { return enabled_; }
  static void set_enabled(bool enabled) { enabled_ = enabled; }

 private:
  static inline bool enabled_ = true;
};

inline bool is_grad_enabled() { return GradMode::is_enabled(); }
inline void set_grad_enabled(bool enabled) { GradMode::set_enabled(enabled); }

// Sets grad mode for a scope (torch.set_grad_enabled(b) used as a context manager).
class AutoGradMode {
 public:
  explicit AutoGradMode(bool enabled) : previous_(GradMode::is_enabled()) { GradMode::set_enabled(enabled); }
  ~AutoGradMode() { GradMode::set_enabled(previous_); }
  AutoGradMode(const AutoGradMode&) = delete;
  AutoGradMode& operator=(const AutoGradMode&) = delete;

 private:
  bool previous_;
};

// with torch.no_grad():
struct NoGradGuard : AutoGradMode {
  NoGradGuard() : AutoGradMode(false) {}
};

// with torch.enable_grad():
struct EnableGradGuard : AutoGradMode {
  EnableGradGuard() : AutoGradMode(true) {}
};

}  // namespace stridelab::autograd
