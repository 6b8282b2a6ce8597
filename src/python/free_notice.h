// The free notice: told of every Python object just before it is deleted, for the trace, which
// names objects by key and must not take a new object at a freed one's address for the old one
// (NOTE [Freed objects] in src/trace/session.cpp). One observer at a time, none by default: a free
// then costs one test of this pointer.
#pragma once

namespace stridelab::python {

class Object;

class FreeObserver {
 public:
  virtual ~FreeObserver() = default;
  // o is still whole (its type and contents are as they were); it is deleted right after.
  virtual void on_free(const Object* o) = 0;
};
inline FreeObserver* g_free_observer = nullptr;
inline void set_free_observer(FreeObserver* observer) { g_free_observer = observer; }

}  // namespace stridelab::python
