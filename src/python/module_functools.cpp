// The functools module: partial (a class, with CPython's repr), reduce, wraps, lru_cache and cache.
#include <algorithm>

#include "python/interp.h"
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

class PartialObject : public Object {
 public:
  explicit PartialObject(TypeObject* type) : Object(type) { track(); }
  void clear_refs() override {
    func_ = nullptr;
    args_.clear();
    kw_.clear();
    Object::clear_refs();
  }
  ObjRef func_;
  std::vector<ObjRef> args_;
  std::vector<std::pair<std::string, ObjRef>> kw_;
};

bool is_callable(Object* o) {
  TypeObject* t = o->type();
  return t == builtin_types().function || t == builtin_types().builtin_function || t == builtin_types().method ||
         t == builtin_types().type || t->lookup("__call__");
}

void set_kw(std::vector<std::pair<std::string, ObjRef>>& kw, const std::string& k, ObjRef v) {
  for (auto& [name, value] : kw)
    if (name == k) {
      value = std::move(v);
      return;
    }
  kw.emplace_back(k, std::move(v));
}

TypeObject* partial_type();

// The receiver of a method called through the class (`partial.__call__(x)`), checked as CPython does.
PartialObject* self_of(CallArgs& a, const char* method) {
  if (a.pos.empty() || !a.pos[0]->type()->is_subtype_of(partial_type()))
    raise(builtin_types().type_error, std::string("descriptor '") + method +
                                          "' requires a 'functools.partial' object but received a '" +
                                          (a.pos.empty() ? "NoneType" : type_name(a.pos[0].get())) + "'");
  return as<PartialObject>(a.pos[0].get());
}

TypeObject* partial_type() {
  static TypeObject* type = nullptr;
  if (type) return type;
  type = NativeType("partial", "functools")
             .constructor([](Interp&, TypeObject* cls, CallArgs& a) -> ObjRef {
               if (a.pos.empty()) raise(builtin_types().type_error, "type 'partial' takes at least one argument");
               if (!is_callable(a.pos[0].get()))
                 raise(builtin_types().type_error, "the first argument must be callable");
               Ref<PartialObject> p(new PartialObject(cls));
               Object* f = a.pos[0].get();
               if (f->type() == type) {  // partial(partial(f, a), b) is partial(f, a, b)
                 auto* inner = as<PartialObject>(f);
                 p->func_ = inner->func_;
                 p->args_ = inner->args_;
                 p->kw_ = inner->kw_;
               } else {
                 p->func_ = a.pos[0];
               }
               p->args_.insert(p->args_.end(), a.pos.begin() + 1, a.pos.end());
               for (auto& [k, v] : a.kw) set_kw(p->kw_, k, v);
               return p;
             })
             .method("__call__",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* p = self_of(a, "__call__");
                       CallArgs args;
                       args.pos = p->args_;
                       args.pos.insert(args.pos.end(), a.pos.begin() + 1, a.pos.end());
                       args.kw = p->kw_;
                       for (auto& [k, v] : a.kw) set_kw(args.kw, k, v);
                       return call(in, p->func_.get(), args);
                     })
             .method("__repr__",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* p = self_of(a, "__repr__");
                       std::string s = "functools.partial(" + repr(in, p->func_.get());
                       for (auto& x : p->args_) s += ", " + repr(in, x.get());
                       for (auto& [k, v] : p->kw_) s += ", " + k + "=" + repr(in, v.get());
                       return make_str(s + ")");
                     })
             .property("func", [](Interp&, Object* self) { return as<PartialObject>(self)->func_; })
             .property("args",
                       [](Interp&, Object* self) -> ObjRef {
                         return ObjRef(new TupleObject(as<PartialObject>(self)->args_));
                       })
             .property("keywords",
                       [](Interp& in, Object* self) -> ObjRef {
                         Ref<DictObject> d(new DictObject());
                         for (auto& [k, v] : as<PartialObject>(self)->kw_) d->set(in, make_str(k), v);
                         return d;
                       })
             .build();
  return type;
}

ObjRef reduce(Interp& in, CallArgs& a) {
  if (!a.kw.empty()) raise(builtin_types().type_error, "reduce() takes no keyword arguments");
  if (a.pos.size() < 2 || a.pos.size() > 3)
    raise(builtin_types().type_error, "reduce expected " + std::string(a.pos.size() < 2 ? "at least 2" : "at most 3") +
                                          " arguments, got " + std::to_string(a.pos.size()));
  Ref<IteratorObject> it;
  try {
    it = get_iter(in, a.pos[1].get());
  } catch (const PyError& e) {
    if (!is_instance(e.exc.get(), builtin_types().type_error)) throw;
    raise(builtin_types().type_error, "reduce() arg 2 must support iteration");
  }
  ObjRef acc = a.pos.size() == 3 ? a.pos[2] : it->next(in);
  if (!acc) raise(builtin_types().type_error, "reduce() of empty iterable with no initial value");
  while (ObjRef x = it->next(in)) {
    CallArgs args;
    args.pos = {acc, x};
    acc = call(in, a.pos[0].get(), args);
  }
  return acc;
}

// wraps(wrapped)(wrapper): copies __module__, __name__, __qualname__ and __doc__, merges
// __dict__, sets __wrapped__ and returns wrapper, as functools.update_wrapper does.
ObjRef update_wrapper(Interp& in, ObjRef wrapper, Object* wrapped) {
  Namespace* ns = wrapper->instance_dict();
  if (!ns)
    raise(builtin_types().not_implemented_error,
          "functools.wraps of a " + type_name(wrapper.get()) + " is not supported by stridelab");
  for (const char* name : {"__module__", "__name__", "__qualname__", "__doc__"}) {
    ObjRef v = get_attr_or_null(in, wrapped, name);
    if (!v) continue;
    if (name[2] == 'n' || name[2] == 'q')
      set_attr(in, wrapper.get(), name, v);  // the function's own fields (its code's name stays in tracebacks)
    else ns->set(name, v);
  }
  if (Namespace* src = wrapped->instance_dict())
    for (auto& [k, v] : src->entries()) ns->set(k, v);
  ns->set("__wrapped__", ObjRef(wrapped));
  return wrapper;
}

namespace {

// functools.lru_cache and functools.cache: the function's results by its arguments, the least
// recently used dropped past maxsize (None: never), with cache_info() and cache_clear().
class LruCacheObject : public Object {
 public:
  explicit LruCacheObject(TypeObject* type) : Object(type) { track(); }
  void clear_refs() override {
    func_ = nullptr;
    cache_ = nullptr;
    dict_.clear();
  }
  Namespace* instance_dict() override { return &dict_; }
  ObjRef func_;
  Ref<DictObject> cache_ = Ref<DictObject>(new DictObject());
  int64_t maxsize_ = 128;  // -1: None
  bool typed_ = false;
  int64_t hits_ = 0, misses_ = 0;
  Namespace dict_;
};

TypeObject* lru_type() {
  static TypeObject* type = nullptr;
  if (type) return type;
  type = NativeType("_lru_cache_wrapper", "functools")
             .method("__call__",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* c = as<LruCacheObject>(a.pos[0].get());
                       std::vector<ObjRef> key(a.pos.begin() + 1, a.pos.end());
                       if (!a.kw.empty()) key.push_back(ObjRef(lru_type()));  // CPython's kwd_mark
                       for (auto& [k, v] : a.kw) {
                         key.push_back(make_str(k));
                         key.push_back(v);
                       }
                       if (c->typed_)
                         for (size_t i = 1; i < a.pos.size(); ++i) key.emplace_back(a.pos[i]->type());
                       ObjRef k(new TupleObject(std::move(key)));
                       if (c->maxsize_ == 0) {
                         ++c->misses_;
                       } else if (Object* hit = c->cache_->get(in, k.get())) {
                         ++c->hits_;
                         ObjRef v(hit);
                         c->cache_->erase(in, k.get());  // now the most recently used
                         c->cache_->set(in, k, v);
                         return v;
                       } else {
                         ++c->misses_;
                       }
                       CallArgs args;
                       args.pos.assign(a.pos.begin() + 1, a.pos.end());
                       args.kw = a.kw;
                       ObjRef result = call(in, c->func_.get(), args);
                       if (c->maxsize_ == 0) return result;
                       c->cache_->set(in, k, result);
                       if (c->maxsize_ > 0 && static_cast<int64_t>(c->cache_->size()) > c->maxsize_)
                         c->cache_->erase(in, c->cache_->items().front().first.get());
                       return result;
                     })
             .method("cache_info",
                     [](Interp& in, CallArgs& a) -> ObjRef {
                       auto* c = as<LruCacheObject>(a.pos[0].get());
                       ObjRef make = get_attr(in, in.import_module("collections").get(), "namedtuple");
                       CallArgs spec;
                       spec.pos = {make_str("CacheInfo"), make_str("hits misses maxsize currsize")};
                       ObjRef info = call(in, make.get(), spec);
                       CallArgs fields;
                       fields.pos = {make_int(c->hits_), make_int(c->misses_),
                                     c->maxsize_ < 0 ? ObjRef(none()) : make_int(c->maxsize_),
                                     make_int(static_cast<int64_t>(c->cache_->size()))};
                       return call(in, info.get(), fields);
                     })
             .method("cache_clear",
                     [](Interp&, CallArgs& a) -> ObjRef {
                       auto* c = as<LruCacheObject>(a.pos[0].get());
                       c->cache_->clear();
                       c->hits_ = c->misses_ = 0;
                       return ObjRef(none());
                     })
             .build();
  return type;
}

ObjRef make_lru(Interp& in, ObjRef func, int64_t maxsize, bool typed) {
  if (!is_callable(func.get())) raise(builtin_types().type_error, "the first argument must be callable");
  Ref<LruCacheObject> c(new LruCacheObject(lru_type()));
  c->func_ = func;
  c->maxsize_ = maxsize;
  c->typed_ = typed;
  update_wrapper(in, c, func.get());
  return c;
}

ObjRef lru_cache(Interp& in, CallArgs& a) {
  ArgParser p(a, "lru_cache", {"maxsize=", "typed="});
  Object* m = p.has(0) ? p.get(0) : nullptr;
  bool typed = p.has(1) && truthy(in, p.get(1));
  if (m && m != none() && !is_instance(m, builtin_types().int_) && is_callable(m))  // @lru_cache without ()
    return make_lru(in, ObjRef(m), 128, typed);
  if (m && m != none() && !is_instance(m, builtin_types().int_))
    raise(builtin_types().type_error, "Expected first argument to be an integer, a callable, or None");
  int64_t maxsize = !m ? 128 : m == none() ? -1 : std::max<int64_t>(0, to_index(in, m));
  return make_function("decorating_function", [maxsize, typed](Interp& in, CallArgs& b) -> ObjRef {
    ArgParser q(b, "decorating_function", {"user_function"});
    return make_lru(in, ObjRef(q.get(0)), maxsize, typed);
  });
}

}  // namespace

Ref<ModuleObject> make_functools(Interp&) {
  auto m = make_module("functools");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/functools.py"));
  module_add(m.get(), "partial", ObjRef(partial_type()));
  module_add_function(m.get(), "reduce", reduce);
  module_add_function(m.get(), "lru_cache", lru_cache);
  module_add_function(m.get(), "cache", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "cache", {"user_function"});
    return make_lru(in, ObjRef(p.get(0)), -1, false);
  });
  module_add_function(m.get(), "wraps", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "wraps", {"wrapped"});
    ObjRef wrapped(p.get(0));
    return make_function("decorator", [wrapped](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser q(b, "decorator", {"wrapper"});
      return update_wrapper(in, ObjRef(q.get(0)), wrapped.get());
    });
  });
  module_add_function(m.get(), "update_wrapper", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "update_wrapper", {"wrapper", "wrapped"});
    return update_wrapper(in, ObjRef(p.get(0)), p.get(1));
  });
  return m;
}

}  // namespace

void register_functools_module(Interp& in) { in.register_module("functools", make_functools); }

}  // namespace stridelab::python
