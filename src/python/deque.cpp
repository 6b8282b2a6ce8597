// collections.deque: a double-ended queue with an optional maxlen, as CPython's.
#include <algorithm>
#include <deque>

#include "python/modules.h"
#include "python/native.h"
#include "python/protocol.h"

namespace stridelab::python {

namespace {

class DequeObject : public Object {
 public:
  explicit DequeObject(TypeObject* type) : Object(type) { track(); }
  void clear_refs() override {
    std::deque<ObjRef> items;
    items.swap(items_);
  }
  std::deque<ObjRef> items_;
  int64_t maxlen_ = -1;  // -1: unbounded
  uint64_t state_ = 0;   // bumped by every change, for the iterators' "mutated during iteration"

  void push_back(ObjRef x) {
    if (maxlen_ == 0) return;
    if (maxlen_ > 0 && static_cast<int64_t>(items_.size()) == maxlen_) items_.pop_front();
    items_.push_back(std::move(x));
    ++state_;
  }
  void push_front(ObjRef x) {
    if (maxlen_ == 0) return;
    if (maxlen_ > 0 && static_cast<int64_t>(items_.size()) == maxlen_) items_.pop_back();
    items_.push_front(std::move(x));
    ++state_;
  }
};

TypeObject* deque_type();

DequeObject* self_deque(CallArgs& a) {
  if (a.pos.empty() || !is_instance(a.pos[0].get(), deque_type()))
    raise(builtin_types().type_error, "descriptor requires a 'collections.deque' object");
  return as<DequeObject>(a.pos[0].get());
}

class DequeIterator : public IteratorObject {
 public:
  DequeIterator(Ref<DequeObject> d, bool reverse, TypeObject* type)
      : IteratorObject(type), d_(std::move(d)), state_(d_->state_), reverse_(reverse) {}
  ObjRef next(Interp&) override {
    if (!d_) return nullptr;
    if (d_->state_ != state_) {
      d_.reset();
      raise(builtin_types().runtime_error, "deque mutated during iteration");
    }
    if (index_ >= d_->items_.size()) {
      d_.reset();
      return nullptr;
    }
    size_t i = reverse_ ? d_->items_.size() - 1 - index_ : index_;
    ++index_;
    return d_->items_[i];
  }

 private:
  Ref<DequeObject> d_;
  uint64_t state_;
  bool reverse_;
  size_t index_ = 0;
};

TypeObject* iterator_type(bool reverse) {
  static TypeObject* forward = NativeType("_collections._deque_iterator", "builtins").build();
  static TypeObject* backward = NativeType("_collections._deque_reverse_iterator", "builtins").build();
  return reverse ? backward : forward;
}

size_t deque_index(Interp& in, DequeObject* d, Object* key) {
  if (key->type() == builtin_types().slice)
    raise(builtin_types().type_error, "sequence index must be integer, not 'slice'");
  int64_t i = to_index(in, key);
  return static_cast<size_t>(normalize_index(i, static_cast<int64_t>(d->items_.size()), "deque index out of range"));
}

ObjRef none_ref() { return ObjRef(none()); }

TypeObject* deque_type() {
  static TypeObject* t =
      NativeType("deque", "collections")
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "deque", {"iterable=", "maxlen="});
            Ref<DequeObject> d(new DequeObject(cls));
            if (p.has(1) && p.get(1) != none()) {
              if (!is_int(p.get(1))) raise(builtin_types().type_error, "an integer is required");
              d->maxlen_ = as<IntObject>(p.get(1))->value_;
              if (d->maxlen_ < 0) raise(builtin_types().value_error, "maxlen must be non-negative");
            }
            if (p.has(0))
              for (auto& x : to_vector(in, p.get(0))) d->push_back(x);
            a.pos.clear();
            a.kw.clear();
            return d;
          })
          .method("append",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    self_deque(a)->push_back(a.pos.at(1));
                    return none_ref();
                  })
          .method("appendleft",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    self_deque(a)->push_front(a.pos.at(1));
                    return none_ref();
                  })
          .method("extend",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    for (auto& x : to_vector(in, a.pos.at(1).get())) d->push_back(x);
                    return none_ref();
                  })
          .method("extendleft",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    for (auto& x : to_vector(in, a.pos.at(1).get())) d->push_front(x);
                    return none_ref();
                  })
          .method("pop",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    if (d->items_.empty()) raise(builtin_types().index_error, "pop from an empty deque");
                    ObjRef x = std::move(d->items_.back());
                    d->items_.pop_back();
                    ++d->state_;
                    return x;
                  })
          .method("popleft",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    if (d->items_.empty()) raise(builtin_types().index_error, "pop from an empty deque");
                    ObjRef x = std::move(d->items_.front());
                    d->items_.pop_front();
                    ++d->state_;
                    return x;
                  })
          .method("clear",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::deque<ObjRef> old;
                    old.swap(d->items_);
                    ++d->state_;
                    return none_ref();
                  })
          .method("rotate",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    int64_t n = a.pos.size() > 1 ? to_index(in, a.pos[1].get()) : 1;
                    int64_t size = static_cast<int64_t>(d->items_.size());
                    if (size == 0) return none_ref();
                    n %= size;
                    if (n < 0) n += size;
                    for (int64_t i = 0; i < n; ++i) {
                      ObjRef x = std::move(d->items_.back());
                      d->items_.pop_back();
                      d->items_.push_front(std::move(x));
                    }
                    ++d->state_;
                    return none_ref();
                  })
          .method("count",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::vector<ObjRef> items(d->items_.begin(), d->items_.end());
                    int64_t n = 0;
                    for (auto& x : items)
                      if (x.get() == a.pos.at(1).get() || equals(in, x.get(), a.pos.at(1).get())) ++n;
                    return make_int(n);
                  })
          .method("index",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::vector<ObjRef> items(d->items_.begin(), d->items_.end());
                    for (size_t i = 0; i < items.size(); ++i)
                      if (items[i].get() == a.pos.at(1).get() || equals(in, items[i].get(), a.pos.at(1).get()))
                        return make_int(static_cast<int64_t>(i));
                    raise(builtin_types().value_error, repr(in, a.pos.at(1).get()) + " is not in deque");
                  })
          .method("remove",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::vector<ObjRef> items(d->items_.begin(), d->items_.end());
                    for (size_t i = 0; i < items.size(); ++i)
                      if (items[i].get() == a.pos.at(1).get() || equals(in, items[i].get(), a.pos.at(1).get())) {
                        if (i < d->items_.size()) d->items_.erase(d->items_.begin() + static_cast<long>(i));
                        ++d->state_;
                        return none_ref();
                      }
                    raise(builtin_types().value_error, "deque.remove(x): x not in deque");
                  })
          .method("reverse",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::reverse(d->items_.begin(), d->items_.end());
                    ++d->state_;
                    return none_ref();
                  })
          .method("copy",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    Ref<DequeObject> c(new DequeObject(d->type()));
                    c->maxlen_ = d->maxlen_;
                    c->items_ = d->items_;
                    return c;
                  })
          .property("maxlen",
                    [](Interp&, Object* self) -> ObjRef {
                      int64_t m = as<DequeObject>(self)->maxlen_;
                      return m < 0 ? none_ref() : make_int(m);
                    })
          .method("__len__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_int(static_cast<int64_t>(self_deque(a)->items_.size()));
                  })
          .method("__bool__",
                  [](Interp&, CallArgs& a) -> ObjRef { return ObjRef(bool_obj(!self_deque(a)->items_.empty())); })
          .method("__iter__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return ObjRef(new DequeIterator(Ref<DequeObject>(self_deque(a)), false, iterator_type(false)));
                  })
          .method("__reversed__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return ObjRef(new DequeIterator(Ref<DequeObject>(self_deque(a)), true, iterator_type(true)));
                  })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    return d->items_[deque_index(in, d, a.pos.at(1).get())];
                  })
          .method("__setitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    size_t i = deque_index(in, d, a.pos.at(1).get());
                    ObjRef old = std::move(d->items_[i]);
                    d->items_[i] = a.pos.at(2);
                    return none_ref();
                  })
          .method("__delitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    size_t i = deque_index(in, d, a.pos.at(1).get());
                    d->items_.erase(d->items_.begin() + static_cast<long>(i));
                    ++d->state_;
                    return none_ref();
                  })
          .method("__contains__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    std::vector<ObjRef> items(d->items_.begin(), d->items_.end());
                    for (auto& x : items)
                      if (x.get() == a.pos.at(1).get() || equals(in, x.get(), a.pos.at(1).get()))
                        return ObjRef(true_obj());
                    return ObjRef(false_obj());
                  })
          .method("__eq__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    if (!is_instance(a.pos.at(1).get(), deque_type())) return ObjRef(not_implemented());
                    auto* o = as<DequeObject>(a.pos[1].get());
                    ObjRef x = make_list(std::vector<ObjRef>(d->items_.begin(), d->items_.end()));
                    ObjRef y = make_list(std::vector<ObjRef>(o->items_.begin(), o->items_.end()));
                    return ObjRef(bool_obj(equals(in, x.get(), y.get())));
                  })
          .attr("__hash__", none_ref())
          .method("__repr__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    DequeObject* d = self_deque(a);
                    ObjRef items = make_list(std::vector<ObjRef>(d->items_.begin(), d->items_.end()));
                    std::string out = type_name(d) + "(" + repr(in, items.get());
                    if (d->maxlen_ >= 0) out += ", maxlen=" + std::to_string(d->maxlen_);
                    return make_str(out + ")");
                  })
          .build();
  return t;
}

}  // namespace

ObjRef collections_deque() { return ObjRef(deque_type()); }

}  // namespace stridelab::python
