// nn.Module's buffers and state: register_buffer, buffers(), named_buffers(), state_dict() and
// load_state_dict(), as torch/nn/modules/module.py defines them.
#include <algorithm>
#include <functional>

#include "autograd/autograd.h"
#include "python/recursion.h"
#include "torch/binding.h"
#include "torch/dispatch.h"
#include "torch/nn_module.h"

namespace stridelab::torch {

namespace {

namespace ag = ::stridelab::autograd;

#define MODULE_PY "/usr/lib/python3/dist-packages/torch/nn/modules/module.py"
const TorchFrame buffer_name_type{MODULE_PY, 372, "register_buffer",
                                  "    raise TypeError(\"buffer name should be a string. \"\n"};
const TorchFrame buffer_name_dot{MODULE_PY, 375, "register_buffer",
                                 "    raise KeyError(\"buffer name can't contain \\\".\\\"\")\n"};
const TorchFrame buffer_name_empty{MODULE_PY, 377, "register_buffer",
                                   "    raise KeyError(\"buffer name can't be empty string \\\"\\\"\")\n"};
const TorchFrame buffer_name_exists{MODULE_PY, 379, "register_buffer",
                                    "    raise KeyError(\"attribute '{}' already exists\".format(name))\n"};
const TorchFrame buffer_value_type{MODULE_PY, 381, "register_buffer",
                                   "    raise TypeError(\"cannot assign '{}' object to buffer '{}' \"\n"};
const TorchFrame load_not_mapping{
    MODULE_PY, 1624, "load_state_dict",
    "    raise TypeError(\"Expected state_dict to be dict-like, got {}.\".format(type(state_dict)))\n"};
const TorchFrame load_errors{MODULE_PY, 1671, "load_state_dict",
                             "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(\n"};
#undef MODULE_PY

bool is_module(const Object* o) { return o->type()->is_subtype_of(nn_module_base()); }
bool has(const std::vector<std::string>& v, const std::string& n) {
  return std::find(v.begin(), v.end(), n) != v.end();
}

// torch.typename for a value that is not a tensor: the type's name ("int").
std::string typename_of(Object* o) {
  return is_tensor(o) ? std::string(core::legacy_type_name(unwrap(o).dtype())) : type_name(o);
}

ObjRef generator(std::vector<ObjRef> items, const char* qualname) {
  auto* g = new VectorIterator(std::move(items), builtin_types().generator);
  g->qualname_ = qualname;
  return ObjRef(g);
}

// named_buffers(): each module once as named_modules() visits them (depth first, self first), and
// each buffer once, skipping None, as Module._named_members does.
std::vector<std::pair<std::string, ObjRef>> named_buffers(Object* self, const std::string& prefix, bool recurse) {
  std::vector<std::pair<std::string, ObjRef>> out;
  std::vector<Object*> seen_modules, seen_values;
  std::function<void(Object*, const std::string&)> walk = [&](Object* o, const std::string& pre) {
    if (!o || !is_module(o) || std::find(seen_modules.begin(), seen_modules.end(), o) != seen_modules.end()) return;
    seen_modules.push_back(o);
    NnModule* m = as_module(o);
    for (auto& n : m->buffers) {
      Object* b = m->dict_.get(n);
      if (!b || b == none() || std::find(seen_values.begin(), seen_values.end(), b) != seen_values.end()) continue;
      seen_values.push_back(b);
      out.emplace_back(pre.empty() ? n : pre + "." + n, ObjRef(b));
    }
    if (!recurse) return;
    for (auto& n : m->modules) walk(m->dict_.get(n), pre.empty() ? n : pre + "." + n);
  };
  walk(self, prefix);
  return out;
}

ObjRef ordered_dict(Interp& in) {
  ObjRef cls = get_attr(in, in.import_module("collections").get(), "OrderedDict");
  CallArgs none;
  return call(in, cls.get(), none);
}

// prefix[:-1], the key of a module's entry in _metadata.
std::string metadata_key(const std::string& prefix) {
  return prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1);
}

// Module.state_dict: each module's parameters, then its persistent buffers (None skipped), then its
// children's under "name."; a module reached twice is saved twice, as the recursion in PyTorch has it.
// When the destination has `_metadata` (the OrderedDict state_dict() makes has one), each module
// first records {'version': type(module)._version} under its prefix without the final dot.
void save_state(Interp& in, NnModule* m, Object* dest, const std::string& prefix, bool keep_vars) {
  NativeDepth depth;
  if (ObjRef metadata = get_attr_or_null(in, dest, "_metadata")) {
    Ref<DictObject> local(new DictObject());
    local->set(in, make_str("version"), get_attr(in, m, "_version"));
    set_item(in, metadata.get(), make_str(metadata_key(prefix)).get(), ObjRef(local.get()));
  }
  auto put = [&](const std::string& n) {
    Object* v = m->dict_.get(n);
    if (!v || v == none()) return;
    // A lazy module keeps its uninitialized parameters as they are (LazyModuleMixin._save_to_state_dict).
    ObjRef value = keep_vars || !is_tensor(v) || is_uninitialized_parameter(v)
                       ? ObjRef(v)
                       : guarded([&] { return wrap(op::detach(unwrap(v))); });
    set_item(in, dest, make_str(prefix + n).get(), value);
  };
  for (auto& n : m->params) put(n);
  for (auto& n : m->buffers)
    if (!has(m->non_persistent, n)) put(n);
  for (auto& n : m->modules) {
    Object* c = m->dict_.get(n);
    if (c && c != none() && is_module(c)) save_state(in, as_module(c), dest, prefix + n + ".", keep_vars);
  }
}

// One of nn.BatchNorm1d/2d/3d or a subclass (PyTorch's _NormBase).
bool is_batch_norm(NnModule* m) {
  for (TypeObject* t : m->type()->mro_)
    if (t->module_ == "torch.nn.modules.batchnorm") return true;
  return false;
}

struct LoadResult {
  std::vector<std::string> missing, unexpected, errors;
};

using Entries = std::vector<std::pair<std::string, ObjRef>>;

// Module._load_from_state_dict for one module (load_state_dict always collects the missing and
// unexpected keys; strict= only decides whether they are an error), then its children, each given
// the entries under its prefix.
void load_state(Interp& in, NnModule* m, const Entries& given, const std::string& prefix, Object* metadata,
                LoadResult& r) {
  NativeDepth depth;
  Entries entries = given;
  // _NormBase._load_from_state_dict: a state dict from before version 2 (or without metadata)
  // gets num_batches_tracked = tensor(0) when it lacks one.
  if (is_batch_norm(m) && truthy(in, module_attr(m, "track_running_stats"))) {
    ObjRef version;
    if (metadata) {
      CallArgs args;
      args.pos.push_back(make_str(metadata_key(prefix)));
      args.pos.push_back(ObjRef(new DictObject()));
      ObjRef local = call(in, get_attr(in, metadata, "get").get(), args);
      CallArgs key;
      key.pos.push_back(make_str("version"));
      version = call(in, get_attr(in, local.get(), "get").get(), key);
    }
    const bool old = !version || version.get() == none() ||
                     truthy(in, compare(in, CmpOpKind::Lt, version.get(), make_int(2).get()).get());
    const std::string key = prefix + "num_batches_tracked";
    if (old && std::none_of(entries.begin(), entries.end(), [&](const auto& e) { return e.first == key; }))
      entries.emplace_back(key, wrap(core::zeros({}, core::DType::Int64)));
  }
  std::vector<std::pair<std::string, Object*>> local;
  for (auto& n : m->params)
    if (Object* v = m->dict_.get(n); v && v != none()) local.emplace_back(n, v);
  for (auto& n : m->buffers)
    if (Object* v = m->dict_.get(n); v && v != none() && !has(m->non_persistent, n)) local.emplace_back(n, v);
  for (auto& [name, target] : local) {
    const std::string key = prefix + name;
    auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == key; });
    if (it == entries.end()) {
      r.missing.push_back(key);
      continue;
    }
    Object* input = it->second.get();
    if (!is_tensor(input)) {
      r.errors.push_back("While copying the parameter named \"" + key +
                         "\", expected torch.Tensor or Tensor-like object from checkpoint but received " +
                         repr(in, input->type()));
      continue;
    }
    Tensor dst = unwrap(target), src = unwrap(input);
    if (dst.dim() == 0 && src.dim() == 1) src = guarded([&] { return op::select(src, 0, 0); });
    if (dst.sizes() != src.sizes()) {
      r.errors.push_back(
          "size mismatch for " + key + ": copying a param with shape torch.Size(" + core::format_int_list(src.sizes()) +
          ") from checkpoint, the shape in current model is torch.Size(" + core::format_int_list(dst.sizes()) + ").");
      continue;
    }
    try {
      ag::AutoGradMode no_grad(false);
      op::copy_(dst, src);
    } catch (const core::Error& e) {
      r.errors.push_back("While copying the parameter named \"" + key + "\", whose dimensions in the model are " +
                         "torch.Size(" + core::format_int_list(dst.sizes()) +
                         ") and whose dimensions in the checkpoint are torch.Size(" +
                         core::format_int_list(src.sizes()) +
                         "), an exception occurred : " + repr(in, make_tuple({make_str(e.what())}).get()) + ".");
    }
  }
  for (auto& [key, value] : entries) {
    if (key.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = key.substr(prefix.size());
    std::string first = rest.substr(0, rest.find('.'));
    if (!has(m->modules, first) &&
        std::none_of(local.begin(), local.end(), [&](const auto& l) { return l.first == first; }))
      r.unexpected.push_back(key);
  }
  for (auto& n : m->modules) {
    Object* c = m->dict_.get(n);
    if (!c || c == none() || !is_module(c)) continue;
    const std::string child_prefix = prefix + n + ".";
    Entries child;
    for (auto& e : entries)
      if (e.first.compare(0, child_prefix.size(), child_prefix) == 0) child.push_back(e);
    load_state(in, as_module(c), child, child_prefix, metadata, r);
  }
}

ObjRef str_list(const std::vector<std::string>& v) {
  std::vector<ObjRef> items;
  for (auto& s : v) items.push_back(make_str(s));
  return make_list(std::move(items));
}

// load_state_dict's result: a namedtuple (missing_keys, unexpected_keys) whose repr says
// "<All keys matched successfully>" when both are empty.
ObjRef incompatible_keys(Interp& in, const LoadResult& r) {
  ObjRef namedtuple = get_attr(in, in.import_module("collections").get(), "namedtuple");
  CallArgs args;
  args.pos.push_back(make_str("_IncompatibleKeys"));
  args.pos.push_back(str_list({"missing_keys", "unexpected_keys"}));
  ObjRef cls = call(in, namedtuple.get(), args);
  ObjRef base_repr(as<TypeObject>(cls.get())->dict_.get("__repr__"));
  NativeFn fn = [base_repr](Interp& in, CallArgs& a) -> ObjRef {
    auto* t = as<TupleObject>(a.pos[0].get());
    if (!truthy(in, t->items_[0].get()) && !truthy(in, t->items_[1].get()))
      return make_str("<All keys matched successfully>");
    return call(in, base_repr.get(), a);
  };
  as<TypeObject>(cls.get())->dict_.set("__repr__", make_function("__repr__", fn));
  as<TypeObject>(cls.get())->dict_.set("__str__", make_function("__repr__", fn));
  CallArgs make;
  make.pos.push_back(str_list(r.missing));
  make.pos.push_back(str_list(r.unexpected));
  return call(in, cls.get(), make);
}

std::string quoted_keys(const std::vector<std::string>& keys) {
  std::string s;
  for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", \"" : "\"") + keys[i] + "\"";
  return s;
}

}  // namespace

void add_module_state_methods(NativeType& mt) {
  mt.method("register_buffer", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "register_buffer", {"self", "name", "tensor", "persistent="});
    NnModule* m = as_module(a.pos[0].get());
    Object* name_obj = p.get(1);
    Object* value = p.get(2);
    if (!is_str(name_obj))
      raise_from({&buffer_name_type}, builtin_types().type_error,
                 "buffer name should be a string. Got " + typename_of(name_obj));
    const std::string name = as<StrObject>(name_obj)->value_;
    if (name.find('.') != std::string::npos)
      raise_from({&buffer_name_dot}, builtin_types().key_error, "buffer name can't contain \".\"");
    if (name.empty())
      raise_from({&buffer_name_empty}, builtin_types().key_error, "buffer name can't be empty string \"\"");
    if (!has(m->buffers, name) && get_attr_or_null(in, m, name))
      raise_from({&buffer_name_exists}, builtin_types().key_error, "attribute '" + name + "' already exists");
    if (value != none() && !is_tensor(value))
      raise_from(
          {&buffer_value_type}, builtin_types().type_error,
          "cannot assign '" + typename_of(value) + "' object to buffer '" + name + "' (torch Tensor or None required)");
    if (!has(m->buffers, name)) m->buffers.push_back(name);
    m->dict_.set(name, ObjRef(value));
    m->non_persistent.erase(std::remove(m->non_persistent.begin(), m->non_persistent.end(), name),
                            m->non_persistent.end());
    if (!p.get_bool(in, 3, true)) m->non_persistent.push_back(name);
    return ObjRef(none());
  });
  mt.method("buffers", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "buffers", {"self", "recurse="});
    std::vector<ObjRef> items;
    for (auto& [n, b] : named_buffers(a.pos[0].get(), "", p.get_bool(in, 1, true))) items.push_back(b);
    return generator(std::move(items), "Module.buffers");
  });
  mt.method("named_buffers", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "named_buffers", {"self", "prefix=", "recurse="});
    std::vector<ObjRef> items;
    for (auto& [n, b] : named_buffers(a.pos[0].get(), p.get_str(1, ""), p.get_bool(in, 2, true)))
      items.push_back(make_tuple({make_str(n), b}));
    return generator(std::move(items), "Module.named_buffers");
  });
  mt.method("state_dict", [](Interp& in, CallArgs& a) -> ObjRef {
    if (a.pos.size() > 1)
      raise(builtin_types().not_implemented_error,
            "stridelab does not support positional arguments to Module.state_dict yet (use destination=, prefix=, "
            "keep_vars=)");
    ArgParser p(a, "state_dict", {"self", "*", "destination=", "prefix=", "keep_vars="});
    ObjRef dest;
    if (p.has(1) && p.get(1) != none()) {
      dest = ObjRef(p.get(1));
    } else {
      dest = ordered_dict(in);
      set_attr(in, dest.get(), "_metadata", ordered_dict(in));
    }
    save_state(in, as_module(a.pos[0].get()), dest.get(), p.get_str(2, ""), p.get_bool(in, 3, false));
    return dest;
  });
  mt.method("load_state_dict", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "load_state_dict", {"self", "state_dict", "strict="});
    Object* sd = p.get(1);
    if (!is_instance(sd, builtin_types().dict))
      raise_from({&load_not_mapping}, builtin_types().type_error,
                 "Expected state_dict to be dict-like, got " + repr(in, sd->type()) + ".");
    Entries entries;
    for (auto& [k, v] : as<DictObject>(sd)->items())
      if (is_str(k.get())) entries.emplace_back(as<StrObject>(k.get())->value_, v);
    LoadResult r;
    // getattr(state_dict, '_metadata', None): per-module versions, for the modules that read them.
    ObjRef metadata = get_attr_or_null(in, sd, "_metadata");
    if (metadata && metadata.get() == none()) metadata = ObjRef();
    load_state(in, as_module(a.pos[0].get()), entries, "", metadata.get(), r);
    if (p.get_bool(in, 2, true)) {
      if (!r.unexpected.empty())
        r.errors.insert(r.errors.begin(), "Unexpected key(s) in state_dict: " + quoted_keys(r.unexpected) + ". ");
      if (!r.missing.empty())
        r.errors.insert(r.errors.begin(), "Missing key(s) in state_dict: " + quoted_keys(r.missing) + ". ");
    }
    if (!r.errors.empty()) {
      std::string msg = "Error(s) in loading state_dict for " + a.pos[0]->type()->name_ + ":\n\t";
      for (size_t i = 0; i < r.errors.size(); ++i) msg += (i ? "\n\t" : "") + r.errors[i];
      raise_from({&load_errors}, builtin_types().runtime_error, msg);
    }
    return incompatible_keys(in, r);
  });
}

}  // namespace stridelab::torch
