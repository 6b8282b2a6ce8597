#include "trace/call_reads.h"

#include <string_view>

#include "autograd/variable.h"
#include "core/print.h"
#include "torch/torch.h"

namespace stridelab::trace {
namespace {

using Kind = CallReads::Kind;
using python::Object;

// The functions whose reads are not "every tensor argument" (NOTE [What a call reads]).
const std::unordered_map<std::string_view, Kind>& kinds_by_name() {
  static const std::unordered_map<std::string_view, Kind> m = [] {
    std::unordered_map<std::string_view, Kind> k;
    for (const char* n : {"size",
                          "stride",
                          "dim",
                          "ndimension",
                          "numel",
                          "nelement",
                          "storage_offset",
                          "data_ptr",
                          "element_size",
                          "is_contiguous",
                          "is_floating_point",
                          "is_complex",
                          "is_signed",
                          "__len__",
                          "__hash__",
                          "__iter__",
                          "requires_grad_",
                          "retain_grad",
                          "register_hook",
                          "untyped_storage",
                          "storage",
                          "backward",
                          "get_device",
                          "is_tensor",
                          "is_storage",
                          "zeros_like",
                          "ones_like",
                          "empty_like",
                          "full_like",
                          "rand_like",
                          "randn_like",
                          "randint_like",
                          "new_zeros",
                          "new_ones",
                          "new_empty",
                          "new_full",
                          "t_",
                          "transpose_",
                          "squeeze_",
                          "unsqueeze_",
                          "resize_",
                          "resize_as_",
                          "as_strided_",
                          "detach_",
                          "share_memory_",
                          "__call__"})
      k[n] = Kind::Nothing;
    for (const char* n : {"view_as", "reshape_as", "expand_as", "type_as", "to"}) k[n] = Kind::MetaOthers;
    k["new_tensor"] = Kind::MetaSelf;
    for (const char* n :
         {"copy_", "fill_", "zero_", "normal_", "uniform_", "random_", "bernoulli_", "exponential_", "geometric_",
          "cauchy_", "log_normal_", "masked_fill_", "index_fill_", "index_put_", "__setitem__", "set_"})
      k[n] = Kind::WriteOnly;
    for (const char* n : {"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__",
                          "__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__", "__imatmul__"})
      k[n] = Kind::InPlace;
    for (const char* n : {"__repr__", "__str__", "__format__"}) k[n] = Kind::Printed;
    return k;
  }();
  return m;
}

Kind kind_by_name(const std::string& name) {
  const auto& m = kinds_by_name();
  auto it = m.find(name);
  if (it != m.end()) return it->second;
  if (name.size() > 1 && name.back() == '_' && name.rfind("__", 0) != 0) return Kind::InPlace;
  return Kind::Op;
}

// Whether t or one of its bases was defined in a module whose name starts with `prefix`.
bool from_module(const python::TypeObject* t, std::string_view prefix) {
  for (const python::TypeObject* c : t->mro_)
    if (c->module_.rfind(prefix, 0) == 0) return true;
  return false;
}

// The tensors of an argument: itself, or those of a list or tuple (nested a few deep, as
// torch.tensor([[a, b]]) takes them).
template <class F>
void each_tensor(Object* o, F&& fn, int depth = 0) {
  if (!o) return;
  if (torch::is_tensor(o)) {
    fn(o);
    return;
  }
  if (depth >= 3) return;
  const auto& bt = python::builtin_types();
  if (o->type() != bt.list && o->type() != bt.tuple && !o->type()->is_subtype_of(bt.tuple)) return;
  const auto& items =
      o->type() == bt.list ? python::as<python::ListObject>(o)->items_ : python::as<python::TupleObject>(o)->items_;
  size_t n = std::min<size_t>(items.size(), 4096);
  for (size_t i = 0; i < n; ++i) each_tensor(items[i].get(), fn, depth + 1);
}

void read_all(const core::Tensor& t, std::vector<CellRead>& out) {
  if (t.defined() && t.numel() > 0) out.push_back(read_of(t));
}

}  // namespace

void printed_reads(const core::Tensor& t, std::vector<CellRead>& out) {
  if (!t.defined() || t.numel() == 0) return;
  const core::PrintOptions& opt = core::print_options();
  std::vector<CellRead> parts{read_of(t)};
  if (static_cast<double>(t.numel()) > opt.threshold) {
    // PyTorch's get_summarized_data: along every dim longer than 2 * edgeitems, only the first
    // and the last edgeitems.
    const int64_t edge = opt.edgeitems;
    for (int64_t d = 0; d < t.dim(); ++d) {
      const int64_t size = t.sizes()[d];
      if (size <= 2 * edge) continue;
      std::vector<CellRead> split;
      for (CellRead& r : parts) {
        CellRead tail = r;
        r.sizes[d] = edge;
        tail.sizes[d] = edge;
        tail.offset += (size - edge) * r.strides[d];
        split.push_back(std::move(r));
        split.push_back(std::move(tail));
      }
      parts = std::move(split);
    }
  }
  for (CellRead& r : parts) out.push_back(std::move(r));
}

// Whether fn is a function of the torch module or of one of its submodules (torch.nn.functional).
bool CallReads::torch_function(const python::BuiltinFunctionObject& fn) {
  // There are tensors, so torch has been imported: this finds it loaded, and loads nothing.
  python::ObjRef torch;
  try {
    torch = in_.import_module("torch");
  } catch (...) { return false; }
  std::vector<std::pair<python::Object*, int>> stack{{torch.get(), 0}};
  std::vector<const python::Object*> seen;
  while (!stack.empty()) {
    auto [m, depth] = stack.back();
    stack.pop_back();
    if (std::find(seen.begin(), seen.end(), m) != seen.end()) continue;
    seen.push_back(m);
    for (const auto& [name, value] : m->instance_dict()->entries()) {
      if (value.get() == &fn) return true;
      if (depth < 3 && value->type() == python::builtin_types().module &&
          python::as<python::ModuleObject>(value.get())->name_.rfind("torch", 0) == 0)
        stack.emplace_back(value.get(), depth + 1);
    }
  }
  return false;
}

CallReads::Kind CallReads::kind_of(const python::BuiltinFunctionObject& fn, const python::CallArgs& args) {
  // Keyed by address and name: a function made on the fly may take a freed one's address.
  auto it = kinds_.find(&fn);
  if (it != kinds_.end() && it->second.first == fn.name_) return it->second.second;
  Kind k = Kind::Nothing;
  Object* self = args.pos.empty() ? nullptr : args.pos[0].get();
  const bool method = self && self->type()->lookup(fn.name_) == &fn;
  if (method && torch::is_tensor(self)) {
    k = kind_by_name(fn.name_);  // a Tensor method (or Parameter's, or a subclass's)
  } else if (method) {
    // A method of something other than a tensor: list.append, Module.parameters, SGD.step.
    const python::TypeObject* t = self->type();
    if (fn.name_ == "forward" && from_module(t, "torch.nn")) k = Kind::Forward;
    else if (fn.name_ == "step" && from_module(t, "torch.optim")) k = Kind::Step;
  } else if (torch_function(fn)) {
    k = kind_by_name(fn.name_);  // torch.cat, torch.nn.functional.relu
  }
  // Anything else (print, len, math.sqrt, a torch.no_grad() wrapper) reads through the dunders and
  // the torch functions it calls, which report for themselves.
  kinds_[&fn] = {fn.name_, k};
  return k;
}

python::Object* CallReads::written_through(const python::BuiltinFunctionObject& fn, const python::CallArgs& args) {
  for (const auto& [name, value] : args.kw)
    if (name == "out" && torch::is_tensor(value.get())) return value.get();
  if (args.pos.empty() || !torch::is_tensor(args.pos[0].get())) return nullptr;
  Kind kind = kind_of(fn, args);
  if (kind == Kind::Op)
    for (const auto& [name, value] : args.kw)
      if (name == "inplace" && value.get() == python::true_obj()) kind = Kind::InPlace;
  return kind == Kind::InPlace || kind == Kind::WriteOnly ? args.pos[0].get() : nullptr;
}

void CallReads::note(const python::BuiltinFunctionObject& fn, const python::CallArgs& args, Object* result,
                     std::vector<CellRead>& out) {
  if (args.pos.empty() && args.kw.empty()) return;
  // Calls with no tensor among their arguments and not on a layer or an optimizer read nothing.
  bool tensors = false;
  auto any = [&](Object*) { tensors = true; };
  for (const python::ObjRef& a : args.pos) each_tensor(a.get(), any);
  for (const auto& [name, value] : args.kw) each_tensor(value.get(), any);
  if (!tensors && !(args.pos.size() && from_module(args.pos[0]->type(), "torch"))) return;
  Kind kind = kind_of(fn, args);
  if (kind == Kind::Nothing) return;
  using torch::unwrap;
  Object* self = args.pos.empty() ? nullptr : args.pos[0].get();
  const bool self_tensor = self && torch::is_tensor(self);

  if (kind == Kind::Printed) {
    if (self_tensor) printed_reads(unwrap(self), out);
    return;
  }
  if (kind == Kind::Step) {
    // Each parameter of each group, and its gradient.
    python::Namespace* ns = self->instance_dict();
    Object* groups = ns ? ns->get("param_groups") : nullptr;
    if (!groups || groups->type() != python::builtin_types().list) return;
    for (const python::ObjRef& g : python::as<python::ListObject>(groups)->items_) {
      if (g->type() != python::builtin_types().dict) continue;
      for (const auto& [key, value] : python::as<python::DictObject>(g.get())->items()) {
        if (!python::is_str(key.get()) || python::as<python::StrObject>(key.get())->value_ != "params") continue;
        each_tensor(value.get(), [&](Object* p) {
          const core::Tensor& t = unwrap(p);
          read_all(t, out);
          if (auto* meta = autograd::impl::get_meta(t)) read_all(meta->grad, out);
        });
      }
    }
    return;
  }

  bool in_place = kind == Kind::InPlace || kind == Kind::WriteOnly;
  bool has_out = false;
  for (const auto& [name, value] : args.kw) {
    if (name == "out") has_out = true;
    if (name == "inplace" && value.get() == python::true_obj() && kind == Kind::Op) {
      kind = Kind::InPlace;
      in_place = true;
    }
  }
  if (kind == Kind::WriteOnly && fn.name_ == "index_put_")
    for (const auto& [name, value] : args.kw)
      if (name == "accumulate" && value.get() == python::true_obj()) kind = Kind::InPlace;

  // The storages the result views: an argument among them was not read (unless in place).
  std::vector<const core::StorageImpl*> viewed;
  if (!in_place && !has_out && result) {
    each_tensor(result, [&](Object* r) { viewed.push_back(unwrap(r).storage().get()); });
  }
  auto read = [&](Object* o) {
    const core::Tensor& t = unwrap(o);
    if (!in_place && std::find(viewed.begin(), viewed.end(), t.storage().get()) != viewed.end()) return;
    read_all(t, out);
  };

  const bool read_self = kind == Kind::Op || kind == Kind::MetaOthers || kind == Kind::InPlace || kind == Kind::Forward;
  const bool read_others = kind != Kind::MetaOthers;
  size_t first_other = 0;
  if (self_tensor || kind == Kind::Forward) {
    first_other = 1;
    if (self_tensor && read_self) read(self);
  }
  if (kind == Kind::Forward) {
    // The layer's own tensors (nn.Linear's weight and bias).
    if (python::Namespace* ns = self->instance_dict())
      for (const auto& [name, value] : ns->entries())
        if (value && torch::is_tensor(value.get())) read_all(unwrap(value.get()), out);
  }
  if (!read_others) return;
  for (size_t i = first_other; i < args.pos.size(); ++i) each_tensor(args.pos[i].get(), read);
  for (const auto& [name, value] : args.kw)
    if (name != "out") each_tensor(value.get(), read);
}

}  // namespace stridelab::trace
