// Errors raised by the core. The core never aborts: what the user did wrong is an Error carrying the
// Python exception type PyTorch would raise and its message word for word; our own bugs are
// InternalError. Both are ordinary C++ exceptions, catchable in WebAssembly (-fwasm-exceptions).
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace stridelab::core {

// The Python exception class a user error surfaces as.
enum class ErrorKind { RuntimeError, IndexError, TypeError, ValueError, NotImplementedError, MemoryError };

const char* error_kind_name(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message) : std::runtime_error(std::move(message)), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// A broken invariant of stridelab itself, never the user's fault.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// Concatenates its arguments with operator<<: str("size ", 3, " at dim ", 1).
template <class... Args>
std::string str(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

// The STRIDELAB_CHECK family mirrors TORCH_CHECK: the message is only built when the check fails.
#define STRIDELAB_CHECK_KIND(cond, kind, ...)                                                 \
  do {                                                                                        \
    if (!(cond)) throw ::stridelab::core::Error((kind), ::stridelab::core::str(__VA_ARGS__)); \
  } while (0)
#define STRIDELAB_CHECK(cond, ...) STRIDELAB_CHECK_KIND(cond, ::stridelab::core::ErrorKind::RuntimeError, __VA_ARGS__)
#define STRIDELAB_CHECK_INDEX(cond, ...) \
  STRIDELAB_CHECK_KIND(cond, ::stridelab::core::ErrorKind::IndexError, __VA_ARGS__)
#define STRIDELAB_CHECK_TYPE(cond, ...) STRIDELAB_CHECK_KIND(cond, ::stridelab::core::ErrorKind::TypeError, __VA_ARGS__)
#define STRIDELAB_CHECK_VALUE(cond, ...) \
  STRIDELAB_CHECK_KIND(cond, ::stridelab::core::ErrorKind::ValueError, __VA_ARGS__)
#define STRIDELAB_INTERNAL_ASSERT(cond, ...)                                                                       \
  do {                                                                                                             \
    if (!(cond))                                                                                                   \
      throw ::stridelab::core::InternalError(                                                                      \
          ::stridelab::core::str(__FILE__, ":", __LINE__, ": internal assert failed: " #cond " ", ##__VA_ARGS__)); \
  } while (0)

}  // namespace stridelab::core
