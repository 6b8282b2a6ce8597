// A copyable callable, as std::function, for the engine's thousands of binding lambdas (every
// Python built-in, method, property and torch function is one).
//
//   support::Callback<int(int)> twice = [](int x) { return 2 * x; };   // kept as a function pointer
//   support::Callback<int(int)> add = [n](int x) { return x + n; };    // kept in a shared box
//   twice(3);  // 6
//
// NOTE [Callbacks without a vtable per lambda]
// std::function gives every lambda type a class of its own with a vtable, a clone, target() and
// target_type() with its RTTI name: in the WebAssembly engine that was over 100 KB of code and a
// few hundred KB of data (vtables and mangled names) for about 1,700 lambdas, and most of them
// capture nothing. A Callback keeps a lambda without captures as the plain function pointer it
// converts to (nothing per type but the function itself), and one with captures in a box of its
// own, shared by the copies and freed with the last one, with one call and one destroy function
// per type. So the callable is called as const: a lambda that changes its own captures (`mutable`)
// is refused at compile time, since the copies share them.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace stridelab::support {

template <class Signature>
class Callback;

template <class R, class... Args>
class Callback<R(Args...)> {
  using Pointer = R (*)(Args...);

 public:
  Callback() = default;
  Callback(std::nullptr_t) {}
  template <class F, class D = std::decay_t<F>,
            class = std::enable_if_t<!std::is_same_v<D, Callback> && std::is_invocable_r_v<R, const D&, Args...>>>
  Callback(F&& f) {  // NOLINT: converts implicitly, as std::function does
    if constexpr (std::is_convertible_v<D, Pointer>) {
      pointer_ = static_cast<Pointer>(f);
    } else {
      box_ = new Boxed<D>(std::forward<F>(f));
    }
  }
  Callback(const Callback& other) : pointer_(other.pointer_), box_(other.box_) {
    if (box_) ++box_->refs;
  }
  Callback(Callback&& other) noexcept
      : pointer_(std::exchange(other.pointer_, nullptr)), box_(std::exchange(other.box_, nullptr)) {}
  Callback& operator=(Callback other) noexcept {
    std::swap(pointer_, other.pointer_);
    std::swap(box_, other.box_);
    return *this;
  }
  ~Callback() { release(); }

  // Calling an empty Callback is a bug of the caller (std::function would throw bad_function_call).
  // There is no check here: with one, the page's test of recursion to the deepest level ran out of
  // the browser's stack in a CI run (tests/web/engine_time_limit.test.mjs).
  R operator()(Args... args) const {
    if (box_) return box_->call(box_, std::forward<Args>(args)...);
    return pointer_(std::forward<Args>(args)...);
  }
  explicit operator bool() const { return box_ != nullptr || pointer_ != nullptr; }
  friend bool operator==(const Callback& c, std::nullptr_t) { return !c; }

 private:
  struct Box {
    long refs = 1;
    R (*call)(Box*, Args...);
    void (*destroy)(Box*);
  };
  template <class F>
  struct Boxed : Box {
    F f;
    template <class G>
    explicit Boxed(G&& g) : Box{1, &Boxed::invoke, &Boxed::free}, f(std::forward<G>(g)) {}
    static R invoke(Box* b, Args... args) {
      return static_cast<const F&>(static_cast<Boxed*>(b)->f)(std::forward<Args>(args)...);
    }
    static void free(Box* b) { delete static_cast<Boxed*>(b); }
  };
  void release() {
    if (box_ && --box_->refs == 0) box_->destroy(box_);
  }

  Pointer pointer_ = nullptr;
  Box* box_ = nullptr;
};

}  // namespace stridelab::support
