#include "python/set.h"

#include "python/native.h"
#include "python/protocol.h"
#include "python/recursion.h"
#include "support/budget.h"

namespace stridelab::python {

namespace {

constexpr size_t kMinSize = 8;
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

int64_t set_hash(Interp& in, Object* key) {
  int64_t h = hash_of(in, key);
  return h == -1 ? -2 : h;
}

// Puts `key` in the first unused slot of its probe sequence (no dummies, no equal key present).
void insert_clean(std::vector<SetObject::Entry>& table, ObjRef key, int64_t hash) {
  uint64_t mask = table.size() - 1;
  uint64_t perturb = static_cast<uint64_t>(hash);
  uint64_t i = static_cast<uint64_t>(hash) & mask;
  while (true) {
    if (!table[i].key) break;
    bool found = false;
    if (i + kLinearProbes <= mask) {
      for (size_t j = 1; j <= kLinearProbes; ++j)
        if (!table[i + j].key) {
          i += j;
          found = true;
          break;
        }
    }
    if (found) break;
    support::poll_deadline();  // keys of one hash make a long probe (NOTE [Deadline polling])
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
  table[i].key = std::move(key);
  table[i].hash = hash;
}

void resize(SetObject* s, size_t minused) {
  size_t newsize = kMinSize;
  while (newsize <= minused) newsize <<= 1;
  if (newsize == kMinSize && s->table_.size() == kMinSize && s->fill_ == s->used_) return;
  std::vector<SetObject::Entry> old = std::move(s->table_);
  s->table_.assign(newsize, SetObject::Entry());
  s->fill_ = s->used_;
  for (auto& e : old)
    if (e.key) insert_clean(s->table_, std::move(e.key), e.hash);
}

// The slot holding a key equal to `key`, or -1.
long lookup(Interp& in, SetObject* s, Object* key, int64_t hash) {
restart:
  uint64_t mask = s->mask();
  uint64_t perturb = static_cast<uint64_t>(hash);
  uint64_t i = static_cast<uint64_t>(hash) & mask;
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j) {
      SetObject::Entry& e = s->table_[i + j];
      if (!e.key && !e.dummy) return -1;
      if (e.key && e.hash == hash) {
        if (e.key.get() == key) return static_cast<long>(i + j);
        ObjRef start = e.key;
        size_t size = s->table_.size();
        bool eq = equals(in, start.get(), key);
        if (s->table_.size() != size || s->table_[i + j].key.get() != start.get()) goto restart;
        if (eq) return static_cast<long>(i + j);
      }
    }
    support::poll_deadline();  // keys of one hash make a long probe (NOTE [Deadline polling])
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

SetObject* as_set(Object* o) { return static_cast<SetObject*>(o); }

class SetIterator : public IteratorObject {
 public:
  explicit SetIterator(Ref<SetObject> s) : IteratorObject(iterator_type()), set_(std::move(s)), used_(set_->used_) {}
  ObjRef next(Interp&) override {
    if (!set_) return nullptr;
    if (set_->used_ != used_) {
      used_ = static_cast<size_t>(-1);
      raise(builtin_types().runtime_error, "Set changed size during iteration");
    }
    while (pos_ < set_->table_.size() && !set_->table_[pos_].key) ++pos_;
    if (pos_ >= set_->table_.size()) {
      set_.reset();
      return nullptr;
    }
    return set_->table_[pos_++].key;
  }
  static TypeObject* iterator_type() {
    static TypeObject* t = NativeType("set_iterator", "builtins").build();
    return t;
  }
  Ref<SetObject> set_;
  size_t used_, pos_ = 0;
};

}  // namespace

SetObject::SetObject(TypeObject* type) : Object(type), table_(kMinSize) { track(); }

void SetObject::clear_refs() { clear(); }

void SetObject::clear() {
  std::vector<Entry> old = std::move(table_);
  table_.assign(kMinSize, Entry());
  fill_ = used_ = 0;
}

void SetObject::add(Interp& in, ObjRef key) {
  int64_t h = set_hash(in, key.get());
  add_hashed(in, std::move(key), h);
}

void SetObject::add_hashed(Interp& in, ObjRef key, int64_t hash) {
restart:
  uint64_t mask = this->mask();
  uint64_t perturb = static_cast<uint64_t>(hash);
  uint64_t i = static_cast<uint64_t>(hash) & mask;
  long freeslot = -1;
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j) {
      size_t at = i + j;
      Entry& e = table_[at];
      if (!e.key && !e.dummy) {
        if (freeslot >= 0) {
          Entry& f = table_[freeslot];
          f.key = std::move(key);
          f.hash = hash;
          f.dummy = false;
          ++used_;
          return;
        }
        e.key = std::move(key);
        e.hash = hash;
        ++fill_;
        ++used_;
        if (fill_ * 5 < mask * 3) return;
        resize(this, used_ > 50000 ? used_ * 2 : used_ * 4);
        return;
      }
      if (e.key && e.hash == hash) {
        if (e.key.get() == key.get()) return;
        ObjRef start = e.key;
        size_t size = table_.size();
        bool eq = equals(in, start.get(), key.get());
        if (eq) return;
        if (table_.size() != size || table_[at].key.get() != start.get()) goto restart;
      } else if (e.dummy && freeslot < 0) {
        freeslot = static_cast<long>(at);
      }
    }
    support::poll_deadline();  // keys of one hash make a long probe (NOTE [Deadline polling])
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

bool SetObject::contains(Interp& in, Object* key) { return lookup(in, this, key, set_hash(in, key)) >= 0; }

bool SetObject::discard(Interp& in, Object* key) {
  long at = lookup(in, this, key, set_hash(in, key));
  if (at < 0) return false;
  ObjRef old = std::move(table_[at].key);
  table_[at].hash = -1;
  table_[at].dummy = true;
  --used_;
  return true;
}

namespace {

void merge(Interp& in, SetObject* s, SetObject* other) {
  if (other == s || other->used_ == 0) return;
  if ((s->fill_ + other->used_) * 5 >= s->mask() * 3) resize(s, (s->used_ + other->used_) * 2);
  if (s->fill_ == 0 && s->mask() == other->mask() && other->fill_ == other->used_) {
    for (size_t i = 0; i < other->table_.size(); ++i)
      if (other->table_[i].key) {
        s->table_[i].key = other->table_[i].key;
        s->table_[i].hash = other->table_[i].hash;
      }
    s->fill_ = other->fill_;
    s->used_ = other->used_;
    return;
  }
  if (s->fill_ == 0) {
    s->fill_ = s->used_ = other->used_;
    for (auto& e : other->table_)
      if (e.key) insert_clean(s->table_, e.key, e.hash);
    return;
  }
  std::vector<SetObject::Entry> entries = other->table_;  // Python's __eq__ may change `other`
  for (auto& e : entries)
    if (e.key) s->add_hashed(in, e.key, e.hash);
}

}  // namespace

void SetObject::update(Interp& in, Object* iterable) {
  if (is_set(iterable)) return merge(in, this, as_set(iterable));
  if (iterable->type() == builtin_types().dict) {
    auto* d = as<DictObject>(iterable);
    if ((fill_ + d->size()) * 5 >= mask() * 3) resize(this, (used_ + d->size()) * 2);
    for (auto& [k, v] : d->items()) add(in, k);
    return;
  }
  Ref<IteratorObject> it = get_iter(in, iterable);
  while (ObjRef x = it->next(in)) add(in, std::move(x));
}

std::vector<ObjRef> SetObject::items() const {
  std::vector<ObjRef> out;
  for (auto& e : table_)
    if (e.key) out.push_back(e.key);
  return out;
}

bool is_set(const Object* o) { return is_instance(o, set_type()) || is_instance(o, frozenset_type()); }

Ref<SetObject> make_set(Interp& in, std::vector<ObjRef> items, TypeObject* type) {
  Ref<SetObject> s(new SetObject(type ? type : set_type()));
  for (auto& x : items) s->add(in, std::move(x));
  return s;
}

Ref<SetObject> make_constant_set(Interp& in, std::vector<ObjRef> items) {
  Ref<SetObject> folded = make_set(in, std::move(items), frozenset_type());
  Ref<SetObject> merged = make_set(in, folded->items(), frozenset_type());
  Ref<SetObject> s(new SetObject(set_type()));
  s->update(in, merged.get());
  return s;
}

namespace {

// The type a result of an operation on `s` gets: set or frozenset (a subclass gives its base).
TypeObject* base_kind(Object* s) { return is_instance(s, frozenset_type()) ? frozenset_type() : set_type(); }

Ref<SetObject> copy_of(Interp& in, Object* s, TypeObject* type = nullptr) {
  Ref<SetObject> r(new SetObject(type ? type : base_kind(s)));
  r->update(in, s);
  return r;
}

bool is_subset(Interp& in, SetObject* a, SetObject* b) {
  if (a->used_ > b->used_) return false;
  for (auto& x : a->items())
    if (!b->contains(in, x.get())) return false;
  return true;
}

Ref<SetObject> intersection(Interp& in, SetObject* so, Object* other) {
  Ref<SetObject> result(new SetObject(base_kind(so)));
  if (is_set(other)) {
    SetObject* a = so;
    SetObject* b = as_set(other);
    if (b->used_ > a->used_) std::swap(a, b);
    for (auto& e : std::vector<SetObject::Entry>(b->table_))
      if (e.key && a->contains(in, e.key.get())) result->add_hashed(in, e.key, e.hash);
    return result;
  }
  Ref<IteratorObject> it = get_iter(in, other);
  while (ObjRef x = it->next(in))
    if (so->contains(in, x.get())) result->add(in, std::move(x));
  return result;
}

void difference_update(Interp& in, SetObject* so, Object* other) {
  if (other == so) return so->clear();
  if (is_set(other)) {
    for (auto& x : as_set(other)->items()) so->discard(in, x.get());
  } else {
    Ref<IteratorObject> it = get_iter(in, other);
    while (ObjRef x = it->next(in)) so->discard(in, x.get());
  }
  if (so->fill_ - so->used_ <= so->mask() / 4) return;
  resize(so, so->used_ > 50000 ? so->used_ * 2 : so->used_ * 4);
}

Ref<SetObject> difference(Interp& in, SetObject* so, Object* other) {
  size_t other_size;
  if (is_set(other)) {
    other_size = as_set(other)->used_;
  } else if (other->type() == builtin_types().dict) {
    other_size = as<DictObject>(other)->size();
  } else {
    Ref<SetObject> r = copy_of(in, so);
    difference_update(in, r.get(), other);
    return r;
  }
  if ((so->used_ >> 2) > other_size) {
    Ref<SetObject> r = copy_of(in, so);
    difference_update(in, r.get(), other);
    return r;
  }
  Ref<SetObject> result(new SetObject(base_kind(so)));
  for (auto& e : std::vector<SetObject::Entry>(so->table_)) {
    if (!e.key) continue;
    bool in_other = other->type() == builtin_types().dict ? as<DictObject>(other)->get(in, e.key.get()) != nullptr
                                                          : as_set(other)->contains(in, e.key.get());
    if (!in_other) result->add_hashed(in, e.key, e.hash);
  }
  return result;
}

void symmetric_update(Interp& in, SetObject* so, Object* other) {
  if (other == so) return so->clear();
  Ref<SetObject> items = is_set(other) ? Ref<SetObject>(as_set(other)) : copy_of(in, other, set_type());
  for (auto& e : std::vector<SetObject::Entry>(items->table_)) {
    if (!e.key) continue;
    if (!so->discard(in, e.key.get())) so->add_hashed(in, e.key, e.hash);
  }
}

Ref<SetObject> symmetric_difference(Interp& in, SetObject* so, Object* other) {
  Ref<SetObject> result = copy_of(in, other, base_kind(so));
  symmetric_update(in, result.get(), so);
  return result;
}

std::string set_repr(Interp& in, Object* self) {
  auto* s = as_set(self);
  TypeObject* t = self->type();
  bool frozen = is_instance(self, frozenset_type());
  std::string name = t->is_user_ || frozen ? t->name_ : "";
  if (s->used_ == 0) return (name.empty() ? "set" : name) + "()";
  NativeDepth depth(" while getting the repr of an object");
  std::string out = "{";
  bool first = true;
  for (auto& x : s->items()) {
    if (!first) out += ", ";
    first = false;
    out += repr(in, x.get());
  }
  out += "}";
  return name.empty() ? out : name + "(" + out + ")";
}

uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; }

int64_t frozenset_hash(SetObject* s) {
  uint64_t hash = 0;  // the items' hashes, shuffled, in any order
  for (auto& e : s->table_)
    if (e.key) hash ^= shuffle_bits(static_cast<uint64_t>(e.hash));
  hash ^= (static_cast<uint64_t>(s->used_) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923ULL;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ULL;
  return static_cast<int64_t>(hash);
}

SetObject* self_set(CallArgs& a) { return as_set(a.pos[0].get()); }

void no_kw(CallArgs& a, const char* name) {
  if (!a.kw.empty()) raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
}

void args_exactly(CallArgs& a, const std::string& name, size_t n) {
  no_kw(a, name.c_str());
  size_t given = a.pos.size() - 1;
  if (given == n) return;
  if (n == 0) raise(builtin_types().type_error, name + "() takes no arguments (" + std::to_string(given) + " given)");
  raise(builtin_types().type_error, name + "() takes exactly one argument (" + std::to_string(given) + " given)");
}

ObjRef not_impl() { return ObjRef(not_implemented()); }

// A binary operator on two sets, or NotImplemented.
NativeFn set_binop(Ref<SetObject> (*op)(Interp&, SetObject*, Object*)) {
  return [op](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    return op(in, self_set(a), a.pos[1].get());
  };
}

Ref<SetObject> union_op(Interp& in, SetObject* so, Object* other) {
  Ref<SetObject> r = copy_of(in, so);
  r->update(in, other);
  return r;
}

ObjRef make_set_obj(Interp& in, TypeObject* cls, CallArgs& a, bool frozen) {
  const char* name = frozen ? "frozenset" : "set";
  if (!a.kw.empty() && cls->native_base() == cls)
    raise(builtin_types().type_error, std::string(name) + "() takes no keyword arguments");
  if (a.pos.size() > 1)
    raise(builtin_types().type_error,
          std::string(name) + " expected at most 1 argument, got " + std::to_string(a.pos.size()));
  if (frozen && !a.pos.empty() && a.pos[0]->type() == frozenset_type() && cls == frozenset_type()) return a.pos[0];
  Ref<SetObject> s(new SetObject(cls));
  if (!a.pos.empty() && frozen) s->update(in, a.pos[0].get());
  return s;
}

void install_common(NativeType& t) {
  t.method("__repr__", [](Interp& in, CallArgs& a) -> ObjRef { return make_str(set_repr(in, a.pos[0].get())); });
  t.method("__len__",
           [](Interp&, CallArgs& a) -> ObjRef { return make_int(static_cast<int64_t>(self_set(a)->used_)); });
  t.method("__iter__",
           [](Interp&, CallArgs& a) -> ObjRef { return ObjRef(new SetIterator(Ref<SetObject>(self_set(a)))); });
  t.method("__contains__", [](Interp& in, CallArgs& a) -> ObjRef {
    return ObjRef(bool_obj(self_set(a)->contains(in, a.pos[1].get())));
  });
  t.method("__eq__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    SetObject *x = self_set(a), *y = as_set(a.pos[1].get());
    return ObjRef(bool_obj(x->used_ == y->used_ && is_subset(in, x, y)));
  });
  t.method("__le__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    return ObjRef(bool_obj(is_subset(in, self_set(a), as_set(a.pos[1].get()))));
  });
  t.method("__lt__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    SetObject *x = self_set(a), *y = as_set(a.pos[1].get());
    return ObjRef(bool_obj(x->used_ < y->used_ && is_subset(in, x, y)));
  });
  t.method("__ge__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    return ObjRef(bool_obj(is_subset(in, as_set(a.pos[1].get()), self_set(a))));
  });
  t.method("__gt__", [](Interp& in, CallArgs& a) -> ObjRef {
    if (!is_set(a.pos[1].get())) return not_impl();
    SetObject *x = self_set(a), *y = as_set(a.pos[1].get());
    return ObjRef(bool_obj(y->used_ < x->used_ && is_subset(in, y, x)));
  });
  t.method("__or__", set_binop(union_op));
  t.method("__and__", set_binop(intersection));
  t.method("__sub__", set_binop(difference));
  t.method("__xor__", set_binop(symmetric_difference));
  t.method("copy", [](Interp& in, CallArgs& a) -> ObjRef {
    args_exactly(a, type_name(a.pos[0].get()) + ".copy", 0);
    if (a.pos[0]->type() == frozenset_type()) return a.pos[0];
    return copy_of(in, a.pos[0].get());
  });
  t.method("union", [](Interp& in, CallArgs& a) -> ObjRef {
    no_kw(a, "union");
    Ref<SetObject> r = copy_of(in, a.pos[0].get());
    for (size_t i = 1; i < a.pos.size(); ++i)
      if (a.pos[i].get() != a.pos[0].get()) r->update(in, a.pos[i].get());
    return r;
  });
  t.method("intersection", [](Interp& in, CallArgs& a) -> ObjRef {
    no_kw(a, "intersection");
    if (a.pos.size() == 1) return copy_of(in, a.pos[0].get());
    Ref<SetObject> r(self_set(a));
    for (size_t i = 1; i < a.pos.size(); ++i) r = intersection(in, r.get(), a.pos[i].get());
    return r;
  });
  t.method("difference", [](Interp& in, CallArgs& a) -> ObjRef {
    no_kw(a, "difference");
    if (a.pos.size() == 1) return copy_of(in, a.pos[0].get());
    Ref<SetObject> r = difference(in, self_set(a), a.pos[1].get());
    for (size_t i = 2; i < a.pos.size(); ++i) difference_update(in, r.get(), a.pos[i].get());
    return r;
  });
  t.method("symmetric_difference", [](Interp& in, CallArgs& a) -> ObjRef {
    args_exactly(a, type_name(a.pos[0].get()) + ".symmetric_difference", 1);
    return symmetric_difference(in, self_set(a), a.pos[1].get());
  });
  t.method("issubset", [](Interp& in, CallArgs& a) -> ObjRef {
    args_exactly(a, type_name(a.pos[0].get()) + ".issubset", 1);
    Ref<SetObject> other =
        is_set(a.pos[1].get()) ? Ref<SetObject>(as_set(a.pos[1].get())) : copy_of(in, a.pos[1].get(), set_type());
    return ObjRef(bool_obj(is_subset(in, self_set(a), other.get())));
  });
  t.method("issuperset", [](Interp& in, CallArgs& a) -> ObjRef {
    args_exactly(a, type_name(a.pos[0].get()) + ".issuperset", 1);
    if (is_set(a.pos[1].get())) return ObjRef(bool_obj(is_subset(in, as_set(a.pos[1].get()), self_set(a))));
    Ref<IteratorObject> it = get_iter(in, a.pos[1].get());
    while (ObjRef x = it->next(in))
      if (!self_set(a)->contains(in, x.get())) return ObjRef(false_obj());
    return ObjRef(true_obj());
  });
  t.method("isdisjoint", [](Interp& in, CallArgs& a) -> ObjRef {
    args_exactly(a, type_name(a.pos[0].get()) + ".isdisjoint", 1);
    std::vector<ObjRef> items = to_vector(in, a.pos[1].get());
    for (auto& x : items)
      if (self_set(a)->contains(in, x.get())) return ObjRef(false_obj());
    return ObjRef(true_obj());
  });
}

}  // namespace

TypeObject* set_type() {
  static TypeObject* t = [] {
    NativeType nt("set", "builtins");
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) { return make_set_obj(in, cls, a, false); });
    install_common(nt);
    nt.attr("__hash__", ObjRef(none()));
    nt.method("__init__", [](Interp& in, CallArgs& a) -> ObjRef {
      if (a.pos.size() > 2)
        raise(builtin_types().type_error, "set expected at most 1 argument, got " + std::to_string(a.pos.size() - 1));
      SetObject* s = self_set(a);
      s->clear();
      if (a.pos.size() == 2) s->update(in, a.pos[1].get());
      return ObjRef(none());
    });
    nt.method("add", [](Interp& in, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.add", 1);
      self_set(a)->add(in, a.pos[1]);
      return ObjRef(none());
    });
    nt.method("discard", [](Interp& in, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.discard", 1);
      self_set(a)->discard(in, a.pos[1].get());
      return ObjRef(none());
    });
    nt.method("remove", [](Interp& in, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.remove", 1);
      if (!self_set(a)->discard(in, a.pos[1].get()))
        throw PyError{new_exception(builtin_types().key_error, {a.pos[1]})};
      return ObjRef(none());
    });
    nt.method("pop", [](Interp&, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.pop", 0);
      SetObject* s = self_set(a);
      if (s->used_ == 0) raise(builtin_types().key_error, "pop from an empty set");
      size_t i = s->finger_ & s->mask();
      while (!s->table_[i].key) i = i + 1 > s->mask() ? 0 : i + 1;
      ObjRef key = std::move(s->table_[i].key);
      s->table_[i].hash = -1;
      s->table_[i].dummy = true;
      --s->used_;
      s->finger_ = i + 1;
      return key;
    });
    nt.method("clear", [](Interp&, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.clear", 0);
      self_set(a)->clear();
      return ObjRef(none());
    });
    nt.method("update", [](Interp& in, CallArgs& a) -> ObjRef {
      no_kw(a, "set.update");
      for (size_t i = 1; i < a.pos.size(); ++i) self_set(a)->update(in, a.pos[i].get());
      return ObjRef(none());
    });
    nt.method("intersection_update", [](Interp& in, CallArgs& a) -> ObjRef {
      no_kw(a, "intersection_update");
      Ref<SetObject> r(self_set(a));
      for (size_t i = 1; i < a.pos.size(); ++i) r = intersection(in, r.get(), a.pos[i].get());
      if (r.get() != self_set(a)) {
        std::swap(self_set(a)->table_, r->table_);
        std::swap(self_set(a)->fill_, r->fill_);
        std::swap(self_set(a)->used_, r->used_);
      }
      return ObjRef(none());
    });
    nt.method("difference_update", [](Interp& in, CallArgs& a) -> ObjRef {
      no_kw(a, "difference_update");
      for (size_t i = 1; i < a.pos.size(); ++i) difference_update(in, self_set(a), a.pos[i].get());
      return ObjRef(none());
    });
    nt.method("symmetric_difference_update", [](Interp& in, CallArgs& a) -> ObjRef {
      args_exactly(a, "set.symmetric_difference_update", 1);
      symmetric_update(in, self_set(a), a.pos[1].get());
      return ObjRef(none());
    });
    auto inplace = [](void (*op)(Interp&, SetObject*, Object*)) -> NativeFn {
      return [op](Interp& in, CallArgs& a) -> ObjRef {
        if (!is_set(a.pos[1].get())) return not_impl();
        op(in, self_set(a), a.pos[1].get());
        return a.pos[0];
      };
    };
    nt.method("__ior__", inplace([](Interp& in, SetObject* s, Object* o) { s->update(in, o); }));
    nt.method("__isub__", inplace(difference_update));
    nt.method("__ixor__", inplace(symmetric_update));
    nt.method("__iand__", inplace([](Interp& in, SetObject* s, Object* o) {
                Ref<SetObject> r = intersection(in, s, o);
                std::swap(s->table_, r->table_);
                std::swap(s->fill_, r->fill_);
                std::swap(s->used_, r->used_);
              }));
    return nt.build();
  }();
  return t;
}

TypeObject* frozenset_type() {
  static TypeObject* t = [] {
    NativeType nt("frozenset", "builtins");
    nt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) { return make_set_obj(in, cls, a, true); });
    install_common(nt);
    nt.method("__hash__", [](Interp&, CallArgs& a) -> ObjRef { return make_int(frozenset_hash(self_set(a))); });
    return nt.build();
  }();
  return t;
}

}  // namespace stridelab::python
