// nn.ModuleList and nn.ModuleDict: modules registered under "0", "1", ... or under their keys, in
// order, so that parameters(), named_parameters() and print(model) walk them as PyTorch does.
#include <algorithm>

#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

ObjRef new_container(TypeObject* cls) {
  ObjRef o(new NnModule(cls));
  as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
  return o;
}

std::vector<ObjRef> children_of(NnModule* m) {
  std::vector<ObjRef> items;
  for (auto& n : m->modules) items.push_back(ObjRef(m->dict_.get(n)));
  return items;
}

void remove_child(NnModule* m, const std::string& name) {
  m->dict_.erase(name);
  m->modules.erase(std::remove(m->modules.begin(), m->modules.end(), name), m->modules.end());
  ++m->modules_state;
}

// Re-registers the children as "0", "1", ... (after a deletion or an insertion).
void renumber(Interp& in, NnModule* m, const std::vector<ObjRef>& items) {
  for (auto& n : std::vector<std::string>(m->modules)) remove_child(m, n);
  for (size_t i = 0; i < items.size(); ++i) nn_module_setattr(in, m, std::to_string(i), items[i]);
}

size_t list_index(Interp& in, NnModule* m, Object* idx) {
  const int64_t n = static_cast<int64_t>(m->modules.size());
  int64_t i = to_index(in, idx);
  if (i < -n || i >= n) raise(builtin_types().index_error, "index " + std::to_string(i) + " is out of range");
  return static_cast<size_t>(i < 0 ? i + n : i);
}

// The children a slice selects, in order.
std::vector<ObjRef> sliced(Interp& in, NnModule* m, Object* slice) {
  ObjRef all = make_list(children_of(m));
  ObjRef part = get_item(in, all.get(), slice);
  return to_vector(in, part.get());
}

void check_module(Object* o) {
  if (!o->type()->is_subtype_of(nn_module_base()))
    raise(builtin_types().type_error, type_name(o) + " is not a Module subclass");
}

ObjRef iterator_of(std::vector<ObjRef> items) {
  return ObjRef(new VectorIterator(std::move(items), builtin_types().iterator));
}

std::string key_of(Object* k) {
  if (!is_str(k)) raise(builtin_types().type_error, "module name should be a string. Got " + py_typename(k));
  return as<StrObject>(k)->value_;
}

void dict_update(Interp& in, NnModule* m, Object* modules) {
  if (modules->type() == builtin_types().dict || modules->type()->is_subtype_of(nn_module_base())) {
    CallArgs none_args;
    ObjRef items = call_method(in, modules, "items", none_args);
    for (auto& kv : to_vector(in, items.get())) {
      auto pair = to_vector(in, kv.get());
      check_module(pair[1].get());
      nn_module_setattr(in, m, key_of(pair[0].get()), pair[1]);
    }
    return;
  }
  for (auto& kv : to_vector(in, modules)) {
    auto pair = to_vector(in, kv.get());
    if (pair.size() != 2)
      raise(builtin_types().value_error,
            "ModuleDict update sequence element has length " + std::to_string(pair.size()) + "; 2 is required");
    check_module(pair[1].get());
    nn_module_setattr(in, m, key_of(pair[0].get()), pair[1]);
  }
}

}  // namespace

void add_nn_containers(TypeObject* base, std::vector<std::pair<std::string, TypeObject*>>& layers) {
  TypeObject* list =
      NativeType("ModuleList", "torch.nn.modules.container", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"modules="});
            ObjRef o = new_container(cls);
            if (p.has(0) && p.get(0) != none()) {
              size_t i = 0;
              for (auto& mod : to_vector(in, p.get(0))) {
                check_module(mod.get());
                nn_module_setattr(in, as_module(o.get()), std::to_string(i++), mod);
              }
            }
            return o;
          })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    if (a.pos[1]->type() == builtin_types().slice) {
                      ObjRef out = new_container(m->type());
                      auto items = sliced(in, m, a.pos[1].get());
                      for (size_t i = 0; i < items.size(); ++i)
                        nn_module_setattr(in, as_module(out.get()), std::to_string(i), items[i]);
                      return out;
                    }
                    return ObjRef(m->dict_.get(m->modules[list_index(in, m, a.pos[1].get())]));
                  })
          .method("__setitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    nn_module_setattr(in, m, m->modules[list_index(in, m, a.pos[1].get())], a.pos[2]);
                    return ObjRef(none());
                  })
          .method(
              "__delitem__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                NnModule* m = as_module(a.pos[0].get());
                std::vector<ObjRef> items = children_of(m);
                if (a.pos[1]->type() == builtin_types().slice) {
                  auto gone = sliced(in, m, a.pos[1].get());
                  std::vector<ObjRef> kept;
                  for (auto& it : items)
                    if (std::none_of(gone.begin(), gone.end(), [&](const ObjRef& g) { return g.get() == it.get(); }))
                      kept.push_back(it);
                  items = kept;
                } else {
                  items.erase(items.begin() + static_cast<std::ptrdiff_t>(list_index(in, m, a.pos[1].get())));
                }
                renumber(in, m, items);
                return ObjRef(none());
              })
          .method("__len__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_int(static_cast<int64_t>(as_module(a.pos[0].get())->modules.size()));
                  })
          .method("__iter__",
                  [](Interp&, CallArgs& a) -> ObjRef { return iterator_of(children_of(as_module(a.pos[0].get()))); })
          .method("append",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "append", {"self", "module"});
                    NnModule* m = as_module(a.pos[0].get());
                    nn_module_setattr(in, m, std::to_string(m->modules.size()), ObjRef(p.get(1)));
                    return a.pos[0];
                  })
          .method("extend",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "extend", {"self", "modules"});
                    NnModule* m = as_module(a.pos[0].get());
                    for (auto& mod : to_vector(in, p.get(1)))
                      nn_module_setattr(in, m, std::to_string(m->modules.size()), mod);
                    return a.pos[0];
                  })
          .method("insert",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "insert", {"self", "index", "module"});
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<ObjRef> items = children_of(m);
                    const int64_t n = static_cast<int64_t>(items.size());
                    int64_t i = to_index(in, p.get(1));
                    if (i < 0) i = std::max<int64_t>(i + n, 0);
                    i = std::min(i, n);
                    items.insert(items.begin() + i, ObjRef(p.get(2)));
                    renumber(in, m, items);
                    return ObjRef(none());
                  })
          .build();
  layers.emplace_back("ModuleList", list);

  TypeObject* dict =
      NativeType("ModuleDict", "torch.nn.modules.container", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"modules="});
            ObjRef o = new_container(cls);
            if (p.has(0) && p.get(0) != none()) dict_update(in, as_module(o.get()), p.get(0));
            return o;
          })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    Object* k = a.pos[1].get();
                    if (is_str(k)) {
                      const std::string key = as<StrObject>(k)->value_;
                      if (std::find(m->modules.begin(), m->modules.end(), key) != m->modules.end())
                        return ObjRef(m->dict_.get(key));
                    }
                    raise(builtin_types().key_error, is_str(k) ? as<StrObject>(k)->value_ : repr(in, k));
                  })
          .method("__setitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    nn_module_setattr(in, as_module(a.pos[0].get()), key_of(a.pos[1].get()), a.pos[2]);
                    return ObjRef(none());
                  })
          .method("__delitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    const std::string key = key_of(a.pos[1].get());
                    if (std::find(m->modules.begin(), m->modules.end(), key) == m->modules.end())
                      raise(builtin_types().key_error, key);
                    remove_child(m, key);
                    return ObjRef(none());
                  })
          .method("__len__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_int(static_cast<int64_t>(as_module(a.pos[0].get())->modules.size()));
                  })
          .method("__iter__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    std::vector<ObjRef> keys;
                    for (auto& n : as_module(a.pos[0].get())->modules) keys.push_back(make_str(n));
                    return iterator_of(std::move(keys));
                  })
          .method("__contains__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    Object* k = a.pos[1].get();
                    return ObjRef(bool_obj(is_str(k) && std::find(m->modules.begin(), m->modules.end(),
                                                                  as<StrObject>(k)->value_) != m->modules.end()));
                  })
          .method("keys",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    std::vector<ObjRef> keys;
                    for (auto& n : as_module(a.pos[0].get())->modules) keys.push_back(make_str(n));
                    return ObjRef(make_list(std::move(keys)).get());
                  })
          .method("values",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return ObjRef(make_list(children_of(as_module(a.pos[0].get()))).get());
                  })
          .method("items",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<ObjRef> items;
                    for (auto& n : m->modules)
                      items.push_back(ObjRef(make_tuple({make_str(n), ObjRef(m->dict_.get(n))}).get()));
                    return ObjRef(make_list(std::move(items)).get());
                  })
          .method("update",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "update", {"self", "modules"});
                    dict_update(in, as_module(a.pos[0].get()), p.get(1));
                    return ObjRef(none());
                  })
          .method("pop",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "pop", {"self", "key"});
                    NnModule* m = as_module(a.pos[0].get());
                    const std::string key = key_of(p.get(1));
                    if (std::find(m->modules.begin(), m->modules.end(), key) == m->modules.end())
                      raise(builtin_types().key_error, key);
                    ObjRef v(m->dict_.get(key));
                    remove_child(m, key);
                    return v;
                  })
          .method("clear",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    for (auto& n : std::vector<std::string>(m->modules)) remove_child(m, n);
                    return ObjRef(none());
                  })
          .build();
  layers.emplace_back("ModuleDict", dict);
}

}  // namespace stridelab::torch
