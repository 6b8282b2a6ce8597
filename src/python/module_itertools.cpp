// The itertools module: each function returns a lazy native iterator, as in CPython, so
// `for i in count():` runs until the loop breaks and `islice(count(), 3)` takes three items.
// The combinatoric ones (product, combinations, permutations) read their inputs into tuples when
// called, and yield in CPython's order (the index algorithms of the itertools documentation).
#include <algorithm>
#include <memory>
#include <deque>
#include <functional>

#include "python/modules.h"
#include "python/native.h"
#include "support/budget.h"

namespace stridelab::python {

namespace {

using NextFn = support::Callback<ObjRef(Interp&)>;

// An itertools iterator: `next_` gives the following item or null when exhausted (and keeps
// returning null after that); `repr_` is set for count and repeat, which CPython prints.
class LazyIterator : public IteratorObject {
 public:
  LazyIterator(TypeObject* type, NextFn next) : IteratorObject(type), next_(std::move(next)) {}
  ObjRef next(Interp& in) override {
    if (done_) return nullptr;
    support::poll_deadline();  // `sum(repeat(1))` is one native loop (NOTE [Deadline polling])
    // The call holds its own reference: a callback that runs this iterator to its end frees
    // next_ while the outer call is still in it (`accumulate(xs, f)` whose f calls list() on it).
    const NextFn running = next_;
    ObjRef r = running(in);
    if (!r) {
      done_ = true;
      next_ = nullptr;  // drops what the iterator held
    }
    return r;
  }
  std::function<std::string(Interp&)> repr_;

 private:
  NextFn next_;
  bool done_ = false;
};

// The receiver of a method called through the class (`chain.__next__(x)`), checked as CPython does.
LazyIterator* self_of(CallArgs& a, const char* method) {
  auto* it = a.pos.empty() ? nullptr : dynamic_cast<LazyIterator*>(a.pos[0].get());
  if (!it)
    raise(builtin_types().type_error, std::string("descriptor '") + method + "' requires a 'itertools.chain' object " +
                                          "but received a '" +
                                          (a.pos.empty() ? "NoneType" : type_name(a.pos[0].get())) + "'");
  return it;
}

TypeObject* iterator_type(const char* name) {
  return NativeType(name, "itertools")
      .method("__iter__", [](Interp&, CallArgs& a) -> ObjRef { return ObjRef(self_of(a, "__iter__")); })
      .method("__next__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                ObjRef r = self_of(a, "__next__")->next(in);
                if (!r) raise(builtin_types().stop_iteration, "");
                return r;
              })
      .method("__repr__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                auto* it = self_of(a, "__repr__");
                if (it->repr_) return make_str(it->repr_(in));
                char buf[64];
                std::snprintf(buf, sizeof buf, " object at %p>", static_cast<void*>(it));
                return make_str("<itertools." + type_name(it) + buf);
              })
      .build();
}

// The iterator type of that name, made once (types are immortal).
TypeObject* itype(const char* name) {
  static std::unordered_map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) t = iterator_type(name);
  return t;
}

ObjRef lazy(const char* type_name_, NextFn next) {
  return ObjRef(new LazyIterator(itype(type_name_), std::move(next)));
}

ObjRef tuple_of(const std::vector<ObjRef>& pool, const std::vector<size_t>& idx, size_t r) {
  std::vector<ObjRef> items;
  for (size_t i = 0; i < r; ++i) items.push_back(pool[idx[i]]);
  return ObjRef(new TupleObject(std::move(items)));
}

int64_t nonnegative(Interp& in, Object* o, const char* what) {
  int64_t v = to_index(in, o);
  if (v < 0) raise(builtin_types().value_error, what);
  return v;
}

ObjRef product(Interp& in, CallArgs& a) {
  int64_t repeat = 1;
  for (auto& [k, v] : a.kw) {
    if (k != "repeat") raise(builtin_types().type_error, "product() got an unexpected keyword argument '" + k + "'");
    repeat = to_index(in, v.get());
    if (repeat < 0) raise(builtin_types().value_error, "repeat argument cannot be negative");
  }
  std::vector<std::vector<ObjRef>> pools;
  for (auto& x : a.pos) pools.push_back(to_vector(in, x.get()));
  std::vector<std::vector<ObjRef>> all;
  for (int64_t r = 0; r < repeat; ++r) all.insert(all.end(), pools.begin(), pools.end());
  bool empty = false;
  for (auto& p : all) empty = empty || p.empty();
  auto idx = std::make_shared<std::vector<size_t>>(all.size(), 0);
  auto started = std::make_shared<bool>(false);
  return lazy("product", [all, idx, started, empty](Interp&) -> ObjRef {
    if (empty) return nullptr;
    if (*started) {
      size_t i = all.size();
      for (; i > 0; --i) {
        if (++(*idx)[i - 1] < all[i - 1].size()) break;
        (*idx)[i - 1] = 0;
      }
      if (i == 0) return nullptr;
    }
    *started = true;
    std::vector<ObjRef> items;
    for (size_t i = 0; i < all.size(); ++i) items.push_back(all[i][(*idx)[i]]);
    return ObjRef(new TupleObject(std::move(items)));
  });
}

// chain(*iterables) and chain.from_iterable(iterable): `sources` gives the iterables in turn.
ObjRef chain_of(Ref<IteratorObject> sources) {
  auto current = std::make_shared<Ref<IteratorObject>>();
  return lazy("chain", [sources, current](Interp& in) -> ObjRef {
    for (;;) {
      if (*current)
        if (ObjRef x = (*current)->next(in)) return x;
      ObjRef src = sources->next(in);
      if (!src) return nullptr;
      *current = get_iter(in, src.get());
    }
  });
}

ObjRef islice(Interp& in, CallArgs& a) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "islice() takes no keyword arguments");
  if (a.pos.size() < 2 || a.pos.size() > 4)
    raise(builtin_types().type_error, a.pos.size() < 2
                                          ? "islice expected at least 2 arguments, got " + std::to_string(a.pos.size())
                                          : "islice expected at most 4 arguments, got " + std::to_string(a.pos.size()));
  auto bound = [&](Object* o, int64_t dflt, const char* msg) {
    if (o == none()) return dflt;
    if (!is_int(o)) raise(builtin_types().value_error, msg);
    int64_t v = to_index(in, o);
    if (v < 0) raise(builtin_types().value_error, msg);
    return v;
  };
  const char* stop_msg = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  const char* start_msg = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  int64_t start = 0, stop = -1, step = 1;
  if (a.pos.size() == 2) {
    stop = bound(a.pos[1].get(), -1, stop_msg);
  } else {
    start = bound(a.pos[1].get(), 0, start_msg);
    stop = bound(a.pos[2].get(), -1, stop_msg);
    if (a.pos.size() == 4) {
      if (a.pos[3].get() != none() && (!is_int(a.pos[3].get()) || to_index(in, a.pos[3].get()) <= 0))
        raise(builtin_types().value_error, "Step for islice() must be a positive integer or None.");
      step = a.pos[3].get() == none() ? 1 : to_index(in, a.pos[3].get());
    }
  }
  Ref<IteratorObject> src = get_iter(in, a.pos[0].get());
  auto pos = std::make_shared<int64_t>(0), next_wanted = std::make_shared<int64_t>(start);
  return lazy("islice", [src, pos, next_wanted, stop, step](Interp& in) -> ObjRef {
    for (;;) {
      if (stop >= 0 && *next_wanted >= stop) {
        // CPython still consumes up to `stop` items, no more.
        while (*pos < stop && src->next(in)) ++*pos;
        return nullptr;
      }
      ObjRef x = src->next(in);
      if (!x) return nullptr;
      if ((*pos)++ == *next_wanted) {
        *next_wanted += step;
        return x;
      }
    }
  });
}

ObjRef count(Interp& in, CallArgs& a) {
  ArgParser p(a, "count", {"start=", "step="});
  ObjRef start = p.has(0) ? ObjRef(p.get(0)) : make_int(0), step = p.has(1) ? ObjRef(p.get(1)) : make_int(1);
  for (Object* o : {start.get(), step.get()})
    if (!is_number(o)) raise(builtin_types().type_error, "a number is required");
  auto cur = std::make_shared<ObjRef>(start);
  ObjRef it = lazy("count", [cur, step](Interp& in) -> ObjRef {
    ObjRef r = *cur;
    *cur = binary_op(in, BinOpKind::Add, cur->get(), step.get());
    return r;
  });
  bool default_step = is_int(step.get()) && as<IntObject>(step.get())->value_ == 1;
  as<LazyIterator>(it.get())->repr_ = [cur, step, default_step](Interp& in) {
    return "count(" + repr(in, cur->get()) + (default_step ? "" : ", " + repr(in, step.get())) + ")";
  };
  return it;
}

ObjRef repeat(Interp& in, CallArgs& a) {
  if (a.pos.empty() && a.kw.empty())
    raise(builtin_types().type_error, "repeat() missing required argument 'object' (pos 1)");
  ArgParser p(a, "repeat", {"object", "times="});
  ObjRef obj(p.get(0));
  auto left = std::make_shared<int64_t>(p.has(1) ? std::max<int64_t>(0, to_index(in, p.get(1))) : -1);
  ObjRef it = lazy("repeat", [obj, left](Interp&) -> ObjRef {
    if (*left == 0) return nullptr;
    if (*left > 0) --*left;
    return obj;
  });
  as<LazyIterator>(it.get())->repr_ = [obj, left](Interp& in) {
    return "repeat(" + repr(in, obj.get()) + (*left >= 0 ? ", " + std::to_string(*left) : "") + ")";
  };
  return it;
}

ObjRef accumulate(Interp& in, CallArgs& a) {
  ArgParser p(a, "accumulate", {"iterable", "func=", "*", "initial="});
  Ref<IteratorObject> src = get_iter(in, p.get(0));
  ObjRef func = p.has(1) && p.get(1) != none() ? ObjRef(p.get(1)) : nullptr;
  auto total = std::make_shared<ObjRef>(p.has(2) && p.get(2) != none() ? ObjRef(p.get(2)) : nullptr);
  auto give_initial = std::make_shared<bool>(bool(*total));
  return lazy("accumulate", [src, func, total, give_initial](Interp& in) -> ObjRef {
    if (*give_initial) {
      *give_initial = false;
      return *total;
    }
    ObjRef x = src->next(in);
    if (!x) return nullptr;
    if (!*total) {
      *total = x;
    } else if (func) {
      CallArgs args;
      args.pos = {*total, x};
      *total = call(in, func.get(), args);
    } else {
      *total = binary_op(in, BinOpKind::Add, total->get(), x.get());
    }
    return *total;
  });
}

ObjRef combinations(Interp& in, CallArgs& a, bool with_replacement) {
  const char* name = with_replacement ? "combinations_with_replacement" : "combinations";
  ArgParser p(a, name, {"iterable", "r"});
  auto pool = to_vector(in, p.get(0));
  size_t n = pool.size(), r = static_cast<size_t>(nonnegative(in, p.get(1), "r must be non-negative"));
  auto idx = std::make_shared<std::vector<size_t>>(r, 0);
  if (!with_replacement)
    for (size_t i = 0; i < r; ++i) (*idx)[i] = i;
  auto started = std::make_shared<bool>(false);
  bool empty = with_replacement ? (n == 0 && r > 0) : r > n;
  return lazy(name, [pool, n, r, idx, started, empty, with_replacement](Interp&) -> ObjRef {
    if (empty) return nullptr;
    auto& ix = *idx;
    if (*started) {
      size_t i = r;
      while (i > 0 && ix[i - 1] == (with_replacement ? n - 1 : i - 1 + n - r)) --i;
      if (i == 0) return nullptr;
      --i;
      ++ix[i];
      for (size_t j = i + 1; j < r; ++j) ix[j] = with_replacement ? ix[i] : ix[j - 1] + 1;
    }
    *started = true;
    return tuple_of(pool, ix, r);
  });
}

ObjRef permutations(Interp& in, CallArgs& a) {
  ArgParser p(a, "permutations", {"iterable", "r="});
  auto pool = to_vector(in, p.get(0));
  size_t n = pool.size();
  size_t r =
      p.has(1) && p.get(1) != none() ? static_cast<size_t>(nonnegative(in, p.get(1), "r must be non-negative")) : n;
  auto idx = std::make_shared<std::vector<size_t>>(n);
  auto cycles = std::make_shared<std::vector<size_t>>(r);
  for (size_t i = 0; i < n; ++i) (*idx)[i] = i;
  for (size_t i = 0; i < r && r <= n; ++i) (*cycles)[i] = n - i;
  auto started = std::make_shared<bool>(false);
  return lazy("permutations", [pool, n, r, idx, cycles, started](Interp&) -> ObjRef {
    if (r > n) return nullptr;
    auto& ix = *idx;
    auto& cy = *cycles;
    if (*started) {
      if (n == 0) return nullptr;
      size_t i = r;
      for (; i > 0; --i) {
        size_t k = i - 1;
        if (--cy[k] == 0) {
          size_t first = ix[k];
          for (size_t j = k; j + 1 < n; ++j) ix[j] = ix[j + 1];
          ix[n - 1] = first;
          cy[k] = n - k;
        } else {
          std::swap(ix[k], ix[n - cy[k]]);
          break;
        }
      }
      if (i == 0) return nullptr;
    }
    *started = true;
    return tuple_of(pool, ix, r);
  });
}

ObjRef zip_longest(Interp& in, CallArgs& a) {
  ObjRef fill(none());
  for (auto& [k, v] : a.kw) {
    if (k != "fillvalue")
      raise(builtin_types().type_error, "zip_longest() got an unexpected keyword argument '" + k + "'");
    fill = v;
  }
  auto its = std::make_shared<std::vector<Ref<IteratorObject>>>();
  for (auto& x : a.pos) its->push_back(get_iter(in, x.get()));
  return lazy("zip_longest", [its, fill](Interp& in) -> ObjRef {
    if (its->empty()) return nullptr;
    std::vector<ObjRef> items;
    bool any = false;
    for (auto& it : *its) {
      ObjRef x = it ? it->next(in) : nullptr;
      if (!x) it = nullptr;
      any = any || x;
      items.push_back(x ? x : fill);
    }
    if (!any) return nullptr;
    return ObjRef(new TupleObject(std::move(items)));
  });
}

// takewhile, dropwhile, filterfalse: a predicate over the items of one iterable.
ObjRef predicate_iter(Interp& in, CallArgs& a, const char* name, int mode) {
  ArgParser p(a, name, {"predicate", "iterable"});
  ObjRef pred(p.get(0));
  Ref<IteratorObject> src = get_iter(in, p.get(1));
  auto state = std::make_shared<bool>(false);  // takewhile: stopped; dropwhile: dropping done
  return lazy(name, [pred, src, state, mode](Interp& in) -> ObjRef {
    for (;;) {
      if (mode == 0 && *state) return nullptr;
      ObjRef x = src->next(in);
      if (!x) return nullptr;
      bool t = pred.get() == none() ? truthy(in, x.get()) : truthy(in, call1(in, pred.get(), x).get());
      if (mode == 0) {  // takewhile
        if (t) return x;
        *state = true;
        return nullptr;
      }
      if (mode == 1) {  // dropwhile
        if (*state || !t) {
          *state = true;
          return x;
        }
        continue;
      }
      if (!t) return x;  // filterfalse
    }
  });
}

Ref<ModuleObject> make_itertools(Interp&) {
  auto m = make_module("itertools");
  ModuleObject* mod = m.get();
  module_add_function(mod, "product", product);
  // chain is a class, as in CPython, for chain.from_iterable.
  TypeObject* chain = itype("chain");
  chain->new_ = [](Interp& in, TypeObject*, CallArgs& a) -> ObjRef {
    if (!a.kw.empty()) raise(builtin_types().type_error, "chain() takes no keyword arguments");
    return chain_of(get_iter(in, ObjRef(new TupleObject(a.pos)).get()));
  };
  chain->dict_.set("from_iterable", make_function("from_iterable", [](Interp& in, CallArgs& a) -> ObjRef {
                     ArgParser p(a, "from_iterable", {"iterable"});
                     return chain_of(get_iter(in, p.get(0)));
                   }));
  module_add(mod, "chain", ObjRef(chain));
  module_add_function(mod, "islice", islice);
  module_add_function(mod, "count", count);
  module_add_function(mod, "repeat", repeat);
  module_add_function(mod, "accumulate", accumulate);
  module_add_function(mod, "combinations", [](Interp& in, CallArgs& a) { return combinations(in, a, false); });
  module_add_function(mod, "combinations_with_replacement",
                      [](Interp& in, CallArgs& a) { return combinations(in, a, true); });
  module_add_function(mod, "permutations", permutations);
  module_add_function(mod, "zip_longest", zip_longest);
  module_add_function(mod, "takewhile", [](Interp& in, CallArgs& a) { return predicate_iter(in, a, "takewhile", 0); });
  module_add_function(mod, "dropwhile", [](Interp& in, CallArgs& a) { return predicate_iter(in, a, "dropwhile", 1); });
  module_add_function(mod, "filterfalse",
                      [](Interp& in, CallArgs& a) { return predicate_iter(in, a, "filterfalse", 2); });
  module_add_function(mod, "starmap", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "starmap", {"function", "iterable"});
    ObjRef fn(p.get(0));
    Ref<IteratorObject> src = get_iter(in, p.get(1));
    return lazy("starmap", [fn, src](Interp& in) -> ObjRef {
      ObjRef x = src->next(in);
      if (!x) return nullptr;
      CallArgs args;
      args.pos = to_vector(in, x.get());
      return call(in, fn.get(), args);
    });
  });
  // groupby: each group is read when the outer iterator reaches it (a group kept past the next
  // step still has its items, where CPython's would be empty).
  module_add_function(mod, "groupby", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "groupby", {"iterable", "key="});
    Ref<IteratorObject> src = get_iter(in, p.get(0));
    ObjRef keyfn = p.has(1) && p.get(1) != none() ? ObjRef(p.get(1)) : nullptr;
    auto pending = std::make_shared<ObjRef>();
    auto started = std::make_shared<bool>(false);
    return lazy("groupby", [src, keyfn, pending, started](Interp& in) -> ObjRef {
      auto key_of = [&](const ObjRef& x) { return keyfn ? call1(in, keyfn.get(), x) : x; };
      if (!*started) {
        *started = true;
        *pending = src->next(in);
      }
      if (!*pending) return nullptr;
      ObjRef key = key_of(*pending);
      std::vector<ObjRef> group{*pending};
      *pending = nullptr;
      while (ObjRef x = src->next(in)) {
        if (!equals(in, key_of(x).get(), key.get())) {
          *pending = x;
          break;
        }
        group.push_back(x);
      }
      // The group's items and how many were given (a Callback is called as const).
      auto items = std::make_shared<std::pair<std::vector<ObjRef>, size_t>>(std::move(group), 0);
      ObjRef g = lazy("_grouper", [items](Interp&) -> ObjRef {
        auto& [list, i] = *items;
        return i < list.size() ? list[i++] : nullptr;
      });
      return ObjRef(new TupleObject({key, g}));
    });
  });
  module_add_function(mod, "compress", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "compress", {"data", "selectors"});
    Ref<IteratorObject> data = get_iter(in, p.get(0)), sel = get_iter(in, p.get(1));
    return lazy("compress", [data, sel](Interp& in) -> ObjRef {
      for (;;) {
        ObjRef x = data->next(in);
        if (!x) return nullptr;
        ObjRef s = sel->next(in);
        if (!s) return nullptr;
        if (truthy(in, s.get())) return x;
      }
    });
  });
  module_add_function(mod, "pairwise", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "pairwise", {"iterable"});
    Ref<IteratorObject> src = get_iter(in, p.get(0));
    auto prev = std::make_shared<ObjRef>();
    return lazy("pairwise", [src, prev](Interp& in) -> ObjRef {
      if (!*prev) *prev = src->next(in);
      if (!*prev) return nullptr;
      ObjRef x = src->next(in);
      if (!x) return nullptr;
      ObjRef r(new TupleObject({*prev, x}));
      *prev = x;
      return r;
    });
  });
  module_add_function(mod, "tee", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "tee", {"iterable", "n="});
    int64_t n = p.get_int(in, 1, 2);
    if (n < 0) raise(builtin_types().value_error, "n must be >= 0");
    // The n iterators share one buffer of the items some have taken and others not yet.
    struct Shared {
      Ref<IteratorObject> src;
      std::deque<ObjRef> items;
      size_t first = 0;  // the position of items.front()
      std::vector<size_t> at;
    };
    auto shared = std::make_shared<Shared>();
    shared->src = get_iter(in, p.get(0));
    shared->at.assign(static_cast<size_t>(n), 0);
    std::vector<ObjRef> tees;
    for (size_t i = 0; i < static_cast<size_t>(n); ++i)
      tees.push_back(lazy("_tee", [shared, i](Interp& in) -> ObjRef {
        Shared& s = *shared;
        size_t pos = s.at[i];
        ObjRef x;
        if (pos < s.first + s.items.size()) {
          x = s.items[pos - s.first];
        } else {
          if (!s.src) return nullptr;
          x = s.src->next(in);
          if (!x) {
            s.src.reset();
            return nullptr;
          }
          s.items.push_back(x);
        }
        s.at[i] = pos + 1;
        size_t lowest = *std::min_element(s.at.begin(), s.at.end());
        while (s.first < lowest && !s.items.empty()) {
          s.items.pop_front();
          ++s.first;
        }
        return x;
      }));
    return ObjRef(new TupleObject(std::move(tees)));
  });
  module_add_function(mod, "cycle", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "cycle", {"iterable"});
    Ref<IteratorObject> src = get_iter(in, p.get(0));
    auto saved = std::make_shared<std::vector<ObjRef>>();
    auto pos = std::make_shared<size_t>(0);
    auto exhausted = std::make_shared<bool>(false);
    return lazy("cycle", [src, saved, pos, exhausted](Interp& in) -> ObjRef {
      if (!*exhausted) {
        if (ObjRef x = src->next(in)) {
          saved->push_back(x);
          return x;
        }
        *exhausted = true;
      }
      if (saved->empty()) return nullptr;
      ObjRef r = (*saved)[*pos];
      *pos = (*pos + 1) % saved->size();
      return r;
    });
  });
  return m;
}

}  // namespace

void register_itertools_module(Interp& in) { in.register_module("itertools", make_itertools); }

}  // namespace stridelab::python
