// nn.ParameterList and nn.ParameterDict: parameters registered under "0", "1", ... or under their
// keys, in order (NOTE [Module attributes]), so that parameters(), state_dict() and print(model)
// walk them as PyTorch does. A tensor that is not a Parameter becomes one (sharing its storage);
// anything else is stored as a plain attribute, as PyTorch 1.13 stores it.
#include <algorithm>

#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

// ParameterList keeps its length in i0 (PyTorch's _size); ParameterDict its keys in `keys`.
ObjRef new_param_container(TypeObject* cls) {
  ObjRef o(new NnModule(cls));
  as_module(o.get())->dict_.set("training", ObjRef(true_obj()));
  return o;
}

// ParameterList.__setitem__ / ParameterDict.__setitem__: tensors become Parameters.
void set_entry(Interp& in, NnModule* m, const std::string& name, ObjRef value) {
  if (is_tensor(value.get()) && value->type() != types().parameter) value = call1(in, types().parameter, value);
  nn_module_setattr(in, m, name, std::move(value));
}

ObjRef entry(NnModule* m, const std::string& name) {
  Object* v = m->dict_.get(name);
  return ObjRef(v ? v : none());
}

// Whether iter(o) works (collections.abc.Iterable's test, near enough).
bool iterable(Interp& in, Object* o) {
  try {
    get_iter(in, o);
    return true;
  } catch (const PyError&) { return false; }
}

// ParameterList._get_abs_string_index.
std::string abs_index(Interp& in, NnModule* m, Object* idx) {
  int64_t i = to_index(in, idx);
  if (i < -m->i0 || i >= m->i0) raise(builtin_types().index_error, "index " + std::to_string(i) + " is out of range");
  return std::to_string(i < 0 ? i + m->i0 : i);
}

std::vector<ObjRef> list_items(NnModule* m) {
  std::vector<ObjRef> items;
  for (int64_t i = 0; i < m->i0; ++i) items.push_back(entry(m, std::to_string(i)));
  return items;
}

void list_append(Interp& in, NnModule* m, ObjRef value) {
  const std::string idx = std::to_string(m->i0);
  ++m->i0;
  set_entry(in, m, idx, std::move(value));
}

void list_extend(Interp& in, NnModule* m, Object* values) {
  if (is_tensor(values) || !iterable(in, values))
    raise(builtin_types().type_error,
          "ParameterList.extend should be called with an iterable, but got " + type_name(values));
  for (auto& v : to_vector(in, values)) list_append(in, m, v);
}

// The extra_repr line of one entry: ParameterList names the dtype (torch.float32), ParameterDict
// the legacy type (torch.FloatTensor), as their extra_repr methods do.
std::string entry_line(const std::string& key, Object* p, bool legacy) {
  if (!is_tensor(p)) return "  (" + key + "): Object of type: " + type_name(p);
  const Tensor& t = unwrap(p);
  std::string size;
  for (size_t i = 0; i < t.sizes().size(); ++i) size += (i ? "x" : "") + std::to_string(t.sizes()[i]);
  return "  (" + key + "): " + (p->type() == types().parameter ? "Parameter" : "Tensor") + " containing: [" +
         (legacy ? core::legacy_type_name(t.dtype()) : core::dtype_name(t.dtype())) + " of size " + size + "]";
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (size_t i = 0; i < lines.size(); ++i) s += (i ? "\n" : "") + lines[i];
  return s;
}

std::vector<std::string>& dict_keys(NnModule* m) { return m->param_dict_keys; }

std::string dict_key(Object* k) {
  if (!is_str(k))
    raise(builtin_types().type_error,
          "Index given to ParameterDict cannot be used as a key as it is not a string (type is '" + type_name(k) +
              "'). Open an issue on github if you need non-string keys.");
  return as<StrObject>(k)->value_;
}

void dict_set(Interp& in, NnModule* m, Object* key, ObjRef value) {
  auto& keys = dict_keys(m);
  const std::string k = dict_key(key);
  if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  set_entry(in, m, k, std::move(value));
}

void dict_update(Interp& in, NnModule* m, Object* values) {
  if (!iterable(in, values))
    raise(builtin_types().type_error,
          "ParametersDict.update should be called with an iterable of key/value pairs, but got " + type_name(values));
  const bool ordered = values->type()->name_ == "OrderedDict" || values->type()->name_ == "ParameterDict";
  if (ordered || values->type() == builtin_types().dict || values->type()->is_subtype_of(builtin_types().dict)) {
    CallArgs none_args;
    ObjRef items = call_method(in, values, "items", none_args);
    std::vector<ObjRef> pairs = to_vector(in, items.get());
    if (!ordered) {  // a plain mapping is taken in sorted order
      ObjRef list = make_list(pairs);
      CallArgs sort_args;
      call_method(in, list.get(), "sort", sort_args);
      pairs = to_vector(in, list.get());
    }
    for (auto& kv : pairs) {
      auto pair = to_vector(in, kv.get());
      dict_set(in, m, pair[0].get(), pair[1]);
    }
    return;
  }
  int64_t j = 0;
  for (auto& kv : to_vector(in, values)) {
    auto pair = to_vector(in, kv.get());
    if (pair.size() != 2)
      raise(builtin_types().value_error, "ParameterDict update sequence element #" + std::to_string(j) +
                                             " has length " + std::to_string(pair.size()) + "; 2 is required");
    dict_set(in, m, pair[0].get(), pair[1]);
    ++j;
  }
}

ObjRef dict_get(Interp& in, NnModule* m, Object* key) {
  const std::string k = dict_key(key);
  auto& keys = dict_keys(m);
  if (std::find(keys.begin(), keys.end(), k) == keys.end())
    raise(builtin_types().attribute_error, "'" + type_name(m) + "' object has no attribute '" + k + "'");
  return entry(m, k);
}

void dict_del(Interp& in, NnModule* m, Object* key) {
  auto& keys = dict_keys(m);
  const std::string k = is_str(key) ? as<StrObject>(key)->value_ : "";
  auto it = std::find(keys.begin(), keys.end(), k);
  if (!is_str(key) || it == keys.end()) raise(builtin_types().key_error, repr(in, key));
  keys.erase(it);
  m->dict_.erase(k);
  m->params.erase(std::remove(m->params.begin(), m->params.end(), k), m->params.end());
}

ObjRef iterator_over(std::vector<ObjRef> items) {
  return ObjRef(new VectorIterator(std::move(items), builtin_types().iterator));
}

}  // namespace

void add_nn_param_containers(TypeObject* base, std::vector<std::pair<std::string, TypeObject*>>& layers) {
  TypeObject* list =
      NativeType("ParameterList", "torch.nn.modules.container", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"values="});
            ObjRef o = new_param_container(cls);
            if (p.has(0) && p.get(0) != none()) list_extend(in, as_module(o.get()), p.get(0));
            return o;
          })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    if (a.pos[1]->type() == builtin_types().slice) {
                      ObjRef part = get_item(in, make_list(list_items(m)).get(), a.pos[1].get());
                      ObjRef out = new_param_container(m->type());
                      list_extend(in, as_module(out.get()), part.get());
                      return out;
                    }
                    return entry(m, abs_index(in, m, a.pos[1].get()));
                  })
          .method("__setitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    set_entry(in, m, abs_index(in, m, a.pos[1].get()), a.pos[2]);
                    return ObjRef(none());
                  })
          .method("__len__", [](Interp&, CallArgs& a) -> ObjRef { return make_int(as_module(a.pos[0].get())->i0); })
          .method("__iter__",
                  [](Interp&, CallArgs& a) -> ObjRef { return iterator_over(list_items(as_module(a.pos[0].get()))); })
          .method("__iadd__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    list_extend(in, as_module(a.pos[0].get()), a.pos[1].get());
                    return a.pos[0];
                  })
          .method("append",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "append", {"self", "value"});
                    list_append(in, as_module(a.pos[0].get()), ObjRef(p.get(1)));
                    return a.pos[0];
                  })
          .method("extend",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "extend", {"self", "values"});
                    list_extend(in, as_module(a.pos[0].get()), p.get(1));
                    return a.pos[0];
                  })
          .method("extra_repr",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<std::string> lines;
                    for (int64_t i = 0; i < m->i0; ++i)
                      lines.push_back(entry_line(std::to_string(i), entry(m, std::to_string(i)).get(), false));
                    return make_str(join_lines(lines));
                  })
          .build();
  layers.emplace_back("ParameterList", list);

  TypeObject* dict =
      NativeType("ParameterDict", "torch.nn.modules.container", base)
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            ArgParser p(a, "__init__", {"parameters="});
            ObjRef o = new_param_container(cls);
            if (p.has(0) && p.get(0) != none()) dict_update(in, as_module(o.get()), p.get(0));
            return o;
          })
          .method(
              "__getitem__",
              [](Interp& in, CallArgs& a) -> ObjRef { return dict_get(in, as_module(a.pos[0].get()), a.pos[1].get()); })
          .method("__setitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    dict_set(in, as_module(a.pos[0].get()), a.pos[1].get(), a.pos[2]);
                    return ObjRef(none());
                  })
          .method("__delitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    dict_del(in, as_module(a.pos[0].get()), a.pos[1].get());
                    return ObjRef(none());
                  })
          .method("__len__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_int(static_cast<int64_t>(dict_keys(as_module(a.pos[0].get())).size()));
                  })
          .method("__iter__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    std::vector<ObjRef> keys;
                    for (auto& k : dict_keys(as_module(a.pos[0].get()))) keys.push_back(make_str(k));
                    return iterator_over(std::move(keys));
                  })
          .method("__contains__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    auto& keys = dict_keys(as_module(a.pos[0].get()));
                    Object* k = a.pos[1].get();
                    return ObjRef(bool_obj(is_str(k) && std::find(keys.begin(), keys.end(), as<StrObject>(k)->value_) !=
                                                            keys.end()));
                  })
          .method("keys",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    std::vector<ObjRef> keys;
                    for (auto& k : dict_keys(as_module(a.pos[0].get()))) keys.push_back(make_str(k));
                    return ObjRef(make_list(std::move(keys)).get());
                  })
          .method("values",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<ObjRef> values;
                    for (auto& k : dict_keys(m)) values.push_back(entry(m, k));
                    return ObjRef(make_list(std::move(values)).get());
                  })
          .method("items",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<ObjRef> items;
                    for (auto& k : dict_keys(m)) items.push_back(ObjRef(make_tuple({make_str(k), entry(m, k)}).get()));
                    return ObjRef(make_list(std::move(items)).get());
                  })
          .method("get",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "get", {"self", "key", "default="});
                    NnModule* m = as_module(a.pos[0].get());
                    auto& keys = dict_keys(m);
                    Object* k = p.get(1);
                    if (is_str(k) && std::find(keys.begin(), keys.end(), as<StrObject>(k)->value_) != keys.end())
                      return dict_get(in, m, k);
                    return ObjRef(p.has(2) ? p.get(2) : none());
                  })
          .method("pop",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "pop", {"self", "key"});
                    NnModule* m = as_module(a.pos[0].get());
                    ObjRef v = dict_get(in, m, p.get(1));
                    dict_del(in, m, p.get(1));
                    return v;
                  })
          .method("update",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "update", {"self", "parameters"});
                    dict_update(in, as_module(a.pos[0].get()), p.get(1));
                    return ObjRef(none());
                  })
          .method("clear",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    for (auto& k : std::vector<std::string>(dict_keys(m))) dict_del(in, m, make_str(k).get());
                    return ObjRef(none());
                  })
          .method("extra_repr",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    NnModule* m = as_module(a.pos[0].get());
                    std::vector<std::string> lines;
                    for (auto& k : dict_keys(m)) lines.push_back(entry_line(k, entry(m, k).get(), true));
                    return make_str(join_lines(lines));
                  })
          .build();
  layers.emplace_back("ParameterDict", dict);
}

}  // namespace stridelab::torch
