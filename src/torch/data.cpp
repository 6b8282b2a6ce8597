// torch.utils.data: Dataset (subclassable), TensorDataset, Subset, random_split, DataLoader with
// its default collation, and torch.Generator's streams.
//
// NOTE [DataLoader randomness]
// PyTorch 1.13's single-process DataLoader draws from the generators at these points, and so does
// this one, so that the permutations and everything drawn after them match:
// - iter(loader) draws a 64-bit base seed (torch.empty((), dtype=torch.int64).random_()) from the
//   loader's generator, or the default one;
// - the first batch of an epoch with shuffle=True starts RandomSampler: without a generator it
//   draws a seed from the default generator and seeds a fresh generator with it; then it takes
//   randperm(n) from that generator;
// - the request that finds the permutation used up takes a second randperm(n)[:0] (RandomSampler
//   yields n % n elements of one more permutation), which moves a loader's generator again.
#include <cmath>

#include "core/random.h"
#include "core/sampling.h"
#include "torch/attribute_object.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

core::Generator& generator_of(Object* o) {
  if (!o || o == none()) return core::default_generator();
  if (!types().generator || o->type() != types().generator)
    raise(builtin_types().type_error, "expected a torch.Generator, got " + type_name(o));
  return *static_cast<GeneratorObject*>(o)->gen;
}

namespace {

#define TORCH_DATA "/usr/lib/python3/dist-packages/torch/utils/data/"

int64_t py_len(Interp& in, Object* o) { return length(in, o); }

// ---- Dataset, TensorDataset, Subset ----------------------------------------------------------------

TypeObject* dataset_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("Dataset", "torch.utils.data.dataset")
          .constructor(new_attribute_object)
          .method("__init__", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(none()); })
          .method("__getitem__",
                  [](Interp&, CallArgs&) -> ObjRef {
                    static const TorchFrame f{TORCH_DATA "dataset.py", 53, "__getitem__",
                                              "    raise NotImplementedError\n"};
                    Ref<ExceptionObject> e = new_exception(builtin_types().not_implemented_error, {});
                    add_torch_frames(e.get(), {&f});
                    throw PyError{e};
                  })
          .build();
  return t;
}

TypeObject* tensor_dataset_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("TensorDataset", "torch.utils.data.dataset", dataset_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    if (!a.kw.empty())
                      raise(builtin_types().type_error,
                            "TensorDataset.__init__() got an unexpected keyword argument '" + a.kw.front().first + "'");
                    std::vector<ObjRef> ts(a.pos.begin() + 1, a.pos.end());
                    static const TorchFrame f{
                        TORCH_DATA "dataset.py", 189, "__init__",
                        "    assert all(tensors[0].size(0) == tensor.size(0) for tensor in tensors), \"Size "
                        "mismatch between tensors\"\n"};
                    if (ts.empty()) raise_from({&f}, builtin_types().index_error, "tuple index out of range");
                    int64_t n0 = -1;
                    for (auto& t : ts) {
                      const int64_t k = is_tensor(t.get()) ? unwrap(t.get()).size(0) : py_len(in, t.get());
                      if (n0 < 0) n0 = k;
                      else if (k != n0)
                        raise_from({&f}, builtin_types().assertion_error, "Size mismatch between tensors");
                    }
                    set_attr(in, a.pos[0].get(), "tensors", ObjRef(make_tuple(ts).get()));
                    return ObjRef(none());
                  })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ObjRef ts = get_attr(in, a.pos[0].get(), "tensors");
                    std::vector<ObjRef> out;
                    for (auto& t : to_vector(in, ts.get())) out.push_back(get_item(in, t.get(), a.pos.at(1).get()));
                    return ObjRef(make_tuple(out).get());
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ObjRef ts = get_attr(in, a.pos[0].get(), "tensors");
                    auto v = to_vector(in, ts.get());
                    return make_int(unwrap(v.at(0).get()).size(0));
                  })
          .build();
  return t;
}

TypeObject* subset_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("Subset", "torch.utils.data.dataset", dataset_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "dataset", "indices"});
                    set_attr(in, p.get(0), "dataset", ObjRef(p.get(1)));
                    set_attr(in, p.get(0), "indices", ObjRef(p.get(2)));
                    return ObjRef(none());
                  })
          .method("__getitem__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    Object* self = a.pos[0].get();
                    Object* idx = a.pos.at(1).get();
                    ObjRef ds = get_attr(in, self, "dataset"), indices = get_attr(in, self, "indices");
                    if (idx->type() == builtin_types().list) {
                      std::vector<ObjRef> mapped;
                      for (auto& i : to_vector(in, idx)) mapped.push_back(get_item(in, indices.get(), i.get()));
                      return get_item(in, ds.get(), make_list(mapped).get());
                    }
                    ObjRef i = get_item(in, indices.get(), idx);
                    return get_item(in, ds.get(), i.get());
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    return make_int(py_len(in, get_attr(in, a.pos[0].get(), "indices").get()));
                  })
          .build();
  return t;
}

ObjRef make_subset(Interp& in, Object* dataset, std::vector<ObjRef> indices) {
  CallArgs args;
  args.pos.push_back(ObjRef(dataset));
  args.pos.push_back(ObjRef(make_list(std::move(indices)).get()));
  return call(in, subset_type(), args);
}

std::vector<int64_t> randperm_list(int64_t n, core::Generator& g) {
  Tensor t = guarded([&] { return core::randperm(n, DType::Int64, g); });
  const int64_t* d = t.data<int64_t>();
  return std::vector<int64_t>(d, d + n);
}

// ---- default collation ---------------------------------------------------------------------------

// default_collate; `column` says the batch is a tuple (a column of zip(*batch)), not a list.
ObjRef collate(Interp& in, const std::vector<ObjRef>& batch, bool column = false) {
  Object* elem = batch.at(0).get();
  if (is_tensor(elem)) {
    std::vector<Tensor> ts;
    for (auto& b : batch) ts.push_back(unwrap(b.get()));
    return wrap(guarded([&] { return op::stack(ts, 0); }));
  }
  if (elem->type() == builtin_types().float_ || elem->type() == builtin_types().int_ ||
      elem->type() == builtin_types().bool_) {
    // torch.tensor(batch, dtype=torch.float64) for floats, torch.tensor(batch) for ints and bools.
    const bool is_float = elem->type() == builtin_types().float_;
    const bool is_bool = elem->type() == builtin_types().bool_;
    std::vector<core::Scalar> values;
    bool all_bool = true;
    for (auto& b : batch) {
      if (b->type() != builtin_types().bool_) all_bool = false;
      values.push_back(to_scalar(in, b.get()));
    }
    DType dtype = is_float ? DType::Float64 : (is_bool && all_bool ? DType::Bool : DType::Int64);
    if (!is_float)
      for (auto& b : batch)
        if (b->type() == builtin_types().float_) dtype = DType::Float32;
    return wrap(guarded([&] { return core::from_values(values, {static_cast<int64_t>(values.size())}, dtype); }));
  }
  if (is_str(elem)) return column ? ObjRef(make_tuple(batch).get()) : ObjRef(make_list(batch).get());
  if (is_instance(elem, builtin_types().dict)) {
    Ref<DictObject> out(new DictObject());
    for (auto& [key, value] : as<DictObject>(elem)->items()) {
      std::vector<ObjRef> column;
      for (auto& b : batch) column.push_back(get_item(in, b.get(), key.get()));
      out->set(in, key, collate(in, column));
    }
    return ObjRef(out.get());
  }
  if (elem->type() == builtin_types().tuple || elem->type() == builtin_types().list) {
    std::vector<std::vector<ObjRef>> rows;
    for (auto& b : batch) rows.push_back(to_vector(in, b.get()));
    for (auto& r : rows)
      if (r.size() != rows[0].size()) {
        static const TorchFrame f{TORCH_DATA "_utils/collate.py", 172, "default_collate",
                                  "    raise RuntimeError('each element in list of batch should be of equal "
                                  "size')\n"};
        raise_from({&f}, builtin_types().runtime_error, "each element in list of batch should be of equal size");
      }
    std::vector<ObjRef> out;
    for (size_t j = 0; j < rows[0].size(); ++j) {
      std::vector<ObjRef> column;
      for (auto& r : rows) column.push_back(r[j]);
      out.push_back(collate(in, column, true));
    }
    return ObjRef(make_list(out).get());
  }
  static const TorchFrame f{TORCH_DATA "_utils/collate.py", 185, "default_collate",
                            "    raise TypeError(default_collate_err_msg_format.format(elem_type))\n"};
  raise_from({&f}, builtin_types().type_error,
             "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class '" +
                 (elem->type()->module_ == "builtins" ? "" : elem->type()->module_ + ".") + elem->type()->name_ + "'>");
}

// default_convert, for batch_size=None: tuples and lists become lists, dicts dicts, each item
// converted.
ObjRef default_convert(Interp& in, ObjRef data) {
  Object* d = data.get();
  if (is_instance(d, builtin_types().dict)) {
    Ref<DictObject> out(new DictObject());
    for (auto& [k, v] : as<DictObject>(d)->items()) out->set(in, k, default_convert(in, v));
    return ObjRef(out.get());
  }
  if (d->type() == builtin_types().tuple || d->type() == builtin_types().list) {
    std::vector<ObjRef> out;
    for (auto& v : to_vector(in, d)) out.push_back(default_convert(in, v));
    return ObjRef(make_list(out).get());
  }
  return data;
}

// ---- DataLoader ----------------------------------------------------------------------------------

class LoaderIter : public Object {
 public:
  explicit LoaderIter(TypeObject* t) : Object(t) { track(); }
  ObjRef loader;
  bool started = false, exhausted = false;
  std::vector<int64_t> order;
  size_t pos = 0;
  Ref<IteratorObject> sampler_iter;  // iter(loader.sampler), for DataLoader(sampler=)
  void clear_refs() override {
    loader = ObjRef();
    sampler_iter = Ref<IteratorObject>();
  }
};

struct LoaderSettings {
  ObjRef dataset, generator, collate_fn, sampler, batch_sampler;
  int64_t batch_size = 1;  // 0: batch_size=None
  bool shuffle = false, drop_last = false;
};

LoaderSettings settings(Interp& in, Object* loader) {
  LoaderSettings s;
  s.dataset = get_attr(in, loader, "dataset");
  s.generator = get_attr(in, loader, "generator");
  s.collate_fn = get_attr(in, loader, "collate_fn");
  ObjRef bs = get_attr(in, loader, "batch_size");
  s.batch_size = bs.get() == none() ? 0 : to_index(in, bs.get());
  s.drop_last = truthy(in, get_attr(in, loader, "drop_last").get());
  s.shuffle = truthy(in, get_attr(in, loader, "_shuffle").get());
  s.sampler = get_attr(in, loader, "_given_sampler");
  s.batch_sampler = get_attr(in, loader, "batch_sampler");
  return s;
}

int64_t loader_len(Interp& in, Object* loader) {
  LoaderSettings s = settings(in, loader);
  if (s.batch_sampler.get() != none()) return py_len(in, s.batch_sampler.get());
  const int64_t n = py_len(in, s.sampler.get() != none() ? s.sampler.get() : s.dataset.get());
  if (s.batch_size == 0) return n;
  return s.drop_last ? n / s.batch_size : (n + s.batch_size - 1) / s.batch_size;
}

// The next index of the epoch's sampler, or -1 when it is used up (NOTE [DataLoader randomness]).
int64_t next_index(Interp& in, LoaderIter* it, const LoaderSettings& s) {
  if (!it->started) {
    it->started = true;
    const int64_t n = py_len(in, s.dataset.get());
    if (s.shuffle) {
      core::Generator* g = &generator_of(s.generator.get());
      core::Generator fresh;
      if (s.generator.get() == none()) {
        fresh.manual_seed(core::default_generator().next_uint64() % (uint64_t{1} << 63));
        g = &fresh;
      }
      it->order = randperm_list(n, *g);
      if (s.generator.get() != none()) it->exhausted = false;
    } else {
      for (int64_t i = 0; i < n; ++i) it->order.push_back(i);
    }
  }
  if (it->pos < it->order.size()) return it->order[it->pos++];
  if (!it->exhausted) {
    it->exhausted = true;
    // RandomSampler's randperm(n)[:n % n]: only a loader's own generator is seen to move.
    if (s.shuffle && s.generator.get() != none())
      randperm_list(static_cast<int64_t>(it->order.size()), generator_of(s.generator.get()));
  }
  return -1;
}

// The next index as an object: an int of the loader's own sampler, or whatever the given sampler
// yields; null when the epoch is used up.
ObjRef next_index_obj(Interp& in, LoaderIter* it, const LoaderSettings& s) {
  if (s.sampler.get() == none()) {
    const int64_t i = next_index(in, it, s);
    return i < 0 ? ObjRef() : make_int(i);
  }
  if (!it->started) {
    it->started = true;
    it->sampler_iter = get_iter(in, s.sampler.get());
  }
  if (it->exhausted) return ObjRef();
  ObjRef v = it->sampler_iter->next(in);
  if (!v) it->exhausted = true;
  return v;
}

ObjRef loader_next(Interp& in, LoaderIter* it) {
  LoaderSettings s = settings(in, it->loader.get());
  std::vector<ObjRef> items;
  if (s.batch_sampler.get() != none()) {
    // DataLoader(batch_sampler=): each batch is the list of indices the batch sampler yields.
    if (!it->started) {
      it->started = true;
      it->sampler_iter = get_iter(in, s.batch_sampler.get());
    }
    ObjRef batch = it->exhausted ? ObjRef() : it->sampler_iter->next(in);
    if (!batch) {
      it->exhausted = true;
      throw PyError{new_exception(builtin_types().stop_iteration, {})};
    }
    for (auto& i : to_vector(in, batch.get())) items.push_back(get_item(in, s.dataset.get(), i.get()));
    if (s.collate_fn.get() != none()) {
      CallArgs args;
      args.pos.push_back(ObjRef(make_list(items).get()));
      return call(in, s.collate_fn.get(), args);
    }
    return collate(in, items);
  }
  if (s.batch_size == 0) {
    ObjRef i = next_index_obj(in, it, s);
    if (!i) throw PyError{new_exception(builtin_types().stop_iteration, {})};
    return default_convert(in, get_item(in, s.dataset.get(), i.get()));
  }
  std::vector<ObjRef> idx;
  while (static_cast<int64_t>(idx.size()) < s.batch_size) {
    ObjRef i = next_index_obj(in, it, s);
    if (!i) break;
    idx.push_back(i);
  }
  if (idx.empty() || (s.drop_last && static_cast<int64_t>(idx.size()) < s.batch_size)) {
    Ref<ExceptionObject> e = new_exception(builtin_types().stop_iteration, {});
    throw PyError{e};
  }
  for (auto& i : idx) items.push_back(get_item(in, s.dataset.get(), i.get()));
  if (s.collate_fn.get() != none()) {
    CallArgs args;
    args.pos.push_back(ObjRef(make_list(items).get()));
    return call(in, s.collate_fn.get(), args);
  }
  return collate(in, items);
}

TypeObject* loader_iter_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("_SingleProcessDataLoaderIter", "torch.utils.data.dataloader")
          .method("__iter__", [](Interp&, CallArgs& a) -> ObjRef { return a.pos[0]; })
          .method("__next__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    return loader_next(in, static_cast<LoaderIter*>(a.pos[0].get()));
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    return make_int(loader_len(in, static_cast<LoaderIter*>(a.pos[0].get())->loader.get()));
                  })
          .build();
  return t;
}

[[noreturn]] void unsupported(const std::string& what) {
  raise(builtin_types().not_implemented_error, "stridelab does not support " + what + " yet");
}

TypeObject* loader_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("DataLoader", "torch.utils.data.dataloader")
          .constructor(new_attribute_object)
          .method(
              "__init__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                ArgParser p(a, "__init__",
                            {"self", "dataset", "batch_size=", "shuffle=", "sampler=", "batch_sampler=", "num_workers=",
                             "collate_fn=", "pin_memory=", "drop_last=", "timeout=", "worker_init_fn=",
                             "multiprocessing_context=", "generator=", "*",
                             "prefetch_factor=", "persistent_workers=", "pin_memory_device="});
                Object* self = p.get(0);
                const bool has_sampler = p.has(4) && p.get(4) != none();
                if (has_sampler && p.has(3) && truthy(in, p.get(3))) {
                  static const TorchFrame f{TORCH_DATA "dataloader.py", 321, "__init__",
                                            "    raise ValueError('sampler option is mutually exclusive with '\n"};
                  raise_from({&f}, builtin_types().value_error, "sampler option is mutually exclusive with shuffle");
                }
                const bool has_batch_sampler = p.has(5) && p.get(5) != none();
                if (has_batch_sampler) {
                  const bool batch_size_given =
                      p.has(2) && !(is_instance(p.get(2), builtin_types().int_) && to_index(in, p.get(2)) == 1);
                  if (batch_size_given || (p.has(3) && truthy(in, p.get(3))) || has_sampler ||
                      (p.has(9) && truthy(in, p.get(9)))) {
                    static const TorchFrame f{TORCH_DATA "dataloader.py", 327, "__init__",
                                              "    raise ValueError('batch_sampler option is mutually exclusive '\n"};
                    raise_from({&f}, builtin_types().value_error,
                               "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and "
                               "drop_last");
                  }
                }
                if (p.has(6) && p.get_int(in, 6, 0) != 0) unsupported("DataLoader(num_workers=)");
                set_attr(in, self, "dataset", ObjRef(p.get(1)));
                set_attr(in, self, "num_workers", make_int(0));
                set_attr(in, self, "batch_size",
                         has_batch_sampler ? ObjRef(none()) : (p.has(2) ? ObjRef(p.get(2)) : make_int(1)));
                set_attr(in, self, "drop_last", ObjRef(bool_obj(!has_batch_sampler && p.get_bool(in, 9, false))));
                set_attr(in, self, "batch_sampler", has_batch_sampler ? ObjRef(p.get(5)) : ObjRef(none()));
                set_attr(in, self, "generator", p.has(13) ? ObjRef(p.get(13)) : ObjRef(none()));
                set_attr(in, self, "collate_fn", p.has(7) ? ObjRef(p.get(7)) : ObjRef(none()));
                const bool shuffle = p.has(3) && p.get(3) != none() && truthy(in, p.get(3));
                set_attr(in, self, "_shuffle", ObjRef(bool_obj(shuffle)));
                set_attr(in, self, "_given_sampler", has_sampler ? ObjRef(p.get(4)) : ObjRef(none()));
                if (has_sampler) set_attr(in, self, "sampler", ObjRef(p.get(4)));
                return ObjRef(none());
              })
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    Ref<LoaderIter> it(new LoaderIter(loader_iter_type()));
                    it->loader = a.pos[0];
                    // _BaseDataLoaderIter's base seed (NOTE [DataLoader randomness]).
                    generator_of(get_attr(in, a.pos[0].get(), "generator").get()).next_uint64();
                    return ObjRef(it.get());
                  })
          .method("__len__", [](Interp& in, CallArgs& a) -> ObjRef { return make_int(loader_len(in, a.pos[0].get())); })
          .build();
  return t;
}

// ---- samplers ------------------------------------------------------------------------------------
// Their __iter__ makes the whole epoch's order at once: what PyTorch's generators draw lazily at
// the first next() (RandomSampler's seed, the randperm) is drawn at iter(), which the DataLoader
// calls just before its first next().

ObjRef list_iter(Interp& in, std::vector<ObjRef> items) {
  ObjRef list(make_list(std::move(items)).get());
  return ObjRef(get_iter(in, list.get()).get());
}

std::vector<ObjRef> ints(const std::vector<int64_t>& v) {
  std::vector<ObjRef> out;
  for (int64_t i : v) out.push_back(make_int(i));
  return out;
}

// len(self.data_source), for SequentialSampler and RandomSampler.
int64_t source_len(Interp& in, CallArgs& a) { return py_len(in, get_attr(in, a.pos[0].get(), "data_source").get()); }

TypeObject* sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("Sampler", "torch.utils.data.sampler")
          .constructor(new_attribute_object)
          .method("__init__", [](Interp&, CallArgs&) -> ObjRef { return ObjRef(none()); })
          .method(
              "__iter__",
              [](Interp&, CallArgs&) -> ObjRef {
                static const TorchFrame f{TORCH_DATA "sampler.py", 34, "__iter__", "    raise NotImplementedError\n"};
                Ref<ExceptionObject> e = new_exception(builtin_types().not_implemented_error, {});
                add_torch_frames(e.get(), {&f});
                throw PyError{e};
              })
          .build();
  return t;
}

TypeObject* sequential_sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("SequentialSampler", "torch.utils.data.sampler", sampler_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "data_source"});
                    set_attr(in, p.get(0), "data_source", ObjRef(p.get(1)));
                    return ObjRef(none());
                  })
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    const int64_t n = source_len(in, a);
                    std::vector<int64_t> order;
                    for (int64_t i = 0; i < n; ++i) order.push_back(i);
                    return list_iter(in, ints(order));
                  })
          .method("__len__", [](Interp& in, CallArgs& a) -> ObjRef { return make_int(source_len(in, a)); })
          .build();
  return t;
}

// RandomSampler.num_samples: the one given, else len(self.data_source).
ObjRef random_sampler_num_samples(Interp& in, Object* self) {
  ObjRef n = get_attr(in, self, "_num_samples");
  if (n.get() != none()) return n;
  return make_int(py_len(in, get_attr(in, self, "data_source").get()));
}

TypeObject* random_sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("RandomSampler", "torch.utils.data.sampler", sampler_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "data_source", "replacement=", "num_samples=", "generator="});
                    Object* self = p.get(0);
                    set_attr(in, self, "data_source", ObjRef(p.get(1)));
                    ObjRef replacement = p.has(2) ? ObjRef(p.get(2)) : ObjRef(false_obj());
                    set_attr(in, self, "replacement", replacement);
                    set_attr(in, self, "_num_samples", p.has(3) ? ObjRef(p.get(3)) : ObjRef(none()));
                    set_attr(in, self, "generator", p.has(4) ? ObjRef(p.get(4)) : ObjRef(none()));
                    if (replacement->type() != builtin_types().bool_) {
                      static const TorchFrame f{
                          TORCH_DATA "sampler.py", 103, "__init__",
                          "    raise TypeError(\"replacement should be a boolean value, but got \"\n"};
                      raise_from(
                          {&f}, builtin_types().type_error,
                          "replacement should be a boolean value, but got replacement=" + str(in, replacement.get()));
                    }
                    ObjRef n = get_attr(in, self, "num_samples");
                    if (!is_instance(n.get(), builtin_types().int_) || to_index(in, n.get()) <= 0) {
                      static const TorchFrame f{TORCH_DATA "sampler.py", 107, "__init__",
                                                "    raise ValueError(\"num_samples should be a positive integer \"\n"};
                      raise_from(
                          {&f}, builtin_types().value_error,
                          "num_samples should be a positive integer value, but got num_samples=" + str(in, n.get()));
                    }
                    return ObjRef(none());
                  })
          .property("num_samples", random_sampler_num_samples)
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    const int64_t n = source_len(in, a);
                    const int64_t count = to_index(in, random_sampler_num_samples(in, a.pos[0].get()).get());
                    ObjRef gen = get_attr(in, a.pos[0].get(), "generator");
                    core::Generator fresh;
                    core::Generator* g = &fresh;
                    if (gen.get() == none())
                      fresh.manual_seed(core::default_generator().next_uint64() % (uint64_t{1} << 63));
                    else g = &generator_of(gen.get());
                    std::vector<int64_t> order;
                    if (truthy(in, get_attr(in, a.pos[0].get(), "replacement").get())) {
                      // torch.randint(high=n, size=(32,)) per 32 samples, then one for the rest.
                      core::GeneratorScope scope(*g);
                      for (int64_t done = 0; done <= count; done += 32) {
                        const int64_t k = std::min<int64_t>(32, count - done);
                        Tensor r = guarded([&] { return core::randint(0, n, {k}, DType::Int64); });
                        const int64_t* d = r.data<int64_t>();
                        order.insert(order.end(), d, d + k);
                        if (k < 32) break;
                      }
                    } else {
                      // A whole randperm(n) per n samples, then randperm(n)[:count % n].
                      for (int64_t i = 0; i < count / n; ++i) {
                        std::vector<int64_t> perm = randperm_list(n, *g);
                        order.insert(order.end(), perm.begin(), perm.end());
                      }
                      std::vector<int64_t> perm = randperm_list(n, *g);
                      order.insert(order.end(), perm.begin(), perm.begin() + count % n);
                    }
                    return list_iter(in, ints(order));
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef { return random_sampler_num_samples(in, a.pos[0].get()); })
          .build();
  return t;
}

TypeObject* subset_random_sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("SubsetRandomSampler", "torch.utils.data.sampler", sampler_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "indices", "generator="});
                    set_attr(in, p.get(0), "indices", ObjRef(p.get(1)));
                    set_attr(in, p.get(0), "generator", p.has(2) ? ObjRef(p.get(2)) : ObjRef(none()));
                    return ObjRef(none());
                  })
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ObjRef indices = get_attr(in, a.pos[0].get(), "indices");
                    ObjRef gen = get_attr(in, a.pos[0].get(), "generator");
                    std::vector<int64_t> perm = randperm_list(py_len(in, indices.get()), generator_of(gen.get()));
                    std::vector<ObjRef> out;
                    for (int64_t i : perm) out.push_back(get_item(in, indices.get(), make_int(i).get()));
                    return list_iter(in, std::move(out));
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    return make_int(py_len(in, get_attr(in, a.pos[0].get(), "indices").get()));
                  })
          .build();
  return t;
}

// A positive int that is not a bool, as WeightedRandomSampler and BatchSampler check.
bool positive_int(Interp& in, Object* o) {
  return o->type() != builtin_types().bool_ && is_instance(o, builtin_types().int_) && to_index(in, o) > 0;
}

TypeObject* weighted_random_sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("WeightedRandomSampler", "torch.utils.data.sampler", sampler_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "weights", "num_samples", "replacement=", "generator="});
                    Object* self = p.get(0);
                    Object* n = p.get(2);
                    if (!positive_int(in, n)) {
                      static const TorchFrame f{TORCH_DATA "sampler.py", 186, "__init__",
                                                "    raise ValueError(\"num_samples should be a positive integer \"\n"};
                      raise_from({&f}, builtin_types().value_error,
                                 "num_samples should be a positive integer value, but got num_samples=" + str(in, n));
                    }
                    ObjRef replacement = p.has(3) ? ObjRef(p.get(3)) : ObjRef(true_obj());
                    if (replacement->type() != builtin_types().bool_) {
                      static const TorchFrame f{
                          TORCH_DATA "sampler.py", 189, "__init__",
                          "    raise ValueError(\"replacement should be a boolean value, but got \"\n"};
                      raise_from(
                          {&f}, builtin_types().value_error,
                          "replacement should be a boolean value, but got replacement=" + str(in, replacement.get()));
                    }
                    // torch.as_tensor(weights, dtype=torch.double): a float64 tensor is kept as it is.
                    static const TorchFrame as_tensor{
                        TORCH_DATA "sampler.py", 192, "__init__",
                        "    weights_tensor = torch.as_tensor(weights, dtype=torch.double)\n"
                        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
                    Object* w = p.get(1);
                    ObjRef weights = through({&as_tensor}, [&]() -> ObjRef {
                      if (is_tensor(w)) {
                        if (unwrap(w).dtype() == DType::Float64) return ObjRef(w);
                        return guarded([&] { return wrap(op::to(unwrap(w), DType::Float64)); });
                      }
                      return wrap(tensor_from_data(in, w, DType::Float64, "as_tensor"));
                    });
                    const Tensor& wt = unwrap(weights.get());
                    if (wt.dim() != 1) {
                      static const TorchFrame f{
                          TORCH_DATA "sampler.py", 194, "__init__",
                          "    raise ValueError(\"weights should be a 1d sequence but given \"\n"};
                      std::vector<ObjRef> dims;
                      for (int64_t d : wt.sizes()) dims.push_back(make_int(d));
                      raise_from({&f}, builtin_types().value_error,
                                 "weights should be a 1d sequence but given weights have shape " +
                                     repr(in, make_tuple(std::move(dims)).get()));
                    }
                    set_attr(in, self, "weights", weights);
                    set_attr(in, self, "num_samples", ObjRef(n));
                    set_attr(in, self, "replacement", replacement);
                    set_attr(in, self, "generator", p.has(4) ? ObjRef(p.get(4)) : ObjRef(none()));
                    return ObjRef(none());
                  })
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    Object* self = a.pos[0].get();
                    ObjRef weights = get_attr(in, self, "weights");
                    const int64_t n = to_index(in, get_attr(in, self, "num_samples").get());
                    const bool replacement = truthy(in, get_attr(in, self, "replacement").get());
                    ObjRef gen = get_attr(in, self, "generator");
                    static const TorchFrame f{
                        TORCH_DATA "sampler.py", 203, "__iter__",
                        "    rand_tensor = torch.multinomial(self.weights, self.num_samples, self.replacement, "
                        "generator=self.generator)\n"
                        "                  "
                        "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                        "^^^^^^^^^"
                        "\n"};
                    Tensor drawn = through({&f}, [&] {
                      core::GeneratorScope scope(generator_of(gen.get()));
                      return guarded([&] { return core::multinomial(unwrap(weights.get()), n, replacement); });
                    });
                    const int64_t* d = drawn.data<int64_t>();
                    return list_iter(in, ints(std::vector<int64_t>(d, d + drawn.numel())));
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef { return get_attr(in, a.pos[0].get(), "num_samples"); })
          .build();
  return t;
}

TypeObject* batch_sampler_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("BatchSampler", "torch.utils.data.sampler", sampler_type())
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "sampler", "batch_size", "drop_last"});
                    Object* bs = p.get(2);
                    if (!positive_int(in, bs)) {
                      static const TorchFrame f{
                          TORCH_DATA "sampler.py", 232, "__init__",
                          "    raise ValueError(\"batch_size should be a positive integer value, \"\n"};
                      raise_from({&f}, builtin_types().value_error,
                                 "batch_size should be a positive integer value, but got batch_size=" + str(in, bs));
                    }
                    Object* drop = p.get(3);
                    if (drop->type() != builtin_types().bool_) {
                      static const TorchFrame f{
                          TORCH_DATA "sampler.py", 235, "__init__",
                          "    raise ValueError(\"drop_last should be a boolean value, but got \"\n"};
                      raise_from({&f}, builtin_types().value_error,
                                 "drop_last should be a boolean value, but got drop_last=" + str(in, drop));
                    }
                    set_attr(in, p.get(0), "sampler", ObjRef(p.get(1)));
                    set_attr(in, p.get(0), "batch_size", ObjRef(bs));
                    set_attr(in, p.get(0), "drop_last", ObjRef(drop));
                    return ObjRef(none());
                  })
          .method("__iter__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    // The whole epoch's batches at once (see above), each a list of what the
                    // sampler yields; a short last batch kept unless drop_last.
                    Object* self = a.pos[0].get();
                    const size_t size = static_cast<size_t>(to_index(in, get_attr(in, self, "batch_size").get()));
                    const bool drop_last = truthy(in, get_attr(in, self, "drop_last").get());
                    Ref<IteratorObject> it = get_iter(in, get_attr(in, self, "sampler").get());
                    std::vector<ObjRef> batches, batch;
                    while (ObjRef v = it->next(in)) {
                      batch.push_back(v);
                      if (batch.size() == size) {
                        batches.push_back(ObjRef(make_list(std::move(batch)).get()));
                        batch.clear();
                      }
                    }
                    if (!batch.empty() && !drop_last) batches.push_back(ObjRef(make_list(std::move(batch)).get()));
                    return list_iter(in, std::move(batches));
                  })
          .method("__len__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    Object* self = a.pos[0].get();
                    const int64_t n = py_len(in, get_attr(in, self, "sampler").get());
                    const int64_t size = to_index(in, get_attr(in, self, "batch_size").get());
                    const bool drop_last = truthy(in, get_attr(in, self, "drop_last").get());
                    return make_int(drop_last ? n / size : (n + size - 1) / size);
                  })
          .build();
  return t;
}

ObjRef random_split(Interp& in, CallArgs& a) {
  ArgParser p(a, "random_split", {"dataset", "lengths", "generator="});
  Object* dataset = p.get(0);
  const int64_t n = py_len(in, dataset);
  std::vector<ObjRef> given = to_vector(in, p.get(1));
  double total = 0;
  for (auto& g : given) total += to_double(in, g.get());
  std::vector<int64_t> lengths;
  if (std::fabs(total - 1) <= 1e-9 * std::max(1.0, std::fabs(total)) && total <= 1) {
    for (size_t i = 0; i < given.size(); ++i) {
      const double frac = to_double(in, given[i].get());
      if (frac < 0 || frac > 1) {
        static const TorchFrame f{TORCH_DATA "dataset.py", 329, "random_split",
                                  "    raise ValueError(f\"Fraction at index {i} is not between 0 and 1\")\n"};
        raise_from({&f}, builtin_types().value_error,
                   "Fraction at index " + std::to_string(i) + " is not between 0 and 1");
      }
      lengths.push_back(static_cast<int64_t>(std::floor(static_cast<double>(n) * frac)));
    }
    int64_t sum = 0;
    for (int64_t l : lengths) sum += l;
    for (int64_t i = 0; i < n - sum; ++i) lengths[static_cast<size_t>(i) % lengths.size()] += 1;
    for (size_t i = 0; i < lengths.size(); ++i)
      if (lengths[i] == 0)
        emit_warning("Length of split at index " + std::to_string(i) + " is 0. This might result in an empty dataset.");
  } else {
    for (auto& g : given) lengths.push_back(to_index(in, g.get()));
  }
  int64_t sum = 0;
  for (int64_t l : lengths) sum += l;
  if (sum != n) {
    static const TorchFrame f{
        TORCH_DATA "dataset.py", 347, "random_split",
        "    raise ValueError(\"Sum of input lengths does not equal the length of the input dataset!\")\n"};
    raise_from({&f}, builtin_types().value_error,
               "Sum of input lengths does not equal the length of the input dataset!");
  }
  std::vector<int64_t> perm = randperm_list(sum, generator_of(p.has(2) ? p.get(2) : nullptr));
  std::vector<ObjRef> out;
  int64_t offset = 0;
  for (int64_t l : lengths) {
    std::vector<ObjRef> idx;
    for (int64_t i = offset; i < offset + l; ++i) idx.push_back(make_int(perm[static_cast<size_t>(i)]));
    offset += l;
    out.push_back(make_subset(in, dataset, idx));
  }
  return ObjRef(make_list(out).get());
}

}  // namespace

Ref<ModuleObject> make_data_module(Interp& in) {
  auto m = make_module("torch.utils.data");
  module_add(m.get(), "Dataset", ObjRef(dataset_type()));
  module_add(m.get(), "TensorDataset", ObjRef(tensor_dataset_type()));
  module_add(m.get(), "Subset", ObjRef(subset_type()));
  module_add(m.get(), "DataLoader", ObjRef(loader_type()));
  module_add(m.get(), "Sampler", ObjRef(sampler_type()));
  module_add(m.get(), "SequentialSampler", ObjRef(sequential_sampler_type()));
  module_add(m.get(), "RandomSampler", ObjRef(random_sampler_type()));
  module_add(m.get(), "SubsetRandomSampler", ObjRef(subset_random_sampler_type()));
  module_add(m.get(), "WeightedRandomSampler", ObjRef(weighted_random_sampler_type()));
  module_add(m.get(), "BatchSampler", ObjRef(batch_sampler_type()));
  module_add_function(m.get(), "random_split", random_split);
  module_add_function(m.get(), "default_collate", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "default_collate", {"batch"});
    return collate(in, to_vector(in, p.get(0)));
  });
  return m;
}

}  // namespace stridelab::torch
